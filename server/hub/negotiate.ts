/**
 * How a connection comes in (reference/protocols.md §1.2-1.3): `POST {path}/negotiate` gives a
 * connection token to an authenticated caller; the WebSocket upgrade on `{path}?id=<token>` (or without
 * id: skipNegotiation) is authenticated again (`access_token` from a browser, `Authorization: Bearer`
 * from Node) and handed over as an open socket. Unknown or expired tokens answer 404, a token already
 * used here 409, a wrong user 401.
 *
 * The connection token is stateless (I-INST-04): it carries the connection id, the user and its expiry,
 * signed with a key every instance shares (derived from JWT_SECRET), so a round-robin balancer may send
 * the negotiate to one instance and the WebSocket to another; no sticky sessions. Each instance
 * remembers the tokens it accepted until they expire, so one is not used twice on the same instance.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { ConnectionTable } from './connections';
import type { HubLogger, HubPrincipal, NegotiateRequest, NegotiateResponse } from './hub-types';

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** what a connection token says once its signature is checked */
interface Negotiated {
  connectionId: string;
  userId: number;
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
  /** signs the connection tokens; instances behind one balancer must share it (default: random, this process only) */
  negotiateKey?: Uint8Array;
  /** an upgraded, authenticated socket */
  accept(ws: WebSocket, connectionId: string, connectionToken: string, principal: HubPrincipal): void;
}

export class Negotiator {
  private readonly negotiatePath: string;
  private readonly wss: WebSocketServer;
  private readonly key: Uint8Array;
  /** tokens accepted here, until they expire: a token opens one connection per instance */
  private readonly used = new Map<string, number>();

  constructor(
    private readonly table: ConnectionTable,
    private readonly o: NegotiatorOptions,
  ) {
    this.negotiatePath = `${o.path}/negotiate`;
    this.wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false, maxPayload: o.maxMessageBytes });
    this.key = o.negotiateKey ?? new Uint8Array(randomBytes(32));
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  /** `{connectionId}.{userId}.{expires}.{signature}` (a uuid and two integers: no dots inside) */
  private issue(n: Negotiated): string {
    const body = `${n.connectionId}.${n.userId}.${n.expires}`;
    return `${body}.${this.sign(body)}`;
  }

  /** the token's content when its signature is right and it has not expired, else null */
  private read(token: string, now: number): Negotiated | null {
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [connectionId, user, expires, signature] = parts;
    const expected = Buffer.from(this.sign(`${connectionId}.${user}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const n = { connectionId, userId: Number(user), expires: Number(expires) };
    return Number.isSafeInteger(n.userId) && n.expires >= now ? n : null;
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
    const connectionToken = this.issue({ connectionId, userId: principal.userId, expires: Date.now() + this.o.negotiateTtlMs });
    // version 0 has one id for both: the signed token (the client sends it back as id)
    const body: Record<string, unknown> = {
      connectionId: version === 1 ? connectionId : connectionToken,
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
        const entry = this.read(id, Date.now());
        if (!entry) return rejectUpgrade(socket, 404, 'Not Found');
        if (this.used.has(id) || this.table.byToken.has(id)) return rejectUpgrade(socket, 409, 'Conflict');
        if (entry.userId !== principal.userId) return rejectUpgrade(socket, 401, 'Unauthorized');
        this.used.set(id, entry.expires);
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

  /** forgets used tokens once they expired (they are refused as expired from then on) */
  expire(now: number): void {
    for (const [token, expires] of this.used) if (expires < now) this.used.delete(token);
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
