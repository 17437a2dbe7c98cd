/**
 * A SignalR-compatible hub server (JSON protocol over WebSockets only), reference/protocols.md §1.10.
 *
 * - `POST {path}/negotiate` → `handleNegotiate(req)` (mount it as a Fastify route, or use
 *   `handleRequest(req, res)` on a plain http.Server).
 * - WebSocket upgrade on `{path}?id=<connectionToken>` (or without id: skipNegotiation), attached to an
 *   http.Server with `ws` in noServer mode.
 * - Every connection joins its corp's group; `broadcast(corpId, push, payload)` serialises the record
 *   once and coalesces the records of one tick into one frame per connection.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { HUB, type HubPushes, type HubPushName, type Level, type ViewGrant } from '../../domain';
import {
  MESSAGE_TYPE,
  PING_RECORD,
  ProtocolError,
  parseHandshake,
  parseMessage,
  pushRecordFromJson,
  record,
  splitRecords,
  type InvocationMessage,
} from './protocol';

/** Who is connected (the result of `authenticate`). */
export interface HubPrincipal {
  userId: number;
  level: Level;
  corpId: number;
  /** effective views, when known (used for HangUp); without them the level decides */
  views?: readonly ViewGrant[];
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

/** The push that goes to log-feed groups only (B-LOG-05). */
const LOG_PUSH = 'LogMon';
/** A corp's log-feed group shares the groups map under a negative key (corp ids are ≥ 0). */
const logGroupKey = (corpId: number) => -1 - corpId;

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
  /** records due within this window share one frame; 0 (default) = the current tick (setImmediate) */
  coalesceMs?: number;
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
  /** the same with the payload already serialised (backplane messages) */
  broadcastJson(corpId: number, push: string, payloadJson: string): void;
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
  resetCounters(): void;
  /** Close with allowReconnect:true to every connection, then stops accepting. */
  shutdown(reason?: string): Promise<void>;
}

interface Batch {
  id: number;
  records: string[];
  buffer: Buffer | null;
}
interface PrivatePart {
  text: string;
  count: number;
}
type Part = Batch | PrivatePart;

interface PendingNegotiation {
  connectionId: string;
  principal: HubPrincipal;
  expires: number;
}

interface Connection {
  id: string;
  token: string;
  principal: HubPrincipal;
  ws: WebSocket;
  handshaken: boolean;
  closed: boolean;
  openedAt: number;
  lastReceived: number;
  lastSent: number;
  inbuf: string;
  parts: Part[];
  /**
   * Bytes of parts[0 .. sizedParts) already counted into sizedBytes, so the slow-consumer check
   * sizes only what was queued since the last check instead of walking the whole queue each flush.
   */
  sizedParts: number;
  sizedBytes: number;
  /** corp groups joined: own corp first, then the watched corp */
  groups: Set<number>;
  watched: number | null;
  /** the corp whose log feed this connection receives (B-LOG-05), null for none */
  logWatched: number | null;
  ctx: HubCallContext;
}

interface Group {
  members: Set<Connection>;
  open: Batch | null;
}

function isBatch(part: Part): part is Batch {
  return (part as Batch).records !== undefined;
}

function tokenFrom(url: URL, headers: IncomingHttpHeaders): string | null {
  const q = url.searchParams.get('access_token');
  if (q) return q;
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (m) return m[1].trim();
  }
  return null;
}

function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ error: text });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const UNEXPECTED = (target: string) => `An unexpected error occurred invoking '${target}' on the server.`;

function emptyCounters(connections = 0): HubCounters {
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

export function createHubServer(options: HubServerOptions): HubServer {
  const path = options.path ?? HUB.path;
  const negotiatePath = `${path}/negotiate`;
  const pingIntervalMs = options.pingIntervalMs ?? HUB.pingIntervalMs;
  const clientTimeoutMs = options.clientTimeoutMs ?? HUB.clientTimeoutMs;
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 15_000;
  const negotiateTtlMs = options.negotiateTtlMs ?? 60_000;
  const coalesceMs = options.coalesceMs ?? 0;
  const highWaterBytes = options.highWaterBytes ?? 256 * 1024;
  const maxQueuedBytes = options.maxQueuedBytes ?? 8 * 1024 * 1024;
  const maxMessageBytes = options.maxMessageBytes ?? 1024 * 1024;
  const log: HubLogger = options.log ?? { warn: () => undefined };

  const methods = new Map<string, { name: string; handler: HubMethodHandler }>();
  for (const [name, handler] of Object.entries(options.methods ?? {})) methods.set(name.toLowerCase(), { name, handler });

  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false, maxPayload: maxMessageBytes });
  const pending = new Map<string, PendingNegotiation>();
  const connections = new Map<string, Connection>();
  const byToken = new Map<string, Connection>();
  /** corp groups (key = corpId) and log-feed groups (key = logGroupKey(corpId), negative) */
  const groups = new Map<number, Group>();
  const corpGroups = () => [...groups.keys()].filter((key) => key >= 0);
  let dirty = new Set<Connection>();
  let flushScheduled = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let nextBatchId = 1;
  let stopping = false;
  let counters = emptyCounters();
  const attached: Server[] = [];

  const tickMs = Math.max(5, Math.min(1000, Math.floor(pingIntervalMs / 4), Math.floor(clientTimeoutMs / 4)));
  const ticker = setInterval(tick, tickMs);
  ticker.unref();

  // ------------------------------------------------------------------ negotiate
  async function handleNegotiate(req: NegotiateRequest): Promise<NegotiateResponse> {
    if (stopping) return { status: 503, body: { error: 'Server is shutting down.' }, headers: JSON_HEADERS };
    if (req.method && req.method.toUpperCase() !== 'POST') {
      return { status: 405, body: { error: 'Use POST.' }, headers: { ...JSON_HEADERS, allow: 'POST' } };
    }
    const url = new URL(req.url ?? negotiatePath, 'http://hub.invalid');
    const token = tokenFrom(url, req.headers);
    const principal = token ? await safeAuthenticate(token) : null;
    if (!principal) return { status: 401, body: { error: 'Unauthorized' }, headers: JSON_HEADERS };
    const version = Number(url.searchParams.get('negotiateVersion') ?? '0') >= 1 ? 1 : 0;
    const connectionId = randomUUID();
    const connectionToken = version === 1 ? randomUUID() : connectionId;
    pending.set(connectionToken, { connectionId, principal, expires: Date.now() + negotiateTtlMs });
    const body: Record<string, unknown> = {
      connectionId,
      negotiateVersion: version,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    };
    if (version === 1) body.connectionToken = connectionToken;
    return { status: 200, body, headers: JSON_HEADERS };
  }

  async function safeAuthenticate(token: string): Promise<HubPrincipal | null> {
    try {
      return await options.authenticate(token);
    } catch (error) {
      log.warn('hub: authenticate failed', { error: String(error) });
      return null;
    }
  }

  function handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://hub.invalid');
    if (url.pathname !== negotiatePath) return false;
    void handleNegotiate({ method: req.method, url: req.url, headers: req.headers }).then(
      (answer) => {
        res.writeHead(answer.status, answer.headers);
        res.end(JSON.stringify(answer.body));
      },
      (error: unknown) => {
        log.warn('hub: negotiate failed', { error: String(error) });
        res.writeHead(500, JSON_HEADERS);
        res.end(JSON.stringify({ error: 'Internal error' }));
      },
    );
    return true;
  }

  // ------------------------------------------------------------------ upgrade
  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://hub.invalid');
    if (url.pathname !== path) return false;
    socket.on('error', () => undefined);
    if (stopping) {
      rejectUpgrade(socket, 503, 'Service Unavailable');
      return true;
    }
    const token = tokenFrom(url, req.headers);
    if (!token) {
      rejectUpgrade(socket, 401, 'Unauthorized');
      return true;
    }
    void safeAuthenticate(token).then((principal) => {
      if (!principal) return rejectUpgrade(socket, 401, 'Unauthorized');
      if (stopping) return rejectUpgrade(socket, 503, 'Service Unavailable');
      const id = url.searchParams.get('id');
      let connectionId: string;
      let connectionToken: string;
      if (id) {
        const entry = pending.get(id);
        if (!entry || entry.expires < Date.now()) {
          return rejectUpgrade(socket, byToken.has(id) ? 409 : 404, byToken.has(id) ? 'Conflict' : 'Not Found');
        }
        if (entry.principal.userId !== principal.userId) return rejectUpgrade(socket, 401, 'Unauthorized');
        pending.delete(id);
        connectionId = entry.connectionId;
        connectionToken = id;
      } else {
        connectionId = randomUUID();
        connectionToken = connectionId;
      }
      if (socket.destroyed) return;
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, connectionId, connectionToken, principal));
    });
    return true;
  }

  function attach(server: Server): void {
    attached.push(server);
    server.on('upgrade', onUpgrade);
  }
  function onUpgrade(this: Server, req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (handleUpgrade(req, socket, head)) return;
    // nobody else listens for upgrades: do not leave the socket hanging
    if (this.listenerCount('upgrade') === 1) rejectUpgrade(socket, 404, 'Not Found');
  }

  // ------------------------------------------------------------------ connections
  function accept(ws: WebSocket, id: string, token: string, principal: HubPrincipal): void {
    const now = Date.now();
    const conn: Connection = {
      id,
      token,
      principal,
      ws,
      handshaken: false,
      closed: false,
      openedAt: now,
      lastReceived: now,
      lastSent: now,
      inbuf: '',
      parts: [],
      sizedParts: 0,
      sizedBytes: 0,
      groups: new Set(),
      watched: null,
      logWatched: null,
      ctx: undefined as unknown as HubCallContext,
    };
    conn.ctx = {
      principal,
      connectionId: id,
      send: (push, payload) => enqueuePrivate(conn, pushRecordFromJson(push, JSON.stringify(payload)), 1),
      watchCorp: (corpId) => watchCorp(conn, corpId),
      watchLog: (corpId) => watchLog(conn, corpId),
    };
    connections.set(id, conn);
    byToken.set(token, conn);
    counters.accepted++;
    ws.on('message', (data, isBinary) => onMessage(conn, data, isBinary));
    ws.on('close', () => dispose(conn));
    ws.on('error', (error) => log.warn('hub: socket error', { connectionId: id, error: String(error) }));
  }

  function join(conn: Connection, corpId: number): void {
    let group = groups.get(corpId);
    if (!group) {
      group = { members: new Set(), open: null };
      groups.set(corpId, group);
    }
    // records already batched this tick were meant for the members before this one
    group.open = null;
    group.members.add(conn);
    conn.groups.add(corpId);
  }

  function leave(conn: Connection, corpId: number): void {
    const group = groups.get(corpId);
    conn.groups.delete(corpId);
    if (!group) return;
    group.members.delete(conn);
    if (group.members.size === 0) groups.delete(corpId);
  }

  function watchCorp(conn: Connection, corpId: number | null): void {
    if (conn.principal.level !== 1) throw new HubError('forbidden');
    if (conn.watched === corpId) return;
    if (conn.watched !== null && conn.watched !== conn.principal.corpId) leave(conn, conn.watched);
    conn.watched = corpId;
    if (corpId !== null && !conn.groups.has(corpId)) join(conn, corpId);
  }

  function watchLog(conn: Connection, corpId: number | null): void {
    if (conn.logWatched === corpId) return;
    if (conn.logWatched !== null) leave(conn, logGroupKey(conn.logWatched));
    conn.logWatched = corpId;
    if (corpId !== null) join(conn, logGroupKey(corpId));
  }

  function dispose(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    for (const corpId of [...conn.groups]) leave(conn, corpId);
    connections.delete(conn.id);
    byToken.delete(conn.token);
    dirty.delete(conn);
    takeParts(conn);
    if (conn.handshaken) counters.connections--;
  }

  function onMessage(conn: Connection, data: WebSocket.RawData, isBinary: boolean): void {
    if (conn.closed) return;
    conn.lastReceived = Date.now();
    if (isBinary) return protocolError(conn, 'Binary messages are not supported; use the JSON protocol.');
    const chunk = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const text = conn.inbuf + chunk.toString('utf8');
    const { records, rest } = splitRecords(text);
    if (rest.length > maxMessageBytes) return protocolError(conn, 'Message is too large.');
    conn.inbuf = rest;
    for (const rec of records) {
      if (conn.closed) return;
      if (!conn.handshaken) {
        if (!handshake(conn, rec)) return;
        continue;
      }
      try {
        dispatch(conn, parseMessage(rec));
      } catch (error) {
        if (error instanceof ProtocolError) return protocolError(conn, error.message);
        throw error;
      }
    }
  }

  function handshake(conn: Connection, text: string): boolean {
    let protocol: string;
    let version: number;
    try {
      ({ protocol, version } = parseHandshake(text));
    } catch (error) {
      counters.protocolErrors++;
      sendNow(conn, record({ error: error instanceof Error ? error.message : 'Invalid handshake.' }));
      conn.ws.close(1000);
      return false;
    }
    if (protocol !== 'json' || version < 1 || version > 2) {
      const error =
        protocol !== 'json'
          ? `Requested protocol '${protocol}' is not available.`
          : `The server does not support version ${version} of the 'json' protocol.`;
      sendNow(conn, record({ error }));
      conn.ws.close(1000);
      return false;
    }
    conn.handshaken = true;
    counters.connections++;
    enqueuePrivate(conn, record({}), 0);
    join(conn, conn.principal.corpId);
    return true;
  }

  function dispatch(conn: Connection, message: ReturnType<typeof parseMessage>): void {
    switch (message.type) {
      case MESSAGE_TYPE.invocation:
        void invoke(conn, message);
        return;
      case MESSAGE_TYPE.streamInvocation:
        completion(conn, message.invocationId, undefined, 'Streaming hub methods are not supported by this server.');
        return;
      case MESSAGE_TYPE.cancelInvocation:
        completion(conn, message.invocationId, undefined, 'Streaming hub methods are not supported by this server; nothing to cancel.');
        return;
      case MESSAGE_TYPE.streamItem:
        protocolError(conn, 'Client-to-server streaming is not supported.');
        return;
      case MESSAGE_TYPE.close:
        conn.ws.close(1000);
        return;
      // Ping: the receive time is already noted. Completion: we never ask for client results.
      // Ack / Sequence: stateful reconnect is not advertised, so they carry nothing for us.
      default:
        return;
    }
  }

  async function invoke(conn: Connection, message: InvocationMessage): Promise<void> {
    counters.invocations++;
    const id = message.invocationId;
    if (message.streamIds && message.streamIds.length > 0) {
      if (id !== undefined) completion(conn, id, undefined, 'Client-to-server streaming is not supported by this server.');
      return;
    }
    const method = methods.get(message.target.toLowerCase());
    if (!method) {
      if (id !== undefined) completion(conn, id, undefined, `Unknown method '${message.target}'.`);
      return;
    }
    try {
      const result = await method.handler(conn.ctx, ...message.arguments);
      if (id !== undefined) completion(conn, id, result);
    } catch (error) {
      if (!(error instanceof HubError)) {
        log.warn('hub: method failed', { method: method.name, connectionId: conn.id, error: String(error) });
      }
      if (id !== undefined) completion(conn, id, undefined, error instanceof HubError ? error.message : UNEXPECTED(method.name));
    }
  }

  function completion(conn: Connection, invocationId: string, result: unknown, error?: string): void {
    if (conn.closed) return;
    let text: string;
    if (error !== undefined) text = record({ type: MESSAGE_TYPE.completion, invocationId, error });
    else {
      try {
        text =
          result === undefined
            ? record({ type: MESSAGE_TYPE.completion, invocationId })
            : record({ type: MESSAGE_TYPE.completion, invocationId, result });
      } catch {
        text = record({ type: MESSAGE_TYPE.completion, invocationId, error: 'The result could not be serialised.' });
      }
    }
    enqueuePrivate(conn, text, 1);
  }

  function protocolError(conn: Connection, error: string): void {
    counters.protocolErrors++;
    closeConn(conn, `Connection closed with an error. ${error}`, false);
  }

  /** Flushes what is queued, sends a Close message and closes the socket. */
  function closeConn(conn: Connection, error: string | undefined, allowReconnect: boolean): void {
    if (conn.closed) return;
    if (conn.handshaken) {
      flushConnection(conn, true);
      const close: Record<string, unknown> = { type: MESSAGE_TYPE.close };
      if (error !== undefined) close.error = error;
      if (allowReconnect) close.allowReconnect = true;
      sendNow(conn, record(close));
    }
    conn.ws.close(1000);
    dispose(conn);
  }

  // ------------------------------------------------------------------ sending
  function sendNow(conn: Connection, text: string): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    const buf = Buffer.from(text, 'utf8');
    conn.ws.send(buf, { binary: false });
    conn.lastSent = Date.now();
    counters.frames++;
    counters.records++;
    counters.bytes += buf.length;
  }

  function enqueuePrivate(conn: Connection, text: string, count: number): void {
    if (conn.closed) return;
    // keep order: group records arriving later in this tick must come after this one
    for (const corpId of conn.groups) {
      const group = groups.get(corpId);
      if (group?.open && conn.parts.includes(group.open)) group.open = null;
    }
    const last = conn.parts[conn.parts.length - 1];
    if (last && !isBatch(last)) {
      last.text += text;
      last.count += count;
      if (conn.sizedParts === conn.parts.length) conn.sizedBytes += text.length; // `last` was already sized
    } else conn.parts.push({ text, count });
    markDirty(conn);
  }

  function broadcastRecord(group: Group, rec: string): void {
    if (group.open) {
      group.open.records.push(rec);
      group.open.buffer = null;
      return;
    }
    const batch: Batch = { id: nextBatchId++, records: [rec], buffer: null };
    group.open = batch;
    for (const conn of group.members) {
      conn.parts.push(batch);
      markDirty(conn);
    }
  }

  function broadcastJson(corpId: number, push: string, payloadJson: string): void {
    counters.broadcasts++;
    const group = groups.get(push === LOG_PUSH ? logGroupKey(corpId) : corpId);
    if (!group || group.members.size === 0 || stopping) return;
    counters.serializations++;
    broadcastRecord(group, pushRecordFromJson(push, payloadJson));
  }

  function broadcast<K extends HubPushName>(corpId: number, push: K, payload: HubPushes[K]): void {
    const group = groups.get(push === LOG_PUSH ? logGroupKey(corpId) : corpId);
    if (!group || group.members.size === 0 || stopping) {
      counters.broadcasts++;
      return;
    }
    broadcastJson(corpId, push, JSON.stringify(payload));
  }

  function broadcastAll(push: string, payload: unknown): void {
    const json = JSON.stringify(payload);
    for (const corpId of corpGroups()) broadcastJson(corpId, push, json);
  }

  function sendTo(connectionId: string, push: string, payload: unknown): boolean {
    const conn = connections.get(connectionId);
    if (!conn || !conn.handshaken || conn.closed) return false;
    enqueuePrivate(conn, pushRecordFromJson(push, JSON.stringify(payload)), 1);
    return true;
  }

  function markDirty(conn: Connection): void {
    dirty.add(conn);
    scheduleFlush();
  }

  function scheduleFlush(): void {
    if (flushScheduled) return;
    flushScheduled = true;
    if (coalesceMs > 0) setTimeout(flush, coalesceMs);
    else setImmediate(flush);
  }

  function batchBuffer(batch: Batch): Buffer {
    if (!batch.buffer) batch.buffer = Buffer.from(batch.records.length === 1 ? batch.records[0] : batch.records.join(''), 'utf8');
    return batch.buffer;
  }

  function partBuffer(part: Part): Buffer {
    return isBatch(part) ? batchBuffer(part) : Buffer.from(part.text, 'utf8');
  }

  /** Bytes queued for a connection; sizes only the parts added since the previous call. */
  function queuedBytes(conn: Connection): number {
    for (; conn.sizedParts < conn.parts.length; conn.sizedParts++) {
      const part = conn.parts[conn.sizedParts];
      conn.sizedBytes += isBatch(part) ? batchBuffer(part).length : part.text.length;
    }
    return conn.sizedBytes;
  }

  /** Empties a connection's queue (and its size accounting), returning what was queued. */
  function takeParts(conn: Connection): Part[] {
    const parts = conn.parts;
    conn.parts = [];
    conn.sizedParts = 0;
    conn.sizedBytes = 0;
    return parts;
  }

  /** Sends one frame with everything queued for the connection. False when it must wait. */
  function flushConnection(conn: Connection, force: boolean, cache?: Map<string, Buffer>): boolean {
    if (conn.parts.length === 0) return true;
    if (conn.ws.readyState !== WebSocket.OPEN) {
      takeParts(conn);
      return true;
    }
    if (!force && conn.ws.bufferedAmount > highWaterBytes) {
      counters.deferred++;
      if (queuedBytes(conn) > maxQueuedBytes) {
        counters.slowConsumers++;
        takeParts(conn);
        closeConn(conn, 'Slow consumer: too many messages queued.', true);
        return true;
      }
      return false;
    }
    const parts = takeParts(conn);
    let buf: Buffer;
    let count = 0;
    for (const part of parts) count += isBatch(part) ? part.records.length : part.count;
    if (parts.length === 1) buf = partBuffer(parts[0]);
    else if (cache && parts.every(isBatch)) {
      const key = (parts as Batch[]).map((b) => b.id).join(',');
      let cached = cache.get(key);
      if (!cached) {
        cached = Buffer.concat(parts.map(partBuffer));
        cache.set(key, cached);
      }
      buf = cached;
    } else buf = Buffer.concat(parts.map(partBuffer));
    conn.ws.send(buf, { binary: false });
    conn.lastSent = Date.now();
    counters.frames++;
    counters.records += count;
    counters.bytes += buf.length;
    return true;
  }

  function flush(): void {
    flushScheduled = false;
    for (const group of groups.values()) group.open = null;
    const current = dirty;
    dirty = new Set();
    const waiting = new Set<Connection>();
    const cache = new Map<string, Buffer>();
    for (const conn of current) {
      if (conn.closed) continue;
      if (!flushConnection(conn, false, cache)) waiting.add(conn);
    }
    if (waiting.size > 0) {
      for (const conn of waiting) dirty.add(conn);
      if (!retryTimer) {
        retryTimer = setTimeout(() => {
          retryTimer = null;
          scheduleFlush();
        }, 20);
      }
    }
  }

  // ------------------------------------------------------------------ timers
  function tick(): void {
    const now = Date.now();
    for (const [token, entry] of pending) if (entry.expires < now) pending.delete(token);
    for (const conn of connections.values()) {
      if (conn.closed) continue;
      if (!conn.handshaken) {
        if (now - conn.openedAt >= handshakeTimeoutMs) {
          counters.protocolErrors++;
          conn.ws.close(1000);
          dispose(conn);
        }
        continue;
      }
      if (now - conn.lastReceived >= clientTimeoutMs) {
        closeConn(conn, 'Server timeout elapsed without receiving a message from the client.', true);
        continue;
      }
      if (now - conn.lastSent >= pingIntervalMs && conn.parts.length === 0) {
        enqueuePrivate(conn, PING_RECORD, 1);
        conn.lastSent = now; // do not queue another before the flush
      }
    }
  }

  // ------------------------------------------------------------------ shutdown
  async function shutdown(reason = 'Server is restarting'): Promise<void> {
    if (stopping) return;
    stopping = true;
    clearInterval(ticker);
    if (retryTimer) clearTimeout(retryTimer);
    for (const server of attached) server.off('upgrade', onUpgrade);
    pending.clear();
    const sockets = [...connections.values()].map((conn) => conn.ws);
    const closed = sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
        }),
    );
    for (const conn of [...connections.values()]) closeConn(conn, reason, true);
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
    await Promise.race([Promise.all(closed), timeout]);
    for (const ws of sockets) if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
    wss.close();
  }

  const hub: HubServer = {
    path,
    get counters() {
      return counters;
    },
    handleNegotiate,
    handleRequest,
    handleUpgrade,
    attach,
    broadcast,
    broadcastJson,
    broadcastAll,
    sendTo,
    corpsConnected: () => corpGroups(),
    connectionCount: (corpId?: number) => (corpId === undefined ? counters.connections : (groups.get(corpId)?.members.size ?? 0)),
    closeConnection: (connectionId, error, allowReconnect = false) => {
      const conn = connections.get(connectionId);
      if (!conn) return false;
      closeConn(conn, error, allowReconnect);
      return true;
    },
    closeUser: (userId, error = 'Session ended.') => {
      const mine = [...connections.values()].filter((conn) => conn.principal.userId === userId);
      for (const conn of mine) closeConn(conn, error, false);
      return mine.length;
    },
    resetCounters: () => {
      counters = emptyCounters(counters.connections);
    },
    shutdown,
  };
  if (options.server) attach(options.server);
  return hub;
}
