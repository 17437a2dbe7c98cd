/**
 * The footer: LIVE / PBX UNREACHABLE / RECONNECTING / OFFLINE with "data as of hh:mm:ss" (the newest event's server
 * time), and the playlist's boards (the current one marked; a touch pins it, a second touch unpins).
 */
import { useMemo } from 'react';
import { useKioskText } from '../kiosk-text-context';
import type { Observable } from 'rxjs';
import type { KioskBoard } from '../../domain/kiosk-board';
import type { ConnectionHealth } from '../../streams/connection-health';
import { useObservable } from '../../src/ui/use-observable';
import { formatClock } from '../format';
import { footerDataLine, footerHealth } from './footer-health';

const STATE_CLASS: Record<ConnectionHealth['state'], string> = {
  live: 'bg-k-live',
  // the server is there, the PBX is not (issue 12, defect 4): not LIVE, the boards are dimmed
  pbxDown: 'bg-k-offline',
  // the server drives no PBX (PBX=none, J-UX-03): nothing here is live
  noPbx: 'bg-k-reconnecting',
  reconnecting: 'bg-k-reconnecting',
  offline: 'bg-k-offline',
};

interface StatusBarProps {
  health$: Observable<ConnectionHealth>;
  boards: readonly KioskBoard[];
  current: KioskBoard | undefined;
  pinned: boolean;
  reloading: boolean;
  onPick(board: KioskBoard): void;
}

export function StatusBar({ health$, boards, current, pinned, reloading, onPick }: StatusBarProps) {
  const { t, language } = useKioskText();
  // a change of state, staleness or the first data shows at once; asOf alone at most once a second
  const throttled$ = useMemo(() => footerHealth(health$), [health$]);
  const health = useObservable(throttled$, null);
  const state = health?.state ?? 'reconnecting';
  const line = footerDataLine(health);
  return (
    <footer className="flex items-center gap-[2vh] text-[2.4vh] leading-none">
      <span className="inline-flex items-center gap-[1vh] font-bold tracking-wide" data-testid="kiosk-health" data-state={state}>
        <span className={`size-[1.8vh] rounded-full ${STATE_CLASS[state]} ${state === 'live' ? '' : 'animate-pulse'}`} aria-hidden />
        {t(`kiosk.health.${state}`)}
      </span>
      <span className="text-k-muted tabular-nums" data-testid="kiosk-as-of" data-data={line.asOf === null ? 'none' : line.key === 'kiosk.health.staleAsOf' ? 'stale' : 'fresh'}>
        {line.asOf === null ? t(line.key) : t(line.key, { time: formatClock(line.asOf, language) })}
      </span>
      {reloading ? <span className="font-semibold text-k-reconnecting">{t('kiosk.session.reloading')}</span> : null}
      <nav className="ml-auto flex items-center gap-[1vh]">
        {boards.map((board) => (
          <button
            key={board}
            type="button"
            className={`rounded-[0.8vh] px-[1.2vh] py-[0.5vh] ${board === current ? 'bg-k-panel font-semibold text-k-text ring-1 ring-k-border' : 'text-k-muted'}`}
            onClick={() => onPick(board)}
            aria-pressed={board === current && pinned}
            data-testid={`kiosk-pick-${board}`}
          >
            {t(`kiosk.boards.${board}`)}
          </button>
        ))}
      </nav>
    </footer>
  );
}
