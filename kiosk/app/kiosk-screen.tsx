/**
 * One TV screen: the playlist of boards (rotating or pinned), a header (screen, board, clock) and a
 * footer (LIVE / RECONNECTING, "data as of", the playlist's boards, which a touch pins or unpins).
 * Unattended operation (issue 4): stale data dimmed after a reconnect until a fresh snapshot arrives,
 * a small pixel shift every minute against burn-in, a reload by itself when a new build is deployed.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { distinctUntilChanged, first, map } from 'rxjs';
import { useKioskText } from '../kiosk-text-context';
import type { KioskBoard } from '../../domain/kiosk-board';
import { currentBoard, playlistMachine } from '../../machines/playlist-machine';
import { useObservable } from '../../src/ui/use-observable';
import { AgentsBoard } from '../boards/agents-board';
import { StatusIconImages } from '../boards/status-icon-images';
import { BURN_IN_PERIOD_MS, burnInOffset } from '../chrome/burn-in';
import { StatusBar } from '../chrome/status-bar';
import { useVersionWatch } from '../chrome/use-version-watch';
import { formatClock } from '../format';
import { useKiosk } from './kiosk-context';

/**
 * The boards other than Agents load with a screen whose playlist has them: right after the first data
 * (preloadBoards), so turning to one shows it at once. The trend board is the one with charts (visx,
 * d3-scale: a fifth of the kiosk's JavaScript); the queues and callers boards are 4 kB more that an
 * Agents-only wall (the usual TV, and bench:wallboard's) never needs.
 */
const BOARD_LOADERS = {
  queues: () => import('../boards/queues-board').then((m) => ({ default: m.QueuesBoard })),
  callers: () => import('../boards/callers-board').then((m) => ({ default: m.CallersBoard })),
  trend: () => import('../boards/trend-board').then((m) => ({ default: m.TrendBoard })),
  heatmap: () => import('../boards/heatmap-board').then((m) => ({ default: m.HeatmapBoard })),
} satisfies Record<Exclude<KioskBoard, 'agents'>, () => Promise<{ default: ComponentType }>>;

function preloadBoards(boards: readonly KioskBoard[]): void {
  for (const board of boards) {
    // a chunk that fails here fails again, visibly, when its board is shown (its Suspense boundary)
    if (board !== 'agents') BOARD_LOADERS[board]().catch(() => undefined);
  }
}

const BOARDS: Record<KioskBoard, ComponentType> = {
  agents: AgentsBoard,
  queues: lazy(BOARD_LOADERS.queues),
  callers: lazy(BOARD_LOADERS.callers),
  trend: lazy(BOARD_LOADERS.trend),
  heatmap: lazy(BOARD_LOADERS.heatmap),
};

/** H-FLEET-01, H-TICK-01: the heartbeat and the ticker band, a chunk loaded with the screen (kiosk/chrome/fleet-chrome.tsx). */
const FleetChrome = lazy(() => import('../chrome/fleet-chrome'));

export function KioskScreen() {
  const { t } = useKioskText();
  const { live, config, url } = useKiosk();
  const playlist = useActorRef(playlistMachine, { input: { boards: config.boards, secondsPerBoard: config.secondsPerBoard, pin: url.pin } });
  useEffect(() => {
    playlist.send({ type: 'CONFIGURE', boards: config.boards, secondsPerBoard: config.secondsPerBoard });
  }, [playlist, config.boards, config.secondsPerBoard]);
  const board = useSelector(playlist, (s) => currentBoard(s.context));
  const pinned = useSelector(playlist, (s) => s.matches('pinned'));
  // only what the frame needs: whether the data is stale (the footer follows the health itself)
  const stale$ = useMemo(() => live.health$.pipe(map((h) => h.stale), distinctUntilChanged()), [live.health$]);
  const stale = useObservable(stale$, false);
  const ready$ = useMemo(() => live.health$.pipe(first((h) => !h.stale && h.asOf !== null)), [live.health$]);
  const offset = useBurnInOffset();
  const reloading = useVersionWatch(live);

  useEffect(() => {
    const sub = ready$.subscribe(() => {
      live.probe.setReady(true);
      preloadBoards(config.boards);
    });
    return () => sub.unsubscribe();
  }, [ready$, live.probe, config.boards]);

  const Board = board ? BOARDS[board] : null;
  // the burn-in shift moves a layer of its own (will-change), so a shift is the compositor's work; on an
  // unpromoted frame it changes the transform of the whole board's paint, and bench:wallboard --trace
  // showed single Layerize and Commit tasks of 40-55 ms, none in two runs with the layer
  return (
    <div className="flex h-full flex-col gap-[1.2vh] p-[1.6vh]" style={{ transform: `translate(${offset.x}px, ${offset.y}px)`, willChange: 'transform' }} data-testid="kiosk-screen" data-board={board}>
      <StatusIconImages />
      <header className="flex items-center gap-[2vh] text-[3.4vh] leading-none">
        <span className="truncate font-bold">{config.name}</span>
        <span className="text-k-muted">·</span>
        <span className="font-semibold" data-testid="kiosk-board-title">
          {board ? t(`kiosk.boards.${board}`) : ''}
        </span>
        {pinned ? <span className="rounded-[0.6vh] px-[1vh] py-[0.3vh] text-[2.2vh] font-semibold ring-2 ring-current">{t('kiosk.pinned')}</span> : null}
        <Clock />
      </header>
      <Suspense fallback={null}>
        <FleetChrome />
      </Suspense>
      <main className={`min-h-0 flex-1 transition-[opacity,filter] duration-300 ${stale ? 'kiosk-stale' : ''}`} data-testid="kiosk-board" data-stale={stale ? 'true' : 'false'}>
        <Suspense fallback={null}>{Board ? <Board /> : null}</Suspense>
      </main>
      <StatusBar
        health$={live.health$}
        boards={config.boards}
        current={board}
        pinned={pinned}
        reloading={reloading}
        onPick={(picked) => playlist.send(pinned && picked === board ? { type: 'UNPIN' } : { type: 'PIN', board: picked })}
      />
    </div>
  );
}

/** The time of day from the shared clock; only this re-renders every tick. */
function Clock() {
  const { language } = useKioskText();
  const { live } = useKiosk();
  const now = useObservable(live.clock$, live.now());
  return (
    <span className="ml-auto font-semibold tabular-nums" data-testid="kiosk-clock">
      {formatClock(now, language)}
    </span>
  );
}

/** The burn-in walk, updated once per period (one timer for the page). */
function useBurnInOffset(): { x: number; y: number } {
  const [offset, setOffset] = useState(() => burnInOffset(Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setOffset(burnInOffset(Date.now())), BURN_IN_PERIOD_MS / 4);
    return () => clearInterval(timer);
  }, []);
  return offset;
}
