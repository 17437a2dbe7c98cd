/**
 * The kiosk service (STYLE 11 "one kiosk service read by one hook"): everything live a TV screen
 * needs, made once per session and disposed with it.
 * - the hub connection (src/hub/hub-client: one per tab, never gives up), its token read from the
 *   kiosk session at every negotiate; a reconnect asks the session to check its key at once, so a
 *   revoked screen (the server closes its connection) shows "revoked" within seconds;
 * - one extension registry actor (one child per extension, STYLE 6) fed by the hub's typed events;
 * - the live queues and the queue aggregates (streams/), and the connection health;
 * - ONE shared clock (500 ms) in server time: every timer is painted from it by one timer painter,
 *   no interval and no render per tile.
 * Bounded memory: the registry holds one actor per extension of the corp, the queues one entry per
 * waiting caller, the painter one entry per mounted timer; nothing grows with time.
 */
import { createActor } from 'xstate';
import { BehaviorSubject, map, scan, shareReplay, skip, startWith, type Observable, type Subscription } from 'rxjs';
import type { LiveQueue } from '../../domain/realtime';
import type { ExtensionActorRef } from '../../machines/extension-machine';
import { extensionRegistryMachine, type ExtensionRegistryRef } from '../../machines/extension-registry';
import { clock$ as sharedClock } from '../../streams/clock';
import { connectionHealth, type ConnectionHealth } from '../../streams/connection-health';
import { registryEvents } from '../../streams/extension-inputs';
import { reduceQueues } from '../../streams/live-queues';
import { queueStats, type QueueStats } from '../../streams/queue-stats';
import { createHubClient, type HubClient } from '../../src/hub/hub-client';
import { NO_PROBE, type BenchProbe } from './bench-probe';
import { createTimerPainter, type TimerPainter } from './timer-painter';

/** Below this, a difference between server and TV clocks is delivery time, not skew. */
const SKEW_IGNORE_MS = 2000;

/** Which extensions the board has (changes only with an extension snapshot, not with each event). */
export interface KioskMembers {
  order: readonly string[];
  extensions: Readonly<Record<string, ExtensionActorRef>>;
}

export interface KioskLive {
  corpId: number;
  hub: HubClient;
  registry: ExtensionRegistryRef;
  /**
   * The registry's membership as a store: the registry actor notifies its observers on every event
   * it routes (500 a second on a busy floor); the board only needs to know when extensions come or go.
   */
  members: { get(): KioskMembers; subscribe(onChange: () => void): () => void };
  queues$: Observable<readonly LiveQueue[]>;
  stats$: Observable<QueueStats[]>;
  health$: Observable<ConnectionHealth>;
  /** server-time ms, ticking every 500 ms (one clock for the whole screen) */
  clock$: Observable<number>;
  /** the current server time (TV clock corrected by the skew seen in snapshots) */
  now(): number;
  painter: TimerPainter;
  probe: BenchProbe;
  dispose(): Promise<void>;
}

export interface KioskLiveOptions {
  corpId: number;
  /** the current kiosk token (read at every negotiate) */
  token: () => string | null;
  /** the connection was lost: the session should check its key now */
  onConnectionLost?: () => void;
  probe?: BenchProbe;
}

export function createKioskLive(options: KioskLiveOptions): KioskLive {
  const { corpId } = options;
  const hub = createHubClient({ accessToken: options.token, corpId: () => corpId });
  const registry = createActor(extensionRegistryMachine, { input: { corpId } }).start();
  const subscriptions: Subscription[] = [];
  const members$ = new BehaviorSubject<KioskMembers>({ order: [], extensions: {} });
  const registrySub = registry.subscribe((snapshot) => {
    const { order, extensions } = snapshot.context;
    const current = members$.getValue();
    if (current.order !== order || current.extensions !== extensions) members$.next({ order, extensions });
  });

  // server time = TV time + skew, the skew measured at each extension snapshot
  const skew = new BehaviorSubject(0);
  const now = () => Date.now() + skew.getValue();
  subscriptions.push(
    hub.events$.subscribe((event) => {
      if (event.name !== 'AllExtensions' || event.payload.corpId !== corpId) return;
      const measured = event.payload.ts - Date.now();
      skew.next(Math.abs(measured) < SKEW_IGNORE_MS ? 0 : measured);
    }),
  );

  const clock$ = sharedClock().pipe(
    map(() => now()),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  const painter = createTimerPainter();
  subscriptions.push(clock$.subscribe((t) => painter.paint(t)));
  subscriptions.push(registryEvents(hub.events$, corpId).subscribe((event) => registry.send(event)));

  const queues$ = hub.events$.pipe(
    scan((acc: readonly LiveQueue[], event) => reduceQueues(acc, event, corpId), []),
    startWith([] as readonly LiveQueue[]),
    shareReplay({ bufferSize: 1, refCount: false }),
  );
  subscriptions.push(queues$.subscribe());
  // the registry runs the extension machines already: the stats stream does not run them again
  const stats$ = queueStats(hub.events$, clock$, { corpId, trackAgents: false }).pipe(shareReplay({ bufferSize: 1, refCount: false }));
  subscriptions.push(stats$.subscribe());
  const health$ = connectionHealth(hub.state$, hub.events$, { corpId }).pipe(shareReplay({ bufferSize: 1, refCount: false }));
  subscriptions.push(health$.subscribe());
  subscriptions.push(
    hub.state$.subscribe((state) => {
      if (state === 'reconnecting') options.onConnectionLost?.();
    }),
  );

  return {
    corpId,
    hub,
    registry,
    members: {
      get: () => members$.getValue(),
      subscribe: (onChange) => {
        const sub = members$.pipe(skip(1)).subscribe(() => onChange());
        return () => sub.unsubscribe();
      },
    },
    queues$,
    stats$,
    health$,
    clock$,
    now,
    painter,
    probe: options.probe ?? NO_PROBE,
    async dispose() {
      for (const s of subscriptions) s.unsubscribe();
      registrySub.unsubscribe();
      registry.stop();
      await hub.dispose();
    },
  };
}
