/**
 * The benchmark's window into the page (`?bench=1`, bench/wallboard-bench.ts): `window.__kioskBench`
 * = { ready, tiles, drain(), drainHandled() }. A tile that shows a new status reports the server
 * timestamp of the event that caused it; at the next animation frame (the frame that shows it) the probe
 * records Date.now() − ts. So that a slow p99 says where it was lost, the page also records when it
 * handled each state change (the hub connection parsed it and the live feed stepped the extension):
 * Date.now() − ts there is the server's and the network's part plus the wait for the main thread, and
 * the rest, to the frame, is drawing. Latencies are drained by the harness every second, so the buffers
 * stay small; they are capped anyway (MAX_PENDING) in case nobody drains. A chunk of its own: only
 * `?bench=1` loads it (kiosk-app.tsx).
 *
 * The dense floor is drawn in a worker (boards/floor-surface.ts), which tells the time of the frame that
 * drew each change (`drawn`). Two more settings, for the harness: `bench-slowdown=N`, the page's CPU
 * throttle, which the worker applies to itself (DevTools throttles the main thread only), and
 * `bench-floor=main`, the floor drawn on the main thread as before the worker (the A/B).
 */
import type { Observable } from 'rxjs';
import type { HubEvent } from '../../streams/hub-events';
import type { BenchProbe } from './probe';

export interface KioskBenchApi {
  ready: boolean;
  tiles: number;
  drain(): number[];
  /** event ts → handled by the page, since the last call */
  drainHandled(): number[];
}

const MAX_PENDING = 100_000;

declare global {
  interface Window {
    __kioskBench?: KioskBenchApi;
  }
}

export function installBenchProbe(target: Window = window): BenchProbe {
  const done: number[] = [];
  const handled: number[] = [];
  let waiting: number[] = [];
  let frameRequested = false;
  const api: KioskBenchApi = {
    ready: false,
    tiles: 0,
    drain: () => done.splice(0, done.length),
    drainHandled: () => handled.splice(0, handled.length),
  };
  target.__kioskBench = api;
  const query = new URLSearchParams(target.location.search);
  const slowdown = Number(query.get('bench-slowdown') ?? '1');
  const floor = { measuring: true, onMainThread: query.get('bench-floor') === 'main', workerSlowdown: Number.isFinite(slowdown) && slowdown >= 1 ? slowdown : 1 };
  const onFrame = () => {
    frameRequested = false;
    const now = Date.now();
    for (const ts of waiting) if (done.length < MAX_PENDING) done.push(now - ts);
    waiting = [];
  };
  return {
    shown(ts) {
      if (waiting.length < MAX_PENDING) waiting.push(ts);
      if (!frameRequested) {
        frameRequested = true;
        target.requestAnimationFrame(onFrame);
      }
    },
    drawn(ts, at) {
      for (const t of ts) if (done.length < MAX_PENDING) done.push(at - t);
    },
    floor,
    // subscribed after the live feed, so a push has stepped its extension when this sees it
    observe(events$: Observable<HubEvent>, corpId: number) {
      const subscription = events$.subscribe((event) => {
        if (event.name === 'DeviceStateChanged' && event.payload.corpId === corpId && handled.length < MAX_PENDING) handled.push(Date.now() - event.payload.ts);
      });
      return () => subscription.unsubscribe();
    },
    setReady: (ready) => {
      api.ready = ready;
    },
    setTiles: (count) => {
      api.tiles = count;
    },
  };
}

