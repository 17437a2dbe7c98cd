import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * Cancel / OK confirmation (F-LIST-07). Without `onConfirm` only Cancel is shown (C-RG-03: a role
 * group in use cannot be deleted, so the dialog explains and offers no OK).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  onCancel,
  onConfirm,
  confirmLabel,
  busy = false,
  tone = 'danger',
}: {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onCancel: () => void;
  onConfirm?: () => void;
  confirmLabel?: string;
  busy?: boolean;
  tone?: 'danger' | 'primary';
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      width={440}
      role="alertdialog"
      testId="confirm-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-testid="confirm-cancel" data-autofocus={onConfirm ? undefined : true}>
            {t('common.cancel')}
          </Button>
          {onConfirm ? (
            <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={busy} data-testid="confirm-ok" data-autofocus>
              {confirmLabel ?? t('common.ok')}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="text-sm text-text" data-testid="confirm-message">
        {message}
      </div>
    </Dialog>
  );
}
