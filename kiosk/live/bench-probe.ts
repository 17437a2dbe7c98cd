/**
 * The benchmark's window into the page (`?bench=1`, bench/wallboard-bench.ts): `window.__kioskBench`
 * = { ready, tiles, drain() }. A tile that shows a new status reports the server timestamp of the
 * event that caused it; at the next animation frame (the frame that shows it) the probe records
 * Date.now() − ts. Latencies are drained by the harness every second, so the buffer stays small; it is
 * capped anyway (MAX_PENDING) in case nobody drains.
 */
export interface KioskBenchApi {
  ready: boolean;
  tiles: number;
  drain(): number[];
}

export interface BenchProbe {
  /** a tile now shows the state of the event with server time `ts` */
  shown(ts: number): void;
  setReady(ready: boolean): void;
  setTiles(count: number): void;
}

const MAX_PENDING = 100_000;

declare global {
  interface Window {
    __kioskBench?: KioskBenchApi;
  }
}

export function installBenchProbe(target: Window = window): BenchProbe {
  const done: number[] = [];
  let waiting: number[] = [];
  let frameRequested = false;
  const api: KioskBenchApi = {
    ready: false,
    tiles: 0,
    drain: () => done.splice(0, done.length),
  };
  target.__kioskBench = api;
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
    setReady: (ready) => {
      api.ready = ready;
    },
    setTiles: (count) => {
      api.tiles = count;
    },
  };
}

/** The no-op probe of a normal run. */
export const NO_PROBE: BenchProbe = { shown: () => undefined, setReady: () => undefined, setTiles: () => undefined };
