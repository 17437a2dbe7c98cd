/**
 * Shared by the hub benchmark's processes (bench/hub-bench.ts forks bench/bench-server.ts and
 * bench/client-swarm.ts): the IPC messages, the clock, the latency histogram and a few constants.
 */

export const BENCH_TOKEN = 'bench-token';
export const BENCH_CORP = 7;
export const BENCH_USER = 1;
export const HUB_PATH = '/hub';
export const RS = '\x1e';
export const PUSH = 'DeviceStateChanged';

export type ServerMode = 'hub' | 'naive';

/**
 * Wall-clock milliseconds since the epoch with sub-millisecond resolution: `performance.timeOrigin`
 * (the epoch time the process started, to the microsecond) plus the monotonic `performance.now()`.
 * Date.now() alone is whole milliseconds, which would put a ±1 ms step on every latency sample.
 * Two processes compute their timeOrigin separately, so the orchestrator measures the offset
 * between them over IPC (see `clockOffset` in hub-bench.ts) and the swarm corrects for it.
 */
export function clock(): number {
  return performance.timeOrigin + performance.now();
}

/** `ts` as carried in the payload: hundredths of a millisecond, so the JSON stays 15 significant digits. */
export function roundTs(ms: number): number {
  return Math.round(ms * 100) / 100;
}

// ------------------------------------------------------------------ IPC messages

export interface ClockRequest {
  t: 'clock';
  id: number;
}
export interface ClockReply {
  t: 'clock';
  id: number;
  now: number;
}

export interface StepRequest {
  t: 'step';
  rate: number;
  warmupMs: number;
  durationMs: number;
  /** the driver gives up the step when an event is this late (the server is far past saturation) */
  abortLagMs: number;
}
export interface StopRequest {
  t: 'stop';
}

/** answered when nothing is left in the sockets' write buffers (or after maxMs) */
export interface IdleRequest {
  t: 'idle';
  maxMs: number;
}

export type ToServer = ClockRequest | StepRequest | IdleRequest | StopRequest;

export interface ServerReady {
  t: 'ready';
  port: number;
  rssMb: number;
}
export interface StepWindow {
  t: 'window';
  /** events with measureStart <= ts < measureEnd are the step's measured events */
  measureStart: number;
  measureEnd: number;
}
export interface StepDone {
  t: 'stepDone';
  /** events scheduled with ts inside the window (all of them count, broadcast or not) */
  events: number;
  /** of those, broadcast (fewer only when the driver gave up) */
  eventsBroadcast: number;
  /** events scheduled in the whole step (warm-up included) */
  eventsTotal: number;
  /** the driver gave up: an event was more than abortLagMs late */
  aborted: boolean;
  /** the server's CPU (user + system) over the window, % of one core */
  cpuPct: number;
  rssPeakMb: number;
  rssEndMb: number;
  heapUsedMb: number;
  /** frames and bytes the server wrote in the window, summed over connections */
  frames: number;
  bytes: number;
  /** the longest time an event waited past its scheduled time before it was broadcast */
  driverLagMaxMs: number;
  /** hub only: flushes postponed by back-pressure, slow consumers closed (window) */
  deferred: number;
  slowConsumers: number;
  connections: number;
}
export interface ServerIdle {
  t: 'idle';
  ms: number;
  /** bytes still waiting in the sockets' write buffers when it answered */
  pendingBytes: number;
}
export type FromServer = ClockReply | ServerReady | StepWindow | StepDone | ServerIdle;

export interface ConnectRequest {
  t: 'connect';
  port: number;
  n: number;
  concurrency: number;
  /** connection i signs in with tokens[i % tokens.length] (bench/cluster-bench.ts: one user per corp); default BENCH_TOKEN */
  tokens?: string[];
}
export interface WindowRequest {
  t: 'window';
  measureStart: number;
  measureEnd: number;
  /** added to every latency: the server clock's offset minus the swarm clock's offset */
  correctionMs: number;
}
export interface DrainRequest {
  t: 'drain';
  /** records expected in the window (connections × events) */
  expected: number;
  /** give up when no record of the window arrived for this long */
  quietMs: number;
  maxMs: number;
}
export interface SettleRequest {
  t: 'settle';
  quietMs: number;
  maxMs: number;
}
export type ToSwarm = ClockRequest | ConnectRequest | WindowRequest | DrainRequest | SettleRequest | StopRequest;

export interface Connected {
  t: 'connected';
  ok: number;
  failed: number;
  ms: number;
  firstError: string | null;
  /** connections open per token of ConnectRequest.tokens (so per corp) */
  perToken: number[];
}
export interface WindowResult {
  t: 'result';
  received: number;
  /** records of the window that arrived after the drain gave up are not here (they count as lost) */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  min: number;
  mean: number;
  /** latencies below zero after the clock correction (clamped to 0 in the histogram) */
  negative: number;
  /** frames, and DeviceStateChanged records of any step, received while the window was open (by receive time) */
  frames: number;
  recordsByReceiveTime: number;
  /** the swarm's CPU over the window, % of one core */
  cpuPct: number;
  rssMb: number;
  /** connections open when the drain ended, and closed so far (by the server or an error) */
  open: number;
  closed: number;
  /** Close messages (type 7) received so far */
  closeMessages: number;
  /** frames that did not end with the record separator, records that were not JSON (so far) */
  badFrames: number;
  drainMs: number;
}
export interface Settled {
  t: 'settled';
  ms: number;
}
export type FromSwarm = ClockReply | Connected | WindowResult | Settled;

// ------------------------------------------------------------------ histogram

/**
 * Log-bucketed latency histogram: 1 % relative precision from 10 µs to 120 s in ~1,640 buckets, so
 * millions of samples cost one array increment each. Percentiles answer the bucket's upper bound.
 */
export class LatencyHistogram {
  static readonly MIN_MS = 0.01;
  static readonly GROWTH = 1.01;
  static readonly MAX_MS = 120_000;
  private static readonly LOG_GROWTH = Math.log(LatencyHistogram.GROWTH);
  private static readonly SIZE = Math.ceil(Math.log(LatencyHistogram.MAX_MS / LatencyHistogram.MIN_MS) / LatencyHistogram.LOG_GROWTH) + 2;

  private counts = new Float64Array(LatencyHistogram.SIZE);
  count = 0;
  sum = 0;
  max = -Infinity;
  min = Infinity;
  negative = 0;

  record(ms: number): void {
    this.count++;
    this.sum += ms;
    if (ms > this.max) this.max = ms;
    if (ms < this.min) this.min = ms;
    if (ms < 0) this.negative++;
    let idx = 0;
    if (ms > LatencyHistogram.MIN_MS) {
      idx = Math.ceil(Math.log(ms / LatencyHistogram.MIN_MS) / LatencyHistogram.LOG_GROWTH);
      if (idx >= LatencyHistogram.SIZE) idx = LatencyHistogram.SIZE - 1;
    }
    this.counts[idx]++;
  }

  /** p in 0..100; NaN when empty */
  percentile(p: number): number {
    if (this.count === 0) return NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i];
      if (seen >= rank) return Math.min(LatencyHistogram.MIN_MS * LatencyHistogram.GROWTH ** i, this.max);
    }
    return this.max;
  }

  mean(): number {
    return this.count === 0 ? NaN : this.sum / this.count;
  }

  reset(): void {
    this.counts.fill(0);
    this.count = 0;
    this.sum = 0;
    this.max = -Infinity;
    this.min = Infinity;
    this.negative = 0;
  }
}

// ------------------------------------------------------------------ helpers

export function cpuPercent(before: NodeJS.CpuUsage, after: NodeJS.CpuUsage, wallMs: number): number {
  if (wallMs <= 0) return 0;
  const us = after.user - before.user + (after.system - before.system);
  return (us / 1000 / wallMs) * 100;
}

/** Busy and total CPU time of the whole machine so far (all cores, ms), from os.cpus(). */
export function machineCpu(cpus: { times: { user: number; nice: number; sys: number; idle: number; irq: number } }[]): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus) {
    const b = times.user + times.nice + times.sys + times.irq;
    busy += b;
    total += b + times.idle;
  }
  return { busy, total };
}

export function mb(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `process.send` with a type check on the message; a child whose parent is gone exits. */
export function sendToParent(message: FromServer | FromSwarm): void {
  if (!process.send || !process.connected) {
    process.exit(0);
  }
  process.send(message);
}

/** A child process exits when its parent goes away, and after `maxMs` in any case. */
export function guardChild(name: string, maxMs: number): void {
  process.on('disconnect', () => process.exit(0));
  setTimeout(() => {
    process.stderr.write(`[${name}] still running after ${Math.round(maxMs / 1000)} s, exiting\n`);
    process.exit(3);
  }, maxMs).unref();
}

// ------------------------------------------------------------------ the orchestrators' command line and report

/** What every rung of an event ladder reports (bench:hub, bench:cluster). */
export interface LadderStep {
  /** events per second */
  rate: number;
  /** records fanned out per second by the schedule (Σ events × connections they go to / window) */
  offeredPerSec: number;
  /** DeviceStateChanged records the clients received per second while the window was open */
  deliveredPerSec: number;
  expected: number;
  received: number;
  lost: number;
  /** the driver gave up (an event was more than abortLagMs late); the events it did not send are lost */
  aborted: boolean;
  p50: number;
  p99: number;
  max: number;
  /** the longest time an event waited past its scheduled time */
  driverLagMaxMs: number;
  /** p99 under the limit and nothing lost */
  pass: boolean;
}

/** `--name value`, `--name=value`, and `--name` alone for the names in `switches`; throws on anything not in `known` */
export function parseFlags(argv: string[], known: string[], switches: string[] = []): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (switches.includes(arg.slice(2))) flags.set(arg.slice(2), '1');
    else {
      const value = argv[i + 1];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      flags.set(arg.slice(2), value);
      i++;
    }
  }
  for (const key of flags.keys()) if (!known.includes(key)) throw new Error(`unknown option --${key} (known: ${known.join(', ')})`);
  return flags;
}

/** a number with `digits` decimals, '-' for NaN and infinities */
export const fmt = (x: number, digits = 1): string => (Number.isFinite(x) ? x.toFixed(digits) : '-');

/** a Markdown table, the first column left-aligned and the others right-aligned */
export function markdownTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  return [line(head), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...rows.map(line)].join('\n');
}
