/**
 * The active-calls list kept per hub client and corp for the life of the tab's connection.
 *
 * The server pushes ActiveCalls when the list changes (and with the connect-time snapshots), but has no
 * method to ask for it again; a screen that subscribed only on mount would show nothing until the next
 * change. So the first visit starts one subscription that stays (refCount false) and replays the last
 * list to every later visit. It ends when the client is disposed (events$ completes on sign-out).
 */
import { shareReplay, type Observable } from 'rxjs';
import type { ActiveCall } from '../../../domain/realtime';
import { activeCalls } from '../../../streams/active-calls';
import type { HubEvent } from '../../../streams/hub-events';

const cache = new WeakMap<object, Map<number, Observable<ActiveCall[]>>>();

export function sharedActiveCalls(hub: { readonly events$: Observable<HubEvent> }, corpId: number): Observable<ActiveCall[]> {
  let byCorp = cache.get(hub);
  if (!byCorp) {
    byCorp = new Map();
    cache.set(hub, byCorp);
  }
  let calls$ = byCorp.get(corpId);
  if (!calls$) {
    calls$ = activeCalls(hub.events$, { corpId }).pipe(shareReplay({ bufferSize: 1, refCount: false }));
    byCorp.set(corpId, calls$);
  }
  return calls$;
}
