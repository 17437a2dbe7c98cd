import { X } from 'lucide-react';
import { useEffect, useId, useRef, type FormEventHandler, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn } from './cn';
import { focusableIn, trapTab } from './focus';

/** open dialogs, the last one on top */
const openDialogs: symbol[] = [];

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** F-DLG-07: 600 px or 1000 px wide */
  width?: 600 | 1000 | 440;
  children: ReactNode;
  footer?: ReactNode;
  /** role alertdialog for confirmations */
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  /** wraps body and footer in a <form>, so Enter submits and the footer buttons submit it */
  onSubmit?: FormEventHandler<HTMLFormElement>;
}

/**
 * A modal dialog: focus moves in on open and back on close, Tab stays inside, Esc closes,
 * a click on the backdrop closes. Enter submits because the content is a <form> where it matters.
 */
export function Dialog({ open, onClose, title, description, width = 600, children, footer, role = 'dialog', testId, onSubmit }: DialogProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Esc and Tab are handled on the document for the top-most dialog, so they work even when the
  // focused element went away (a button that turned busy, a field that was hidden)
  useEffect(() => {
    if (!open) return;
    const me = Symbol('dialog');
    openDialogs.push(me);
    const onKey = (e: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== me) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        onCloseRef.current();
      } else if (panel.current) trapTab(e, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(me), 1);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const frame = requestAnimationFrame(() => {
      const el = panel.current;
      if (!el) return;
      const target = el.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(el).find((f) => f.tagName !== 'BUTTON' || f.dataset.dialogClose === undefined) ?? el;
      target.focus();
    });
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      cancelAnimationFrame(frame);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  const body = (
    <>
      <div className="scroll-thin min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
      {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-border px-6 py-4">{footer}</div> : null}
    </>
  );
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
      <div className="fixed inset-0 animate-fade-in bg-overlay backdrop-blur-[2px]" aria-hidden onMouseDown={() => onCloseRef.current()} />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-testid={testId}
        className={cn(
          'relative my-auto flex max-h-[calc(100dvh-2rem)] w-full animate-pop-in flex-col rounded-2xl border border-border bg-surface shadow-pop outline-none',
          width === 1000 ? 'max-w-[1000px]' : width === 440 ? 'max-w-[440px]' : 'max-w-[600px]',
        )}
      >
        <div className="flex items-start gap-3 border-b border-border px-6 pt-5 pb-4">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-semibold text-text">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-muted">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            data-dialog-close
            onClick={() => onCloseRef.current()}
            className="-mt-1 -mr-2 rounded-lg p-2 text-muted hover:bg-surface-2 hover:text-text focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={t('common.close')}
          >
            <X className="size-4" />
          </button>
        </div>
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
            {body}
          </form>
        ) : (
          body
        )}
      </div>
    </div>,
    document.body,
  );
}

/**
 * The footer of a form dialog (one with onSubmit): Cancel closes, the primary button submits the
 * dialog's <form> and shows the save in progress.
 */
export function FormDialogFooter({ onCancel, submitLabel, saving, cancelTestId, submitTestId }: { onCancel: () => void; submitLabel: string; saving: boolean; cancelTestId?: string; submitTestId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" onClick={onCancel} data-testid={cancelTestId}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </>
  );
}
