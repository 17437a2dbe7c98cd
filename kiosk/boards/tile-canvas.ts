/**
 * The dense floors drawn on one canvas (agents-board.tsx: every floor the DOM tiles with their icon
 * cannot show whole, from about 270 tiles at 1080p and 4K). Each tile is a rounded rectangle in its state's
 * colour with, in the state's text colour, what the auto-fit's reading holds (layout/auto-fit.ts
 * `DENSE_TILE`): the number; the call timer at the number's right (`name-timer`); the user's name on a
 * second line (`name-timer`, `name`), shortened as the DOM tile shortens it (format.ts fitName) and
 * then cut with an ellipsis to its measured width; or the number alone (`number`, the densest floors).
 * A state change redraws that tile and nothing else; a timer's second redraws that timer's room and
 * nothing else.
 *
 * Why a canvas: bench:wallboard at 2,000 tiles and 500 changes/s with DOM tiles (painted by
 * tile-painter.ts, 12-tile paint groups) spent 57 % of the page's main-thread CPU in Paint, Layerize,
 * style and PrePaint, and the raster workers and the display compositor another 16 s of CPU a minute
 * (--trace, bench/README.md); 500 DOM tiles on a 4× slower CPU (H-PERF-01) held 33 fps with 12 long
 * tasks. Drawing ten changed tiles into a bitmap takes a fraction of a millisecond and needs no style,
 * layout, paint or raster step.
 *
 * Timers: each tile's timer is a target of the board's one timer painter (live/timer-painter.ts, one
 * shared clock, STYLE 4) whose text, when it changes, is drawn into the tile: no interval, no React
 * render, and only tiles with a running timer are touched (once a second, as every timer turns on the
 * same tick).
 *
 * Two halves: this file's feed turns each extension's snapshots into its tile's look (colour, number,
 * name) and its timer's text, and floor-drawer.ts draws those. The feed runs where the actors are, on the
 * page's main thread; the drawer runs in the floor's worker on an OffscreenCanvas (canvas-floor.tsx,
 * floor-worker.ts), or beside the feed where the browser has no OffscreenCanvas (`createCanvasFloor`).
 *
 * Pure but for the context and painter it is given (tests pass a recording fake).
 */
import type { ExtStatus } from '../../domain/realtime';
import type { ExtensionSnapshot } from '../../machines/extension-machine';
import { STATUS_LOOK, statusLook, type StatusTone } from '../../src/ui/ext-status';
import { showsTimer, type FitResult } from '../layout/auto-fit';
import type { BenchProbe } from '../live/probe';
import type { TimerPainter, TimerTarget } from '../live/timer-painter';
import { createFloorDrawer, type FloorContext, type StatusColours, type TileChange } from './floor-drawer';
import { shownByEvent, tileView } from './tile-painter';

/** The colours of every look, as `readToken` resolves `--ext-<state>` and `--ext-<state>-fg`. */
export function statusColours(readToken: (name: string) => string): StatusColours {
  const colours = {} as Record<StatusTone, { bg: string; fg: string }>;
  for (const look of Object.values(STATUS_LOOK)) colours[look.tone] = { bg: readToken(look.token) || 'grey', fg: readToken(`${look.token}-fg`) || 'white' };
  return colours;
}

/** Whether a floor of this fit draws timers: its reading holds one and the board has a timer painter to run them. */
export const floorDrawsTimers = (fit: Pick<FitResult, 'detail'>, painter: TimerPainter | undefined): boolean => showsTimer(fit.detail) && painter !== undefined;

export interface FloorFeedOptions {
  fit: FitResult;
  /** the board's one timer painter (the shared clock's); needed when the fit shows timers */
  painter?: TimerPainter;
  /** the board's clock (server time), for the agent states that change by themselves (G-AGS) */
  now: () => number;
  /** where the changes go */
  send: (changes: TileChange[]) => void;
  /**
   * `now`: each change as it is made (the drawer beside the feed gathers them for its frame);
   * `task`: gathered until the end of the task (a microtask), one message to the worker per task: the
   * hub's frame of records, stepped in one task, costs one postMessage, not one per tile.
   */
  batch: 'now' | 'task';
  /**
   * Where a tile that shows a hub event's new state is told (the benchmark's latency): `probe.shown`
   * here, at the page's next frame (the drawer beside the feed draws in it); or, with `carryShown`, in
   * the change, for the worker to tell at the frame that draws it.
   */
  probe?: BenchProbe;
  carryShown?: boolean;
}

export interface FloorFeed {
  /** takes tile `index` (`number`) with its extension's snapshot: the first one whole, later ones what changed */
  paint(index: number, number: string, snapshot: ExtensionSnapshot): void;
  /** the look tile `index` shows now */
  statusAt(index: number): StatusTone | undefined;
  /** stops the repaints planned for the agent states' own changes, and the timers; sends nothing more */
  dispose(): void;
}

/** What one tile shows now, and what keeps it current. */
interface TileState {
  number: string;
  tone: StatusTone;
  status: ExtStatus;
  userName: string;
  timerStart: number | null;
  /** the timer's text as the painter last wrote it */
  timer: string;
  stopTimer: (() => void) | null;
  later: ReturnType<typeof setTimeout> | null;
}

/** The tiles' looks from the extensions' snapshots, sent as changes (what floor-drawer.ts draws). */
export function createFloorFeed(options: FloorFeedOptions): FloorFeed {
  const { painter, probe } = options;
  const withTimer = floorDrawsTimers(options.fit, painter);
  const tiles: (TileState | undefined)[] = [];
  let disposed = false;

  // the changes not sent yet, one per tile (a look and a timer made in one paint go together)
  const pending = new Map<number, TileChange>();
  let painting = false;
  let queued = false;
  const change = (index: number): TileChange => {
    let entry = pending.get(index);
    if (!entry) pending.set(index, (entry = { index }));
    return entry;
  };
  const send = () => {
    queued = false;
    if (disposed || pending.size === 0) return;
    const changes = [...pending.values()];
    pending.clear();
    options.send(changes);
  };
  const deliver = () => {
    if (painting) return;
    if (options.batch === 'now') send();
    else if (!queued) {
      queued = true;
      queueMicrotask(send);
    }
  };

  /** The painter's target for tile `index`: the text it writes goes to the tile's timer room. */
  const timerTarget = (index: number): TimerTarget => ({
    get textContent() {
      return tiles[index]?.timer ?? '';
    },
    set textContent(text: string | null) {
      const tile = tiles[index];
      if (!tile || disposed) return;
      tile.timer = text ?? '';
      change(index).timer = tile.timer;
      deliver();
    },
  });
  const targets: TimerTarget[] = [];

  const paint = (index: number, number: string, snapshot: ExtensionSnapshot) => {
    if (disposed) return;
    const view = tileView(snapshot, options.now());
    const tone = statusLook(view.shown, view.overdue).tone;
    const before = tiles[index];
    const tile: TileState = before ?? { number, tone, status: view.status, userName: view.userName, timerStart: null, timer: '', stopTimer: null, later: null };
    tiles[index] = tile;
    // a wrap-up ends and a pause turns overdue with no event: drawn again then
    if (tile.later !== null) clearTimeout(tile.later);
    tile.later = view.changesAt !== null ? setTimeout(() => paint(index, number, snapshot), Math.max(0, view.changesAt - options.now()) + 20) : null;
    const whole = before === undefined || before.tone !== tone || before.userName !== view.userName || before.number !== number;
    const timerMoved = withTimer && (before === undefined || tile.timerStart !== view.timerStart);
    const previousStatus = tile.status;
    tile.number = number;
    tile.tone = tone;
    tile.status = view.status;
    tile.userName = view.userName;
    painting = true;
    if (whole) change(index).look = { number, tone, userName: view.userName };
    if (timerMoved && painter) {
      tile.timerStart = view.timerStart;
      // the painter empties the old timer (a write) and writes the new one at register
      tile.stopTimer?.();
      tile.stopTimer = view.timerStart !== null ? painter.register((targets[index] ??= timerTarget(index)), view.timerStart) : null;
    }
    // what the benchmark's latency counts: a tile that shows a hub event's new state (as tile-painter.ts),
    // at the frame that draws it
    if (before !== undefined && (whole || timerMoved) && previousStatus !== view.status && shownByEvent(previousStatus, view.status)) {
      if (options.carryShown) (change(index).shown ??= []).push(snapshot.context.since);
      else probe?.shown(snapshot.context.since);
    }
    painting = false;
    deliver();
  };

  return {
    paint,
    statusAt: (index) => tiles[index]?.tone,
    dispose() {
      disposed = true;
      pending.clear();
      for (const tile of tiles) {
        if (!tile) continue;
        if (tile.later !== null) clearTimeout(tile.later);
        tile.later = null;
        tile.stopTimer?.();
        tile.stopTimer = null;
      }
    },
  };
}

export interface FloorOptions {
  fit: FitResult;
  colours: StatusColours;
  /** the board's font family (the number is drawn bold at fit.fontPx, the name and timer at fit.secondaryFontPx) */
  fontFamily: string;
  /** device pixels per CSS pixel */
  pixelRatio: number;
  probe: BenchProbe;
  /** the board's one timer painter (the shared clock's); needed when the fit shows timers */
  painter?: TimerPainter;
  /** the board's clock (server time), for the agent states that change by themselves (G-AGS) */
  now: () => number;
  /** runs `draw` before the next frame; default requestAnimationFrame (tests pass their own) */
  frame?: (draw: () => void) => void;
}

export interface CanvasFloor extends FloorFeed {
  /** draws what changed now (the board's first drawing, before the browser shows the resized canvas) */
  flush(): void;
}

/**
 * The floor drawn on the page's main thread: the feed and the drawer side by side (a browser without
 * OffscreenCanvas in workers, and the unit tests).
 */
export function createCanvasFloor(context: FloorContext, count: number, options: FloorOptions): CanvasFloor {
  const drawer = createFloorDrawer(context, count, {
    fit: options.fit,
    colours: options.colours,
    fontFamily: options.fontFamily,
    pixelRatio: options.pixelRatio,
    withTimer: floorDrawsTimers(options.fit, options.painter),
    frame: options.frame ?? ((draw: () => void) => requestAnimationFrame(draw)),
  });
  const feed = createFloorFeed({ fit: options.fit, painter: options.painter, now: options.now, probe: options.probe, send: (changes) => drawer.update(changes), batch: 'now' });
  return {
    paint: feed.paint,
    flush: drawer.flush,
    statusAt: feed.statusAt,
    dispose() {
      feed.dispose();
      drawer.dispose();
    },
  };
}
