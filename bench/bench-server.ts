/**
 * The server process of bench/hub-bench.ts: `bench-server.ts hub|naive <maxMs> [hub coalesceMs]`.
 *
 * Starts a plain http.Server on 127.0.0.1 (random port) with either the real hub (createHubServer,
 * default options) or bench/naive-server.ts, and an event driver: on a `step` request it broadcasts
 * DeviceStateChanged events to the bench corp at `rate` per second for warm-up + duration. Each
 * event's `ts` is its *scheduled* time, not the time the driver got round to it, so a server that
 * falls behind shows it in the latency (no coordinated omission). CPU and RSS are measured over the
 * window only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { EXT_STATUS, type HubPushes } from '../domain';
import { createHubServer, type HubPrincipal } from '../server/hub';
import {
  BENCH_CORP,
  BENCH_TOKEN,
  BENCH_USER,
  HUB_PATH,
  PUSH,
  clock,
  cpuPercent,
  guardChild,
  mb,
  roundTs,
  sendToParent,
  type ServerMode,
  type StepDone,
  type StepRequest,
  type ToServer,
} from './bench-common';
import { createNaiveServer } from './naive-server';

const mode = process.argv[2] as ServerMode;
if (mode !== 'hub' && mode !== 'naive') {
  process.stderr.write('usage: bench-server.ts hub|naive <maxMs>\n');
  process.exit(2);
}
guardChild(`server:${mode}`, Number(process.argv[3]) || 600_000);
const coalesceMs = process.argv[4] ? Number(process.argv[4]) : undefined;

interface Driven {
  broadcast(payload: HubPushes['DeviceStateChanged']): void;
  counters(): { frames: number; bytes: number; deferred: number; slowConsumers: number };
  connections(): number;
  shutdown(): Promise<void>;
}

let warnings = 0;
const server = http.createServer((req, res) => {
  if (driven.handleRequest(req, res)) return;
  res.writeHead(404).end();
});

function hubDriven(): Driven & { handleRequest: (req: http.IncomingMessage, res: http.ServerResponse) => boolean } {
  const principal: HubPrincipal = { userId: BENCH_USER, level: 3, corpId: BENCH_CORP };
  const hub = createHubServer({
    server,
    path: HUB_PATH,
    ...(coalesceMs !== undefined ? { coalesceMs } : {}),
    authenticate: async (token) => (token === BENCH_TOKEN ? principal : null),
    log: { warn: () => void warnings++ },
  });
  return {
    handleRequest: (req, res) => hub.handleRequest(req, res),
    broadcast: (payload) => hub.broadcast(BENCH_CORP, PUSH, payload),
    counters: () => {
      const c = hub.counters;
      return { frames: c.frames, bytes: c.bytes, deferred: c.deferred, slowConsumers: c.slowConsumers };
    },
    connections: () => hub.connectionCount(BENCH_CORP),
    shutdown: () => hub.shutdown('Benchmark over'),
  };
}

function naiveDriven(): Driven & { handleRequest: (req: http.IncomingMessage, res: http.ServerResponse) => boolean } {
  const naive = createNaiveServer({ server, path: HUB_PATH, authenticate: (token) => (token === BENCH_TOKEN ? BENCH_CORP : null) });
  return {
    handleRequest: (req, res) => naive.handleRequest(req, res),
    broadcast: (payload) => naive.broadcast(BENCH_CORP, PUSH, payload),
    counters: () => ({ frames: naive.counters.frames, bytes: naive.counters.bytes, deferred: 0, slowConsumers: 0 }),
    connections: () => naive.connectionCount(),
    shutdown: () => naive.close(),
  };
}

const driven = mode === 'hub' ? hubDriven() : naiveDriven();

// every upgraded socket, to see what is still waiting to be written between steps
const sockets = new Set<Duplex>();
server.on('upgrade', (_req: http.IncomingMessage, socket: Duplex) => {
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
});
const pendingBytes = () => {
  let n = 0;
  for (const socket of sockets) n += socket.writableLength;
  return n;
};

async function idle(maxMs: number): Promise<void> {
  const t0 = clock();
  let quiet = 0;
  while (quiet < 3 && clock() - t0 < maxMs) {
    quiet = pendingBytes() === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  sendToParent({ t: 'idle', ms: clock() - t0, pendingBytes: pendingBytes() });
}
let stepRunning = false;

function runStep(req: StepRequest): void {
  if (stepRunning) throw new Error('a step is already running');
  stepRunning = true;
  const interval = 1000 / req.rate;
  const start = clock() + 50;
  const measureStart = start + req.warmupMs;
  const measureEnd = measureStart + req.durationMs;
  // events k = 0 .. total-1 are scheduled at start + k * interval, all before measureEnd
  const total = Math.ceil((measureEnd - start) / interval);
  const tsOf = (i: number) => roundTs(start + i * interval);
  let events = 0;
  for (let i = 0; i < total; i++) if (tsOf(i) >= measureStart && tsOf(i) < measureEnd) events++;
  sendToParent({ t: 'window', measureStart, measureEnd });

  let k = 0;
  let broadcastInWindow = 0;
  let aborted = false;
  let lagMax = 0;
  let rssPeak = 0;
  let cpu0 = process.cpuUsage();
  let wall0 = clock();
  let c0 = driven.counters();
  let sampler: NodeJS.Timeout | null = null;
  let windowOver = false;

  const sampleRss = () => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  };
  setTimeout(
    () => {
      cpu0 = process.cpuUsage();
      wall0 = clock();
      c0 = driven.counters();
      sampleRss();
      sampler = setInterval(sampleRss, 200);
    },
    Math.max(0, measureStart - clock()),
  );
  setTimeout(
    () => {
      windowOver = true;
      maybeFinish();
    },
    Math.max(0, measureEnd - clock()),
  );

  const pump = () => {
    const now = clock();
    while (k < total) {
      const scheduled = start + k * interval;
      if (scheduled > now) break;
      if (now - scheduled > req.abortLagMs) {
        // far past saturation: stop here; the events not broadcast count as lost
        aborted = true;
        lagMax = Math.max(lagMax, now - scheduled);
        k = total;
        break;
      }
      const ts = tsOf(k);
      if (ts >= measureStart && ts < measureEnd) {
        broadcastInWindow++;
        if (now - scheduled > lagMax) lagMax = now - scheduled;
      }
      driven.broadcast({ corpId: BENCH_CORP, number: String(1000 + (k % 50)), status: k % 2 ? EXT_STATUS.inUse : EXT_STATUS.online, ts });
      k++;
    }
    if (k < total) setTimeout(pump, Math.max(0, start + k * interval - clock()));
    else maybeFinish();
  };
  setTimeout(pump, Math.max(0, start - clock()));

  function maybeFinish(): void {
    if (!windowOver || k < total) return;
    const wall1 = clock();
    const cpu1 = process.cpuUsage();
    const c1 = driven.counters();
    if (sampler) clearInterval(sampler);
    sampleRss();
    const mem = process.memoryUsage();
    const done: StepDone = {
      t: 'stepDone',
      events,
      eventsBroadcast: broadcastInWindow,
      eventsTotal: total,
      aborted,
      cpuPct: cpuPercent(cpu0, cpu1, wall1 - wall0),
      rssPeakMb: mb(rssPeak),
      rssEndMb: mb(mem.rss),
      heapUsedMb: mb(mem.heapUsed),
      frames: c1.frames - c0.frames,
      bytes: c1.bytes - c0.bytes,
      driverLagMaxMs: lagMax,
      deferred: c1.deferred - c0.deferred,
      slowConsumers: c1.slowConsumers - c0.slowConsumers,
      connections: driven.connections(),
    };
    stepRunning = false;
    sendToParent(done);
  }
}

async function stop(): Promise<void> {
  setTimeout(() => process.exit(0), 5000).unref();
  await driven.shutdown();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (warnings > 0) process.stderr.write(`[server:${mode}] ${warnings} hub warnings\n`);
  process.exit(0);
}

process.on('message', (message: ToServer) => {
  switch (message.t) {
    case 'clock':
      sendToParent({ t: 'clock', id: message.id, now: clock() });
      return;
    case 'step':
      runStep(message);
      return;
    case 'idle':
      void idle(message.maxMs);
      return;
    case 'stop':
      void stop();
      return;
  }
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  sendToParent({ t: 'ready', port, rssMb: mb(process.memoryUsage.rss()) });
});
