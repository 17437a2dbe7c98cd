/**
 * The densest floors drawn on one canvas (agents-board.tsx: the tiles that show the number alone,
 * about 1,800 and more at 1080p). Each tile is a rounded rectangle in its state's colour with the
 * number in the state's text colour, where the DOM tile would be; a state change redraws that tile and
 * nothing else.
 *
 * Why: bench:wallboard at 2,000 tiles and 500 changes/s with DOM tiles (painted by tile-painter.ts,
 * 12-tile paint groups) spent 57 % of the page's main-thread CPU in Paint, Layerize, style and
 * PrePaint, and the raster workers and the display compositor another 16 s of CPU a minute: with the
 * server on the same two cores, the main thread waited for a core in the middle of its rendering steps
 * and Chromium counted tasks of 50-80 ms that held 6-7 ms of CPU (--trace, bench/README.md). Drawing
 * ten changed tiles into a bitmap takes a fraction of a millisecond and needs no style, layout, paint
 * or raster step.
 *
 * Pure but for the context it is given (tests pass a recording fake).
 */
import { shownState } from '../../domain/agents';
import type { ExtStatus } from '../../domain/realtime';
import { statusCode, type ExtensionSnapshot } from '../../machines/extension-machine';
import { STATUS_LOOK, statusLook, type StatusTone } from '../../src/ui/ext-status';
import type { FitResult } from '../layout/auto-fit';
import type { BenchProbe } from '../live/bench-probe';
import { shownByEvent } from './tile-painter';

/** The part of CanvasRenderingContext2D the floor uses. */
export interface FloorContext {
  fillStyle: string | CanvasGradient | CanvasPattern;
  font: string;
  textBaseline: CanvasTextBaseline;
  textAlign: CanvasTextAlign;
  clearRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  roundRect(x: number, y: number, w: number, h: number, radii: number): void;
  fill(): void;
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
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

export interface FloorOptions {
  fit: FitResult;
  colours: StatusColours;
  /** the board's font family (the number is drawn bold at fit.fontPx) */
  fontFamily: string;
  /** device pixels per CSS pixel */
  pixelRatio: number;
  probe: BenchProbe;
  /** the board's clock (server time), for the agent states that change by themselves (G-AGS) */
  now: () => number;
}

export interface CanvasFloor {
  /** shows tile `index` (`number`) with its extension's snapshot: the first one whole, later ones when the state changed */
  paint(index: number, number: string, snapshot: ExtensionSnapshot): void;
  /** the look tile `index` shows now */
  statusAt(index: number): StatusTone | undefined;
  /** stops the repaints planned for the agent states' own changes */
  dispose(): void;
}

/**
 * The floor on `context`, cleared for `count` tiles. Only the state is drawn: these tiles show the number
 * alone (no name, timer or other party), as the DOM tile does at that size, and the strip of totals
 * above names every colour with its icon.
 */
export function createCanvasFloor(context: FloorContext, count: number, options: FloorOptions): CanvasFloor {
  const { fit, colours, probe } = options;
  const shown: StatusTone[] = [];
  /** the phone's status last drawn, for the benchmark's probe */
  const phone: ExtStatus[] = [];
  const later = new Map<number, ReturnType<typeof setTimeout>>();
  const size = floorSize(count, fit);
  context.setTransform(options.pixelRatio, 0, 0, options.pixelRatio, 0, 0);
  context.clearRect(0, 0, size.width, size.height);
  // the DOM tile's padding and number line: bold, left, in the middle of the tile (set once: only the
  // fill colour changes between tiles, and the canvas was just sized, which resets its state)
  const padX = Math.max(3, Math.round(fit.tileWidth * 0.05));
  context.font = `700 ${fit.fontPx}px ${options.fontFamily}`;
  context.textBaseline = 'middle';
  context.textAlign = 'left';

  const draw = (index: number, number: string, tone: StatusTone) => {
    const box = tileBox(index, fit);
    const colour = colours[tone];
    context.clearRect(box.x, box.y, box.w, box.h);
    context.fillStyle = colour.bg;
    context.beginPath();
    context.roundRect(box.x, box.y, box.w, box.h, TILE_RADIUS);
    context.fill();
    context.fillStyle = colour.fg;
    // narrowed to the tile when the font's digits are wider than the auto-fit's 0.55 em (DejaVu's are
    // 0.7 em): a DOM tile lets such a number run into its neighbour, which covers its last digit
    context.fillText(number, box.x + padX, box.y + box.h / 2, box.w - 2 * padX);
  };

  const paint = (index: number, number: string, snapshot: ExtensionSnapshot) => {
    const status = statusCode(snapshot);
    const state = shownState(status, snapshot.context.agent, options.now());
    const tone = statusLook(state.status, state.overdue).tone;
    // a wrap-up ends and a pause turns overdue with no event: drawn again then
    const planned = later.get(index);
    if (planned !== undefined) clearTimeout(planned);
    if (state.changesAt !== null) later.set(index, setTimeout(() => paint(index, number, snapshot), Math.max(0, state.changesAt - options.now()) + 20));
    else later.delete(index);
    const before = phone[index];
    phone[index] = status;
    if (shown[index] === tone) return;
    shown[index] = tone;
    draw(index, number, tone);
    if (before !== undefined && before !== status && shownByEvent(before, status)) probe.shown(snapshot.context.since);
  };

  return {
    paint,
    statusAt: (index) => shown[index],
    dispose() {
      for (const timer of later.values()) clearTimeout(timer);
      later.clear();
    },
  };
}
