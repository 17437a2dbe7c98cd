import { useMemo, useSyncExternalStore } from 'react';
import type { KioskLive } from './kiosk-live';

/**
 * A value read from the floor's extension actors on each tick of the shared clock and whenever
 * extensions come or go, never on each event (500 a second). `read` returns a value and its key; the
 * previous object is kept while the key is the same, so React re-renders only on a real change.
 */
export function useFloorReading<T>(live: KioskLive, read: () => { key: string; value: T }, deps: readonly unknown[]): T {
  const store = useMemo(() => {
    let current: { key: string; value: T } | null = null;
    const get = (): T => {
      const next = read();
      if (current === null || current.key !== next.key) current = next;
      return current.value;
    };
    return {
      get,
      subscribe: (onChange: () => void) => {
        const tick = live.clock$.subscribe(onChange);
        const membership = live.members.subscribe(onChange);
        return () => {
          tick.unsubscribe();
          membership();
        };
      },
    };
    // the caller lists what `read` depends on
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, ...deps]);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
