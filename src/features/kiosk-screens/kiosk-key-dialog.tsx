import { Copy, ExternalLink, TriangleAlert } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants, Button } from '../../ui/button';
import { copyOrSelect } from '../../ui/clipboard';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { inputClass } from '../../ui/input';
import { useSnackbar } from '../../ui/snackbar';

/**
 * The kiosk address with its key, shown once after a create or a rotate: copy it or open it; the
 * server keeps only a hash, so closing the dialog is the last chance to take the key.
 */
export function KioskKeyDialog({ name, url, onClose }: { name: string; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { notifySave } = useSnackbar();
  const field = useRef<HTMLTextAreaElement>(null);

  const copy = async () => {
    if ((await copyOrSelect(url, field.current)) === 'copied') notifySave(t('kioskAdmin.key.copied'), 'success');
    else notifySave(t('kioskAdmin.key.copyManually'), 'warning');
  };

  return (
    <Dialog
      open
      onClose={onClose}
      width={600}
      title={t('kioskAdmin.key.title', { name })}
      testId="kiosk-key-dialog"
      footer={
        <Button onClick={onClose} data-testid="kiosk-key-close">
          {t('common.close')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning-soft px-3 py-2 text-sm text-text" data-testid="kiosk-key-warning">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          {t('kioskAdmin.key.warning')}
        </p>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="kiosk-key-url" className="text-xs font-medium text-muted">
            {t('kioskAdmin.key.url')}
          </label>
          <textarea
            id="kiosk-key-url"
            ref={field}
            readOnly
            rows={2}
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className={cn(inputClass, 'h-auto resize-none py-2 font-mono text-xs break-all')}
            data-testid="kiosk-key-url"
            data-autofocus
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={copy} data-testid="kiosk-key-copy">
            <Copy />
            {t('kioskAdmin.key.copy')}
          </Button>
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'secondary' })} data-testid="kiosk-key-open">
            <ExternalLink />
            {t('kioskAdmin.key.open')}
          </a>
        </div>
        <p className="text-xs text-muted">{t('kioskAdmin.key.help')}</p>
      </div>
    </Dialog>
  );
}
