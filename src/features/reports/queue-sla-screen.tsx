import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ABANDON_BUCKETS_SEC, ALL_QUEUES, HOURS_OF_DAY, queueFormSchema, type AbandonBucket, type SlaHour } from '../../../domain/reports';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { useSnackbar } from '../../ui/snackbar';
import { BarChart } from './charts/bar-chart';
import { formatPct } from './format';
import { QueueField } from './report-fields';
import { PrintHeading, ReportAlert, SearchCard, usePeriodLine, useReportForm } from './report-parts';
import { ReportTable, type ReportColumn } from './report-table';
import { corpDetailQuery, queueSlaQuery } from './reports-api';

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Queue service level by hour of the day (G-RPT-02): per hour of the corp's zone (J-TZ-01) over the period,
 * the calls offered, answered, answered within the queue's service level and abandoned, with the
 * service level; and how long the callers who gave up had waited (buckets, mean, median).
 */
export default function QueueSlaScreen() {
  const { t, i18n } = useTranslation();
  const { notify } = useSnackbar();
  const { form, submitted, onSubmit, scope, timeZone } = useReportForm(queueFormSchema, { queue: ALL_QUEUES });
  const detail = useQuery(corpDetailQuery(scope));
  const search = submitted ? { ...submitted.window, queue: submitted.queue, tz: timeZone } : null;
  const sla = useQuery(queueSlaQuery(scope, search));
  const periodLine = usePeriodLine(submitted?.window);
  useEffect(() => {
    if (sla.isError) notify(t('reports.queueSla.error'), 'danger');
  }, [sla.isError, notify, t]);

  const count = (key: keyof SlaHour, header: string): ReportColumn<SlaHour> => ({ key, header, value: (r) => Number(r[key]), className: 'tabular-nums' });
  const hourColumns: ReportColumn<SlaHour>[] = [
    { key: 'hour', header: t('reports.queueSla.hour'), value: (r) => hourLabel(r.hour), className: 'tabular-nums' },
    count('offered', t('reports.queueSla.offered')),
    count('answered', t('reports.queueSla.answered')),
    count('answeredWithinSl', t('reports.queueSla.answeredWithinSl')),
    count('abandoned', t('reports.queueSla.abandoned')),
    { key: 'serviceLevelPct', header: t('reports.queueSla.serviceLevel'), value: (r) => formatPct(r.serviceLevelPct, i18n.language), className: 'tabular-nums' },
  ];
  const bucketLabel = (b: AbandonBucket) => (b.toSec === null ? t('reports.queueSla.bucketOver', { from: b.fromSec }) : t('reports.queueSla.bucket', { from: b.fromSec, to: b.toSec }));
  const bucketColumns: ReportColumn<AbandonBucket>[] = [
    { key: 'wait', header: t('reports.queueSla.wait'), value: bucketLabel },
    { key: 'count', header: t('reports.queueSla.callers'), value: (b) => b.count, className: 'tabular-nums' },
  ];
  const data = sla.data;
  const seconds = (value: number | null) => (value === null ? '—' : t('reports.queueSla.seconds', { value: value.toLocaleString(i18n.language) }));
  const summary = data ? t('reports.queueSla.abandonSummary', { calls: data.abandon.count, mean: seconds(data.abandon.meanSec), median: seconds(data.abandon.medianSec) }) : '';
  const total = data ? t('reports.queueSla.totalLine', { offered: data.total.offered, within: data.total.answeredWithinSl, level: formatPct(data.total.serviceLevelPct, i18n.language) || '—' }) : '';

  return (
    <div className="flex flex-col gap-4" data-testid="queue-sla">
      <SearchCard title={t('reports.queueSla.title')} form={form} onSubmit={onSubmit} idPrefix="sla" testId="sla-form">
        <QueueField idPrefix="sla" queues={detail.data?.queues ?? {}} />
      </SearchCard>
      <PrintHeading title={t('reports.queueSla.title')} lines={[periodLine, total, summary].filter((line) => line !== '')} />
      {sla.isError ? <ReportAlert text={t('reports.queueSla.error')} error={sla.error} testId="sla-error" /> : null}
      {submitted ? (
        <>
          <Card className="report-section">
            <CardHeader>
              <CardTitle>{t('reports.queueSla.chartTitle')}</CardTitle>
            </CardHeader>
            <div className="flex flex-col gap-2 p-5">
              <p className="text-sm text-muted" data-testid="sla-total">
                {total}
              </p>
              <BarChart
                data={(data?.hours ?? []).map((h) => ({ ...h, name: String(h.hour).padStart(2, '0') }))}
                series={[{ key: 'sl', label: t('reports.queueSla.serviceLevel'), colour: 'var(--chart-1)' }]}
                value={(h) => h.serviceLevelPct ?? 0}
                label={t('reports.queueSla.chartTitle')}
                testId="sla-chart"
              />
            </div>
          </Card>
          <Card className="overflow-hidden">
            {/* a day's 24 hours on one page, the six buckets below too */}
            <ReportTable rows={data?.hours ?? []} columns={hourColumns} rowKey={(r) => r.hour} pageSize={HOURS_OF_DAY} fileName="queue-service-level-by-hour" testId="sla-hours-table" loading={sla.isLoading} caption={t('reports.queueSla.hoursCaption')} />
          </Card>
          <Card className="report-section">
            <CardHeader>
              <CardTitle>{t('reports.queueSla.abandonTitle')}</CardTitle>
            </CardHeader>
            <div className="flex flex-col gap-2 p-5">
              <p className="text-sm text-muted" data-testid="sla-abandon-summary">
                {summary}
              </p>
              <BarChart
                data={(data?.abandon.buckets ?? []).map((b) => ({ ...b, name: bucketLabel(b) }))}
                series={[{ key: 'count', label: t('reports.queueSla.callers'), colour: 'var(--danger)' }]}
                value={(b) => b.count}
                label={t('reports.queueSla.abandonTitle')}
                testId="sla-abandon-chart"
              />
            </div>
          </Card>
          <Card className="overflow-hidden">
            <ReportTable rows={data?.abandon.buckets ?? []} columns={bucketColumns} rowKey={(b) => b.fromSec} pageSize={ABANDON_BUCKETS_SEC.length} fileName="abandoned-wait-distribution" testId="sla-abandon-table" loading={sla.isLoading} caption={t('reports.queueSla.abandonCaption')} />
          </Card>
        </>
      ) : null}
    </div>
  );
}
