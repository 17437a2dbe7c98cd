import { useQuery } from '@tanstack/react-query';
import { Activity, PhoneIncoming, PhoneOutgoing, UserCheck, UserX, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../../domain/constants';
import { DASH_PERIODS, LIVE_POINTS } from '../../../domain/reports';
import { exchangeQuery } from '../../api/system';
import { useCorpTimeZone } from '../../app/corp-time-zone';
import { useScope } from '../../app/session';
import { STATUS_LOOK } from '../../ui/ext-status';
import { SemicircleGauge } from '../../ui/gauge';
import { usagePercent } from '../../ui/gauge-math';
import { PanelLiveProvider, usePanelCorpId } from '../panel/panel-live';
import { panelTokenStyle, StatusBadge } from '../panel/panel-parts';
import { LineChart } from '../reports/charts/line-chart';
import { formatMoney } from '../reports/format';
import { ReportAlert } from '../reports/report-parts';
import { ReportTable, type ReportColumn } from '../reports/report-table';
import { inUseQuery, kpiQuery, pointsQuery } from './dashboard-api';
import { Panel, StatCard } from './dashboard-parts';
import { useLiveAgents, type AgentRow } from './live-agents';
import { PeriodsChart } from './periods-chart';

/** The corp's home dashboard (D-HOME, levels 2-5): today's calls and billing, live agents, gauges, call periods. */
export function HomeDashboard() {
  const corpId = usePanelCorpId();
  if (corpId === null) return null;
  return (
    <PanelLiveProvider corpId={corpId}>
      <HomeDashboardBody />
    </PanelLiveProvider>
  );
}

function HomeDashboardBody() {
  const { t } = useTranslation();
  const scope = useScope();
  // the corp's days (J-TZ-01): the server reads them in the corp's zone, the cache keys by it
  const tz = useCorpTimeZone();
  const kpi = useQuery(kpiQuery(scope, DASH_PERIODS.today, tz));
  const points = useQuery(pointsQuery(scope, tz));
  const extensions = useQuery(inUseQuery(scope, 'extensions'));
  const queues = useQuery(inUseQuery(scope, 'queues'));
  const exchange = useQuery(exchangeQuery());
  const agents = useLiveAgents();
  const money = (v: number) => formatMoney(v, exchange.data?.locale ?? 'pt-BR', 2);
  const dash = (v: number | undefined, format: (n: number) => string = String) => (v === undefined ? '—' : format(v));

  const agentColumns: ReportColumn<AgentRow>[] = [
    { key: 'number', header: t('dashboard.extension'), value: (r) => r.number, className: 'tabular-nums' },
    { key: 'userName', header: t('dashboard.user'), value: (r) => r.userName },
    {
      key: 'status',
      header: t('dashboard.status'),
      value: (r) => t(STATUS_LOOK[r.status].labelKey),
      cell: (r) => <StatusBadge status={r.status} />,
    },
  ];
  // the busy series is a point a second; its labels count seconds back from now
  const liveLabels = agents.busy.map((_, i) => (i === agents.busy.length - 1 ? t('dashboard.now') : `-${agents.busy.length - 1 - i}s`));

  return (
    <div className="flex flex-col gap-4" style={panelTokenStyle} data-testid="home-dashboard">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
        <StatCard icon={PhoneIncoming} label={t('dashboard.callsIn')} value={dash(kpi.data?.totalEntrantes)} tone="info" testId="card-calls-in" />
        <StatCard icon={PhoneOutgoing} label={t('dashboard.callsOut')} value={dash(kpi.data?.totalSalientes)} tone="primary" testId="card-calls-out" />
        <StatCard icon={Wallet} label={t('dashboard.billing')} value={dash(kpi.data?.totalCosto, money)} tone="warning" testId="card-billing" />
        <StatCard icon={UserCheck} label={t('dashboard.onlineAgents')} value={agents.online} tone="success" testId="card-online" />
        <StatCard icon={UserX} label={t('dashboard.offlineAgents')} value={agents.offline} tone="danger" testId="card-offline" />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <Panel title={t('dashboard.busyAgents')} className="xl:col-span-2" testId="busy-chart-panel" actions={<Activity className="size-4 text-muted" aria-hidden />}>
          <div className="p-4">
            <LineChart labels={liveLabels} series={[{ key: 'busy', label: t('dashboard.busyAgents'), colour: 'var(--chart-4)', values: agents.busy }]} label={t('dashboard.busyAgents')} testId="busy-chart" maxTicks={6} minMax={Math.max(1, agents.rows.length > 0 ? 1 : 0)} />
            <p className="mt-1 text-xs text-muted" data-testid="busy-points">
              {t('dashboard.liveWindow', { points: agents.busy.length, max: LIVE_POINTS })}
            </p>
          </div>
        </Panel>
        <Panel title={t('dashboard.inUse')} testId="gauges">
          <div className="flex flex-col gap-3 p-4">
            {extensions.isError || queues.isError ? <ReportAlert text={t('dashboard.gaugeError')} error={extensions.error ?? queues.error} testId="gauge-error" /> : null}
            <div className="flex flex-wrap items-center justify-around gap-4">
              <SemicircleGauge
                percent={usagePercent(extensions.data?.use, (extensions.data?.total ?? 0) - (extensions.data?.use ?? 0))}
                label={t('dashboard.extensionsInUse')}
                detail={extensions.data ? t('dashboard.useOfTotal', extensions.data) : '—'}
                testId="gauge-extensions"
              />
              <SemicircleGauge
                percent={usagePercent(queues.data?.use, (queues.data?.total ?? 0) - (queues.data?.use ?? 0))}
                label={t('dashboard.queuesInUse')}
                detail={queues.data ? t('dashboard.useOfTotal', queues.data) : '—'}
                testId="gauge-queues"
              />
            </div>
          </div>
        </Panel>
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <Panel title={t('dashboard.extensions')} testId="extension-list">
          <ReportTable rows={agents.rows} columns={agentColumns} rowKey={(r) => r.number} pageSize={PAGING.reportRows} fileName="extensions" testId="extension-table" caption={t('dashboard.extensions')} />
        </Panel>
        <Panel title={t('dashboard.periods')} className="xl:col-span-2" testId="periods-panel">
          <div className="p-4">{points.data ? <PeriodsChart points={points.data} testId="periods-chart" /> : null}</div>
        </Panel>
      </div>
    </div>
  );
}
