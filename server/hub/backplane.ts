/**
 * The backplane carries hub pushes between server instances (ARCHITECTURE "Real time"): whoever
 * produces a push publishes it; every instance's hub subscribes and broadcasts it to its own
 * connections of that corp. In-process here; Redis pub/sub in redis-backplane.ts.
 */
import type { HubPushes, HubPushName } from '../../domain';
import type { HubServer } from './hub-types';
import type { LiveSource } from './live-methods';

export type BackplaneEvent =
  /** a push; `json` is the payload already serialised (forwarded to the hub as is) */
  | { kind: 'push'; corpId: number; push: HubPushName; json: string }
  /** messages may have been lost (e.g. the Redis connection came back): clients must refetch */
  | { kind: 'resync'; reason: string }
  /**
   * a principal's sessions may have ended (password changed, user disabled or deleted, kiosk screen
   * revoked or rotated): every instance checks that principal's connections again (I-INST-05)
   */
  | { kind: 'sessions'; principalId: number; reason: string };

export type BackplaneHandler = (event: BackplaneEvent) => void;

export interface Backplane {
  publish<K extends HubPushName>(corpId: number, push: K, payload: HubPushes[K]): void;
  /** tells every instance (this one included) to check a principal's connections: `sessions` event */
  endSessions(principalId: number, reason: string): void;
  /** returns the unsubscribe function */
  subscribe(handler: BackplaneHandler): () => void;
  close(): Promise<void>;
}

export interface BackplaneLogger {
  warn(msg: string, data?: Record<string, unknown>): void;
}

/** Calls every handler; one failing handler does not stop the others. */
export function deliver(handlers: Iterable<BackplaneHandler>, event: BackplaneEvent, log?: BackplaneLogger): void {
  for (const handler of handlers) {
    try {
      handler(event);
    } catch (error) {
      log?.warn('backplane: handler failed', { error: String(error) });
    }
  }
}

/** Single instance: publish delivers synchronously to the subscribers. */
export class InProcessBackplane implements Backplane {
  private readonly handlers = new Set<BackplaneHandler>();
  private closed = false;

  constructor(private readonly log?: BackplaneLogger) {}

  publish<K extends HubPushName>(corpId: number, push: K, payload: HubPushes[K]): void {
    if (this.closed || this.handlers.size === 0) return;
    // serialised when a handler first reads it, during this call: the hub reads it only where a
    // connection wants the push (LogMon and ActiveCalls nobody watched were 3 % of the server's CPU at
    // bench:wallboard's 500 changes/s)
    let json: string | undefined;
    deliver(
      this.handlers,
      {
        kind: 'push',
        corpId,
        push,
        get json() {
          return (json ??= JSON.stringify(payload));
        },
      },
      this.log,
    );
  }

  endSessions(principalId: number, reason: string): void {
    if (this.closed) return;
    deliver(this.handlers, { kind: 'sessions', principalId, reason }, this.log);
  }

  subscribe(handler: BackplaneHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** for tests and for an outage signal from elsewhere */
  resync(reason: string): void {
    deliver(this.handlers, { kind: 'resync', reason }, this.log);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }
}

/** Sent to every client after a backplane outage: refetch the snapshots (Get* methods). */
export const RESYNC_PUSH = 'Resync';
export interface ResyncPayload {
  reason: string;
  ts: number;
}

export interface ConnectOptions {
  /** when given, fresh snapshots are also pushed to every connected corp on resync */
  live?: LiveSource;
  now?: () => number;
  log?: BackplaneLogger;
}

/**
 * Wires a backplane into a hub: pushes go to the corp's group; a resync sends `Resync` to every
 * connection (and, with a LiveSource, fresh AllExtensions/AllChannels/AllContacts/AllQueues).
 */
export function connectHubToBackplane(hub: HubServer, backplane: Backplane, options: ConnectOptions = {}): () => void {
  const now = options.now ?? Date.now;
  return backplane.subscribe((event) => {
    if (event.kind === 'push') {
      hub.broadcastJson(event.corpId, event.push, () => event.json);
      return;
    }
    // followed by server/live/sessions.ts, which knows how to check a session
    if (event.kind === 'sessions') return;
    hub.broadcastAll(RESYNC_PUSH, { reason: event.reason, ts: now() } satisfies ResyncPayload);
    const live = options.live;
    if (!live) return;
    for (const corpId of hub.corpsConnected()) {
      void resendSnapshots(hub, live, corpId, now).catch((error: unknown) =>
        options.log?.warn('backplane: snapshot after resync failed', { corpId, error: String(error) }),
      );
    }
  });
}

async function resendSnapshots(hub: HubServer, live: LiveSource, corpId: number, now: () => number): Promise<void> {
  const [extensions, channels, contacts, queues] = await Promise.all([
    live.getExtensions(corpId),
    live.getChannels(corpId),
    live.getContacts(corpId),
    live.getQueues(corpId),
  ]);
  const pbx = live.getPbxStatus ? await live.getPbxStatus(corpId) : null;
  const ts = now();
  if (pbx) hub.broadcast(corpId, 'PbxStatus', { corpId, state: pbx.state, since: pbx.since, ts });
  hub.broadcast(corpId, 'AllExtensions', { corpId, extensions, ts });
  hub.broadcast(corpId, 'AllChannels', { corpId, channels, ts });
  hub.broadcast(corpId, 'AllContacts', { corpId, contacts, ts });
  hub.broadcast(corpId, 'AllQueues', { corpId, queues, ts });
}
