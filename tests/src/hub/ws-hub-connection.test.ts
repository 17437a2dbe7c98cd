/**
 * The kiosk's own hub connection (src/hub/ws-hub-connection.ts) against the real hub server on
 * loopback: keep-alive both ways, the server timeout, completions and their errors, a refused token,
 * stop(). The hub client over it is tested in hub-live.test.ts beside SignalR's client.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { createHubServer, createLiveMethods, type HubPrincipal, type HubServer, type HubServerOptions } from '../../../server/hub';
import { hubSocketUrl, wsHubConnection, type HubConnectionLike, type WsHubConnectionOptions } from '../../../src/hub';
import { memoryLog } from './fake-hub';

const PRINCIPAL: HubPrincipal = { userId: 3, level: 3, corpId: 2 };

interface Rig {
  hub: HubServer;
  url: string;
  close(): Promise<void>;
}

const open: Rig[] = [];
const connections: HubConnectionLike[] = [];

async function startHub(options: Partial<HubServerOptions> = {}): Promise<Rig> {
  const server = http.createServer((req, res) => {
    if (!hub.handleRequest(req, res)) res.writeHead(404).end();
  });
  const hub = createHubServer({
    server,
    authenticate: async (token) => (token === 'good' ? PRINCIPAL : null),
    methods: createLiveMethods({ getExtensions: () => [], getChannels: () => [], getContacts: () => [], getQueues: () => [], hangUp: () => false }),
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const rig: Rig = {
    hub,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hub`,
    async close() {
      await hub.shutdown();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  open.push(rig);
  return rig;
}

function connect(rig: Rig, token = 'good', options: WsHubConnectionOptions = {}) {
  const log = memoryLog();
  const closes: (Error | undefined)[] = [];
  const connection = wsHubConnection({ WebSocket: NodeWebSocket as unknown as typeof WebSocket, ...options })({
    url: rig.url,
    accessToken: () => token,
    retryPolicy: { nextRetryDelayInMilliseconds: () => 0 },
    log,
  });
  connection.onclose((error) => closes.push(error));
  connections.push(connection);
  return { connection, closes, log };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  for (const c of connections.splice(0)) await c.stop();
  for (const rig of open.splice(0)) await rig.close();
});

describe('the kiosk hub connection (B-PNL-18: the hub with the token as access token)', () => {
  it('connects with the token in the URL, receives pushes case-insensitively and gets completions', async () => {
    const rig = await startHub();
    const { connection } = connect(rig);
    const pushes: unknown[] = [];
    connection.on('devicestatechanged', (payload) => pushes.push(payload));
    await connection.start();
    expect(connection.state).toBe('Connected');
    await expect(connection.invoke('GetAllExtensions', 2)).resolves.toBeUndefined();
    rig.hub.broadcast(2, 'DeviceStateChanged', { corpId: 2, number: '1001', status: 1, ts: 1 });
    await expect.poll(() => pushes).toEqual([{ corpId: 2, number: '1001', status: 1, ts: 1 }]);
  });

  it('rejects an invocation the server answers with an error', async () => {
    const rig = await startHub();
    const { connection } = connect(rig);
    await connection.start();
    await expect(connection.invoke('NoSuchMethod')).rejects.toThrow(/NoSuchMethod|method/i);
    expect(connection.state).toBe('Connected');
  });

  it('start() rejects when the server refuses the token, and the connection can start again', async () => {
    const rig = await startHub();
    const { connection, closes } = connect(rig, 'bad');
    await expect(connection.start()).rejects.toThrow(/WebSocket closed|status code/);
    expect(connection.state).toBe('Disconnected');
    expect(closes).toEqual([]); // it never connected: start() said so, onclose does not
    await expect(connection.start()).rejects.toThrow();
  });

  it('keeps a quiet connection up with its pings (the server drops a client silent for 400 ms)', async () => {
    const rig = await startHub({ clientTimeoutMs: 400, pingIntervalMs: 60_000 });
    const pinging = connect(rig, 'good', { keepAliveMs: 100, serverTimeoutMs: 60_000 });
    const silent = connect(rig, 'good', { keepAliveMs: 60_000, serverTimeoutMs: 60_000 });
    await pinging.connection.start();
    await silent.connection.start();
    await sleep(1500);
    expect(pinging.connection.state).toBe('Connected');
    expect(pinging.closes).toEqual([]);
    // the control: without pings the same server closes it
    expect(silent.connection.state).toBe('Disconnected');
    expect(silent.closes).toHaveLength(1);
  });

  it('ends with an error when the server sends nothing for serverTimeoutMs, and refuses invocations after', async () => {
    const rig = await startHub({ pingIntervalMs: 60_000, clientTimeoutMs: 60_000 });
    const { connection, closes } = connect(rig, 'good', { serverTimeoutMs: 300, keepAliveMs: 100 });
    await connection.start();
    await expect.poll(() => closes.length, { timeout: 3000 }).toBe(1);
    expect(closes[0]?.message).toMatch(/Server timeout elapsed/);
    expect(connection.state).toBe('Disconnected');
    await expect(connection.invoke('GetAllExtensions')).rejects.toThrow(/not in the 'Connected' State/);
  });

  it('a server Close ends it with the server error; stop() leaves the server with no connection', async () => {
    const rig = await startHub();
    const kicked = connect(rig);
    await kicked.connection.start();
    expect(rig.hub.closeUser(PRINCIPAL.userId, 'Session ended.')).toBe(1);
    await expect.poll(() => kicked.closes.length).toBe(1);
    expect(kicked.closes[0]?.message).toBe('Server returned an error on close: Session ended.');

    const stopped = connect(rig);
    await stopped.connection.start();
    await expect.poll(() => rig.hub.connectionCount()).toBe(1);
    await stopped.connection.stop();
    expect(stopped.closes).toEqual([undefined]);
    await expect.poll(() => rig.hub.connectionCount()).toBe(0);
  });

  it('handles the records of a full frame in order over several tasks, not in one long task', async () => {
    const rig = await startHub();
    // sliceMs 0: one record per task, so each push below must end its task before the next begins
    const { connection } = connect(rig, 'good', { sliceMs: 0 });
    const seen: string[] = [];
    connection.on('DeviceStateChanged', (payload) => {
      seen.push(`push ${(payload as { number: string }).number}`);
      queueMicrotask(() => seen.push('end of task'));
    });
    await connection.start();
    // broadcasts in one tick share one frame (the hub's coalescing)
    for (let i = 0; i < 20; i++) rig.hub.broadcast(2, 'DeviceStateChanged', { corpId: 2, number: String(1000 + i), status: 1, ts: i });
    await expect.poll(() => seen.filter((s) => s.startsWith('push')).length).toBe(20);
    await sleep(10);
    const expected = Array.from({ length: 20 }, (_, i) => [`push ${1000 + i}`, 'end of task']).flat();
    expect(seen).toEqual(expected);
  });

  it('builds the socket URL from a path of the page or an absolute URL', () => {
    expect(hubSocketUrl('/hub', 'a b', 'https://tv.example.com/kiosk/acme/1?key=k')).toBe('wss://tv.example.com/hub?access_token=a+b');
    expect(hubSocketUrl('http://127.0.0.1:8080/hub', 't')).toBe('ws://127.0.0.1:8080/hub?access_token=t');
    expect(hubSocketUrl('/hub', '', 'http://localhost:5173/')).toBe('ws://localhost:5173/hub');
  });
});
