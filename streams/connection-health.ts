/**
 * Connection health as a stream (STYLE 9): the hub connection state (as the SignalR layer reports it)
 * plus the data that arrives → what a board shows.
 *
 * - state: connected → 'live', or 'pbxDown' while the server says it does not reach the PBX (PbxStatus
 *   'down', issue 12 defect 4: the board says "PBX unreachable" rather than LIVE), or 'noPbx' while the
 *   server drives no PBX at all (PbxStatus 'none', PBX=none, J-UX-03: never a green LIVE without calls
 *   that could be live); connecting and reconnecting → 'reconnecting'; disconnected → 'offline'.
 * - stale: true from the moment a connection that had been up is lost, or the PBX is lost, and it stays
 *   true after both are back until a fresh AllExtensions snapshot of the corp arrives while connected
 *   and the PBX is reached (events alone do not make a board whole again). Before the first connection
 *   nothing is stale: there is no data yet (asOf null).
 * - asOf: the server ts of the newest hub event (ms), null before any.
 * Ends with distinctUntilChanged(deepEqual).
 */
import { Observable, distinctUntilChanged, filter, map, merge, scan } from 'rxjs';
import { deepEqual } from './deep-equal';
import { ofCorp, type HubEvent } from './hub-events';

export type HubConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface ConnectionHealth {
  state: 'live' | 'pbxDown' | 'noPbx' | 'reconnecting' | 'offline';
  stale: boolean;
  asOf: number | null;
}

interface Acc {
  connection: HubConnectionState;
  wasConnected: boolean;
  /** the server's last word on the PBX: not reached */
  pbxDown: boolean;
  /** the server's last word on the PBX: there is none (PBX=none) */
  noPbx: boolean;
  stale: boolean;
  asOf: number | null;
}

const LABEL: Record<HubConnectionState, ConnectionHealth['state']> = {
  connecting: 'reconnecting',
  connected: 'live',
  reconnecting: 'reconnecting',
  disconnected: 'offline',
};

function stateOf(acc: Acc): ConnectionHealth['state'] {
  if (acc.connection !== 'connected') return LABEL[acc.connection];
  if (acc.pbxDown) return 'pbxDown';
  return acc.noPbx ? 'noPbx' : 'live';
}

type Input = { kind: 'state'; state: HubConnectionState } | { kind: 'event'; event: HubEvent };

export function connectionHealth(
  state$: Observable<HubConnectionState>,
  events$: Observable<HubEvent>,
  options: { corpId: number },
): Observable<ConnectionHealth> {
  const initial: Acc = { connection: 'connecting', wasConnected: false, pbxDown: false, noPbx: false, stale: false, asOf: null };
  return merge(
    state$.pipe(map((state): Input => ({ kind: 'state', state }))),
    events$.pipe(
      filter(ofCorp(options.corpId)),
      map((event): Input => ({ kind: 'event', event })),
    ),
  ).pipe(
    scan((acc: Acc, input: Input): Acc => {
      if (input.kind === 'state') {
        const connected = input.state === 'connected';
        const lost = !connected && acc.wasConnected;
        return { ...acc, connection: input.state, wasConnected: acc.wasConnected || connected, stale: acc.stale || lost };
      }
      const asOf = Math.max(acc.asOf ?? Number.NEGATIVE_INFINITY, input.event.payload.ts);
      if (input.event.name === 'PbxStatus') {
        const pbxDown = input.event.payload.state === 'down';
        return { ...acc, asOf, pbxDown, noPbx: input.event.payload.state === 'none', stale: acc.stale || pbxDown };
      }
      const fresh = input.event.name === 'AllExtensions' && acc.connection === 'connected' && !acc.pbxDown;
      return { ...acc, asOf, stale: fresh ? false : acc.stale };
    }, initial),
    map((acc): ConnectionHealth => ({ state: stateOf(acc), stale: acc.stale, asOf: acc.asOf })),
    distinctUntilChanged(deepEqual),
  );
}
