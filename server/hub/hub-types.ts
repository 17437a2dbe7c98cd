/**
 * The hub server's public contract (what the app, the live methods and the backplane see): who is
 * connected, what a method gets, the options, the counters and the HubServer interface. The bottom of
 * server/hub: the parts below import these, never each other's internals upwards.
 */
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { HubPushes, HubPushName, Level, LiveAction, ViewGrant } from '../../domain';

/** Who is connected (the result of `authenticate`). */
export interface HubPrincipal {
  userId: number;
  /** the user's nick (the log monitor's "who"), when known */
  nick?: string;
  level: Level;
  corpId: number;
  /** effective views, when known; without them the level decides */
  views?: readonly ViewGrant[];
  /** the actions on the floor it may take (G-PRM-01), when known; without them the level's defaults */
  liveActions?: readonly LiveAction[];
  /**
   * what the session was granted under (a digest of the user's password hash or the screen's key),
   * when known: a connection whose grant changed is closed when its sessions are checked (I-INST-05)
   */
  session?: string;
}

export interface HubCallContext {
  principal: HubPrincipal;
  connectionId: string;
  /** sends a push to this connection only */
  send<K extends HubPushName>(push: K, payload: HubPushes[K]): void;
  /**
   * Level 1 only: also receive the pushes of `corpId` (one watched corp at a time besides the own
   * corp; null stops watching). Refused for other levels.
   */
  watchCorp(corpId: number | null): void;
  /**
   * B-LOG-05: receive the LogMon pushes of `corpId` (an authorized corp: the own one, or level 1's
   * watched one); null stops. LogMon goes to these connections only.
   */
  watchLog(corpId: number | null): void;
}

export type HubMethodHandler = (ctx: HubCallContext, ...args: unknown[]) => unknown;
export type HubMethods = Record<string, HubMethodHandler>;

/** An error whose message is sent to the client in the Completion (other errors are hidden). */
export class HubError extends Error {}

export interface HubLogger {
  info?(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
}

export interface HubServerOptions {
  /** when given, the hub listens to this server's 'upgrade' events */
  server?: Server;
  authenticate(token: string): Promise<HubPrincipal | null>;
  methods?: HubMethods;
  /** default HUB.path ('/hub') */
  path?: string;
  /** default HUB.pingIntervalMs (15 s): a Ping is sent when nothing else was sent for this long */
  pingIntervalMs?: number;
  /** default HUB.clientTimeoutMs (30 s): a connection silent for this long is closed */
  clientTimeoutMs?: number;
  /** default 15 s */
  handshakeTimeoutMs?: number;
  /** how long a negotiated connection token waits for its WebSocket (default 60 s) */
  negotiateTtlMs?: number;
  /**
   * signs the connection tokens negotiate hands out; instances behind one balancer share it so the
   * WebSocket may reach another instance than the negotiate (default: random per process)
   */
  negotiateKey?: Uint8Array;
  /** records due within this window share one frame; 0 (default) = the current tick (setImmediate) */
  coalesceMs?: number;
  /**
   * a connection gets at most one frame of records per this many ms (default HUB_MIN_FRAME_INTERVAL_MS);
   * the first after a quieter spell goes at once; 0 = one frame per tick or coalesceMs
   */
  minFrameIntervalMs?: number;
  /** a connection whose socket buffers more than this waits (default 256 KiB) */
  highWaterBytes?: number;
  /** a connection with more than this queued is closed as a slow consumer (default 8 MiB) */
  maxQueuedBytes?: number;
  /** largest incoming message (default 1 MiB) */
  maxMessageBytes?: number;
  log?: HubLogger;
}

export interface HubCounters {
  /** open connections (after the handshake) */
  connections: number;
  /** connections ever accepted */
  accepted: number;
  /** broadcast() calls */
  broadcasts: number;
  /** push records serialised (one per broadcast with listeners) */
  serializations: number;
  /** WebSocket frames sent */
  frames: number;
  /** hub records sent (summed over connections) */
  records: number;
  /** bytes sent (summed over connections) */
  bytes: number;
  /** flushes postponed because a socket was over the high-water mark */
  deferred: number;
  slowConsumers: number;
  protocolErrors: number;
  invocations: number;
}

export function emptyCounters(connections = 0): HubCounters {
  return {
    connections,
    accepted: 0,
    broadcasts: 0,
    serializations: 0,
    frames: 0,
    records: 0,
    bytes: 0,
    deferred: 0,
    slowConsumers: 0,
    protocolErrors: 0,
    invocations: 0,
  };
}

export interface NegotiateRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}
export interface NegotiateResponse {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export interface HubServer {
  readonly path: string;
  readonly counters: Readonly<HubCounters>;
  /** POST {path}/negotiate?negotiateVersion=1 */
  handleNegotiate(req: NegotiateRequest): Promise<NegotiateResponse>;
  /** for a plain http.Server: answers negotiate and returns true, false for any other URL */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  /** an 'upgrade' for the hub path (returns false, doing nothing, for other paths) */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** listens to the server's 'upgrade' events (done by createHubServer when options.server is set) */
  attach(server: Server): void;
  broadcast<K extends HubPushName>(corpId: number, push: K, payload: HubPushes[K]): void;
  /**
   * the same with the payload already serialised (backplane messages), or serialised by the function
   * given, called only when a connection wants the push
   */
  broadcastJson(corpId: number, push: string, payloadJson: string | (() => string)): void;
  /** a push to every connection of every corp */
  broadcastAll(push: string, payload: unknown): void;
  /** a push to one connection; false when it is gone */
  sendTo(connectionId: string, push: string, payload: unknown): boolean;
  /** corps with at least one connection (own or watched) */
  corpsConnected(): number[];
  connectionCount(corpId?: number): number;
  /** closes one connection with a Close message (allowReconnect false = kicked for good) */
  closeConnection(connectionId: string, error?: string, allowReconnect?: boolean): boolean;
  /** closes every connection of a user (session revoked, user deleted); returns how many */
  closeUser(userId: number, error?: string): number;
  /** the open connections of a user (or kiosk screen principal) */
  connectionsOf(userId: number): { connectionId: string; principal: HubPrincipal }[];
  resetCounters(): void;
  /** connections with records waiting to be sent and their bytes (a slow consumer's backlog, /metrics) */
  outboxBacklog(): { connections: number; bytes: number };
  /** Close with allowReconnect:true to every connection, then stops accepting. */
  shutdown(reason?: string): Promise<void>;
}
