/**
 * The one live pipeline of a corp (ARCHITECTURE "Real time": the panel and the kiosk read one live
 * pipeline, one hub connection per tab, one server-corrected clock). From the hub client's typed
 * events and connection state, injected:
 * - one extension registry actor (one child per extension, STYLE 6) fed by the events;
 * - the live queues, the queue aggregates and the connection health (PBX reachability included);
 * - ONE shared clock in server time: the local clock corrected by the skew seen in the extension
 *   snapshots (a TV whose clock is off shows true call times), ticking every 500 ms.
 * No SignalR, no DOM, no React: the kiosk service (kiosk/live) and the panel (src/features/panel) each
 * make one with the hub client they have and dispose it with their screen.
 * Bounded memory: the registry holds one actor per extension of the corp, the queues one entry per
 * waiting caller; nothing grows with time.
 */
import { createActor } from 'xstate';
import { BehaviorSubject, distinctUntilChanged, filter, map, scan, shareReplay, skip, startWith, asyncScheduler, type Observable, type SchedulerLike, type Subscription } from 'rxjs';
import type { LiveQueue } from '../domain/realtime';
import { changesExtension, type ExtensionActorRef } from '../machines/extension-machine';
import { extensionRegistryMachine, routeToExtension, type ExtensionRegistryRef, type RegistryEvent } from '../machines/extension-registry';
import { clock$ as sharedClock } from './clock';
import { connectionHealth, type ConnectionHealth, type HubConnectionState } from './connection-health';
import { registryEvents } from './extension-inputs';
import type { HubEvent, HubEventOf } from './hub-events';
import { reduceQueues } from './live-queues';
import { queueStats, type QueueStats } from './queue-stats';

/** Below this, a difference between server and local clocks is delivery time, not skew. */
export const SKEW_IGNORE_MS = 2000;

/**
 * Server time − local time, measured at each extension snapshot of the corp (its `ts` is the server's
 * clock when it was sent); differences under SKEW_IGNORE_MS read as 0. Starts at 0.
 */
export function serverSkew(events$: Observable<HubEvent>, corpId: number, localNow: () => number): Observable<number> {
  return events$.pipe(
    filter((event): event is HubEventOf<'AllExtensions'> => event.name === 'AllExtensions' && event.payload.corpId === corpId),
    map((event) => {
      const measured = event.payload.ts - localNow();
      return Math.abs(measured) < SKEW_IGNORE_MS ? 0 : measured;
    }),
    startWith(0),
    distinctUntilChanged(),
  );
}

/** Which extensions the board has (changes only with an extension snapshot, not with each event). */
export interface LiveMembers {
  order: readonly string[];
  extensions: Readonly<Record<string, ExtensionActorRef>>;
}

export interface LiveFeedOptions {
  corpId: number;
  events$: Observable<HubEvent>;
  state$: Observable<HubConnectionState>;
  /** the local wall clock (default Date.now) */
  localNow?: () => number;
  /** the shared clock's scheduler (tests: a virtual one) */
  scheduler?: SchedulerLike;
  clockPeriodMs?: number;
}

export interface LiveFeed {
  corpId: number;
  registry: ExtensionRegistryRef;
  /**
   * The registry's membership as a store, changed only when extensions come or go: a board needs no
   * more (per-extension events go straight to the extension's actor, routeToExtension; an actor sent
   * through the registry would notify the registry's observers on every event).
   */
  members: { get(): LiveMembers; subscribe(onChange: () => void): () => void };
  queues$: Observable<readonly LiveQueue[]>;
  stats$: Observable<QueueStats[]>;
  health$: Observable<ConnectionHealth>;
  /** server-time ms, ticking every 500 ms (one clock for the whole screen) */
  clock$: Observable<number>;
  /** the current server time (local clock corrected by the skew seen in snapshots) */
  now(): number;
  dispose(): void;
}

export function createLiveFeed(options: LiveFeedOptions): LiveFeed {
  const { corpId, events$ } = options;
  const localNow = options.localNow ?? Date.now;
  const subscriptions: Subscription[] = [];
  const registry = createActor(extensionRegistryMachine, { input: { corpId } }).start();
  const members$ = new BehaviorSubject<LiveMembers>({ order: [], extensions: {} });
  const registrySub = registry.subscribe((snapshot) => {
    const { order, extensions } = snapshot.context;
    const current = members$.getValue();
    if (current.order !== order || current.extensions !== extensions) members$.next({ order, extensions });
  });

  const skew = new BehaviorSubject(0);
  subscriptions.push(serverSkew(events$, corpId, localNow).subscribe(skew));
  const now = () => localNow() + skew.getValue();

  const clock$ = sharedClock(options.scheduler ?? asyncScheduler, options.clockPeriodMs).pipe(
    map(() => now()),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  // a call push that would leave its extension as it is (changesExtension) is not sent: the actor would
  // step to an equal snapshot and wake its tile for nothing
  const route = (event: RegistryEvent) => {
    if (event.type !== 'EXTENSIONS' && event.type !== 'SNAPSHOT' && event.corpId === corpId) {
      const ref = registry.getSnapshot().context.extensions[event.number];
      if (ref !== undefined && !changesExtension(ref.getSnapshot(), event)) return;
    }
    routeToExtension(registry, event);
  };
  subscriptions.push(registryEvents(events$, corpId).subscribe(route));

  const queues$ = events$.pipe(
    scan((acc: readonly LiveQueue[], event) => reduceQueues(acc, event, corpId), []),
    startWith([] as readonly LiveQueue[]),
    shareReplay({ bufferSize: 1, refCount: false }),
  );
  subscriptions.push(queues$.subscribe());
  // agents are counted from the registry (kiosk/boards/queue-agents.ts), not in the stats stream
  const stats$ = queueStats(events$, clock$, { corpId }).pipe(shareReplay({ bufferSize: 1, refCount: false }));
  subscriptions.push(stats$.subscribe());
  const health$ = connectionHealth(options.state$, events$, { corpId }).pipe(shareReplay({ bufferSize: 1, refCount: false }));
  subscriptions.push(health$.subscribe());

  return {
    corpId,
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
    dispose() {
      for (const s of subscriptions) s.unsubscribe();
      registrySub.unsubscribe();
      registry.stop();
    },
  };
}
