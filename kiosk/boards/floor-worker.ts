/**
 * The floor's worker: draws the dense floor on its OffscreenCanvas (floor-drawer.ts), off the page's
 * main thread. Why: on a cheap TV's CPU (bench:wallboard --preset cheap-500, 4× slower) the main thread
 * was busy about 95 % of the time, and the canvas's drawing and the copy of its bitmap for the
 * compositor at every frame (`Canvas2DResourceProvider::ProduceCanvasResource`, 10 % alone) queued
 * the hub's records behind them; a TV's SoC has four cores. The worker's frames go to the compositor
 * without the main thread.
 */
import { createFloorDrawer, type FloorContext, type FloorDrawer } from './floor-drawer';
import type { FloorLayout, FromFloorWorker, ToFloorWorker } from './floor-protocol';

/** The part of a dedicated worker's global scope used here (the project's types are the DOM's). */
interface FloorWorkerScope {
  onmessage: ((event: MessageEvent<ToFloorWorker>) => void) | null;
  postMessage(message: FromFloorWorker): void;
  requestAnimationFrame(callback: () => void): number;
}
const scope = self as unknown as FloorWorkerScope;

let canvas: OffscreenCanvas | null = null;
let drawer: FloorDrawer | null = null;
let layout: FloorLayout | null = null;
/** the floor's first changes after a layout are drawn at once, as the page's floor draws its first (no blank frame) */
let firstDrawing = false;
/** the bench's slower CPU (FloorLayout.slowdown): the worker draws nothing before this time */
let restUntil = 0;
/** when the task that is drawing began (a frame, or the message of a first drawing) */
let taskStarted = 0;

const rest = (started: number) => {
  const slowdown = layout?.slowdown ?? 1;
  if (slowdown > 1) restUntil = Math.max(restUntil, performance.now() + (slowdown - 1) * (performance.now() - started));
};

const frame = (draw: () => void) => {
  const tick = () => {
    if (performance.now() < restUntil) return void scope.requestAnimationFrame(tick);
    taskStarted = performance.now();
    draw();
    rest(taskStarted);
  };
  scope.requestAnimationFrame(tick);
};

function open(next: FloorLayout): void {
  if (!canvas) return;
  drawer?.dispose();
  layout = next;
  // resizing clears the canvas; the drawer clears it again and draws every tile from the page's first changes
  canvas.width = next.width;
  canvas.height = next.height;
  const context = canvas.getContext('2d');
  if (!context) {
    scope.postMessage({ type: 'failed', message: 'no 2D context on the OffscreenCanvas' });
    return;
  }
  drawer = createFloorDrawer(context as unknown as FloorContext, next.count, {
    fit: next.fit,
    colours: next.colours,
    fontFamily: next.fontFamily,
    pixelRatio: next.pixelRatio,
    withTimer: next.withTimer,
    frame,
    // when the frame is on its way to the screen: now, or with the bench's slower CPU, when that core
    // would have finished drawing it
    drawn: next.report ? (shown) => scope.postMessage({ type: 'drawn', at: Date.now() + (next.slowdown - 1) * (performance.now() - taskStarted), shown }) : undefined,
  });
  firstDrawing = true;
}

scope.onmessage = (event) => {
  taskStarted = performance.now();
  const message = event.data;
  try {
    if (message.type === 'canvas') canvas = message.canvas;
    else if (message.type === 'layout') open(message);
    else if (message.type === 'changes' && drawer) {
      drawer.update(message.changes);
      if (firstDrawing) {
        firstDrawing = false;
        drawer.flush();
      }
    }
  } catch (error) {
    scope.postMessage({ type: 'failed', message: String(error) });
  }
  rest(taskStarted);
};
