import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint, X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '../../domain/constants';
import { cn } from './cn';
import { currentSnack, EMPTY_SNACKS, snackReducer, waitingSnacks, type SnackTone } from './snackbar-queue';

export interface Notify {
  (message: string, tone?: SnackTone, durationMs?: number): void;
}

interface SnackbarApi {
  notify: Notify;
  /** save feedback lasts 3 s (A-SNK-04) */
  notifySave: Notify;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar outside SnackbarProvider');
  return api;
}

const TONE = {
  success: { icon: CircleCheck, className: 'border-success/40 [&_svg.tone]:text-success' },
  danger: { icon: CircleExclamationPoint, className: 'border-danger/40 [&_svg.tone]:text-danger' },
  warning: { icon: TriangleExclamationPoint, className: 'border-warning/50 [&_svg.tone]:text-warning' },
  info: { icon: Info, className: 'border-info/40 [&_svg.tone]:text-info' },
} as const;

/** The snackbar queue, bottom right, one at a time with a Next button (A-SNK-01..03). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(snackReducer, EMPTY_SNACKS);
  const notify = useCallback<Notify>((message, tone = 'info', durationMs = TIMING.shellSnackbarMs) => {
    dispatch({ type: 'push', item: { message, tone, durationMs } });
  }, []);
  const notifySave = useCallback<Notify>((message, tone = 'success', durationMs = TIMING.saveSnackbarMs) => {
    dispatch({ type: 'push', item: { message, tone, durationMs } });
  }, []);
  const api = useMemo(() => ({ notify, notifySave }), [notify, notifySave]);

  const current = currentSnack(state);
  const waiting = waitingSnacks(state);
  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => dispatch({ type: 'dismiss', id: current.id }), current.durationMs);
    return () => window.clearTimeout(timer);
  }, [current]);

  const tone = current ? TONE[current.tone] : null;
  const Icon = tone?.icon;
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed right-4 bottom-4 z-[60] flex max-w-[calc(100vw-2rem)] justify-end" aria-live="polite">
        {current && tone && Icon ? (
          <div
            key={current.id}
            role={current.tone === 'danger' ? 'alert' : 'status'}
            data-testid="snackbar"
            data-tone={current.tone}
            className={cn(
              'pointer-events-auto flex w-[380px] max-w-full animate-slide-up items-start gap-3 rounded-xl border border-l-4 bg-surface px-4 py-3 text-sm text-text shadow-pop',
              tone.className,
            )}
          >
            <Icon className="tone mt-0.5 size-5 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1 leading-5 break-words" data-testid="snackbar-message">
              {current.message}
            </p>
            {waiting > 0 ? (
              <button
                type="button"
                className="shrink-0 rounded-md px-2 py-0.5 text-xs font-semibold text-primary hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => dispatch({ type: 'dismiss', id: current.id })}
                data-testid="snackbar-next"
              >
                {t('snackbar.next', { remaining: waiting })}
              </button>
            ) : (
              <button
                type="button"
                className="-mr-1 shrink-0 rounded-md p-0.5 text-muted hover:text-text focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => dispatch({ type: 'dismiss', id: current.id })}
                aria-label={t('common.close')}
              >
                <X className="size-4" />
              </button>
            )}
          </div>
        ) : null}
      </div>
    </SnackbarContext.Provider>
  );
}
