/**
 * The hub client, over @microsoft/signalr's client (admin app) and over our WebSocket connection
 * (kiosk), against the real hub server (server/hub, on a plain
 * http.Server on loopback): connect, snapshots, a pushed record, a hub restart on the same port, a
 * Close without allowReconnect, a backplane Resync, a refreshed token. Short backoff (50..400 ms) so
 * the whole file takes a few seconds.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { EXT_STATUS, type LiveExtension } from '../../../domain/realtime';
import {
  connectHubToBackplane,
  createHubServer,
  createLiveMethods,
  InProcessBackplane,
  type HubPrincipal,
  type HubServer,
  type LiveSource,
} from '../../../server/hub';
import { createHubClient, signalrConnection, wsHubConnection, type HubClient, type HubConnectionFactory, type HubRecord, type HubState, type SnapshotReason } from '../../../src/hub';
import type { HubEvent } from '../../../streams/hub-events';
import { memoryLog } from './fake-hub';

const CORP = 2;
const PRINCIPAL: HubPrincipal = { userId: 3, level: 3, corpId: CORP };

interface LiveServer {
  hub: HubServer;
  backplane: InProcessBackplane;
  port: number;
  /** Get* calls answered, by method */
  calls: Record<string, number>;
  /** tokens seen by authenticate */
  tokens: string[];
  close(): Promise<void>;
}

function extensions(): LiveExtension[] {
  return [{ corpId: CORP, number: '1001', userName: 'Ana', status: EXT_STATUS.online, since: 0, callStart: null, peer: null }];
}

async function startServer(port = 0): Promise<LiveServer> {
  const calls: Record<string, number> = { GetAllExtensions: 0, GetAllChannels: 0, GetAllContacts: 0, GetAllQueues: 0 };
  const tokens: string[] = [];
  const live: LiveSource = {
    getExtensions: () => (calls.GetAllExtensions++, extensions()),
    getChannels: () => (calls.GetAllChannels++, []),
    getContacts: () => (calls.GetAllContacts++, []),
    getQueues: () => (calls.GetAllQueues++, []),
    hangUp: () => false,
  };
  const server = http.createServer((req, res) => {
    if (!hub.handleRequest(req, res)) res.writeHead(404).end();
  });
  const hub = createHubServer({
    server,
    authenticate: async (token) => {
      tokens.push(token);
      return token.startsWith('tok') ? PRINCIPAL : null;
    },
    methods: createLiveMethods(live),
  });
  const backplane = new InProcessBackplane();
  const unplug = connectHubToBackplane(hub, backplane);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    hub,
    backplane,
    port: (server.address() as AddressInfo).port,
    calls,
    tokens,
    async close() {
      unplug();
      await hub.shutdown(); // Close with allowReconnect:true
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function waitFor(what: string, probe: () => boolean, timeoutMs = 8000): Promise<void> {
  const start = Date.now();
  while (!probe()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const snapshotsAnswered = (srv: LiveServer) => Object.values(srv.calls).every((n) => n >= 1);

const CONNECTIONS: [string, HubConnectionFactory][] = [
  ['@microsoft/signalr', signalrConnection()],
  // Node 20 has no WebSocket of its own; `ws` speaks the browser's API
  ['our WebSocket connection (kiosk)', wsHubConnection({ WebSocket: NodeWebSocket as unknown as typeof WebSocket })],
];

describe.each(CONNECTIONS)('hub client ↔ real hub server, over %s', (_name, connect) => {
  let srv: LiveServer;
  let client: HubClient;
  let token = 'tok-1';
  const states: HubState[] = [];
  const records: HubRecord[] = [];
  const events: HubEvent[] = [];
  const reasons: SnapshotReason[] = [];
  const log = memoryLog();

  beforeAll(async () => {
    srv = await startServer();
    client = createHubClient({
      url: `http://127.0.0.1:${srv.port}/hub`,
      accessToken: () => token,
      corpId: () => CORP,
      retry: { baseDelayMs: 50, maxDelayMs: 400 },
      log,
      connect,
    });
    client.state$.subscribe((s) => states.push(s));
    client.records$.subscribe((r) => records.push(r));
    client.events$.subscribe((e) => events.push(e));
    client.snapshotRequests$.subscribe((r) => reasons.push(r));
  });

  afterAll(async () => {
    await client?.dispose();
    await srv?.close();
  });

  it('B-PNL-18 connects with the token and asks for the four snapshots, which arrive as records', async () => {
    await waitFor('connected', () => client.state === 'connected');
    await waitFor('four snapshots', () => ['AllExtensions', 'AllChannels', 'AllContacts', 'AllQueues'].every((n) => records.some((r) => r.name === n)));
    expect(srv.tokens).toContain('tok-1');
    expect(srv.calls).toEqual({ GetAllExtensions: 1, GetAllChannels: 1, GetAllContacts: 1, GetAllQueues: 1 });
    const all = events.find((e) => e.name === 'AllExtensions');
    expect(all?.payload).toMatchObject({ corpId: CORP, extensions: extensions() });
  });

  it('B-PNL-19 a pushed record arrives on records$ and, checked, on events$', async () => {
    const ringing = { corpId: CORP, callId: '1700000000.1', caller: '1001', receiver: '1002', ts: Date.now() };
    srv.hub.broadcast(CORP, 'Ringing', ringing);
    await waitFor('Ringing', () => records.some((r) => r.name === 'Ringing'));
    expect(records.find((r) => r.name === 'Ringing')).toEqual({ name: 'Ringing', payload: ringing });
    await waitFor('typed Ringing', () => events.some((e) => e.name === 'Ringing'));
  });

  it('a Resync from the backplane makes the client ask for the snapshots again', async () => {
    srv.backplane.resync('backplane reconnected');
    await waitFor('second round of snapshots', () => Object.values(srv.calls).every((n) => n === 2));
    expect(reasons.at(-1)).toBe('resync');
  });

  it('after a hub restart on the same port the client reconnects, with the refreshed token, and asks for fresh snapshots', async () => {
    const port = srv.port;
    token = 'tok-2'; // refreshed while connected: used at the next negotiate
    await srv.close();
    await waitFor('reconnecting', () => client.state === 'reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 600)); // a few failed attempts while the hub is away
    srv = await startServer(port);
    await waitFor('connected again', () => client.state === 'connected');
    await waitFor('fresh snapshots', () => snapshotsAnswered(srv));
    expect(srv.tokens.every((t) => t === 'tok-2')).toBe(true);
    expect(srv.calls).toEqual({ GetAllExtensions: 1, GetAllChannels: 1, GetAllContacts: 1, GetAllQueues: 1 });
    expect(states.slice(-2)).toEqual(['reconnecting', 'connected']);
    expect(reasons.at(-1)).toBe('reconnected');
  });

  it('a Close without allowReconnect (kicked) does not end it: our loop starts the connection again', async () => {
    expect(srv.hub.closeUser(PRINCIPAL.userId, 'Session ended.')).toBe(1);
    await waitFor('closed', () => client.state === 'reconnecting');
    await waitFor('connected again', () => client.state === 'connected');
    await waitFor('snapshots after the restart', () => Object.values(srv.calls).every((n) => n === 2));
    expect(log.lines.some((l) => l.message === 'hub: connection closed, restarting' && /Session ended/.test(String(l.data?.error)))).toBe(true);
  });

  it('dispose() closes the connection for good', async () => {
    await client.dispose();
    expect(client.state).toBe('disconnected');
    await waitFor('server sees it leave', () => srv.hub.connectionCount() === 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(srv.hub.connectionCount()).toBe(0);
  });
});
