/**
 * The drawing half of the dense floors (tile-canvas.ts holds the other): where each tile sits and what
 * its lines hold, and the drawer that puts the tiles on a 2D context, once a frame, in passes. It knows
 * nothing of extensions, actors or the DOM: it takes each tile's look (number, colour, name, timer
 * text), so it runs on the page's main thread or in the floor's worker (floor-worker.ts) alike.
 *
 * Passes: the changed tiles' fills, then their numbers, names and timers, each pass in one font and the
 * tiles in order of their colour, so that the context's font and colour change a few times a frame
 * rather than several times a tile (bench:wallboard --profile: the font switches alone were a sixth of
 * the drawing's time at 500 tiles on a 4× slower CPU); a tile that changes twice in a frame is drawn once.
 *
 * Imports only what a worker can load (types, the auto-fit's pure constants, format.ts's fitName).
 */
import type { StatusTone } from '../../src/ui/ext-status';
import { fitName } from '../format';
import { DENSE_TILE, densePadding, showsName, showsTimer, type FitResult } from '../layout/auto-fit';

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


/** What a tile shows; the floor's feed (tile-canvas.ts) sends it when it changes. */
export interface TileLook {
  number: string;
  tone: StatusTone;
  userName: string;
}

/**
 * One tile's change: its whole look (the tile is drawn again), or its timer's text alone (`timer`
 * without `look`: its room is drawn again), or both. `shown`: the server times of the hub events this
 * change shows, when a benchmark is measuring (the drawer reports them at the frame that draws them).
 */
export interface TileChange {
  index: number;
  look?: TileLook;
  timer?: string;
  shown?: number[];
}

export interface FloorDrawerOptions {
  fit: FitResult;
  colours: StatusColours;
  /** the board's font family (the number is drawn bold at fit.fontPx, the name and timer at fit.secondaryFontPx) */
  fontFamily: string;
  /** device pixels per CSS pixel */
  pixelRatio: number;
  /** whether the floor shows timers (the fit's reading holds one and the board has a timer painter) */
  withTimer: boolean;
  /** runs `draw` before the next frame: requestAnimationFrame, in the page or in the worker (tests pass their own) */
  frame: (draw: () => void) => void;
  /** the events (their server times) whose changes a frame drew, told in that frame (the benchmark's latency) */
  drawn?: (shownTs: number[]) => void;
}

export interface FloorDrawer {
  /** takes changes, drawn at the next frame */
  update(changes: readonly TileChange[]): void;
  /** draws what changed now (the floor's first drawing, before the browser shows the resized canvas) */
  flush(): void;
  /** the look tile `index` shows now */
  statusAt(index: number): StatusTone | undefined;
  /** draws nothing more */
  dispose(): void;
}

interface DrawnTile extends TileLook {
  timer: string;
}

/** The floor on `context`, cleared for `count` tiles. */
export function createFloorDrawer(context: FloorContext, count: number, options: FloorDrawerOptions): FloorDrawer {
  const { fit, colours, withTimer, frame } = options;
  const tiles: (DrawnTile | undefined)[] = [];
  const size = floorSize(count, fit);
  const withName = showsName(fit.detail);
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
  let shownTs: number[] = [];
  let scheduled = false;
  const byTone = (a: number, b: number) => {
    const x = tiles[a]?.tone ?? '';
    const y = tiles[b]?.tone ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  };

  function draw(): void {
    if (dirtyTiles.size === 0 && dirtyTimers.size === 0) return;
    const fresh = new Set(dirtyTiles);
    const whole = [...fresh].sort(byTone);
    dirtyTiles.clear();
    for (const index of whole) {
      const box = tileBox(index, fit);
      context.clearRect(box.x, box.y, box.w, box.h);
      setFill(colours[(tiles[index] as DrawnTile).tone].bg);
      context.beginPath();
      context.roundRect(box.x, box.y, box.w, box.h, TILE_RADIUS);
      context.fill();
    }
    if (whole.length > 0) {
      context.textAlign = 'left';
      setFont(numberFont);
    }
    for (const index of whole) {
      const tile = tiles[index] as DrawnTile;
      const box = tileBox(index, fit);
      setFill(colours[tile.tone].fg);
      // narrowed to its room when the font's digits are wider than the auto-fit's 0.55 em (DejaVu's are
      // 0.7 em): a DOM tile lets such a number run into its neighbour, which covers its last digit
      context.fillText(tile.number, box.x + layout.padX, box.y + layout.numberY, layout.numberW);
    }
    if (withName && whole.length > 0) {
      setFont(nameFont);
      for (const index of whole) {
        const tile = tiles[index] as DrawnTile;
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
      setFill(colours[(tiles[index] as DrawnTile).tone].bg);
      context.fillRect(box.x + box.w - layout.padX - layout.timerW, box.y + layout.timerTop, layout.timerW, layout.timerH);
    }
    context.textAlign = 'right';
    setFont(timerFont);
    for (const index of timers) {
      const tile = tiles[index] as DrawnTile;
      if (!tile.timer) continue;
      const box = tileBox(index, fit);
      setFill(colours[tile.tone].fg);
      context.fillText(tile.timer, box.x + box.w - layout.padX, box.y + layout.numberY, layout.timerW);
    }
  }

  function flush(): void {
    scheduled = false;
    if (disposed) return;
    draw();
    if (shownTs.length > 0) {
      const told = shownTs;
      shownTs = [];
      options.drawn?.(told);
    }
  }

  return {
    update(changes) {
      if (disposed) return;
      for (const change of changes) {
        const { index } = change;
        let tile = tiles[index];
        if (change.look) {
          tile = tiles[index] = { ...change.look, timer: tile?.timer ?? '' };
          dirtyTiles.add(index);
        }
        if (!tile) continue; // a timer before its tile's look: the feed never sends one
        if (change.timer !== undefined) {
          tile.timer = change.timer;
          if (withTimer) dirtyTimers.add(index);
        }
        if (change.shown && options.drawn) shownTs.push(...change.shown);
      }
      if (!scheduled && (dirtyTiles.size > 0 || dirtyTimers.size > 0 || shownTs.length > 0)) {
        scheduled = true;
        frame(flush);
      }
    },
    flush,
    statusAt: (index) => tiles[index]?.tone,
    dispose() {
      disposed = true;
    },
  };
}
