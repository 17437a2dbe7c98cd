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
 * Pure but for the context and painter it is given (tests pass a recording fake).
 */
import type { ExtStatus } from '../../domain/realtime';
import type { ExtensionSnapshot } from '../../machines/extension-machine';
import { STATUS_LOOK, statusLook, type StatusTone } from '../../src/ui/ext-status';
import { fitName } from '../format';
import { DENSE_TILE, densePadding, showsName, showsTimer, type FitResult } from '../layout/auto-fit';
import type { BenchProbe } from '../live/probe';
import type { TimerPainter, TimerTarget } from '../live/timer-painter';
import { shownByEvent, tileView } from './tile-painter';

/** The part of CanvasRenderingContext2D the floor uses. */
export interface FloorContext {
  fillStyle: string | CanvasGradient | CanvasPattern;
  font: string;
  textBaseline: CanvasTextBaseline;
  textAlign: CanvasTextAlign;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  roundRect(x: number, y: number, w: number, h: number, radii: number): void;
  fill(): void;
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  measureText(text: string): { width: number };
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
}

/** A tile's fill and text colour per look (the phone's states and the agent's), read from the kiosk's tokens (light or dark theme). */
export type StatusColours = Readonly<Record<StatusTone, { bg: string; fg: string }>>;

/** The colours of every look, as `readToken` resolves `--ext-<state>` and `--ext-<state>-fg`. */
export function statusColours(readToken: (name: string) => string): StatusColours {
  const colours = {} as Record<StatusTone, { bg: string; fg: string }>;
  for (const look of Object.values(STATUS_LOOK)) colours[look.tone] = { bg: readToken(look.token) || 'grey', fg: readToken(`${look.token}-fg`) || 'white' };
  return colours;
}

/** The same radius as the DOM tile's `rounded-[4px]`. */
const TILE_RADIUS = 4;
const ELLIPSIS = '…';

/** Where tile `index` sits: rows of `fit.columns` from the top left, `fit.gap` apart (as the DOM rows). */
export function tileBox(index: number, fit: Pick<FitResult, 'columns' | 'tileWidth' | 'tileHeight' | 'gap'>): { x: number; y: number; w: number; h: number } {
  const column = index % fit.columns;
  const row = Math.floor(index / fit.columns);
  return { x: column * (fit.tileWidth + fit.gap), y: row * (fit.tileHeight + fit.gap), w: fit.tileWidth, h: fit.tileHeight };
}

/** The canvas size in CSS pixels for `count` tiles: the DOM rows' block. */
export function floorSize(count: number, fit: Pick<FitResult, 'columns' | 'tileWidth' | 'tileHeight' | 'gap'>): { width: number; height: number } {
  const columns = Math.min(count, fit.columns);
  const rows = Math.ceil(count / fit.columns);
  return { width: Math.max(0, columns * fit.tileWidth + (columns - 1) * fit.gap), height: Math.max(0, rows * fit.tileHeight + (rows - 1) * fit.gap) };
}

/** What every tile of a floor drawn with this fit shows besides its number and colour (the canvas's `data-shows`, read by bench:wallboard). */
export function floorShows(fit: Pick<FitResult, 'detail'>): string {
  return ['number', ...(showsName(fit.detail) ? ['name'] : []), ...(showsTimer(fit.detail) ? ['timer'] : [])].join(' ');
}

/**
 * Where a tile's lines go, relative to its box (CSS px): the number's line and, under it, the name's,
 * as one block centred in the tile (the number alone sits in the middle, as it always did); the timer
 * right-aligned on the number's line, in a room of the widest `mm:ss`.
 */
export interface TileLayout {
  padX: number;
  innerW: number;
  /** the middle of the number's line and of the name's (`textBaseline = 'middle'`) */
  numberY: number;
  nameY: number;
  /** the number's room: the inner width less the timer's room */
  numberW: number;
  /** the timer's room (0: no timer) and the band of the number's line it repaints */
  timerW: number;
  timerTop: number;
  timerH: number;
}

export function tileLayout(fit: Pick<FitResult, 'tileWidth' | 'tileHeight' | 'fontPx' | 'secondaryFontPx' | 'detail'>, timerWidth: number): TileLayout {
  const pad = densePadding(fit.tileWidth, fit.tileHeight);
  const innerW = Math.max(1, fit.tileWidth - 2 * pad.x);
  const numberLine = fit.fontPx * DENSE_TILE.numberLineEm;
  const nameLine = showsName(fit.detail) ? fit.secondaryFontPx * DENSE_TILE.nameLineEm : 0;
  const top = (fit.tileHeight - numberLine - nameLine) / 2;
  const timerW = showsTimer(fit.detail) ? Math.min(Math.ceil(timerWidth), Math.floor(innerW / 2)) : 0;
  const gap = timerW > 0 ? Math.ceil(fit.secondaryFontPx * DENSE_TILE.timerGapEm) : 0;
  // the band the timer repaints: its line, kept a pixel inside the tile's edge: the rounded corners
  // (4 px) are then outside it, as the room ends at least 3 px from the tile's side
  const timerTop = Math.max(1, Math.floor(top));
  return {
    padX: pad.x,
    innerW,
    numberY: top + numberLine / 2,
    nameY: top + numberLine + nameLine / 2,
    numberW: Math.max(1, innerW - timerW - gap),
    timerW,
    timerTop,
    timerH: Math.max(0, Math.min(fit.tileHeight - 1, Math.ceil(top + numberLine)) - timerTop),
  };
}

/**
 * `text` cut to `maxWidth` as measured by `measure`, with an ellipsis when cut (a binary search over
 * its length: a dozen measurements for a long name, done once per name and floor).
 */
export function ellipsize(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  let lo = 0;
  let hi = text.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(text.slice(0, mid).trimEnd() + ELLIPSIS) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : text.slice(0, lo).trimEnd() + ELLIPSIS;
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

export interface CanvasFloor {
  /** takes tile `index` (`number`) with its extension's snapshot: the first one whole, later ones what changed; drawn at the next frame */
  paint(index: number, number: string, snapshot: ExtensionSnapshot): void;
  /** draws what changed now (the board's first drawing, before the browser shows the resized canvas) */
  flush(): void;
  /** the look tile `index` shows now */
  statusAt(index: number): StatusTone | undefined;
  /** stops the repaints planned for the agent states' own changes, and the timers */
  dispose(): void;
}

/** What one tile shows now. */
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

/**
 * The floor on `context`, cleared for `count` tiles. Changes are drawn once a frame, in passes: the
 * changed tiles' fills, then their numbers, names and timers, each pass in one font and the tiles in
 * order of their colour, so that the context's font and colour change a few times a frame rather than
 * several times a tile (bench:wallboard --profile: the font switches alone were a sixth of the drawing's
 * time at 500 tiles on a 4× slower CPU); a tile that changes twice in a frame is drawn once.
 */
export function createCanvasFloor(context: FloorContext, count: number, options: FloorOptions): CanvasFloor {
  const { fit, colours, probe, painter } = options;
  const frame = options.frame ?? ((draw: () => void) => requestAnimationFrame(draw));
  const tiles: (TileState | undefined)[] = [];
  const size = floorSize(count, fit);
  const withName = showsName(fit.detail);
  const withTimer = showsTimer(fit.detail) && painter !== undefined;
  const numberFont = `700 ${fit.fontPx}px ${options.fontFamily}`;
  const nameFont = `500 ${fit.secondaryFontPx}px ${options.fontFamily}`;
  const timerFont = `600 ${fit.secondaryFontPx}px ${options.fontFamily}`;
  let disposed = false;

  context.setTransform(options.pixelRatio, 0, 0, options.pixelRatio, 0, 0);
  context.clearRect(0, 0, size.width, size.height);
  context.textBaseline = 'middle';
  // the font and the fill are set only when they change (parsing a font or a colour is the costly part)
  let font = '';
  const setFont = (next: string) => {
    if (font !== next) context.font = font = next;
  };
  let fill = '';
  const setFill = (next: string) => {
    if (fill !== next) context.fillStyle = fill = next;
  };
  setFont(timerFont);
  const layout = tileLayout(fit, withTimer ? context.measureText('00:00').width : 0);
  // a name as the tile shows it: shortened by words, then cut to the measured room; the same for every
  // tile of the floor, so measured once per name
  const names = new Map<string, string>();
  const nameChars = Math.max(1, Math.floor(layout.innerW / (fit.secondaryFontPx * 0.5)));
  const shownName = (name: string): string => {
    let text = names.get(name);
    if (text === undefined) {
      text = ellipsize(fitName(name, nameChars), layout.innerW, (t) => context.measureText(t).width);
      names.set(name, text);
    }
    return text;
  };

  const dirtyTiles = new Set<number>();
  const dirtyTimers = new Set<number>();
  let scheduled = false;
  const schedule = () => {
    if (scheduled || disposed) return;
    scheduled = true;
    frame(flush);
  };
  const byTone = (a: number, b: number) => {
    const x = tiles[a]?.tone ?? '';
    const y = tiles[b]?.tone ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  };

  function flush(): void {
    scheduled = false;
    // nothing to draw: a frame asked for before a flush() drew its changes
    if (disposed || (dirtyTiles.size === 0 && dirtyTimers.size === 0)) return;
    const fresh = new Set(dirtyTiles);
    const whole = [...fresh].sort(byTone);
    dirtyTiles.clear();
    for (const index of whole) {
      const box = tileBox(index, fit);
      context.clearRect(box.x, box.y, box.w, box.h);
      setFill(colours[(tiles[index] as TileState).tone].bg);
      context.beginPath();
      context.roundRect(box.x, box.y, box.w, box.h, TILE_RADIUS);
      context.fill();
    }
    if (whole.length > 0) {
      context.textAlign = 'left';
      setFont(numberFont);
    }
    for (const index of whole) {
      const tile = tiles[index] as TileState;
      const box = tileBox(index, fit);
      setFill(colours[tile.tone].fg);
      // narrowed to its room when the font's digits are wider than the auto-fit's 0.55 em (DejaVu's are
      // 0.7 em): a DOM tile lets such a number run into its neighbour, which covers its last digit
      context.fillText(tile.number, box.x + layout.padX, box.y + layout.numberY, layout.numberW);
    }
    if (withName && whole.length > 0) {
      setFont(nameFont);
      for (const index of whole) {
        const tile = tiles[index] as TileState;
        if (!tile.userName) continue;
        const box = tileBox(index, fit);
        setFill(colours[tile.tone].fg);
        context.fillText(shownName(tile.userName), box.x + layout.padX, box.y + layout.nameY, layout.innerW);
      }
    }
    if (!withTimer) return;
    // a timer's room: filled again when only the timer changed (a whole tile's fill is fresh)
    for (const index of whole) if (tiles[index]?.timer) dirtyTimers.add(index);
    const timers = [...dirtyTimers].sort(byTone);
    dirtyTimers.clear();
    for (const index of timers) {
      if (fresh.has(index)) continue;
      const box = tileBox(index, fit);
      setFill(colours[(tiles[index] as TileState).tone].bg);
      context.fillRect(box.x + box.w - layout.padX - layout.timerW, box.y + layout.timerTop, layout.timerW, layout.timerH);
    }
    context.textAlign = 'right';
    setFont(timerFont);
    for (const index of timers) {
      const tile = tiles[index] as TileState;
      if (!tile.timer) continue;
      const box = tileBox(index, fit);
      setFill(colours[tile.tone].fg);
      context.fillText(tile.timer, box.x + box.w - layout.padX, box.y + layout.numberY, layout.timerW);
    }
  }

  /** The painter's target for tile `index`: the text it writes is drawn into the tile's timer room at the next frame. */
  const timerTarget = (index: number): TimerTarget => ({
    get textContent() {
      return tiles[index]?.timer ?? '';
    },
    set textContent(text: string | null) {
      const tile = tiles[index];
      if (!tile || disposed) return;
      tile.timer = text ?? '';
      dirtyTimers.add(index);
      schedule();
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
    if (timerMoved && painter) {
      tile.timerStart = view.timerStart;
      // the painter empties the old timer (a write) and writes the new one at register
      tile.stopTimer?.();
      tile.stopTimer = view.timerStart !== null ? painter.register((targets[index] ??= timerTarget(index)), view.timerStart) : null;
    }
    if (whole) {
      dirtyTiles.add(index);
      schedule();
    }
    // what the benchmark's latency counts: a tile that shows a hub event's new state (as tile-painter.ts),
    // at the frame that draws it (the probe reads the time in that frame's animation callbacks too)
    if (before !== undefined && (whole || timerMoved) && previousStatus !== view.status && shownByEvent(previousStatus, view.status)) probe.shown(snapshot.context.since);
  };

  return {
    paint,
    flush,
    statusAt: (index) => tiles[index]?.tone,
    dispose() {
      disposed = true;
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
