/**
 * The live side of the Panel: one extension registry actor (one child per extension, STYLE 6), the
 * live queues, and ONE shared clock (streams/clock.ts, 500 ms) for every timer on the page. Fed from
 * the hub client's typed events; snapshots are asked for on mount (B-PNL-18).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { BehaviorSubject, scan } from 'rxjs';
import type { LiveQueue } from '../../../domain/realtime';
import { extensionRegistryMachine, type ExtensionRegistryRef } from '../../../machines/extension-registry';
import type { ExtensionActorRef } from '../../../machines/extension-machine';
import { clock$ } from '../../../streams/clock';
import { registryEvents } from '../../../streams/extension-inputs';
import { useSession } from '../../app/session';
import { useHub } from '../../hub';
import { reduceQueues } from '../../../streams/live-queues';

interface PanelLive {
  corpId: number;
  registry: ExtensionRegistryRef;
  queues: readonly LiveQueue[];
  clock: ClockStore;
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

/** The corp the panel shows: the level 1 working corp, else the user's own. */
export function usePanelCorpId(): number | null {
  const { user, workingCorp } = useSession();
  return user ? (workingCorp?.id ?? user.corpId) : null;
}

/** One clock for the page; subscribers are only the timers that run. */
function useClockStore(): ClockStore {
  return useMemo(() => {
    const now$ = new BehaviorSubject<number>(Date.now());
    const source = clock$();
    let count = 0;
    let sub: { unsubscribe(): void } | null = null;
    return {
      now: () => now$.getValue(),
      subscribe: (onChange) => {
        if (count++ === 0) sub = source.subscribe((t) => now$.next(t));
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
  }, []);
}

export function PanelLiveProvider({ corpId, children }: { corpId: number; children: ReactNode }) {
  const hub = useHub();
  const registry = useActorRef(extensionRegistryMachine, { input: { corpId } });
  const [queues, setQueues] = useState<readonly LiveQueue[]>([]);
  const clock = useClockStore();

  useEffect(() => {
    if (!hub) return;
    const toRegistry = registryEvents(hub.events$, corpId).subscribe((event) => registry.send(event));
    const toQueues = hub.events$.pipe(scan((acc: readonly LiveQueue[], event) => reduceQueues(acc, event, corpId), [])).subscribe(setQueues);
    hub.requestSnapshots('requested');
    return () => {
      toRegistry.unsubscribe();
      toQueues.unsubscribe();
    };
  }, [hub, corpId, registry]);

  const value = useMemo(() => ({ corpId, registry, queues, clock }), [corpId, registry, queues, clock]);
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
