/**
 * Throughput against a naive ws server (one JSON.stringify and one frame per client per push), with
 * 1,000 raw clients of one corp. Both servers and all clients share this process, so the figures are
 * relative; the assertions only check the structural gains (one serialisation per push, one frame per
 * connection per tick).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { createHubServer, type HubServer } from '../../../server/hub';
import { authenticate, RS } from './helpers';

const CLIENTS = 1000;
const TICKS = 20;
const PER_TICK = 10;

interface Bench {
  url: string;
  broadcast(i: number): void;
  close(): Promise<void>;
}

function payload(i: number) {
  return { corpId: 2, number: String(1000 + (i % 50)), status: 2 as const, ts: 1_714_000_000_000 + i };
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

async function ourHub(): Promise<Bench & { hub: HubServer }> {
  const server = http.createServer();
  const hub = createHubServer({ server, authenticate });
  const port = await listen(server);
  return {
    hub,
    url: `ws://127.0.0.1:${port}/hub?access_token=tok-acme-admin`,
    broadcast: (i) => hub.broadcast(2, 'DeviceStateChanged', payload(i)),
    async close() {
      await hub.shutdown();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function naive(): Promise<Bench> {
  const server = http.createServer();
  const wss = new WebSocketServer({ server, path: '/hub' });
  wss.on('connection', (ws) => {
    ws.once('message', () => ws.send(`{}${RS}`));
  });
  const port = await listen(server);
  return {
    url: `ws://127.0.0.1:${port}/hub`,
    broadcast: (i) => {
      for (const ws of wss.clients) ws.send(JSON.stringify({ type: 1, target: 'DeviceStateChanged', arguments: [payload(i)] }) + RS);
    },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

interface Clients {
  sockets: WebSocket[];
  records: number;
  frames: number;
  bytes: number;
}

async function connect(url: string): Promise<Clients> {
  const c: Clients = { sockets: [], records: 0, frames: 0, bytes: 0 };
  const batch = 100;
  for (let i = 0; i < CLIENTS; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, CLIENTS - i) }, async () => {
        const ws = new WebSocket(url);
        c.sockets.push(ws);
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
          ws.once('message', () => resolve());
          ws.once('error', reject);
        });
        ws.on('message', (data: Buffer) => {
          c.frames++;
          c.bytes += data.length;
          for (let k = 0; k < data.length; k++) if (data[k] === 0x1e) c.records++;
        });
      }),
    );
  }
  return c;
}

async function run(bench: Bench): Promise<{ ms: number; frames: number; records: number; bytes: number }> {
  const clients = await connect(bench.url);
  const expected = CLIENTS * TICKS * PER_TICK;
  const start = performance.now();
  for (let t = 0; t < TICKS; t++) {
    for (let k = 0; k < PER_TICK; k++) bench.broadcast(t * PER_TICK + k);
    await new Promise((r) => setImmediate(r));
  }
  while (clients.records < expected && performance.now() - start < 30_000) await new Promise((r) => setTimeout(r, 5));
  const ms = performance.now() - start;
  for (const ws of clients.sockets) ws.terminate();
  expect(clients.records).toBe(expected);
  return { ms, frames: clients.frames, records: clients.records, bytes: clients.bytes };
}

const benches: Bench[] = [];
afterAll(async () => {
  await Promise.all(benches.map((b) => b.close()));
});

describe(`broadcast throughput, ${CLIENTS} clients, ${TICKS} ticks x ${PER_TICK} pushes`, () => {
  it('serialises once per push and sends one frame per connection per tick', async () => {
    const ours = await ourHub();
    benches.push(ours);
    const a = await run(ours);
    const theirs = await naive();
    benches.push(theirs);
    const b = await run(theirs);
    const c = ours.hub.counters;
    console.log(
      `[hub-throughput] ours : ${a.ms.toFixed(0)} ms, ${a.frames} frames, ${a.records} records, ${(a.bytes / 1e6).toFixed(1)} MB; ` +
        `serialisations ${c.serializations} for ${c.broadcasts} broadcasts\n` +
        `[hub-throughput] naive: ${b.ms.toFixed(0)} ms, ${b.frames} frames, ${b.records} records, ${(b.bytes / 1e6).toFixed(1)} MB; ` +
        `serialisations ${CLIENTS * TICKS * PER_TICK}`,
    );
    expect(c.serializations).toBe(TICKS * PER_TICK);
    expect(a.frames).toBeLessThanOrEqual(CLIENTS * TICKS); // at most one frame per connection per tick
    expect(b.frames).toBe(CLIENTS * TICKS * PER_TICK);
  }, 60_000);
});
