import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../../domain/constants';
import { ALL_QUEUES, queueFormSchema, type AgentReportRow } from '../../../domain/reports';
import { Card } from '../../ui/card';
import { useSnackbar } from '../../ui/snackbar';
import { formatDateTime, formatDuration, formatPct } from './format';
import { usePauseReasonName } from './pause-reason-names';
import { QueueField } from './report-fields';
import { PrintHeading, ReportAlert, SearchCard, usePeriodLine, useReportForm } from './report-parts';
import { ReportTable, type ReportColumn } from './report-table';
import { agentReportQuery, corpDetailQuery } from './reports-api';

/**
 * The agent report (G-RPT-01): per agent over a period, calls answered, talk, hold and wrap-up time,
 * logged-in time, pause time in total and per reason (a column each), occupancy, first log-in and
 * last log-out; CSV and print as every report table.
 */
export default function AgentReportScreen() {
  const { t, i18n } = useTranslation();
  const { notify } = useSnackbar();
  const { form, submitted, onSubmit, scope, timeZone } = useReportForm(queueFormSchema, { queue: ALL_QUEUES });
  const detail = useQuery(corpDetailQuery(scope));
  const search = submitted ? { ...submitted.window, queue: submitted.queue } : null;
  const report = useQuery(agentReportQuery(scope, search));
  const reasonName = usePauseReasonName(scope);
  const periodLine = usePeriodLine(submitted?.window);
  useEffect(() => {
    if (report.isError) notify(t('reports.agents.error'), 'danger');
  }, [report.isError, notify, t]);

  const duration = (key: string, header: string, seconds: (r: AgentReportRow) => number): ReportColumn<AgentReportRow> => ({ key, header, value: (r) => formatDuration(seconds(r)), className: 'tabular-nums' });
  // an agent logged in at the period's start has no log-in in it, one still in at the end no log-out
  const instant = (iso: string | null, r: AgentReportRow, open: string) => (iso ? formatDateTime(iso, i18n.language, timeZone) : r.loggedInSec > 0 ? open : '');
  const columns: ReportColumn<AgentReportRow>[] = [
    { key: 'agent', header: t('reports.agents.agent'), value: (r) => r.agent, className: 'tabular-nums' },
    { key: 'name', header: t('reports.agents.name'), value: (r) => r.name, className: 'whitespace-nowrap' },
    { key: 'answered', header: t('reports.agents.answered'), value: (r) => r.answered, className: 'tabular-nums' },
    duration('talk', t('reports.agents.talk'), (r) => r.talkSec),
    duration('hold', t('reports.agents.hold'), (r) => r.holdSec),
    duration('wrapup', t('reports.agents.wrapup'), (r) => r.wrapupSec),
    duration('loggedIn', t('reports.agents.loggedIn'), (r) => r.loggedInSec),
    duration('pause', t('reports.agents.pause'), (r) => r.pauseSec),
    ...(report.data?.reasons ?? []).map((code) => duration(`pause-${code}`, t('reports.agents.pauseReason', { reason: reasonName(code) }), (r) => r.pauses.find((p) => p.code === code)?.seconds ?? 0)),
    { key: 'occupancy', header: t('reports.agents.occupancy'), value: (r) => formatPct(r.occupancyPct, i18n.language), className: 'tabular-nums' },
    { key: 'firstLogin', header: t('reports.agents.firstLogin'), value: (r) => instant(r.firstLogin, r, t('reports.agents.beforePeriod')), className: 'whitespace-nowrap tabular-nums' },
    { key: 'lastLogout', header: t('reports.agents.lastLogout'), value: (r) => instant(r.lastLogout, r, t('reports.agents.stillLoggedIn')), className: 'whitespace-nowrap tabular-nums' },
  ];

  return (
    <div className="flex flex-col gap-4" data-testid="agent-report">
      <SearchCard title={t('reports.agents.title')} form={form} onSubmit={onSubmit} idPrefix="agents" testId="agents-form">
        <QueueField idPrefix="agents" queues={detail.data?.queues ?? {}} />
      </SearchCard>
      <PrintHeading title={t('reports.agents.title')} lines={[periodLine]} />
      {report.isError ? <ReportAlert text={t('reports.agents.error')} error={report.error} testId="agents-error" /> : null}
      {submitted ? (
        <Card className="overflow-hidden">
          <ReportTable rows={report.data?.rows ?? []} columns={columns} rowKey={(r) => r.agent} pageSize={PAGING.reportRows} fileName="agent-report" testId="agents-table" loading={report.isLoading} caption={t('reports.agents.caption')} />
        </Card>
      ) : null}
    </div>
  );
}
