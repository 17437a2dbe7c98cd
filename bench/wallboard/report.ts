/** Figures and the printed table of the wallboard benchmark. */
import type { RunTargets, TileContent } from './presets';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export interface Summary {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  negative: number;
}

export function summarise(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : NaN;
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    mean,
    negative: sorted.filter((v) => v < 0).length,
  };
}

export const f = (x: number | null | undefined, digits = 1): string => (x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(digits));

export type Met = boolean | null;
export interface Row {
  figure: string;
  measured: string;
  target: string;
  met: Met;
}

export function table(rows: Row[]): string {
  const head = ['figure', 'measured', 'target', 'met?'];
  const cells = rows.map((r) => [r.figure, r.measured, r.target, r.met === null ? (r.target === '' ? '' : 'n/a') : r.met ? 'yes' : 'no']);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => '| ' + c.map((x, i) => (i === 1 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join(' | ') + ' |';
  return [line(head), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...cells.map(line)].join('\n');
}

// ------------------------------------------------------------------ what the tiles show

/** Read from the page's DOM at the end of the window (browser.ts readTileContent). */
export interface TileContentReading {
  /** `dom`: one element per tile (agent-tile.tsx); `canvas`: the densest floors on one canvas (canvas-floor.tsx) */
  drawing: 'dom' | 'canvas' | 'none';
  tiles: number;
  /** DOM tiles with a user-name line, and of those the ones with a name in it */
  nameLines: number;
  namesFilled: number;
  /** DOM tiles with a call-timer line */
  timerLines: number;
  /** a canvas floor's `data-detail` (the auto-fit's reading: full, name-timer, name, compact or number), if the board gives one */
  canvasDetail: string | null;
  /** a canvas floor's `data-shows`: what it draws in every tile, e.g. `number name timer` (tile-canvas.ts floorShows) */
  canvasShows?: string | null;
  /** a canvas floor's `data-drawn-in`: `worker` (its OffscreenCanvas) or `main` (the page's main thread), floor-surface.ts */
  canvasDrawnIn?: string | null;
}

/** Which lines every tile on the board has room for (a name line may be empty: an extension with no user). */
export function tilesShow(r: TileContentReading): { name: boolean; timer: boolean } {
  if (r.tiles === 0) return { name: false, timer: false };
  if (r.drawing === 'canvas') {
    // what the canvas says it draws; a canvas without the attribute draws what its reading holds, the number alone unless it says otherwise
    if (r.canvasShows) {
      const lines = r.canvasShows.split(' ');
      return { name: lines.includes('name'), timer: lines.includes('timer') };
    }
    const d = r.canvasDetail;
    return { name: d === 'full' || d === 'name-timer' || d === 'name', timer: d === 'full' || d === 'name-timer' || d === 'compact' };
  }
  return { name: r.nameLines === r.tiles, timer: r.timerLines === r.tiles };
}

export function describeTiles(r: TileContentReading): string {
  const shows = tilesShow(r);
  const lines = ['number', ...(shows.name ? ['name'] : []), ...(shows.timer ? ['timer'] : [])].join(', ');
  if (r.drawing === 'canvas') return `${lines} (${r.tiles} on a canvas${r.canvasDrawnIn ? ` drawn in ${r.canvasDrawnIn === 'worker' ? 'a worker' : 'the main thread'}` : ''}${r.canvasDetail ? `, detail ${r.canvasDetail}` : ''})`;
  if (r.drawing === 'none') return 'no tiles';
  return `${lines} (${r.tiles} DOM tiles: ${r.nameLines} name lines, ${r.namesFilled} with a name, ${r.timerLines} timers)`;
}

const TILE_TARGET: Record<TileContent, string> = { name: 'number and name', 'name-timer': 'number, name and timer' };

// ------------------------------------------------------------------ the table

export interface RunFigures {
  rate: number;
  load: { perSecond: number; minSecond: number; maxSecond: number };
  /** null: no browser figures (--no-browser, or the page was not ready) */
  browser: {
    seconds: number;
    fps: number;
    latency: Summary;
    longTasks: number;
    longTaskMaxMs: number;
    longTaskObserver: string;
    heapStartBytes: number;
    heapEndBytes: number;
    heapGrowthPct: number;
    jsGzipBytes: number;
    chunks: number;
    tiles: TileContentReading;
  } | null;
}

/** Every figure beside its target: `met` is null where the run has no target for it. */
export function resultRows(t: RunTargets, x: RunFigures): Row[] {
  const rows: Row[] = [
    {
      figure: 'state changes/s (DeviceStateChanged at the hub)',
      measured: `${f(x.load.perSecond, 0)} (${f(x.load.minSecond, 0)}–${f(x.load.maxSecond, 0)} per second)`,
      target: `≈ ${x.rate}`,
      met: x.load.perSecond >= x.rate * t.rateShare,
    },
  ];
  const b = x.browser;
  if (!b) return rows;
  const fpsTarget = t.fpsMetFrom < t.fps ? `${t.fps} (≥ ${t.fpsMetFrom}: the vsync cap)` : `≥ ${t.fps}`;
  const heapNote = t.heapGrowthPct !== null && b.seconds < t.heapWindowS ? ` (over ${f(b.seconds, 0)} s; the target is over ${t.heapWindowS} s)` : '';
  rows.push(
    { figure: 'frames per second', measured: f(b.fps, 1), target: fpsTarget, met: b.fps >= t.fpsMetFrom },
    { figure: 'latency p50, event ts → frame (ms)', measured: f(b.latency.p50, 1), target: '', met: null },
    {
      figure: 'latency p99, event ts → frame (ms)',
      measured: f(b.latency.p99, 1),
      target: t.p99Ms === null ? '' : `< ${t.p99Ms}`,
      met: t.p99Ms !== null && b.latency.n > 0 ? b.latency.p99 < t.p99Ms : null,
    },
  );
  if (t.tiles !== null) {
    const shows = tilesShow(b.tiles);
    rows.push({ figure: 'every tile shows', measured: describeTiles(b.tiles), target: TILE_TARGET[t.tiles], met: shows.name && (t.tiles === 'name' || shows.timer) });
  } else {
    rows.push({ figure: 'every tile shows', measured: describeTiles(b.tiles), target: '', met: null });
  }
  rows.push(
    {
      figure: 'longest main-thread task (ms)',
      // Chromium reports tasks of 50 ms and more; the target is "no task over 50 ms"
      measured: b.longTasks === 0 ? 'none reported (≤ 50)' : `${f(b.longTaskMaxMs, 0)} (${b.longTasks} long tasks)`,
      target: t.longTaskMs === null ? '' : `≤ ${t.longTaskMs}`,
      met: t.longTaskMs !== null && b.longTaskObserver === 'longtask' ? b.longTaskMaxMs <= t.longTaskMs : null,
    },
    { figure: 'JS heap used, start (MB)', measured: f(b.heapStartBytes / 1e6, 2), target: '', met: null },
    { figure: 'JS heap used, end (MB)', measured: f(b.heapEndBytes / 1e6, 2), target: '', met: null },
    {
      figure: `JS heap growth${heapNote}`,
      measured: `${f(b.heapGrowthPct, 1)} %`,
      target: t.heapGrowthPct === null ? '' : `< ${t.heapGrowthPct} %`,
      met: t.heapGrowthPct === null ? null : b.heapGrowthPct < t.heapGrowthPct,
    },
    // what this page loaded, the lazy chunks too (the dense floor's canvas and worker, the fleet chrome, the
    // bench's own probe): more than the route the budget is about, which the kiosk bundle test measures from
    // the build's manifest (tests/kiosk/kiosk-bundle-budget.test.ts), so this row names the budget, not a verdict
    {
      figure: 'kiosk JS this page loaded, gzip -9 (kB)',
      measured: `${f(b.jsGzipBytes / 1000, 1)} (${b.chunks} chunks)`,
      target: `route < ${t.kioskJsGzipKB}: bundle test`,
      met: null,
    },
  );
  return rows;
}

/** `os.loadavg()` as printed at the start and the end of a run */
export const loadAverage = (avg: number[]): string => avg.map((x) => x.toFixed(2)).join(' ');
