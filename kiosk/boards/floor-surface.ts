/**
 * Where the dense floor is drawn (canvas-floor.tsx): in a worker on the canvas's OffscreenCanvas where
 * the browser can (every Chromium since 69, Firefox 105, Safari 17), on the page's main thread
 * otherwise. Either way the page keeps the feed (tile-canvas.ts): the extensions' actors and the timers
 * are the page's; only the drawing moves.
 *
 * A canvas hands its drawing to a worker once and for good (`transferControlToOffscreen`), so the
 * surface owns its canvas: made with the surface, dropped with it (React's strict mode mounts a board
 * twice; each mount gets its own canvas and worker).
 */
import type { ExtensionSnapshot } from '../../machines/extension-machine';
import type { BenchProbe } from '../live/probe';
import { floorSize } from './floor-drawer';
import type { FromFloorWorker, ToFloorWorker } from './floor-protocol';
import { createCanvasFloor, createFloorFeed, floorDrawsTimers, type FloorOptions } from './tile-canvas';

/** A floor's tiles and how they look: the main thread's floor options, less its frame. */
export type FloorSetup = Omit<FloorOptions, 'frame'> & { count: number };

/** One floor on the surface: its tiles are painted from their extensions' snapshots. */
export interface SurfaceFloor {
  paint(index: number, number: string, snapshot: ExtensionSnapshot): void;
  /** sends or draws the first drawing now (after every tile's first paint) */
  flush(): void;
  dispose(): void;
}

export interface FloorSurface {
  readonly canvas: HTMLCanvasElement;
  /** `worker` or `main`: where this surface draws (the canvas's `data-drawn-in`) */
  readonly drawnIn: 'worker' | 'main';
  /** a new floor on the canvas, sized for `setup` (the previous one is disposed by its owner first) */
  open(setup: FloorSetup): SurfaceFloor;
  /** stops the worker; the canvas is the caller's to remove */
  close(): void;
}

const offscreenInWorkers = (): boolean =>
  typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function';

const deviceSize = (setup: FloorSetup) => {
  const size = floorSize(setup.count, setup.fit);
  return { width: Math.round(size.width * setup.pixelRatio), height: Math.round(size.height * setup.pixelRatio) };
};

/** The floor drawn beside the feed, on the page's main thread. */
function mainSurface(canvas: HTMLCanvasElement): FloorSurface {
  return {
    canvas,
    drawnIn: 'main',
    open(setup) {
      const { width, height } = deviceSize(setup);
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('kiosk: the floor canvas has no 2D context');
      return createCanvasFloor(context, setup.count, setup);
    },
    close: () => undefined,
  };
}

/** The floor drawn in a worker; the feed sends it each task's changes. `failed`: the worker could not draw (logged). */
function workerSurface(canvas: HTMLCanvasElement, failed: () => void): FloorSurface {
  const worker = new Worker(new URL('./floor-worker.ts', import.meta.url), { type: 'module', name: 'kiosk-floor' });
  const post = (message: ToFloorWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  const offscreen = canvas.transferControlToOffscreen();
  post({ type: 'canvas', canvas: offscreen }, [offscreen]);
  let probe: BenchProbe | null = null;
  worker.onmessage = (event: MessageEvent<FromFloorWorker>) => {
    const message = event.data;
    if (message.type === 'drawn') return void probe?.drawn?.(message.shown, message.at);
    console.error(`kiosk: the floor's worker failed: ${message.message}`);
    failed();
  };
  // a worker that does not load (its chunk gone after a deploy, a policy) or throws
  worker.onerror = (event) => {
    console.error(`kiosk: the floor's worker failed: ${event.message}`);
    failed();
  };
  return {
    canvas,
    drawnIn: 'worker',
    open(setup) {
      const report = setup.probe.floor?.measuring ?? false;
      probe = report ? setup.probe : null;
      post({
        type: 'layout',
        count: setup.count,
        fit: setup.fit,
        colours: setup.colours,
        fontFamily: setup.fontFamily,
        pixelRatio: setup.pixelRatio,
        ...deviceSize(setup),
        withTimer: floorDrawsTimers(setup.fit, setup.painter),
        report,
        slowdown: setup.probe.floor?.workerSlowdown ?? 1,
      });
      const feed = createFloorFeed({ fit: setup.fit, painter: setup.painter, now: setup.now, send: (changes) => post({ type: 'changes', changes }), batch: 'task', carryShown: report });
      return { paint: feed.paint, flush: () => undefined, dispose: feed.dispose };
    },
    close: () => worker.terminate(),
  };
}

/**
 * A surface on a new canvas: in a worker where the browser can, the bench did not ask for the main
 * thread and no worker failed before (`onMainThread`); `failed` is called when the worker cannot draw,
 * so that the board makes a main-thread surface instead (a wall must not stay blank for days).
 */
export function createFloorSurface(probe: BenchProbe, options: { onMainThread: boolean; failed: () => void }): FloorSurface {
  const canvas = document.createElement('canvas');
  return offscreenInWorkers() && !options.onMainThread && !probe.floor?.onMainThread ? workerSurface(canvas, options.failed) : mainSurface(canvas);
}
