/**
 * Kiosk wallboard auto-fit (STYLE 11 and 14): how many columns and rows of extension tiles, how big,
 * and which type sizes, so that every extension of the floor fits one TV screen without scrolling.
 * Pure and deterministic; O(count) per call (a few thousand additions), well under 1 ms for 2,000.
 *
 * Readable minimum. The main number never goes below `minFontPx`, by default 14 px at 1080 px of
 * screen height, scaled with the height (28 px at 2160). Why 14: on a 65" 16:9 panel one 1080p pixel
 * is 0.75 mm, so a 14 px face has digits about 10 px (7.5 mm) tall; the usual legibility threshold
 * (5 arc-minutes for a character, 20/20 vision) gives 7.5 mm / tan(5') ≈ 5 m. That is the density at
 * which 2,000 tiles still fit a 1080p screen, so it is the floor. Reading from ten metres needs about
 * twice that (28 px at 1080p, see `legibleDistanceM`); the layout reaches that size by itself up to
 * roughly 450 tiles on one screen, and a floor that must read every tile from ten metres passes
 * `minFontPx: 28 * height / 1080` and gets `overflow` with `perPage` (the caller paginates).
 *
 * Every text line is shown only at a size ≥ the minimum: `detail` says which lines fit (`full`:
 * number, state icon, user name, timer and other party; `compact`: number, icon and timer;
 * `number`: number and icon, the state being the tile colour).
 *
 * Monotonic by construction: the font of a grid depends only on the tile size, the tile size only on
 * columns, rows and the fixed gap, and a grid that holds n + 1 tiles also holds n; so the best font for
 * n + 1 tiles is never larger than for n.
 */

export interface FitInput {
  /** the area for the board, CSS px */
  width: number;
  height: number;
  /** number of tiles */
  count: number;
  /** space between tiles; default 3 px at 1080p, scaled with height */
  gap?: number;
  /** the board's header (title, clock, health) taken off the top; default 40 px at 1080p, scaled */
  headerHeight?: number;
  /** smallest main-number size; default 14 px at 1080p, scaled with height (see above) */
  minFontPx?: number;
  /** allowed tile width / height; default { min: 1, max: 2.5 } */
  aspect?: { min: number; max: number };
  /** characters of the longest extension number; default 4 */
  numberChars?: number;
}

export type TileDetail = 'full' | 'compact' | 'number';

export interface FitResult {
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  gap: number;
  /** main number */
  fontPx: number;
  /** user name and other party */
  secondaryFontPx: number;
  /** call timer */
  timerFontPx: number;
  /** which lines the tile shows (each only when its size ≥ minFontPx) */
  detail: TileDetail;
  /** the minimum used, px */
  minFontPx: number;
  /** true only when even the minimum font cannot fit every tile: paginate with perPage */
  overflow: boolean;
  /** tiles per screen: count when it fits, otherwise the most tiles that fit at the minimum */
  perPage: number;
}

/** Em widths: a tabular digit ≈ 0.55 em, plus 0.3 em of padding around the number. */
const DIGIT_EM = 0.55;
const NUMBER_PAD_EM = 0.3;
/** Number-only tiles: the number may take 77 % of the tile height. */
const DENSE_HEIGHT_RATIO = 0.77;
/** Roomy tiles: the number takes 38 % of the height, leaving room for name, timer and other party. */
const ROOMY_HEIGHT_RATIO = 0.38;
/** Between the two, the number stays at this many minimum sizes (keeps the function monotonic). */
const PLATEAU_MINIMUMS = 2;
const SECONDARY_RATIO = 0.5;
const TIMER_RATIO = 0.6;
const LINE_HEIGHT = 1.1;
const PADDING_RATIO = 0.05;

/** Base sizes at 1080 px of height. */
export const KIOSK_BASE = { minFontPx: 14, gap: 3, headerHeight: 40, referenceHeight: 1080 } as const;
const DEFAULT_ASPECT = { min: 1, max: 2.5 } as const;

interface Tile {
  w: number;
  h: number;
  font: number;
}

interface Params {
  areaW: number;
  areaH: number;
  gap: number;
  minFont: number;
  aspectMin: number;
  aspectMax: number;
  numberEm: number;
}

/** The main-number size a tile of w × h px allows (monotonic non-decreasing in w and h). */
function fontFor(w: number, h: number, p: Params): number {
  const byWidth = w / p.numberEm;
  const plateau = PLATEAU_MINIMUMS * p.minFont;
  const byHeight = Math.max(ROOMY_HEIGHT_RATIO * h, Math.min(DENSE_HEIGHT_RATIO * h, plateau));
  return Math.floor(Math.min(byWidth, byHeight));
}

function tileFor(columns: number, rows: number, p: Params): Tile {
  let w = Math.floor((p.areaW - (columns - 1) * p.gap) / columns);
  let h = Math.floor((p.areaH - (rows - 1) * p.gap) / rows);
  if (w <= 0 || h <= 0) return { w: 0, h: 0, font: 0 };
  // keep the tile's shape sensible: trim the long side (the grid is then centred by the view)
  const w0 = w;
  w = Math.min(w, Math.floor(p.aspectMax * h));
  h = Math.min(h, Math.floor(w0 / p.aspectMin));
  return { w, h, font: fontFor(w, h, p) };
}

interface Best {
  columns: number;
  rows: number;
  tile: Tile;
}

/** The grid with the largest main number for n tiles; ties → larger tile, then fewer empty cells. */
function bestGrid(n: number, p: Params): Best {
  let best: Best | null = null;
  for (let columns = 1; columns <= n; columns++) {
    const rows = Math.ceil(n / columns);
    // the same rows with more columns only narrows the tiles
    if (columns > 1 && Math.ceil(n / (columns - 1)) === rows) continue;
    const tile = tileFor(columns, rows, p);
    if (
      best === null ||
      tile.font > best.tile.font ||
      (tile.font === best.tile.font &&
        (tile.w * tile.h > best.tile.w * best.tile.h ||
          (tile.w * tile.h === best.tile.w * best.tile.h && columns * rows < best.columns * best.rows)))
    ) {
      best = { columns, rows, tile };
    }
  }
  return best ?? { columns: 1, rows: 1, tile: tileFor(1, 1, p) };
}

function detailFor(tile: Tile, font: number, p: Params): { detail: TileDetail; secondary: number; timer: number } {
  const secondary = Math.floor(font * SECONDARY_RATIO);
  const timer = Math.floor(font * TIMER_RATIO);
  const inner = tile.h * (1 - 2 * PADDING_RATIO);
  const numberLine = font * LINE_HEIGHT;
  const timerLine = timer * LINE_HEIGHT;
  const secondaryLine = secondary * LINE_HEIGHT;
  if (secondary >= p.minFont && numberLine + timerLine + secondaryLine <= inner) return { detail: 'full', secondary, timer };
  if (timer >= p.minFont && numberLine + timerLine <= inner) return { detail: 'compact', secondary, timer };
  return { detail: 'number', secondary, timer };
}

function paramsFrom(input: FitInput): Params {
  const { width, height } = input;
  if (!(width > 0 && height > 0)) throw new RangeError('fitTiles: width and height must be positive');
  const scale = height / KIOSK_BASE.referenceHeight;
  const gap = input.gap ?? Math.max(1, Math.round(KIOSK_BASE.gap * scale));
  const header = input.headerHeight ?? Math.round(KIOSK_BASE.headerHeight * scale);
  const minFont = input.minFontPx ?? Math.round(KIOSK_BASE.minFontPx * scale);
  const aspect = input.aspect ?? DEFAULT_ASPECT;
  const chars = input.numberChars ?? 4;
  if (gap < 0 || header < 0 || header >= height) throw new RangeError('fitTiles: gap or header out of range');
  if (!(minFont > 0)) throw new RangeError('fitTiles: minFontPx must be positive');
  if (!(aspect.min > 0 && aspect.min <= aspect.max)) throw new RangeError('fitTiles: aspect needs 0 < min ≤ max');
  if (!(Number.isInteger(chars) && chars >= 1)) throw new RangeError('fitTiles: numberChars must be a positive integer');
  return {
    areaW: width,
    areaH: height - header,
    gap,
    minFont,
    aspectMin: aspect.min,
    aspectMax: aspect.max,
    numberEm: chars * DIGIT_EM + NUMBER_PAD_EM,
  };
}

function resultFor(best: Best, p: Params, overflow: boolean, perPage: number): FitResult {
  const { tile } = best;
  const d = detailFor(tile, tile.font, p);
  return {
    columns: best.columns,
    rows: best.rows,
    tileWidth: tile.w,
    tileHeight: tile.h,
    gap: p.gap,
    fontPx: tile.font,
    secondaryFontPx: d.secondary,
    timerFontPx: d.timer,
    detail: d.detail,
    minFontPx: p.minFont,
    overflow,
    perPage,
  };
}

/** Columns, rows, tile and type sizes for `count` tiles in the area below the header. */
export function fitTiles(input: FitInput): FitResult {
  const p = paramsFrom(input);
  const { count } = input;
  if (!(Number.isInteger(count) && count >= 0)) throw new RangeError('fitTiles: count must be a non-negative integer');
  if (count === 0) return { ...resultFor(bestGrid(1, p), p, false, 0), columns: 0, rows: 0 };
  const best = bestGrid(count, p);
  if (best.tile.font >= p.minFont) return resultFor(best, p, false, count);
  // overflow: the most tiles that still fit at the minimum (the best font is monotonic in n)
  let lo = 0;
  let hi = count - 1;
  let fit: Best | null = null;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const b = bestGrid(mid, p);
    if (b.tile.font >= p.minFont) {
      lo = mid;
      fit = b;
    } else hi = mid - 1;
  }
  if (lo === 0) throw new RangeError('fitTiles: not even one tile fits at minFontPx');
  return resultFor(fit ?? bestGrid(lo, p), p, true, lo);
}

/**
 * From how far a text of `fontPx` can be read: digits ≈ 0.72 em tall, legible at 5 arc-minutes.
 * `screenHeightMm` defaults to a 65" 16:9 panel (809 mm).
 */
export function legibleDistanceM(fontPx: number, screenHeightPx: number, screenHeightMm = 809): number {
  const digitMm = fontPx * 0.72 * (screenHeightMm / screenHeightPx);
  return digitMm / 1000 / Math.tan((5 / 60) * (Math.PI / 180));
}
