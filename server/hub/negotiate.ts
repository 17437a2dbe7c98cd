/**
 * How a connection comes in (reference/protocols.md §1.2-1.3): `POST {path}/negotiate` gives a
 * connection token to an authenticated caller; the WebSocket upgrade on `{path}?id=<token>` (or without
 * id: skipNegotiation) is authenticated again (`access_token` from a browser, `Authorization: Bearer`
 * from Node) and handed over as an open socket. Unknown or expired tokens answer 404, a token already
 * in use 409, a wrong user 401.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { ConnectionTable } from './connections';
import type { HubLogger, HubPrincipal, NegotiateRequest, NegotiateResponse } from './hub-types';

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

interface PendingNegotiation {
  connectionId: string;
  principal: HubPrincipal;
  expires: number;
}

export function tokenFrom(url: URL, headers: IncomingHttpHeaders): string | null {
  const q = url.searchParams.get('access_token');
  if (q) return q;
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (m) return m[1].trim();
  }
  return null;
}

export function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ error: text });
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

export interface NegotiatorOptions {
  path: string;
  authenticate(token: string): Promise<HubPrincipal | null>;
  negotiateTtlMs: number;
  maxMessageBytes: number;
  log: HubLogger;
  /** the hub is shutting down: 503 */
  stopping(): boolean;
  /** an upgraded, authenticated socket */
  accept(ws: WebSocket, connectionId: string, connectionToken: string, principal: HubPrincipal): void;
}

export class Negotiator {
  private readonly negotiatePath: string;
  private readonly wss: WebSocketServer;
  private readonly pending = new Map<string, PendingNegotiation>();

  constructor(
    private readonly table: ConnectionTable,
    private readonly o: NegotiatorOptions,
  ) {
    this.negotiatePath = `${o.path}/negotiate`;
    this.wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false, maxPayload: o.maxMessageBytes });
  }

  async handleNegotiate(req: NegotiateRequest): Promise<NegotiateResponse> {
    if (this.o.stopping()) return { status: 503, body: { error: 'Server is shutting down.' }, headers: JSON_HEADERS };
    if (req.method && req.method.toUpperCase() !== 'POST') {
      return { status: 405, body: { error: 'Use POST.' }, headers: { ...JSON_HEADERS, allow: 'POST' } };
    }
    const url = new URL(req.url ?? this.negotiatePath, 'http://hub.invalid');
    const token = tokenFrom(url, req.headers);
    const principal = token ? await this.safeAuthenticate(token) : null;
    if (!principal) return { status: 401, body: { error: 'Unauthorized' }, headers: JSON_HEADERS };
    const version = Number(url.searchParams.get('negotiateVersion') ?? '0') >= 1 ? 1 : 0;
    const connectionId = randomUUID();
    const connectionToken = version === 1 ? randomUUID() : connectionId;
    this.pending.set(connectionToken, { connectionId, principal, expires: Date.now() + this.o.negotiateTtlMs });
    const body: Record<string, unknown> = {
      connectionId,
      negotiateVersion: version,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    };
    if (version === 1) body.connectionToken = connectionToken;
    return { status: 200, body, headers: JSON_HEADERS };
  }

  handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://hub.invalid');
    if (url.pathname !== this.negotiatePath) return false;
    void this.handleNegotiate({ method: req.method, url: req.url, headers: req.headers }).then(
      (answer) => {
        res.writeHead(answer.status, answer.headers);
        res.end(JSON.stringify(answer.body));
      },
      (error: unknown) => {
        this.o.log.warn('hub: negotiate failed', { error: String(error) });
        res.writeHead(500, JSON_HEADERS);
        res.end(JSON.stringify({ error: 'Internal error' }));
      },
    );
    return true;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://hub.invalid');
    if (url.pathname !== this.o.path) return false;
    socket.on('error', () => undefined);
    if (this.o.stopping()) {
      rejectUpgrade(socket, 503, 'Service Unavailable');
      return true;
    }
    const token = tokenFrom(url, req.headers);
    if (!token) {
      rejectUpgrade(socket, 401, 'Unauthorized');
      return true;
    }
    void this.safeAuthenticate(token).then((principal) => {
      if (!principal) return rejectUpgrade(socket, 401, 'Unauthorized');
      if (this.o.stopping()) return rejectUpgrade(socket, 503, 'Service Unavailable');
      const id = url.searchParams.get('id');
      let connectionId: string;
      let connectionToken: string;
      if (id) {
        const entry = this.pending.get(id);
        if (!entry || entry.expires < Date.now()) {
          const inUse = this.table.byToken.has(id);
          return rejectUpgrade(socket, inUse ? 409 : 404, inUse ? 'Conflict' : 'Not Found');
        }
        if (entry.principal.userId !== principal.userId) return rejectUpgrade(socket, 401, 'Unauthorized');
        this.pending.delete(id);
        connectionId = entry.connectionId;
        connectionToken = id;
      } else {
        connectionId = randomUUID();
        connectionToken = connectionId;
      }
      if (socket.destroyed) return;
      this.wss.handleUpgrade(req, socket, head, (ws) => this.o.accept(ws, connectionId, connectionToken, principal));
    });
    return true;
  }

  /** drops negotiated tokens nobody used in time */
  expire(now: number): void {
    for (const [token, entry] of this.pending) if (entry.expires < now) this.pending.delete(token);
  }

  /** no more tokens (shutting down) */
  clearPending(): void {
    this.pending.clear();
  }

  close(): void {
    this.wss.close();
  }

  private async safeAuthenticate(token: string): Promise<HubPrincipal | null> {
    try {
      return await this.o.authenticate(token);
    } catch (error) {
      this.o.log.warn('hub: authenticate failed', { error: String(error) });
      return null;
    }
  }
}
