import { useQuery } from '@tanstack/react-query';
import { List } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../../domain/constants';
import { ALL_QUEUES, QUEUE_ESTADO, queueFormSchema, type QueueSummaryRow } from '../../../domain/reports';
import { Button } from '../../ui/button';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { useSnackbar } from '../../ui/snackbar';
import { PieChart } from './charts/pie-chart';
import { formatDuration } from './format';
import { QueueCallsDialog } from './queue-calls-dialog';
import { QueueField } from './report-fields';
import { PrintHeading, ReportAlert, SearchCard, usePeriodLine, useReportForm } from './report-parts';
import { ReportTable, type ReportColumn } from './report-table';
import { corpDetailQuery, queueStatsQuery } from './reports-api';

/** Queue statistics (D-QST): the summary per queue, a pie of attended vs neglected per queue, each queue's calls. */
export default function QueueStatsScreen() {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const { form, submitted, onSubmit, scope } = useReportForm(queueFormSchema, { queue: ALL_QUEUES });
  const detail = useQuery(corpDetailQuery(scope));
  const search = submitted ? { ...submitted.window, queue: submitted.queue } : null;
  const stats = useQuery(queueStatsQuery(scope, search));
  const [open, setOpen] = useState<QueueSummaryRow | null>(null);
  const periodLine = usePeriodLine(submitted?.window);
  useEffect(() => {
    if (stats.isError) notify(t('reports.queue.listError'), 'danger');
  }, [stats.isError, notify, t]);

  const seconds = (key: keyof QueueSummaryRow, label: string): ReportColumn<QueueSummaryRow> => ({ key, header: label, value: (r) => formatDuration(Number(r[key])), className: 'tabular-nums' });
  const count = (key: keyof QueueSummaryRow, label: string): ReportColumn<QueueSummaryRow> => ({ key, header: label, value: (r) => Number(r[key]), className: 'tabular-nums' });
  const columns: ReportColumn<QueueSummaryRow>[] = [
    count('queue', t('reports.queue.queue')),
    { key: 'name', header: t('reports.queue.name'), value: (r) => r.name },
    count('totalCalls', t('reports.queue.totalCalls')),
    seconds('callduration', t('reports.queue.callduration')),
    seconds('holdtime', t('reports.queue.holdtime')),
    seconds('avgcallduration', t('reports.queue.avgcallduration')),
    seconds('avgholdtime', t('reports.queue.avgholdtime')),
    seconds('maxcallduration', t('reports.queue.maxcallduration')),
    seconds('maxholdtime', t('reports.queue.maxholdtime')),
    count('attended', t('reports.queue.attended')),
    count('neglected', t('reports.queue.neglected')),
    {
      key: 'calls',
      header: t('reports.queue.calls'),
      value: () => '',
      cell: (r) => (
        <Button variant="ghost" size="icon-sm" aria-label={t('reports.queue.showCalls', { name: r.name })} onClick={() => setOpen(r)} data-testid={`queue-calls-${r.queue}`}>
          <List />
        </Button>
      ),
    },
  ];
  const rows = stats.data?.sP1 ?? [];
  const pie = (queue: number, estado: string) => stats.data?.sP2.find((p) => p.queue === queue && p.estado === estado)?.callcount ?? 0;

  return (
    <div className="flex flex-col gap-4" data-testid="queue-stats">
      <SearchCard title={t('nav.queueStats')} form={form} onSubmit={onSubmit} idPrefix="queue" testId="queue-form">
        <QueueField idPrefix="queue" queues={detail.data?.queues ?? {}} />
      </SearchCard>
      <PrintHeading title={t('nav.queueStats')} lines={[periodLine]} />
      {stats.isError ? <ReportAlert text={t('reports.queue.listError')} error={stats.error} testId="queue-error" /> : null}
      {submitted ? (
        <>
          <Card className="overflow-hidden">
            <ReportTable rows={rows} columns={columns} rowKey={(r) => r.queue} pageSize={PAGING.reportRows} fileName="queue-statistics" testId="queue-table" loading={stats.isLoading} caption={t('reports.queue.summary')} />
          </Card>
          {rows.length > 0 ? (
            <Card className="report-section">
              <CardHeader>
                <CardTitle>{t('reports.queue.pieTitle')}</CardTitle>
              </CardHeader>
              <div className="grid grid-cols-1 gap-6 p-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="queue-pies">
                {rows.map((r) => (
                  <PieChart
                    key={r.queue}
                    label={r.name}
                    testId={`queue-pie-${r.queue}`}
                    size={180}
                    slices={[
                      { key: 'attended', label: t('reports.queue.attended'), value: pie(r.queue, QUEUE_ESTADO.attended), colour: 'var(--success)' },
                      { key: 'neglected', label: t('reports.queue.neglected'), value: pie(r.queue, QUEUE_ESTADO.neglected), colour: 'var(--danger)' },
                    ]}
                  />
                ))}
              </div>
            </Card>
          ) : null}
        </>
      ) : null}
      {open && submitted ? <QueueCallsDialog queue={open.queue} name={open.name} window={submitted.window} scope={scope} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
