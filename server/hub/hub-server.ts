/**
 * A SignalR-compatible hub server (JSON protocol over WebSockets only), reference/protocols.md §1.10.
 *
 * - `POST {path}/negotiate` → `handleNegotiate(req)` (mount it as a Fastify route, or use
 *   `handleRequest(req, res)` on a plain http.Server).
 * - WebSocket upgrade on `{path}?id=<connectionToken>` (or without id: skipNegotiation), attached to an
 *   http.Server with `ws` in noServer mode.
 * - Every connection joins its corp's group; `broadcast(corpId, push, payload)` serialises the record
 *   once and coalesces the records of one tick into one frame per connection, at most one frame per
 *   connection per HUB_MIN_FRAME_INTERVAL_MS.
 *
 * This file wires the parts together and keeps time (pings, timeouts, shutdown); the parts, each with
 * its own reason to change: hub-types.ts (the contract), connections.ts (connections and groups),
 * negotiate.ts (coming in), inbound.ts (what clients send), outbox.ts (what the hub sends),
 * protocol.ts (the wire format).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import { HUB, type HubPushes, type HubPushName } from '../../domain';
import { ConnectionTable, newConnection, type CounterHolder } from './connections';
import { emptyCounters, type HubLogger, type HubPrincipal, type HubServer, type HubServerOptions } from './hub-types';
import { Inbound } from './inbound';
import { Negotiator, rejectUpgrade } from './negotiate';
import { Outbox } from './outbox';
import { PING_RECORD, pushRecordFromJson } from './protocol';

/**
 * At most one frame of records per connection per 16 ms, about one display frame: a TV stick spends
 * more of its main thread receiving a WebSocket message than parsing its records (bench:wallboard
 * --preset cheap-500, same build with and without: 148 frames/s → 53, 49.0 → 56.3 fps, p99 408 → 238 ms;
 * bench/README.md "The hub paces its frames"). The first frame after a quiet spell goes at once, so a
 * quiet floor sees no delay.
 */
export const HUB_MIN_FRAME_INTERVAL_MS = 16;

export function createHubServer(options: HubServerOptions): HubServer {
  const path = options.path ?? HUB.path;
  const pingIntervalMs = options.pingIntervalMs ?? HUB.pingIntervalMs;
  const clientTimeoutMs = options.clientTimeoutMs ?? HUB.clientTimeoutMs;
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 15_000;
  const maxMessageBytes = options.maxMessageBytes ?? 1024 * 1024;
  const log: HubLogger = options.log ?? { warn: () => undefined };

  let stopping = false;
  const stats: CounterHolder = { c: emptyCounters() };
  const table = new ConnectionTable(stats);
  const outbox: Outbox = new Outbox(table, stats, {
    coalesceMs: options.coalesceMs ?? 0,
    minFrameIntervalMs: options.minFrameIntervalMs ?? HUB_MIN_FRAME_INTERVAL_MS,
    highWaterBytes: options.highWaterBytes ?? 256 * 1024,
    maxQueuedBytes: options.maxQueuedBytes ?? 8 * 1024 * 1024,
    closeSlow: (conn) => inbound.close(conn, 'Slow consumer: too many messages queued.', true),
  });
  const inbound: Inbound = new Inbound(table, outbox, stats, options.methods ?? {}, maxMessageBytes, log);
  const negotiator = new Negotiator(table, {
    path,
    authenticate: options.authenticate,
    negotiateTtlMs: options.negotiateTtlMs ?? 60_000,
    negotiateKey: options.negotiateKey,
    maxMessageBytes,
    log,
    stopping: () => stopping,
    accept,
  });
  const attached: Server[] = [];

  const tickMs = Math.max(5, Math.min(1000, Math.floor(pingIntervalMs / 4), Math.floor(clientTimeoutMs / 4)));
  const ticker = setInterval(tick, tickMs);
  ticker.unref();

  function accept(ws: WebSocket, id: string, token: string, principal: HubPrincipal): void {
    const conn = newConnection(ws, id, token, principal, Date.now());
    conn.ctx = {
      principal,
      connectionId: id,
      send: (push, payload) => outbox.sendPush(conn, push, JSON.stringify(payload)),
      watchCorp: (corpId) => table.watchCorp(conn, corpId),
      watchLog: (corpId) => table.watchLog(conn, corpId),
    };
    table.add(conn);
    ws.on('message', (data, isBinary) => inbound.onMessage(conn, data, isBinary));
    ws.on('close', () => inbound.dispose(conn));
    ws.on('error', (error) => log.warn('hub: socket error', { connectionId: id, error: String(error) }));
  }

  function attach(server: Server): void {
    attached.push(server);
    server.on('upgrade', onUpgrade);
  }
  function onUpgrade(this: Server, req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (negotiator.handleUpgrade(req, socket, head)) return;
    // nobody else listens for upgrades: do not leave the socket hanging
    if (this.listenerCount('upgrade') === 1) rejectUpgrade(socket, 404, 'Not Found');
  }

  // ------------------------------------------------------------------ broadcasting
  function broadcastJson(corpId: number, push: string, payloadJson: string | (() => string)): void {
    stats.c.broadcasts++;
    const group = table.groupFor(corpId, push);
    if (!group || group.members.size === 0 || stopping) return;
    stats.c.serializations++;
    outbox.broadcastRecord(group, pushRecordFromJson(push, typeof payloadJson === 'string' ? payloadJson : payloadJson()));
  }

  function broadcast<K extends HubPushName>(corpId: number, push: K, payload: HubPushes[K]): void {
    const group = table.groupFor(corpId, push);
    if (!group || group.members.size === 0 || stopping) {
      stats.c.broadcasts++;
      return;
    }
    broadcastJson(corpId, push, JSON.stringify(payload));
  }

  function broadcastAll(push: string, payload: unknown): void {
    const json = JSON.stringify(payload);
    for (const corpId of table.corpGroups()) broadcastJson(corpId, push, json);
  }

  function sendTo(connectionId: string, push: string, payload: unknown): boolean {
    const conn = table.connections.get(connectionId);
    if (!conn || !conn.handshaken || conn.closed) return false;
    outbox.sendPush(conn, push, JSON.stringify(payload));
    return true;
  }

  // ------------------------------------------------------------------ timers
  function tick(): void {
    const now = Date.now();
    negotiator.expire(now);
    for (const conn of table.connections.values()) {
      if (conn.closed) continue;
      if (!conn.handshaken) {
        if (now - conn.openedAt >= handshakeTimeoutMs) {
          stats.c.protocolErrors++;
          conn.ws.close(1000);
          inbound.dispose(conn);
        }
        continue;
      }
      if (now - conn.lastReceived >= clientTimeoutMs) {
        inbound.close(conn, 'Server timeout elapsed without receiving a message from the client.', true);
        continue;
      }
      if (now - conn.lastSent >= pingIntervalMs && conn.parts.length === 0) {
        outbox.enqueuePrivate(conn, PING_RECORD, 1);
        conn.lastSent = now; // do not queue another before the flush
      }
    }
  }

  // ------------------------------------------------------------------ shutdown
  async function shutdown(reason = 'Server is restarting'): Promise<void> {
    if (stopping) return;
    stopping = true;
    clearInterval(ticker);
    outbox.stop();
    for (const server of attached) server.off('upgrade', onUpgrade);
    const sockets = [...table.connections.values()].map((conn) => conn.ws);
    const closed = sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
        }),
    );
    for (const conn of [...table.connections.values()]) inbound.close(conn, reason, true);
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
    await Promise.race([Promise.all(closed), timeout]);
    for (const ws of sockets) if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
    negotiator.close();
  }

  const hub: HubServer = {
    path,
    get counters() {
      return stats.c;
    },
    handleNegotiate: (req) => negotiator.handleNegotiate(req),
    handleRequest: (req, res) => negotiator.handleRequest(req, res),
    handleUpgrade: (req, socket, head) => negotiator.handleUpgrade(req, socket, head),
    attach,
    broadcast,
    broadcastJson,
    broadcastAll,
    sendTo,
    corpsConnected: () => table.corpGroups(),
    connectionCount: (corpId?: number) => table.connectionCount(corpId),
    closeConnection: (connectionId, error, allowReconnect = false) => {
      const conn = table.connections.get(connectionId);
      if (!conn) return false;
      inbound.close(conn, error, allowReconnect);
      return true;
    },
    closeUser: (userId, error = 'Session ended.') => {
      const mine = [...table.connections.values()].filter((conn) => conn.principal.userId === userId);
      for (const conn of mine) inbound.close(conn, error, false);
      return mine.length;
    },
    connectionsOf: (userId) =>
      [...table.connections.values()].filter((conn) => !conn.closed && conn.principal.userId === userId).map((conn) => ({ connectionId: conn.id, principal: conn.principal })),
    resetCounters: () => {
      stats.c = emptyCounters(stats.c.connections);
    },
    outboxBacklog: () => outbox.backlog(),
    shutdown,
  };
  if (options.server) attach(options.server);
  return hub;
}
