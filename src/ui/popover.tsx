import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * A button that opens a floating panel (user menu, usage gauges). Esc or a click outside closes it
 * and focus returns to the trigger.
 */
export function Popover({
  trigger,
  triggerLabel,
  triggerClassName,
  children,
  align = 'end',
  panelClassName,
  testId,
}: {
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  panelClassName?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
        className={cn('focus-visible:outline-2 focus-visible:outline-ring', triggerClassName)}
        data-testid={testId}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={panelId}
          className={cn(
            'absolute top-full z-40 mt-2 animate-pop-in rounded-xl border border-border bg-surface text-text shadow-pop',
            align === 'end' ? 'right-0' : 'left-0',
            panelClassName,
          )}
          data-testid={testId ? `${testId}-panel` : undefined}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
