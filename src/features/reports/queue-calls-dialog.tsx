import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../../domain/constants';
import { queueStatusKey, type QueueCallRow, type ReportWindow } from '../../../domain/reports';
import { useCorpTimeZone } from '../../app/corp-time-zone';
import { SoundCell } from '../../resources/sound-cell';
import { Dialog } from '../../ui/dialog';
import { useSnackbar } from '../../ui/snackbar';
import { stopSound } from '../../ui/sound-player';
import { formatDateTime, formatDuration } from './format';
import { ReportAlert } from './report-parts';
import { ReportTable, type ReportColumn } from './report-table';
import { queueCallsQuery } from './reports-api';

/** D-QST-05/06/07: the calls of one queue, with their recording and translated status, in a 1000 px dialog. */
export function QueueCallsDialog({ queue, name, window, scope, onClose }: { queue: number; name: string; window: ReportWindow; scope: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const timeZone = useCorpTimeZone();
  const { notify } = useSnackbar();
  const calls = useQuery(queueCallsQuery(scope, { ...window, queue }, true));
  useEffect(() => {
    if (calls.isError) notify(t('reports.queue.callsError'), 'danger');
  }, [calls.isError, notify, t]);
  const close = () => {
    stopSound();
    onClose();
  };
  const columns: ReportColumn<QueueCallRow>[] = [
    { key: 'timestamp', header: t('reports.queue.timestamp'), value: (r) => formatDateTime(r.timestamp, i18n.language, timeZone), className: 'whitespace-nowrap tabular-nums' },
    { key: 'callerId', header: t('reports.queue.callerId'), value: (r) => r.callerId, className: 'tabular-nums' },
    { key: 'callduration', header: t('reports.queue.callduration'), value: (r) => formatDuration(r.callduration), className: 'tabular-nums' },
    { key: 'holdtime', header: t('reports.queue.holdtime'), value: (r) => formatDuration(r.holdtime), className: 'tabular-nums' },
    { key: 'status', header: t('reports.queue.statusColumn'), value: (r) => t(queueStatusKey(r.status)) },
    { key: 'exten', header: t('reports.queue.exten'), value: (r) => r.exten, className: 'tabular-nums' },
    { key: 'audio', header: t('reports.queue.audio'), value: (r) => (r.audio === null ? '' : String(r.audio)), cell: (r) => <SoundCell path={`cdrs/getsound/${r.audio}`} name={r.audio === null ? null : String(r.audio)} label={`call-${r.callid}`} /> },
  ];
  return (
    <Dialog open onClose={close} title={t('reports.queue.callsTitle', { name })} width={1000} testId="queue-calls-dialog">
      {calls.isError ? <ReportAlert text={t('reports.queue.callsError')} error={calls.error} testId="queue-calls-error" /> : null}
      <ReportTable
        rows={calls.data?.rows ?? []}
        columns={columns}
        rowKey={(r) => r.callid}
        pageSize={PAGING.reportRows}
        fileName={`queue-calls-${queue}`}
        testId="queue-calls-table"
        loading={calls.isLoading}
        caption={calls.data?.truncated ? t('reports.queue.truncated') : t('reports.queue.calls')}
      />
    </Dialog>
  );
}
