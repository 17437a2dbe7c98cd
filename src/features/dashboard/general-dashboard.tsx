import { useQuery } from '@tanstack/react-query';
import { PhoneIncoming, PhoneOutgoing, Phone, Wallet, Wifi } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../../domain/constants';
import { DASH_CALL_TYPES, DASH_PERIODS, kpiBars, type DashCallType, type DashCorpRow, type DashExtensionsRow, type DashPeriod } from '../../../domain/reports';
import { exchangeQuery } from '../../api/system';
import { useCorpTimeZone } from '../../app/corp-time-zone';
import { useScope } from '../../app/session';
import { Card } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Select } from '../../ui/select';
import { BarChart, type BarSeries } from '../reports/charts/bar-chart';
import { formatDuration, formatMoney } from '../reports/format';
import { ReportTable, type ReportColumn } from '../reports/report-table';
import { corpRowsQuery, extensionsPerCorpQuery, kpiQuery, pointsQuery } from './dashboard-api';
import { Panel, StatCard } from './dashboard-parts';
import { PeriodsChart } from './periods-chart';

/** The general dashboard (D-GEN, level 1): every corp's calls, spend, call types and extensions. */
export function GeneralDashboard() {
  const { t } = useTranslation();
  const scope = useScope();
  // the corp's days (J-TZ-01): the server reads them in the corp's zone, the cache keys by it
  const tz = useCorpTimeZone();
  const [type, setType] = useState<DashCallType>('all');
  const [days, setDays] = useState<DashPeriod>(DASH_PERIODS.today);
  const kpi = useQuery(kpiQuery(scope, days, tz));
  const corps = useQuery(corpRowsQuery(scope, days, 'costo', tz));
  const extensions = useQuery(extensionsPerCorpQuery(scope));
  const points = useQuery(pointsQuery(scope, tz));
  const exchange = useQuery(exchangeQuery());
  const money = (v: number) => formatMoney(v, exchange.data?.locale ?? 'pt-BR', 2);
  const dash = (v: number | undefined, format: (n: number) => string = String) => (v === undefined ? '—' : format(v));
  const totalExt = extensions.data?.reduce((s, r) => s + r.totalExt, 0);
  const online = extensions.data?.reduce((s, r) => s + r.totalOnline, 0);

  const series: BarSeries[] = [
    ...(type !== 'out' ? [{ key: 'in', label: t('dashboard.callsIn'), colour: 'var(--chart-2)' }] : []),
    ...(type !== 'in' ? [{ key: 'out', label: t('dashboard.callsOut'), colour: 'var(--chart-3)' }] : []),
  ];
  const bars = kpiBars(kpi.data?.categories ?? []).map((b) => ({ ...b, name: b.others ? t('dashboard.others') : b.name || t('dashboard.unclassified') }));

  const corpColumns: ReportColumn<DashCorpRow>[] = [
    { key: 'name', header: t('dashboard.corp'), value: (r) => r.name },
    { key: 'entrantes', header: t('dashboard.callsIn'), value: (r) => r.entrantes, className: 'tabular-nums' },
    { key: 'salientes', header: t('dashboard.callsOut'), value: (r) => r.salientes, className: 'tabular-nums' },
    { key: 'duracionEnt', header: t('dashboard.durationIn'), value: (r) => formatDuration(r.duracionEnt), className: 'tabular-nums' },
    { key: 'duracionSal', header: t('dashboard.durationOut'), value: (r) => formatDuration(r.duracionSal), className: 'tabular-nums' },
    { key: 'costo', header: t('dashboard.spend'), value: (r) => money(r.costo), className: 'tabular-nums text-right' },
  ];
  const extensionColumns: ReportColumn<DashExtensionsRow>[] = [
    { key: 'name', header: t('dashboard.corp'), value: (r) => r.name },
    { key: 'totalExt', header: t('dashboard.totalExt'), value: (r) => r.totalExt, className: 'tabular-nums' },
    { key: 'totalEnable', header: t('dashboard.totalEnable'), value: (r) => r.totalEnable, className: 'tabular-nums' },
    { key: 'totalDisable', header: t('dashboard.totalDisable'), value: (r) => r.totalDisable, className: 'tabular-nums' },
    { key: 'totalOnline', header: t('dashboard.totalOnline'), value: (r) => r.totalOnline, className: 'tabular-nums' },
  ];

  return (
    <div className="flex flex-col gap-4" data-testid="general-dashboard">
      <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4" data-print-hide>
        <FormField id="dash-type" label={t('dashboard.type')}>
          <Select id="dash-type" value={type} onChange={(e) => setType(e.target.value as DashCallType)} data-testid="dash-type">
            {DASH_CALL_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`dashboard.types.${v}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="dash-period" label={t('dashboard.period')}>
          <Select id="dash-period" value={days} onChange={(e) => setDays(Number(e.target.value) as DashPeriod)} data-testid="dash-period">
            {Object.entries(DASH_PERIODS).map(([name, value]) => (
              <option key={name} value={value}>
                {t(`dashboard.periodChoice.${name}`)}
              </option>
            ))}
          </Select>
        </FormField>
      </Card>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
        <StatCard icon={PhoneIncoming} label={t('dashboard.callsIn')} value={dash(kpi.data?.totalEntrantes)} tone="info" testId="card-calls-in" />
        <StatCard icon={PhoneOutgoing} label={t('dashboard.callsOut')} value={dash(kpi.data?.totalSalientes)} tone="primary" testId="card-calls-out" />
        <StatCard icon={Wallet} label={t('dashboard.billing')} value={dash(kpi.data?.totalCosto, money)} tone="warning" testId="card-billing" />
        <StatCard icon={Phone} label={t('dashboard.totalExtensions')} value={dash(totalExt)} tone="primary" testId="card-extensions" />
        <StatCard icon={Wifi} label={t('dashboard.onlineExtensions')} value={dash(online)} tone="success" testId="card-online-extensions" />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Panel title={t('dashboard.kpi')} testId="kpi-panel">
          <div className="p-4">
            <BarChart data={bars} series={series} value={(row, key) => (key === 'in' ? row.totalE : row.totalS)} label={t('dashboard.kpi')} testId="kpi-chart" />
          </div>
        </Panel>
        <Panel title={t('dashboard.periods')} testId="periods-panel">
          <div className="p-4">{points.data ? <PeriodsChart points={points.data} type={type} testId="periods-chart" /> : null}</div>
        </Panel>
      </div>
      <div className="grid grid-cols-1 gap-4 2xl:grid-cols-2">
        <Panel title={t('dashboard.spendPerCorp')} testId="spend-panel">
          <ReportTable rows={corps.data ?? []} columns={corpColumns} rowKey={(r) => r.corpId} pageSize={PAGING.reportRows} fileName="spend-per-corp" testId="spend-table" loading={corps.isLoading} caption={t('dashboard.spendPerCorp')} />
        </Panel>
        <Panel title={t('dashboard.extensionsPerCorp')} testId="extensions-panel">
          <ReportTable rows={extensions.data ?? []} columns={extensionColumns} rowKey={(r) => r.corpId} pageSize={PAGING.reportRows} fileName="extensions-per-corp" testId="extensions-table" loading={extensions.isLoading} caption={t('dashboard.extensionsPerCorp')} />
        </Panel>
      </div>
    </div>
  );
}
