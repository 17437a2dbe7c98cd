import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import Papa from 'papaparse';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../domain/resources/define';
import { isApiFailure } from '../api/client';
import { bulkImport, resourceKeys, type BulkFailure } from '../api/resources';
import { failureText, successText } from '../app/messages';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { downloadBlob } from '../ui/download';
import { useSnackbar } from '../ui/snackbar';
import { csvToBulkRows, errorFileText } from './bulk-rows';

type Stage =
  | { kind: 'choose'; problem?: string }
  | { kind: 'sending'; done: number; total: number }
  | { kind: 'failed'; lines: string[] };

/**
 * The bulk import of a resource (C-EXT-32..40): a CSV read in the browser (papaparse), checked for
 * its columns and at least one row, sent in one request while the server's progress shows; the
 * server writes all rows or none. Failing rows are listed as 'Error en extensión {content}: {reason}'
 * and can be downloaded as errores.txt.
 */
export function BulkUploadDialog({ definition, onClose }: { definition: ResourceDefinition; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const bulk = definition.bulk!;
  const busy = stage.kind === 'sending';

  const reason = (failure: BulkFailure) => {
    const key = `resources.${definition.name}.bulkCodes.${failure.statusCode}`;
    return i18n.exists(key) ? t(key) : t('errors.default');
  };

  const send = async () => {
    if (!file) return;
    const text = await file.text();
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
    const rows = csvToBulkRows(parsed.data, bulk);
    if (!rows.ok) {
      setStage({ kind: 'choose', problem: rows.problem === 'noRows' ? t('bulk.noRows') : t('bulk.missingColumns', { columns: rows.missing?.join(', ') }) });
      return;
    }
    setStage({ kind: 'sending', done: 0, total: rows.rows.length });
    try {
      const outcome = await bulkImport(definition, rows.rows, (done, total) => setStage({ kind: 'sending', done, total }));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(definition) });
      if (outcome.ok) {
        notifySave(`${t('bulk.created', { count: outcome.created })} ${successText(t, 'messages.created')}`, 'success');
        onClose();
        return;
      }
      setStage({ kind: 'failed', lines: outcome.failures.map((f) => t(`resources.${definition.name}.bulkError`, { content: f.content, reason: reason(f) })) });
    } catch (error) {
      // C-EXT-35: a refused upload (400) shows the default error
      notifySave(isApiFailure(error) && error.status !== 400 ? failureText(t, (k) => i18n.exists(k), error, 'create') : t('errors.default'), 'danger');
      setStage({ kind: 'choose' });
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      width={600}
      title={t('bulk.title', { name: t(`resources.${definition.name}.plural`) })}
      testId="bulk-dialog"
      footer={
        <>
          {stage.kind === 'failed' ? (
            <Button variant="secondary" onClick={() => downloadBlob(new Blob([errorFileText(stage.lines)], { type: 'text/plain;charset=utf-8' }), 'errores.txt')} data-testid="bulk-download-errors">
              <Download />
              {t('bulk.downloadErrors')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose} disabled={busy} data-testid="bulk-cancel">
            {t('common.close')}
          </Button>
          <Button onClick={send} loading={busy} disabled={!file || busy} data-testid="bulk-send">
            {t('common.send')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t('bulk.help', { columns: bulk.columns.map((c) => c.header).join(', ') })}</p>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label={t('bulk.file')}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-surface-3 file:px-3 file:py-1.5 file:text-text"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setStage({ kind: 'choose' });
          }}
          disabled={busy}
          data-testid="bulk-file"
        />
        {stage.kind === 'choose' && stage.problem ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {stage.problem}
          </p>
        ) : null}
        {stage.kind === 'sending' ? (
          <div className="flex flex-col gap-1.5" data-testid="bulk-progress">
            <div className="h-2 overflow-hidden rounded-full bg-surface-3" role="progressbar" aria-valuemin={0} aria-valuemax={stage.total} aria-valuenow={stage.done}>
              <div className="h-full bg-primary transition-[width]" style={{ width: `${stage.total ? (100 * stage.done) / stage.total : 0}%` }} />
            </div>
            <p className="text-xs text-muted tabular-nums">{t('bulk.progress', { done: stage.done, total: stage.total })}</p>
          </div>
        ) : null}
        {stage.kind === 'failed' ? (
          <div role="alert" className="max-h-64 overflow-auto rounded-lg border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger" data-testid="bulk-errors">
            <p className="mb-1 font-medium">{t('bulk.nothingSaved', { count: stage.lines.length })}</p>
            <ul className="list-disc pl-5">
              {stage.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
