/**
 * The browser's one real-time connection (ARCHITECTURE "One SignalR connection per tab"): one hub
 * connection, JSON protocol over WebSockets, exposed as streams (STYLE 7, 9). The connection is made
 * by the `connect` the screen passes: @microsoft/signalr's client in the admin app
 * (signalr-connection.ts), our own on the kiosk route (ws-hub-connection.ts).
 *
 * - It never gives up. SignalR's automatic reconnect (admin app) runs with our policy (retry-policy.ts, never
 *   null); what it does not cover, a first start() that fails and a Close without allowReconnect
 *   (reference/protocols.md §1.8, §6.8), our own start loop retries with the same policy. Only
 *   dispose() stops it.
 * - state$: 'connecting' until the first connection, 'connected', 'reconnecting' after a loss,
 *   'disconnected' once disposed (streams/connection-health.ts maps it for the boards).
 * - records$: every push of domain HubPushes as a raw `{ name, payload }` (streams/hub-events.ts
 *   checks them); events$: the same, checked and typed.
 * - After every (re)connect, and on a Resync push, the snapshots are asked for again (GetAllExtensions,
 *   GetAllChannels, GetAllContacts, GetAllQueues with corpId()), so a fresh snapshot always follows a
 *   gap; snapshotRequests$ tells why each time.
 * - The token is read by accessTokenFactory at every negotiate, so a refreshed token is used at the
 *   next reconnect.
 */
import { BehaviorSubject, Subject, share, type Observable } from 'rxjs';
import { HUB, type HubMethod, type HubPushName } from '../../domain/realtime';
import type { HubConnectionState as ClientState } from '../../streams/connection-health';
import { toTypedEvents, type HubEvent } from '../../streams/hub-events';
import { HUB_PUSH_NAMES, RESYNC_PUSH, SNAPSHOT_METHODS, type HubMethodArgs, type HubMethodResult, type SnapshotMethod } from './contract';
import type { ConnectionState, HubClientLogger, HubConnectionFactory, HubConnectionLike } from './hub-connection';
import { createRetryPolicy, type RetryOptions } from './retry-policy';

export type { ClientState as HubState };

/** A push as the SignalR layer hands it over (unchecked payload). */
export interface HubRecord {
  name: HubPushName;
  payload: unknown;
}

/** Why fresh snapshots were asked for. */
export type SnapshotReason = 'connected' | 'reconnected' | 'resync' | 'requested';

export type { HubClientLogger, HubConnectionLike } from './hub-connection';

export interface HubClientOptions {
  /** default HUB.path ('/hub') */
  url?: string;
  /** the current token, read at every negotiate (null: none) */
  accessToken: () => string | null;
  /** the corp whose snapshots are asked for: level 1's working corp; null: the caller's own corp */
  corpId?: () => number | null;
  /** makes the connection: SignalR's client (signalr-connection.ts), ours for the kiosk (ws-hub-connection.ts), a fake in tests */
  connect: HubConnectionFactory;
  log?: HubClientLogger;
  /** backoff settings (tests shorten them); the cap defaults to HUB.maxReconnectDelayMs */
  retry?: RetryOptions;
  /** the snapshots asked for after every (re)connect and Resync; default all of SNAPSHOT_METHODS */
  snapshots?: readonly SnapshotMethod[];
}

export interface HubClient {
  readonly state$: Observable<ClientState>;
  /** the current state (for useSyncExternalStore) */
  readonly state: ClientState;
  readonly records$: Observable<HubRecord>;
  /** records$ checked and typed; malformed records are logged and dropped */
  readonly events$: Observable<HubEvent>;
  readonly snapshotRequests$: Observable<SnapshotReason>;
  invoke<M extends HubMethod>(method: M, ...args: HubMethodArgs<M>): Promise<HubMethodResult<M>>;
  /** asks for the snapshots now (e.g. the working corp changed); ignored while not connected */
  requestSnapshots(reason?: SnapshotReason): void;
  /** stops for good: no retry, no timer, streams complete */
  dispose(): Promise<void>;
}

const consoleLog: HubClientLogger = {
  warn: (message, data) => console.warn(message, data ?? ''),
};

/** read through a call: TypeScript would keep the narrowing of `connection.state` across awaits */
function stateOf(connection: HubConnectionLike): ConnectionState {
  return connection.state;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

export function createHubClient(options: HubClientOptions): HubClient {
  const url = options.url ?? HUB.path;
  const log = options.log ?? consoleLog;
  const corpId = options.corpId ?? (() => null);
  const policy = createRetryPolicy(options.retry);
  /** a connection that stayed up this long resets the restart backoff of our loop */
  const stableMs = options.retry?.maxDelayMs ?? HUB.maxReconnectDelayMs;

  const state$ = new BehaviorSubject<ClientState>('connecting');
  const records$ = new Subject<HubRecord>();
  const snapshotRequests$ = new Subject<SnapshotReason>();

  const connection = options.connect({
    url,
    accessToken: () => options.accessToken() ?? '',
    retryPolicy: policy,
    log,
  });

  let disposed = false;
  let looping = false;
  let wasConnected = false;
  let connectedAt = 0;
  /** restarts by our loop since a connection last stayed up for stableMs (backoff of the restart) */
  let restarts = 0;
  let sleepTimer: ReturnType<typeof setTimeout> | null = null;
  let wake: (() => void) | null = null;

  function setState(next: ClientState): void {
    if (state$.getValue() !== next && !state$.closed) state$.next(next);
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      wake = resolve;
      sleepTimer = setTimeout(() => {
        sleepTimer = null;
        wake = null;
        resolve();
      }, ms);
    });
  }

  for (const name of HUB_PUSH_NAMES) {
    connection.on(name, (payload: unknown) => {
      if (!disposed) records$.next({ name, payload });
    });
  }
  connection.on(RESYNC_PUSH, () => {
    log.info?.('hub: resync pushed by the server');
    requestSnapshots('resync');
  });

  connection.onreconnecting((error) => {
    if (disposed) return;
    log.warn('hub: reconnecting', { error: error?.message });
    setState('reconnecting');
  });
  connection.onreconnected(() => {
    if (disposed) return;
    connected('reconnected');
  });
  connection.onclose((error) => {
    if (disposed) {
      setState('disconnected');
      return;
    }
    // a Close without allowReconnect, or the automatic reconnect stopped: our loop takes over
    // it waits the policy's delay first (spreads a fleet); a connection that keeps closing right
    // after it came up backs off further each time
    if (Date.now() - connectedAt >= stableMs) restarts = 0;
    const wait = restarts++;
    log.warn('hub: connection closed, restarting', { error: error?.message });
    setState(wasConnected ? 'reconnecting' : 'connecting');
    void startLoop(wait, error);
  });

  function connected(reason: 'connected' | 'reconnected'): void {
    wasConnected = true;
    connectedAt = Date.now();
    setState('connected');
    requestSnapshots(reason);
  }

  /**
   * Starts the connection, retrying with the policy until it is up or disposed. `waitFirst` is the
   * retry count whose delay is waited before the first attempt (null: start at once); the backoff of
   * the attempts that follow continues from there.
   */
  async function startLoop(waitFirst: number | null, reason?: Error): Promise<void> {
    if (looping || disposed) return;
    looping = true;
    const began = Date.now();
    let retryReason = reason ?? new Error('start');
    const firstCount = waitFirst === null ? 0 : waitFirst + 1;
    try {
      if (waitFirst !== null) {
        await sleep(policy.nextRetryDelayInMilliseconds({ previousRetryCount: waitFirst, elapsedMilliseconds: 0, retryReason }));
      }
      for (let attempt = 0; !disposed; attempt++) {
        // the connection is reconnecting by itself or already up: nothing for us to do
        if (connection.state !== 'Disconnected') return;
        setState(wasConnected ? 'reconnecting' : 'connecting');
        try {
          await connection.start();
          // closed again before this continuation ran: count it as a failed attempt
          if (!disposed && stateOf(connection) !== 'Connected') throw new Error('The connection closed right after it started.');
        } catch (error) {
          if (disposed) return;
          retryReason = asError(error);
          const delay = policy.nextRetryDelayInMilliseconds({
            previousRetryCount: firstCount + attempt,
            elapsedMilliseconds: Date.now() - began,
            retryReason,
          });
          log.warn('hub: start failed, retrying', { error: retryReason.message, attempt: attempt + 1, delayMs: delay });
          await sleep(delay);
          continue;
        }
        looping = false;
        if (disposed) {
          await connection.stop().catch(() => undefined);
          return;
        }
        connected(wasConnected ? 'reconnected' : 'connected');
        return;
      }
    } finally {
      looping = false;
    }
  }

  function requestSnapshots(reason: SnapshotReason = 'requested'): void {
    if (disposed || connection.state !== 'Connected') return;
    snapshotRequests$.next(reason);
    const corp = corpId();
    const args = corp === null || corp === undefined ? [] : [corp];
    for (const method of options.snapshots ?? SNAPSHOT_METHODS) {
      connection.invoke(method, ...args).catch((error: unknown) => {
        // the next (re)connect asks again
        if (!disposed) log.warn(`hub: ${method} failed`, { error: asError(error).message, reason });
      });
    }
  }

  async function invoke<M extends HubMethod>(method: M, ...args: HubMethodArgs<M>): Promise<HubMethodResult<M>> {
    if (disposed) throw new Error('The hub client is disposed.');
    return (await connection.invoke(method, ...args)) as HubMethodResult<M>;
  }

  let disposing: Promise<void> | null = null;
  function dispose(): Promise<void> {
    if (disposing) return disposing;
    disposed = true;
    if (sleepTimer) clearTimeout(sleepTimer);
    sleepTimer = null;
    wake?.();
    wake = null;
    disposing = connection
      .stop()
      .catch((error: unknown) => log.warn('hub: stop failed', { error: asError(error).message }))
      .then(() => {
        setState('disconnected');
        state$.complete();
        records$.complete();
        snapshotRequests$.complete();
      });
    return disposing;
  }

  const events$ = toTypedEvents(records$, (malformed) => log.warn('hub: malformed record dropped', { reason: malformed.reason })).pipe(share());

  void startLoop(null);

  return {
    state$: state$.asObservable(),
    get state() {
      return state$.getValue();
    },
    records$: records$.asObservable(),
    events$,
    snapshotRequests$: snapshotRequests$.asObservable(),
    invoke,
    requestSnapshots,
    dispose,
  };
}
