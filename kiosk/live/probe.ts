/**
 * What the boards and the kiosk service tell a benchmark (bench/wallboard-bench.ts). A normal run has
 * NO_PROBE; `?bench=1` loads the real one (bench-probe.ts) as a chunk of its own, so a TV downloads none
 * of it.
 */
import type { Observable } from 'rxjs';
import type { HubEvent } from '../../streams/hub-events';

export interface BenchProbe {
  /** a tile now shows the state of the event with server time `ts` */
  shown(ts: number): void;
  /** watches the corp's state changes as the page handles them; returns the unsubscribe */
  observe(events$: Observable<HubEvent>, corpId: number): () => void;
  setReady(ready: boolean): void;
  setTiles(count: number): void;
}

/** The no-op probe of a normal run. */
export const NO_PROBE: BenchProbe = { shown: () => undefined, observe: () => () => undefined, setReady: () => undefined, setTiles: () => undefined };
