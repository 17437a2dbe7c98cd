/**
 * The client process of bench/hub-bench.ts: `client-swarm.ts <maxMs>`.
 *
 * Opens N raw `ws` connections the way the SignalR JavaScript client does over WebSockets: POST
 * {hub}/negotiate?negotiateVersion=1 with `Authorization: Bearer`, the WebSocket on {hub}?id=<token>
 * with the same header, the handshake `{"protocol":"json","version":1}` + 0x1e, then a Ping right
 * away and every 15 s (the client's keep-alive; without it the hub would close the connection after
 * its 30 s client timeout). It answers nothing else. Every frame is decoded, checked to end with the
 * record separator, split on 0x1e and every record JSON.parse'd, as the real client does; for each
 * DeviceStateChanged push the latency is receive time − payload `ts` (+ the clock correction).
 */
import { WebSocket } from 'ws';
import {
  BENCH_TOKEN,
  HUB_PATH,
  LatencyHistogram,
  PUSH,
  RS,
  clock,
  cpuPercent,
  guardChild,
  mb,
  sendToParent,
  sleep,
  type ConnectRequest,
  type DrainRequest,
  type SettleRequest,
  type ToSwarm,
  type WindowRequest,
} from './bench-common';

guardChild('swarm', Number(process.argv[2]) || 600_000);

const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const PING = `{"type":6}${RS}`;
const KEEP_ALIVE_MS = 15_000;

interface Client {
  ws: WebSocket;
  handshaken: boolean;
}

const clients: Client[] = [];
const histogram = new LatencyHistogram();
let windowStart = Infinity;
let windowEnd = -Infinity;
let correctionMs = 0;
let received = 0;
let framesInWindow = 0;
let recordsByReceiveTime = 0;
let lastWindowRecordAt = 0;
let lastFrameAt = 0;
let closed = 0;
let closeMessages = 0;
let badFrames = 0;
let cpuWindow = { cpu0: process.cpuUsage(), wall0: clock(), pct: 0, done: false };

interface Push {
  type: number;
  target?: string;
  arguments?: [{ ts?: unknown }];
}

function onFrame(client: Client, data: Buffer): void {
  const now = clock();
  lastFrameAt = now;
  const open = now >= windowStart && now < windowEnd;
  if (open) framesInWindow++;
  const text = data.toString('utf8');
  if (text.charCodeAt(text.length - 1) !== 0x1e) {
    badFrames++; // the SignalR client throws "Message is incomplete."
    return;
  }
  let start = 0;
  for (let i = text.indexOf(RS); i >= 0; i = text.indexOf(RS, start)) {
    const rec = text.slice(start, i);
    start = i + 1;
    let message: Push;
    try {
      message = JSON.parse(rec) as Push;
    } catch {
      badFrames++;
      continue;
    }
    if (!client.handshaken) {
      // the first record is the handshake answer: {} or {"error":...}
      client.handshaken = true;
      continue;
    }
    if (message.type === 1 && message.target === PUSH) {
      if (open) recordsByReceiveTime++;
      const ts = message.arguments?.[0]?.ts;
      if (typeof ts !== 'number' || ts < windowStart || ts >= windowEnd) continue;
      received++;
      lastWindowRecordAt = now;
      histogram.record(now - ts + correctionMs);
    } else if (message.type === 7) closeMessages++;
  }
}

async function negotiate(port: number, token: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}${HUB_PATH}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 200) throw new Error(`negotiate answered ${res.status}`);
  const body = (await res.json()) as { connectionToken?: string };
  if (!body.connectionToken) throw new Error('negotiate gave no connectionToken');
  return body.connectionToken;
}

async function openOne(port: number, bearer: string): Promise<void> {
  const token = await negotiate(port, bearer);
  const ws = new WebSocket(`ws://127.0.0.1:${port}${HUB_PATH}?id=${encodeURIComponent(token)}`, {
    headers: { authorization: `Bearer ${bearer}` },
    perMessageDeflate: false,
    handshakeTimeout: 10_000,
  });
  const client: Client = { ws, handshaken: false };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no handshake answer within 10 s')), 10_000);
    ws.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.once('open', () => ws.send(HANDSHAKE));
    ws.once('message', (data: Buffer) => {
      clearTimeout(timer);
      const answer = data.toString('utf8').split(RS)[0];
      if (answer !== '{}') return reject(new Error(`handshake answered ${answer}`));
      client.handshaken = true;
      resolve();
    });
  });
  ws.on('message', (data: Buffer) => onFrame(client, data));
  ws.on('error', () => undefined);
  ws.send(PING);
  // the client's keep-alive, from its own connect time (so spread like independent clients)
  const keepAlive = setInterval(() => {
    if (ws.readyState === WebSocket.OPEN) ws.send(PING);
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  ws.once('close', () => {
    closed++;
    clearInterval(keepAlive);
  });
  clients.push(client);
}

async function connect(req: ConnectRequest): Promise<void> {
  const t0 = clock();
  let ok = 0;
  let failed = 0;
  let firstError: string | null = null;
  let next = 0;
  const tokens = req.tokens?.length ? req.tokens : [BENCH_TOKEN];
  const perToken = tokens.map(() => 0);
  const worker = async () => {
    while (next < req.n) {
      const which = next++ % tokens.length;
      try {
        await openOne(req.port, tokens[which]);
        perToken[which]++;
        ok++;
      } catch (error) {
        failed++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(req.concurrency, req.n) }, worker));
  sendToParent({ t: 'connected', ok, failed, ms: clock() - t0, firstError, perToken });
}

function openWindow(req: WindowRequest): void {
  histogram.reset();
  received = 0;
  framesInWindow = 0;
  recordsByReceiveTime = 0;
  windowStart = req.measureStart;
  windowEnd = req.measureEnd;
  correctionMs = req.correctionMs;
  cpuWindow = { cpu0: process.cpuUsage(), wall0: clock(), pct: 0, done: false };
  setTimeout(
    () => {
      cpuWindow.cpu0 = process.cpuUsage();
      cpuWindow.wall0 = clock();
    },
    Math.max(0, windowStart - clock()),
  );
  setTimeout(
    () => {
      cpuWindow.pct = cpuPercent(cpuWindow.cpu0, process.cpuUsage(), clock() - cpuWindow.wall0);
      cpuWindow.done = true;
    },
    Math.max(0, windowEnd - clock()),
  );
}

async function drain(req: DrainRequest): Promise<void> {
  const t0 = clock();
  lastWindowRecordAt = Math.max(lastWindowRecordAt, t0);
  while (received < req.expected || !cpuWindow.done) {
    const now = clock();
    if (now - t0 > req.maxMs || now - lastWindowRecordAt > req.quietMs) break;
    await sleep(20);
  }
  if (!cpuWindow.done) cpuWindow.pct = cpuPercent(cpuWindow.cpu0, process.cpuUsage(), clock() - cpuWindow.wall0);
  const open = clients.filter((c) => c.ws.readyState === WebSocket.OPEN).length;
  sendToParent({
    t: 'result',
    received,
    p50: histogram.percentile(50),
    p90: histogram.percentile(90),
    p99: histogram.percentile(99),
    max: histogram.count ? histogram.max : NaN,
    min: histogram.count ? histogram.min : NaN,
    mean: histogram.mean(),
    negative: histogram.negative,
    frames: framesInWindow,
    recordsByReceiveTime,
    cpuPct: cpuWindow.pct,
    rssMb: mb(process.memoryUsage.rss()),
    open,
    closed,
    closeMessages,
    badFrames,
    drainMs: clock() - t0,
  });
  // records of this window that come later are not counted again
  windowStart = Infinity;
  windowEnd = -Infinity;
}

async function settle(req: SettleRequest): Promise<void> {
  const t0 = clock();
  for (;;) {
    const now = clock();
    if (now - lastFrameAt >= req.quietMs || now - t0 > req.maxMs) break;
    await sleep(20);
  }
  sendToParent({ t: 'settled', ms: clock() - t0 });
}

function stop(): void {
  for (const client of clients) client.ws.terminate();
  setTimeout(() => process.exit(0), 200).unref();
  process.disconnect?.();
}

process.on('message', (message: ToSwarm) => {
  switch (message.t) {
    case 'clock':
      sendToParent({ t: 'clock', id: message.id, now: clock() });
      return;
    case 'connect':
      void connect(message);
      return;
    case 'window':
      openWindow(message);
      return;
    case 'drain':
      void drain(message);
      return;
    case 'settle':
      void settle(message);
      return;
    case 'stop':
      stop();
      return;
  }
});
