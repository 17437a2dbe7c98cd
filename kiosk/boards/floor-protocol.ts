/**
 * The messages between the page and the floor's worker (floor-worker.ts, floor-surface.ts). The page
 * sends the canvas once, a layout each time the floor's tiles or fit change, then the tiles' changes
 * (one message per task); the worker tells back which events' changes a frame drew, when a benchmark
 * asks it to.
 */
import type { FitResult } from '../layout/auto-fit';
import type { StatusColours, TileChange } from './floor-drawer';

export interface FloorLayout {
  count: number;
  fit: FitResult;
  colours: StatusColours;
  fontFamily: string;
  pixelRatio: number;
  /** the canvas's size in device pixels */
  width: number;
  height: number;
  withTimer: boolean;
  /** tell back the events each frame drew (bench:wallboard) */
  report: boolean;
  /**
   * bench:wallboard's slower CPU for the worker: DevTools' CPU throttling slows the page's main thread
   * only ("only supported for pages, not workers"), so the worker rests `slowdown − 1` times as long as
   * each of its tasks took, drawing nothing meanwhile, as a core that many times slower would. 1: none.
   */
  slowdown: number;
}

export type ToFloorWorker =
  | { type: 'canvas'; canvas: OffscreenCanvas }
  | ({ type: 'layout' } & FloorLayout)
  | { type: 'changes'; changes: TileChange[] };

export type FromFloorWorker =
  /** the frame drawn at `at` (Date.now()) showed the events of server times `shown` */
  | { type: 'drawn'; at: number; shown: number[] }
  | { type: 'failed'; message: string };
