/**
 * What the boards and the kiosk service tell a benchmark (bench/wallboard-bench.ts). A normal run has
 * NO_PROBE; `?bench=1` loads the real one (bench-probe.ts) as a chunk of its own, so a TV downloads none
 * of it.
 */
import type { Observable } from 'rxjs';
import type { HubEvent } from '../../streams/hub-events';

export interface BenchProbe {
  /** a tile now shows the state of the event with server time `ts` (drawn at the page's next frame) */
  shown(ts: number): void;
  /** tiles drawn elsewhere (the floor's worker) in a frame at `at` (Date.now()) show the events of server times `ts` */
  drawn?(ts: readonly number[], at: number): void;
  /**
   * How the benchmark wants the dense floor drawn (boards/floor-surface.ts): `measuring`, the worker
   * tells back what each frame drew; `onMainThread`, not in a worker (the A/B); `workerSlowdown`, the
   * page's CPU throttle, which DevTools applies to the main thread only, applied by the worker to itself.
   * Absent (a normal run, NO_PROBE, kept small as the kiosk route is): in the worker, not measured.
   */
  readonly floor?: { measuring: boolean; onMainThread: boolean; workerSlowdown: number };
  /** watches the corp's state changes as the page handles them; returns the unsubscribe */
  observe(events$: Observable<HubEvent>, corpId: number): () => void;
  setReady(ready: boolean): void;
  setTiles(count: number): void;
}

/** The no-op probe of a normal run. */
const nothing = () => undefined;
export const NO_PROBE: BenchProbe = {
  shown: nothing,
  observe: () => nothing,
  setReady: nothing,
  setTiles: nothing,
};
