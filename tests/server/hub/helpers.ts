import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection, type IRetryPolicy } from '@microsoft/signalr';
import WebSocket from 'ws';
import { EXT_STATUS, type LiveExtension } from '../../../domain';
import { createHubServer, createLiveMethods, HubError, type HubMethods, type HubPrincipal, type HubServer, type HubServerOptions, type LiveSource } from '../../../server/hub';

export const RS = '\x1e';

/** token → principal: acme is corp 2, globex corp 3, the supervisor's corp 1 */
export const TOKENS: Record<string, HubPrincipal> = {
  'tok-super': { userId: 1, level: 1, corpId: 1 },
  'tok-acme-admin': { userId: 3, level: 3, corpId: 2 },
  'tok-acme-wall': { userId: 5, level: 5, corpId: 2 },
  'tok-globex-admin': { userId: 6, level: 3, corpId: 3 },
  // a kiosk screen of acme (kiosk principals have negative ids: server/auth/kiosk-token.ts)
  'tok-acme-kiosk': { userId: -7, level: 5, corpId: 2 },
};

export async function authenticate(token: string): Promise<HubPrincipal | null> {
  return TOKENS[token] ?? null;
}

export function extensionsOf(corpId: number): LiveExtension[] {
  return [1001, 1002].map((n) => ({
    corpId,
    number: String(n),
    userName: `user ${n}`,
    status: EXT_STATUS.online,
    since: 0,
    callStart: null,
    peer: null,
  }));
}

export function fakeLive(): LiveSource & { hangups: string[] } {
  const hangups: string[] = [];
  return {
    hangups,
    getExtensions: (corpId) => extensionsOf(corpId),
    getChannels: async () => [],
    getContacts: async () => [],
    getQueues: async () => [],
    hangUp: async (corpId, caller, receiver) => {
      hangups.push(`${corpId}:${caller}->${receiver}`);
      return caller === '1001';
    },
  };
}

export const extraMethods: HubMethods = {
  Echo: (_ctx, value) => value,
  Add: (_ctx, a, b) => Number(a) + Number(b),
  Fail: () => {
    throw new HubError('boom');
  },
  Crash: () => {
    throw new Error('secret internal detail');
  },
  Void: () => undefined,
};

export interface TestServer {
  server: http.Server;
  hub: HubServer;
  port: number;
  url: string;
  live: ReturnType<typeof fakeLive>;
  close(): Promise<void>;
}

export async function startServer(options: Partial<HubServerOptions> = {}, port = 0): Promise<TestServer> {
  const live = fakeLive();
  const server = http.createServer((req, res) => {
    if (hub.handleRequest(req, res)) return;
    res.writeHead(404).end();
  });
  const hub = createHubServer({
    server,
    authenticate,
    methods: { ...createLiveMethods(live), ...extraMethods },
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    server,
    hub,
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}/hub`,
    live,
    async close() {
      await hub.shutdown();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** never gives up; 0, 250, 500, 1000 ... capped at 10 s */
export const neverGiveUp: IRetryPolicy = {
  nextRetryDelayInMilliseconds: ({ previousRetryCount }) => (previousRetryCount === 0 ? 0 : Math.min(10_000, 250 * 2 ** (previousRetryCount - 1))),
};

export function client(url: string, token: string | null, reconnect = false): HubConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(url, {
      ...(token !== null ? { accessTokenFactory: () => token } : {}),
      transport: HttpTransportType.WebSockets,
      skipNegotiation: false,
    })
    .configureLogging(LogLevel.None);
  if (reconnect) builder.withAutomaticReconnect(neverGiveUp);
  return builder.build();
}

export async function waitFor<T>(probe: () => T | undefined | null | false, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A raw WebSocket client speaking the protocol by hand: every frame received is kept. */
export interface RawClient {
  ws: WebSocket;
  frames: string[];
  records(): Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  send(...records: unknown[]): void;
  sendText(text: string): void;
}

export async function negotiate(url: string, token: string): Promise<{ connectionToken: string; connectionId: string }> {
  const res = await fetch(`${url}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`negotiate ${res.status}`);
  return (await res.json()) as { connectionToken: string; connectionId: string };
}

export async function rawClient(url: string, token: string, handshake: string | null = '{"protocol":"json","version":1}'): Promise<RawClient> {
  const { connectionToken } = await negotiate(url, token);
  const ws = new WebSocket(`${url.replace('http', 'ws')}?id=${encodeURIComponent(connectionToken)}`, { headers: { authorization: `Bearer ${token}` } });
  const frames: string[] = [];
  ws.on('message', (data) => frames.push(String(data)));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const raw: RawClient = {
    ws,
    frames,
    records: () =>
      frames
        .join('')
        .split(RS)
        .filter((r) => r !== '')
        .map((r) => JSON.parse(r) as Record<string, unknown>),
    closed,
    send: (...records) => ws.send(records.map((r) => JSON.stringify(r) + RS).join('')),
    sendText: (text) => ws.send(text),
  };
  if (handshake !== null) {
    ws.send(handshake + RS);
    await waitFor(() => frames.length > 0, 5000, 'handshake answer');
  }
  return raw;
}
