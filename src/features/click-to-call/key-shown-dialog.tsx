import { Copy, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { C2cKeyCreated } from '../../../domain/click-to-call';
import { Button } from '../../ui/button';
import { copyOrSelect } from '../../ui/clipboard';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { inputClass } from '../../ui/input';
import { useSnackbar } from '../../ui/snackbar';

/** The curl example of README's "Click-to-call API" section, for this key. */
export function curlExample(origin: string, key: Pick<C2cKeyCreated, 'keyId' | 'secret'>): string {
  const body = JSON.stringify({ exten: '201', destination: '202', key: key.keyId, passwd: key.secret });
  return `curl -X POST ${origin}/api/v1/clicktocall/makecall -H 'content-type: application/json' -d '${body}'`;
}

/**
 * A new key's ID and password, shown this once: the server keeps only a digest of the password, so
 * closing the dialog is the last chance to copy it.
 */
export function KeyShownDialog({ created, onClose }: { created: C2cKeyCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const { notifySave } = useSnackbar();
  const copy = async (text: string, field: string) => {
    const done = await copyOrSelect(text, document.getElementById(field) as HTMLInputElement | HTMLTextAreaElement | null);
    if (done === 'copied') notifySave(t('clickToCall.keys.copied'), 'success');
    else notifySave(t('clickToCall.keys.copyManually'), 'warning');
  };
  const example = curlExample(window.location.origin, created);
  const line = (id: string, label: string, value: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} className={cn(inputClass, 'font-mono text-xs')} data-testid={id} />
        <Button variant="secondary" onClick={() => void copy(value, id)} aria-label={`${t('clickToCall.keys.copy')} ${label}`} data-testid={`${id}-copy`}>
          <Copy />
          {t('clickToCall.keys.copy')}
        </Button>
      </div>
    </div>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      width={600}
      title={t('clickToCall.keys.shownTitle', { keyId: created.keyId })}
      testId="c2c-key-dialog"
      footer={
        <Button onClick={onClose} data-testid="c2c-key-close">
          {t('common.close')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning-soft px-3 py-2 text-sm text-text" data-testid="c2c-key-warning">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          {t('clickToCall.keys.warning')}
        </p>
        {line('c2c-key-id', t('clickToCall.keys.keyId'), created.keyId)}
        {line('c2c-key-secret', t('clickToCall.form.password'), created.secret)}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="c2c-key-example" className="text-xs font-medium text-muted">
            {t('clickToCall.keys.example')}
          </label>
          <textarea id="c2c-key-example" readOnly rows={4} value={example} onFocus={(e) => e.currentTarget.select()} className={cn(inputClass, 'h-auto resize-none py-2 font-mono text-xs break-all')} />
        </div>
      </div>
    </Dialog>
  );
}
