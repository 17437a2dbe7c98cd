/**
 * The live side of the Panel: the same live pipeline the kiosk reads (streams/live-feed.ts) over the
 * tab's one hub client: one extension registry actor (one child per extension, STYLE 6), the live
 * queues, the connection and PBX health, and ONE shared clock in server time (the browser's clock
 * corrected by the skew seen in the snapshots) for every timer on the page. Snapshots are asked for on
 * mount (B-PNL-18).
 */
import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { BehaviorSubject, NEVER, of, type Observable } from 'rxjs';
import type { ActiveCall, LiveQueue } from '../../../domain/realtime';
import type { ExtensionRegistryRef } from '../../../machines/extension-registry';
import type { ExtensionActorRef } from '../../../machines/extension-machine';
import type { ConnectionHealth } from '../../../streams/connection-health';
import { createLiveFeed, type LiveFeed } from '../../../streams/live-feed';
import type { HubEvent } from '../../../streams/hub-events';
import { sharedActiveCalls } from '../live/active-calls-source';
import { useLiveCorp } from '../../app/use-live-corp';
import { useHub } from '../../hub';
import { useObservable } from '../../ui/use-observable';

interface PanelLive {
  corpId: number;
  registry: ExtensionRegistryRef;
  queues: readonly LiveQueue[];
  clock: ClockStore;
  health$: Observable<ConnectionHealth>;
  /** the corp's calls in progress (a menu reads whether a call is recorded); subscribed while the panel is open */
  calls$: Observable<ActiveCall[]>;
  /** the feed and the tab's hub events, for the streams a screen builds on them (the queue forecasts, H-FCST-01: panel-forecasts.ts) */
  source: { feed: LiveFeed; events$: Observable<HubEvent> };
}

interface ClockStore {
  subscribe: (onChange: () => void) => () => void;
  now: () => number;
}

const PanelLiveContext = createContext<PanelLive | null>(null);

export function usePanelLive(): PanelLive {
  const value = useContext(PanelLiveContext);
  if (!value) throw new Error('usePanelLive outside PanelLiveProvider');
  return value;
}

/** The corp the panel shows: the level 1 working corp (none without one), else the user's own. */
export function usePanelCorpId(): number | null {
  return useLiveCorp();
}

/** One clock for the page, the feed's server-time clock; subscribers are only the timers that run. */
function clockStore(feed: LiveFeed): ClockStore {
  const now$ = new BehaviorSubject<number>(feed.now());
  let count = 0;
  let sub: { unsubscribe(): void } | null = null;
  return {
    now: () => now$.getValue(),
    subscribe: (onChange) => {
      if (count++ === 0) sub = feed.clock$.subscribe((t) => now$.next(t));
      const inner = now$.subscribe(() => onChange());
      return () => {
        inner.unsubscribe();
        if (--count === 0) {
          sub?.unsubscribe();
          sub = null;
        }
      };
    },
  };
}

const NO_QUEUES: readonly LiveQueue[] = [];

export function PanelLiveProvider({ corpId, children }: { corpId: number; children: ReactNode }) {
  const hub = useHub();
  const [feed, setFeed] = useState<LiveFeed | null>(null);
  useEffect(() => {
    // without a client (signed out a moment) the feed waits, disconnected
    const created = createLiveFeed({ corpId, events$: hub?.events$ ?? NEVER, state$: hub?.state$ ?? of('disconnected' as const) });
    setFeed(created);
    hub?.requestSnapshots('requested');
    return () => {
      created.dispose();
    };
  }, [hub, corpId]);
  const queues = useObservable(feed?.queues$ ?? null, NO_QUEUES);
  const clock = useMemo(() => (feed ? clockStore(feed) : null), [feed]);
  const calls$ = useMemo(() => (hub ? sharedActiveCalls(hub, corpId) : of([] as ActiveCall[])), [hub, corpId]);
  useEffect(() => {
    // the list comes only with changes: listening from the panel's start keeps the latest one at hand
    const sub = calls$.subscribe();
    return () => sub.unsubscribe();
  }, [calls$]);
  const source = useMemo(() => (feed ? { feed, events$: hub?.events$ ?? NEVER } : null), [feed, hub]);
  const value = useMemo(
    () => (feed && clock && source ? { corpId, registry: feed.registry, queues, clock, health$: feed.health$, calls$, source } : null),
    [feed, clock, corpId, queues, calls$, source],
  );
  if (!value) return null;
  return <PanelLiveContext.Provider value={value}>{children}</PanelLiveContext.Provider>;
}

/** Extension numbers on the board, in snapshot order (re-renders only when the list changes). */
export function useExtensionNumbers(): string[] {
  const { registry } = usePanelLive();
  return useSelector(registry, (s) => s.context.order, sameList);
}

export function useExtensionRef(number: string): ExtensionActorRef | undefined {
  const { registry } = usePanelLive();
  return useSelector(registry, (s) => s.context.extensions[number]);
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The status and user name of every extension, for the filters: re-renders only when an extension
 * goes online/offline or is renamed (not on every ring), so a busy board does not redraw the grid.
 */
export function usePresenceRows(numbers: readonly string[]): { number: string; userName: string; status: number }[] {
  const { registry } = usePanelLive();
  const store = useMemo(() => {
    const read = () => {
      const children = registry.getSnapshot().context.extensions;
      return numbers
        .map((n) => {
          const c = children[n]?.getSnapshot().context;
          return `${n}\u0001${c?.userName ?? ''}\u0001${c && c.status !== 0 ? 1 : 0}`;
        })
        .join('\u0002');
    };
    return {
      read,
      subscribe: (onChange: () => void) => {
        const children = registry.getSnapshot().context.extensions;
        const subs = numbers.flatMap((n) => (children[n] ? [children[n].subscribe(onChange)] : []));
        return () => subs.forEach((s) => s.unsubscribe());
      },
    };
  }, [registry, numbers]);
  const key = useSyncExternalStore(store.subscribe, store.read, store.read);
  return useMemo(
    () =>
      key === ''
        ? []
        : key.split('\u0002').map((row) => {
            const [number, userName, online] = row.split('\u0001');
            return { number, userName, status: Number(online) };
          }),
    [key],
  );
}

/** Now, from the page's one clock; only call it where a timer runs. */
export function useNow(): number {
  const { clock } = usePanelLive();
  return useSyncExternalStore(clock.subscribe, clock.now, clock.now);
}

/** The connection and PBX health of the panel's feed (LIVE, reconnecting, PBX unreachable) and whether its data is stale. */
export function usePanelHealth(): ConnectionHealth {
  const { health$ } = usePanelLive();
  return useObservable(health$, INITIAL_HEALTH);
}

const INITIAL_HEALTH: ConnectionHealth = { state: 'reconnecting', stale: false, asOf: null };
