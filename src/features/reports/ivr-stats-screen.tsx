import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../../domain/constants';
import { ivrFormSchema, type IvrStatsRow } from '../../../domain/reports';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Select } from '../../ui/select';
import { useSnackbar } from '../../ui/snackbar';
import { colourAt } from './charts/chart-frame';
import { PieChart } from './charts/pie-chart';
import { useFieldError } from './period-fields';
import { PrintHeading, ReportAlert, SearchCard, usePeriodLine, useReportForm } from './report-parts';
import { ReportTable, type ReportColumn } from './report-table';
import { corpDetailQuery, ivrChartQuery, ivrStatsQuery, type IvrSearch } from './reports-api';

/** IVR statistics (D-IST): an IVR's choices in a period, a table and a pie per option. */
export default function IvrStatsScreen() {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const { form, submitted, onSubmit, scope } = useReportForm(ivrFormSchema, { ivr: 0 });
  const detail = useQuery(corpDetailQuery(scope));
  const search: IvrSearch | null = submitted ? { ...submitted.window, ivr: submitted.ivr } : null;
  const table = useQuery(ivrStatsQuery(scope, search));
  const chart = useQuery(ivrChartQuery(scope, search));
  const periodLine = usePeriodLine(submitted?.window);
  // D-IST-04: the spec's alerts
  useEffect(() => {
    if (table.isError) notify(t('reports.ivr.error'), 'danger');
  }, [table.isError, notify, t]);
  useEffect(() => {
    if (chart.isError) notify(t('reports.ivr.chartError'), 'danger');
  }, [chart.isError, notify, t]);

  const option = (value: string | null) => (value === null ? '' : value === 't' ? t('reports.ivr.timeout') : value === 'i' ? t('reports.ivr.invalid') : value);
  const columns: ReportColumn<IvrStatsRow>[] = [
    { key: 'ivrId', header: t('reports.ivr.ivrId'), value: (r) => r.ivrId, className: 'tabular-nums' },
    { key: 'nombre', header: t('reports.ivr.nombre'), value: (r) => r.nombre },
    { key: 'cantidad', header: t('reports.ivr.cantidad'), value: (r) => r.cantidad, className: 'tabular-nums' },
    { key: 'moda', header: t('reports.ivr.moda'), value: (r) => option(r.moda) },
    { key: 'media', header: t('reports.ivr.media'), value: (r) => (r.media === null ? '' : r.media), className: 'tabular-nums' },
  ];
  const name = submitted ? (detail.data?.ivrs[String(submitted.ivr)] ?? '') : '';

  return (
    <div className="flex flex-col gap-4" data-testid="ivr-stats">
      <SearchCard title={t('nav.ivrStats')} form={form} onSubmit={onSubmit} idPrefix="ivr" testId="ivr-form">
        <IvrField ivrs={detail.data?.ivrs ?? {}} />
      </SearchCard>
      <PrintHeading title={t('nav.ivrStats')} lines={[periodLine, name]} />
      {table.isError ? <ReportAlert text={t('reports.ivr.error')} error={table.error} testId="ivr-error" /> : null}
      {submitted ? (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-[2fr_1fr]">
          <Card className="overflow-hidden">
            <ReportTable rows={table.data ?? []} columns={columns} rowKey={(r) => r.ivrId} pageSize={PAGING.reportRows} fileName="ivr-statistics" testId="ivr-table" loading={table.isLoading} caption={t('reports.ivr.table')} />
          </Card>
          <Card className="report-section">
            <CardHeader>
              <CardTitle>{t('reports.ivr.pieTitle')}</CardTitle>
            </CardHeader>
            <div className="p-5">
              {chart.isError ? <ReportAlert text={t('reports.ivr.chartError')} error={chart.error} testId="ivr-chart-error" /> : null}
              <PieChart label={name} testId="ivr-pie" slices={(chart.data ?? []).map((c, i) => ({ key: c.option, label: option(c.option), value: c.count, colour: colourAt(i) }))} />
            </div>
          </Card>
        </div>
      ) : null}
    </div>
  );
}

/** D-IST-01: the IVR (required), one of the corp's (D-RPT-06). */
function IvrField({ ivrs }: { ivrs: Record<string, string> }) {
  const { t } = useTranslation();
  const { register } = useFormContext<{ ivr: number }>();
  const error = useFieldError();
  return (
    <FormField id="ivr-ivr" label={t('reports.ivr.ivr')} error={error('ivr')}>
      <Select id="ivr-ivr" {...register('ivr')} data-testid="ivr-select">
        <option value={0}>{t('reports.choose')}</option>
        {Object.entries(ivrs).map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
