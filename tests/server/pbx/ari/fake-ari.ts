/**
 * A fake Asterisk ARI on 127.0.0.1 (random port) for the adapter tests: HTTP Basic or `api_key` auth
 * (401 without), the REST snapshot resources served from a settable state, DELETE and POST
 * /ari/channels recorded, and the event WebSocket at /ari/events (subprotocol `ari`) that sends
 * whatever the test tells it to. It can drop its sockets, stop answering pings, be slow, and be closed
 * and listened again on the same port (an Asterisk restart). Like Asterisk, it gives an application's
 * events to the last socket that registered its name: the one before gets ApplicationReplaced and then
 * nothing, its socket staying open.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, WebSocket } from 'ws';
import type { AriBridge, AriChannel, AriDeviceState, AriEndpoint, AriEvent } from '../../../../server/pbx';

export interface FakeAriState {
  channels: AriChannel[];
  endpoints: AriEndpoint[];
  bridges: AriBridge[];
  /** what GET /deviceStates/{name} answers (others: UNKNOWN) */
  deviceStates: AriDeviceState[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  auth: 'basic' | 'api_key';
  /** the JSON body, when one was sent */
  body?: unknown;
}

export interface RecordedUpgrade {
  accepted: boolean;
  auth: 'basic' | 'api_key' | null;
  query: Record<string, string>;
  protocols: string[];
}

export interface FakeAriOptions {
  user?: string;
  password?: string;
  /** answer pings (default true) */
  autoPong?: boolean;
}

export const emptyState = (): FakeAriState => ({ channels: [], endpoints: [], bridges: [], deviceStates: [] });

export class FakeAri {
  readonly user: string;
  readonly password: string;
  state: FakeAriState = emptyState();
  /** REST requests that passed auth */
  readonly requests: RecordedRequest[] = [];
  /** REST requests rejected with 401 */
  rejected = 0;
  readonly upgrades: RecordedUpgrade[] = [];
  /** delay before each REST answer (ms) */
  restDelayMs = 0;
  /** the next REST request (after auth) fails with this status and ARI-style message */
  failNext: { status: number; message: string } | null = null;
  port = 0;
  private server: Server | null = null;
  private wss: WebSocketServer;
  private readonly sockets = new Set<WebSocket>();
  /** the app each socket registered; sockets whose app another one took get no events */
  private readonly appOf = new Map<WebSocket, string>();
  private readonly replaced = new Set<WebSocket>();
  private readonly raw = new Set<Socket>();
  private originated = 0;
  private socketWaiters: (() => void)[] = [];

  constructor(options: FakeAriOptions = {}) {
    this.user = options.user ?? 'callboard';
    this.password = options.password ?? 's3cret:with:colons';
    this.wss = new WebSocketServer({
      noServer: true,
      autoPong: options.autoPong ?? true,
      handleProtocols: (protocols) => (protocols.has('ari') ? 'ari' : false),
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get openSockets(): number {
    return this.sockets.size;
  }

  /** the apps that receive events now */
  get liveApps(): string[] {
    return [...this.sockets].filter((ws) => !this.replaced.has(ws)).map((ws) => this.appOf.get(ws) ?? '');
  }

  static async start(options?: FakeAriOptions): Promise<FakeAri> {
    const fake = new FakeAri(options);
    await fake.listen();
    return fake;
  }

  async listen(port = this.port): Promise<void> {
    const server = createServer((req, res) => void this.onRequest(req, res));
    server.on('upgrade', (req, socket, head) => this.onUpgrade(req, socket as Socket, head));
    server.on('connection', (socket) => {
      this.raw.add(socket);
      socket.on('close', () => this.raw.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /** stops listening and cuts every connection (Asterisk goes away) */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.dropSockets();
    for (const s of this.raw) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** cuts the event sockets without a close frame (a network drop) */
  dropSockets(): void {
    for (const ws of this.sockets) ws.terminate();
    this.sockets.clear();
  }

  /** resolves when an event socket is (or becomes) open */
  waitForSocket(): Promise<void> {
    if (this.sockets.size > 0) return Promise.resolve();
    return new Promise((resolve) => this.socketWaiters.push(resolve));
  }

  send(raw: string | Buffer, binary = false): void {
    for (const ws of this.sockets) if (!this.replaced.has(ws)) ws.send(raw, { binary });
  }

  replay(events: AriEvent[]): void {
    for (const e of events) this.send(JSON.stringify(e));
  }

  // ------------------------------------------------------------------------------- auth

  private authOf(req: IncomingMessage, query: URLSearchParams): 'basic' | 'api_key' | null {
    const header = req.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const text = Buffer.from(header.slice(6), 'base64').toString('utf8');
      const i = text.indexOf(':');
      if (i > 0 && text.slice(0, i) === this.user && text.slice(i + 1) === this.password) return 'basic';
      return null;
    }
    const key = query.get('api_key');
    if (key !== null) {
      const i = key.indexOf(':'); // parse_api_keys: split at the first colon
      if (i > 0 && key.slice(0, i) === this.user && key.slice(i + 1) === this.password) return 'api_key';
    }
    return null;
  }

  // ------------------------------------------------------------------------------- WebSocket

  private onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const auth = this.authOf(req, url.searchParams);
    const query = Object.fromEntries(url.searchParams);
    const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const ok = url.pathname === '/ari/events' && auth !== null && !!query.app;
    this.upgrades.push({ accepted: ok, auth, query, protocols });
    if (!ok) {
      const status = auth === null ? '401 Unauthorized' : '400 Bad Request';
      socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"message":"${status}"}`);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const app = query.app;
      for (const other of this.sockets) {
        if (this.appOf.get(other) !== app || this.replaced.has(other)) continue;
        other.send(JSON.stringify({ type: 'ApplicationReplaced', timestamp: '2024-05-01T08:00:00.000+0000', application: app }));
        this.replaced.add(other);
      }
      this.sockets.add(ws);
      this.appOf.set(ws, app);
      ws.on('close', () => {
        this.sockets.delete(ws);
        this.appOf.delete(ws);
        this.replaced.delete(ws);
      });
      ws.on('error', () => undefined);
      const waiters = this.socketWaiters;
      this.socketWaiters = [];
      for (const w of waiters) w();
    });
  }

  // ------------------------------------------------------------------------------- REST

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const auth = this.authOf(req, url.searchParams);
    if (auth === null) {
      this.rejected++;
      return this.json(res, 401, { message: 'Authentication required' });
    }
    const query = Object.fromEntries(url.searchParams);
    delete query.api_key;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = { method: req.method ?? '', path: url.pathname, query, auth };
    if (text) recorded.body = JSON.parse(text) as unknown;
    this.requests.push(recorded);
    if (this.restDelayMs > 0) await new Promise((r) => setTimeout(r, this.restDelayMs));
    if (res.destroyed) return;
    if (this.failNext) {
      const { status, message } = this.failNext;
      this.failNext = null;
      return this.json(res, status, { message });
    }
    const path = decodeURIComponent(url.pathname);
    const channel = /^\/ari\/channels\/([^/]+)$/.exec(path);
    const channelAction = /^\/ari\/channels\/([^/]+)\/(play|continue|variable)$/.exec(path);
    const device = /^\/ari\/deviceStates\/(.+)$/.exec(path);
    if (req.method === 'GET' && path === '/ari/channels') return this.json(res, 200, this.state.channels);
    if (req.method === 'GET' && path === '/ari/endpoints') return this.json(res, 200, this.state.endpoints);
    if (req.method === 'GET' && path === '/ari/bridges') return this.json(res, 200, this.state.bridges);
    if (req.method === 'GET' && device) {
      return this.json(res, 200, this.state.deviceStates.find((d) => d.name === device[1]) ?? { name: device[1], state: 'UNKNOWN' });
    }
    if (req.method === 'DELETE' && channel) {
      const i = this.state.channels.findIndex((c) => c.id === channel[1]);
      if (i < 0) return this.json(res, 404, { message: 'Channel not found' });
      this.state.channels.splice(i, 1);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && channelAction) {
      if (!this.state.channels.some((c) => c.id === channelAction[1])) return this.json(res, 404, { message: 'Channel not found' });
      if (channelAction[2] === 'continue' || channelAction[2] === 'variable') {
        res.writeHead(204).end();
        return;
      }
      if (!query.media) return this.json(res, 400, { message: 'media is required' });
      const id = query.playbackId ?? `playback-${this.requests.length}`;
      return this.json(res, 201, { id, media_uri: query.media, target_uri: `channel:${channelAction[1]}`, language: 'en', state: 'queued' });
    }
    if (req.method === 'POST' && path === '/ari/channels') {
      if (!query.endpoint) return this.json(res, 400, { message: 'Endpoint must be specified' });
      const n = ++this.originated;
      const created: AriChannel = {
        id: query.channelId ?? `1714550400.${100 + n}`,
        name: `${query.endpoint}-${String(n).padStart(8, '0')}`,
        state: 'Down',
        protocol_id: '',
        caller: { name: '', number: query.callerId ?? '' },
        connected: { name: '', number: '' },
        accountcode: '',
        dialplan: { context: query.context ?? 'default', exten: query.extension ?? 's', priority: Number(query.priority ?? 1), app_name: '', app_data: '' },
        creationtime: '2024-05-01T08:00:00.000+0000',
        language: 'en',
      };
      this.state.channels.push(created);
      return this.json(res, 200, created);
    }
    return this.json(res, 404, { message: 'Resource not found' });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  }
}
