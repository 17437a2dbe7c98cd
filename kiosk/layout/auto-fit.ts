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
 * Named dense floors (`names: true`, H-PERF-01 H-PERF-02): where `full` does not fit, a floor that asks
 * for names gets the densest reading that still names each tile's user, on its own grid:
 * `name-timer` (the number with the call timer at its right, the name on a second line) or else `name`
 * (the number, the name below); only when neither fits does it fall back to `compact` or `number`.
 * The number keeps its minimum (`minFontPx`); the name and the timer have a smaller one,
 * `nameMinFontPx`: at least 12 px and at least half the number's minimum (12 px at 1080p, 14 at 4K),
 * because they are read from nearer, by a supervisor walking the rows, while the number and the tile's
 * colour are read across the floor. Distances on a 65" panel (`legibleDistanceM`): a 12 px name at
 * 1080p about 4.4 m, a 14 px name at 2160p about 2.5 m; the number at its minimum about 5 m either way.
 * What that gives (the Agents board's area, about 1920×1000 and 3840×2050): 500 tiles at 1080p show
 * number (20 px, 7 m), timer and name (12 px) on a 20×25 grid, where the number alone would get 26 px;
 * 2,000 tiles at 4K show number (27 px, the scaled minimum, 5 m) and name (14 px) on a 53×38 grid,
 * where the number alone got 30 px; 2,000 at 1080p cannot name a tile (22 px high tiles) and stay `number`.
 * The dense tile is drawn by the canvas floor (kiosk/boards/tile-canvas.ts) to the geometry of
 * `DENSE_TILE` below: tighter than the DOM tile's (no padding around the number, lines of 1.0 and
 * 1.15 em), which is what lets the name fit under a number at its minimum. A floor drawn in the dense
 * readings only (the canvas, which draws neither the icon nor the other party) passes `full: false`.
 *
 * Monotonic by construction: the font of a grid depends only on the tile size, the tile size only on
 * columns, rows and the fixed gap, and a grid that holds n + 1 tiles also holds n; so the best font for
 * n + 1 tiles is never larger than for n. With `names`, each reading is chosen the same way (the grid
 * with the largest number that holds that reading), so more tiles never show more lines, and at the
 * same reading never a larger number; the number may grow where a line is dropped (on the 1080p board,
 * 721 tiles lose the timer that 720 have and get a 22 px number instead of 13).
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
  /** where `full` does not fit, prefer a dense reading with the user's name (`name-timer`, `name`); default false */
  names?: boolean;
  /** smallest name and timer size of those readings; default max(12, minFontPx / 2) (see above) */
  nameMinFontPx?: number;
  /** whether a tile may show every line (`full`: the DOM tile with icon and other party); default true; false for a floor drawn in the dense readings (the canvas) */
  full?: boolean;
}

export type TileDetail = 'full' | 'name-timer' | 'name' | 'compact' | 'number';

/** The tile shows its user's name (a line of its own). */
export const showsName = (detail: TileDetail): boolean => detail === 'full' || detail === 'name-timer' || detail === 'name';
/** The tile shows its call timer. */
export const showsTimer = (detail: TileDetail): boolean => detail === 'full' || detail === 'name-timer' || detail === 'compact';
/** The dense readings, drawn to `DENSE_TILE` (kiosk/boards/tile-canvas.ts). */
export const isDense = (detail: TileDetail): boolean => detail === 'name-timer' || detail === 'name';

/**
 * The dense tile's geometry (the canvas draws to it): paddings as shares of the tile's sides, the
 * number's line (digits have no descender: 1.0 em holds their 0.73 em with room), the name's line
 * (ascenders and descenders), the timer's characters (mm:ss; an hour's h:mm:ss is narrowed to the
 * same room) and gap after the number, and the fewest characters of a name worth a line.
 */
export const DENSE_TILE = {
  padXRatio: 0.05,
  padXMinPx: 3,
  padYRatio: 0.04,
  padYMinPx: 1,
  numberLineEm: 1,
  nameLineEm: 1.15,
  timerChars: 5,
  timerGapEm: 0.3,
  nameMinChars: 5,
} as const;

/** The dense tile's paddings, px. */
export function densePadding(tileWidth: number, tileHeight: number): { x: number; y: number } {
  return {
    x: Math.max(DENSE_TILE.padXMinPx, Math.round(tileWidth * DENSE_TILE.padXRatio)),
    y: Math.max(DENSE_TILE.padYMinPx, Math.round(tileHeight * DENSE_TILE.padYRatio)),
  };
}

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
  /** which lines the tile shows (each only when its size ≥ minFontPx; a dense reading's name and timer ≥ nameMinFontPx) */
  detail: TileDetail;
  /** the minimum used, px */
  minFontPx: number;
  /** the dense readings' name and timer minimum, px */
  nameMinFontPx: number;
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
  chars: number;
  names: boolean;
  nameMin: number;
  full: boolean;
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

/** The grids worth trying for n tiles: each row count once, with the fewest columns that give it (more columns only narrow the tiles). */
function* candidateGrids(n: number): Generator<{ columns: number; rows: number }> {
  for (let columns = 1; columns <= n; columns++) {
    const rows = Math.ceil(n / columns);
    if (columns > 1 && Math.ceil(n / (columns - 1)) === rows) continue;
    yield { columns, rows };
  }
}

/** Whether `candidate` beats `best`: the larger main number; ties → larger tile, then fewer empty cells. */
function beats(candidate: Best, best: Best | null): boolean {
  if (best === null) return true;
  const a = candidate.tile;
  const b = best.tile;
  if (a.font !== b.font) return a.font > b.font;
  if (a.w * a.h !== b.w * b.h) return a.w * a.h > b.w * b.h;
  return candidate.columns * candidate.rows < best.columns * best.rows;
}

/** The grid with the largest main number for n tiles (ties as `beats`). */
function bestGrid(n: number, p: Params): Best {
  let best: Best | null = null;
  for (const { columns, rows } of candidateGrids(n)) {
    const candidate = { columns, rows, tile: tileFor(columns, rows, p) };
    if (beats(candidate, best)) best = candidate;
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
  if (p.full && secondary >= p.minFont && numberLine + timerLine + secondaryLine <= inner) return { detail: 'full', secondary, timer };
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
  const nameMin = input.nameMinFontPx ?? Math.max(12, Math.round(minFont / 2));
  if (!(nameMin > 0)) throw new RangeError('fitTiles: nameMinFontPx must be positive');
  return {
    areaW: width,
    areaH: height - header,
    gap,
    minFont,
    aspectMin: aspect.min,
    aspectMax: aspect.max,
    numberEm: chars * DIGIT_EM + NUMBER_PAD_EM,
    chars,
    names: input.names ?? false,
    nameMin,
    full: input.full ?? true,
  };
}

type DenseDetail = 'name-timer' | 'name';

/** The dense reading's name (and timer) size for a number of `font` px: half the number, not under the minimum. */
const denseNameFont = (font: number, p: Params) => Math.max(p.nameMin, Math.floor(font * SECONDARY_RATIO));

/** Whether a dense tile of w × h holds the number at `font` and the reading's other lines (monotonic: true for a font, true for every smaller one). */
function denseFits(w: number, h: number, font: number, detail: DenseDetail, p: Params): boolean {
  const name = denseNameFont(font, p);
  const pad = densePadding(w, h);
  const innerW = w - 2 * pad.x;
  const innerH = h - 2 * pad.y;
  const numberW = p.chars * DIGIT_EM * font;
  if (font * DENSE_TILE.numberLineEm + name * DENSE_TILE.nameLineEm > innerH) return false;
  if (numberW > innerW || DENSE_TILE.nameMinChars * DIGIT_EM * name > innerW) return false;
  if (detail === 'name-timer' && numberW + (DENSE_TILE.timerGapEm + DENSE_TILE.timerChars * DIGIT_EM) * name > innerW) return false;
  return true;
}

/** The largest font ≤ `cap` for which `fits` holds, 0 when none (binary search: `fits` holds for a font, it holds for every smaller one). */
function largestFont(cap: number, fits: (font: number) => boolean): number {
  let lo = 0;
  let hi = Math.max(0, Math.floor(cap));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The largest number a dense tile of w × h holds with the reading's lines; 0 when none. */
const denseFont = (w: number, h: number, detail: DenseDetail, p: Params): number =>
  largestFont(Math.min(h, w / (p.chars * DIGIT_EM)), (font) => denseFits(w, h, font, detail, p));

/**
 * The largest number a tile of w × h shows with every line (`full`), 0 when none: the number may be
 * smaller than the tile allows (fontFor), so that the lines fit under it, but not so small that the
 * name (half the number) falls under the minimum.
 */
function fullFont(w: number, h: number, p: Params): number {
  const font = largestFont(fontFor(w, h, p), (f) => {
    const secondary = Math.floor(f * SECONDARY_RATIO);
    const timer = Math.floor(f * TIMER_RATIO);
    return (f + timer + secondary) * LINE_HEIGHT <= h * (1 - 2 * PADDING_RATIO) || f === 0;
  });
  return Math.floor(font * SECONDARY_RATIO) >= p.minFont ? font : 0;
}

/** The grid with the largest number among those whose tile holds a reading (`fontOf` > 0 and ≥ the minimum); ties as bestGrid's; null when none. */
function bestGridFor(n: number, p: Params, fontOf: (w: number, h: number) => number): Best | null {
  let best: Best | null = null;
  for (const { columns, rows } of candidateGrids(n)) {
    const shape = tileFor(columns, rows, p);
    if (shape.w === 0) continue;
    const candidate = { columns, rows, tile: { ...shape, font: fontOf(shape.w, shape.h) } };
    if (candidate.tile.font < p.minFont) continue;
    if (beats(candidate, best)) best = candidate;
  }
  return best;
}

function denseResult(best: Best, detail: DenseDetail, p: Params, perPage: number): FitResult {
  const { tile } = best;
  const name = denseNameFont(tile.font, p);
  return {
    columns: best.columns,
    rows: best.rows,
    tileWidth: tile.w,
    tileHeight: tile.h,
    gap: p.gap,
    fontPx: tile.font,
    secondaryFontPx: name,
    timerFontPx: name,
    detail,
    minFontPx: p.minFont,
    nameMinFontPx: p.nameMin,
    overflow: false,
    perPage,
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
    nameMinFontPx: p.nameMin,
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
  const byNumber = best.tile.font >= p.minFont ? resultFor(best, p, false, count) : null;
  if (byNumber && (byNumber.detail === 'full' || !p.names)) return byNumber;
  if (p.names) {
    // each reading on its own best grid, the most lines first (see "Monotonic" above)
    const full = p.full ? bestGridFor(count, p, (w, h) => fullFont(w, h, p)) : null;
    if (full) return resultFor(full, p, false, count);
    for (const detail of ['name-timer', 'name'] as const) {
      const dense = bestGridFor(count, p, (w, h) => denseFont(w, h, detail, p));
      if (dense) return denseResult(dense, detail, p, count);
    }
    if (byNumber) return byNumber;
  }
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
