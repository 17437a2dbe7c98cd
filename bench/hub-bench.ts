/**
 * Hub benchmark: `npm run bench:hub [-- options]`. Prints figures, asserts no time.
 *
 * For each server (the real hub, then bench/naive-server.ts) it forks a server process
 * (bench/bench-server.ts) and a client process (bench/client-swarm.ts) holding N SignalR-protocol
 * WebSocket connections to one corp, then climbs a ladder of event rates R: the server broadcasts R
 * DeviceStateChanged events per second (each one fanned out to all N clients) for a warm-up and a
 * measured window. Per step: delivered records/s, p50/p99 latency (event's scheduled time → client
 * receive), lost records, server CPU and RSS. Then the saturation point of each server (highest R
 * with p99 < 250 ms and nothing lost) and their ratio. All traffic is on 127.0.0.1; the last result
 * goes to bench/results/hub-latest.json.
 *
 * Options (flags win over the environment):
 *   --quick                    ~1 minute: 200 clients, 1 s warm-up, 3 s steps
 *   --clients N   BENCH_N      connections (default 1000)
 *   --step-ms MS  BENCH_STEP_MS   measured window per step (default 10000)
 *   --warmup-ms MS BENCH_WARMUP_MS warm-up before each window (default 2000)
 *   --ladder 50,100,... BENCH_LADDER  event rates per second (default 50,100,200,400,800)
 *   --only hub|naive           run one server only
 *   --out FILE                 where to write the JSON (default bench/results/hub-latest.json)
 *   --coalesce-ms MS           the hub's coalesceMs option (default: the hub's own default)
 *   --profile                  V8 CPU profiles of the server and client processes into bench/results/profiles/
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Child, clockOffset } from './bench-child';
import {
  clock,
  fmt,
  machineCpu,
  markdownTable,
  parseFlags,
  type ClockReply,
  type Connected,
  type FromServer,
  type LadderStep,
  type FromSwarm,
  type ServerMode,
  type ServerIdle,
  type ServerReady,
  type Settled,
  type StepDone,
  type StepWindow,
  type ToServer,
  type ToSwarm,
  type WindowResult,
} from './bench-common';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const P99_LIMIT_MS = 250;
const TARGET_P99_RATE = 200;
const TARGET_P99_MS = 100;
const TARGET_RATIO = 1.5;
/** a step during which the rest of the machine used more than this (% of one core) is marked contended */
const CONTENDED_PCT = 50;

// ------------------------------------------------------------------ configuration

interface Config {
  quick: boolean;
  clients: number;
  warmupMs: number;
  stepMs: number;
  ladder: number[];
  modes: ServerMode[];
  concurrency: number;
  drainQuietMs: number;
  drainMaxMs: number;
  settleQuietMs: number;
  settleMaxMs: number;
  out: string;
  abortLagMs: number;
  /** passed to createHubServer when set */
  coalesceMs: number | null;
  profileDir: string | null;
}

function parseArgs(argv: string[]): Config {
  const flags = parseFlags(argv, ['quick', 'clients', 'step-ms', 'warmup-ms', 'ladder', 'only', 'out', 'coalesce-ms', 'profile'], ['quick', 'profile']);
  const quick = flags.has('quick');
  const num = (flag: string, env: string, dflt: number, min: number): number => {
    const raw = flags.get(flag) ?? process.env[env];
    if (raw === undefined || raw === '') return dflt;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min) throw new Error(`--${flag} / ${env} must be a number >= ${min}, got ${raw}`);
    return Math.round(value);
  };
  const ladderRaw = flags.get('ladder') ?? process.env.BENCH_LADDER;
  const ladder = ladderRaw ? ladderRaw.split(',').map((s) => Number(s.trim())) : [50, 100, 200, 400, 800];
  if (ladder.length === 0 || ladder.some((r) => !Number.isFinite(r) || r <= 0 || r > 100_000)) throw new Error(`bad ladder ${ladderRaw}`);
  const only = flags.get('only');
  if (only !== undefined && only !== 'hub' && only !== 'naive') throw new Error('--only takes hub or naive');
  const stepMs = num('step-ms', 'BENCH_STEP_MS', quick ? 3000 : 10_000, 500);
  return {
    quick,
    clients: num('clients', 'BENCH_N', quick ? 200 : 1000, 1),
    warmupMs: num('warmup-ms', 'BENCH_WARMUP_MS', quick ? 1000 : 2000, 200),
    stepMs,
    ladder: [...ladder].sort((a, b) => a - b),
    modes: only ? [only] : ['hub', 'naive'],
    concurrency: 50,
    drainQuietMs: quick ? 1000 : 1500,
    drainMaxMs: quick ? 2000 : 5000,
    settleQuietMs: 300,
    settleMaxMs: quick ? 2000 : 5000,
    abortLagMs: quick ? 2000 : 3000,
    out: path.resolve(flags.get('out') ?? path.join(HERE, 'results', 'hub-latest.json')),
    coalesceMs: flags.has('coalesce-ms') ? num('coalesce-ms', 'BENCH_COALESCE_MS', 0, 0) : null,
    profileDir: flags.has('profile') ? path.join(HERE, 'results', 'profiles') : null,
  };
}

// ------------------------------------------------------------------ child processes

type ServerChild = Child<ToServer, FromServer>;
type SwarmChild = Child<ToSwarm, FromSwarm>;
const children = new Set<{ kill(): void }>();

// ------------------------------------------------------------------ one server

interface StepResult extends LadderStep {
  events: number;
  eventsBroadcast: number;
  p90: number;
  mean: number;
  negativeLatencies: number;
  serverCpuPct: number;
  serverRssPeakMb: number;
  serverRssEndMb: number;
  serverHeapUsedMb: number;
  serverFramesPerSec: number;
  serverMBPerSec: number;
  clientFramesPerSec: number;
  clientCpuPct: number;
  clientRssMb: number;
  /** CPU used on the machine by everything but this benchmark's server and clients, % of one core */
  otherCpuPct: number;
  deferred: number;
  slowConsumers: number;
  connectionsOpen: number;
  connectionsClosed: number;
  badFrames: number;
  drainMs: number;
  /** how long the backlog took to go after the drain (server sockets, then clients) */
  settleMs: number;
  /** bytes still in the server's socket buffers when the next step began (0 unless settling timed out) */
  pendingBytesAfter: number;
}

interface ModeResult {
  mode: ServerMode;
  connected: number;
  connectFailed: number;
  connectMs: number;
  clock: { serverOffsetMs: number; swarmOffsetMs: number; correctionMs: number; rttMs: number };
  idleRssMb: number;
  steps: StepResult[];
  /**
   * highest R with p99 < 250 ms and nothing lost such that every lower rung passed too; null when
   * the lowest rung failed. On a shared machine a rung can fail because of a burst of other load;
   * a higher rung that passes after such a failure shows in `highestPassing`, not here.
   */
  saturation: number | null;
  /** highest R that passed, whatever happened below it */
  highestPassing: number | null;
  /** true when every rung passed, so the real saturation is at least `saturation` */
  saturationIsLowerBound: boolean;
}

const f = fmt;

function stepLine(mode: string, s: StepResult): string {
  return (
    `[${mode.padEnd(5)}] R=${String(s.rate).padStart(4)}/s  delivered ${f(s.deliveredPerSec, 0).padStart(7)}/s  ` +
    `p50 ${f(s.p50, 2).padStart(8)} ms  p99 ${f(s.p99, 2).padStart(8)} ms  max ${f(s.max, 0).padStart(6)} ms  ` +
    `lost ${String(s.lost).padStart(7)}  srv CPU ${f(s.serverCpuPct, 0).padStart(3)}%  RSS ${f(s.serverRssPeakMb, 0).padStart(4)} MB  ` +
    `frames ${f(s.serverFramesPerSec, 0).padStart(6)}/s  lag ${f(s.driverLagMaxMs, 0).padStart(5)} ms  ` +
    `cli CPU ${f(s.clientCpuPct, 0).padStart(3)}%  others ${f(s.otherCpuPct, 0).padStart(3)}%` +
    (s.connectionsClosed ? `  closed ${s.connectionsClosed}` : '') +
    (s.aborted ? `  (driver gave up: ${s.events - s.eventsBroadcast} window events not sent)` : '') +
    (s.pass ? '' : '  ✗')
  );
}

/** One server process and its client process, connected and ready for steps. */
interface Rig {
  mode: ServerMode;
  server: ServerChild;
  swarm: SwarmChild;
  ready: ServerReady;
  serverClock: { offsetMs: number; rttMs: number };
  swarmClock: { offsetMs: number; rttMs: number };
  correctionMs: number;
  connected: Connected;
  steps: StepResult[];
  closedBefore: number;
}

async function openRig(mode: ServerMode, cfg: Config, budgetMs: number): Promise<Rig> {
  // one profile per thread (tsx's loader runs on a thread of its own): CPU.<date>.<pid>.<thread>.<n>.cpuprofile
  const profile = (who: string) => (cfg.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(cfg.profileDir, `${who}-${mode}`)}`] : []);
  const serverArgs = [mode, String(budgetMs), cfg.coalesceMs === null ? '' : String(cfg.coalesceMs)];
  const server: ServerChild = new Child('server:' + mode, 'bench-server.ts', serverArgs, profile('server'));
  children.add(server);
  const ready = await server.next<ServerReady>('ready', 30_000);
  const swarm: SwarmChild = new Child('swarm:' + mode, 'client-swarm.ts', [String(budgetMs)], profile('swarm'));
  children.add(swarm);
  const serverClock = await clockOffset((id) => server.request<ClockReply>({ t: 'clock', id }, 'clock', 5000));
  const swarmClock = await clockOffset((id) => swarm.request<ClockReply>({ t: 'clock', id }, 'clock', 5000));
  const correctionMs = serverClock.offsetMs - swarmClock.offsetMs;
  const connected = await swarm.request<Connected>({ t: 'connect', port: ready.port, n: cfg.clients, concurrency: cfg.concurrency }, 'connected', 120_000);
  console.log(
    `[${mode.padEnd(5)}] ${connected.ok} clients connected in ${f(connected.ms / 1000, 1)} s` +
      (connected.failed ? `, ${connected.failed} failed (${connected.firstError})` : '') +
      `; clock correction ${f(correctionMs, 3)} ms (IPC rtt ${f(Math.max(serverClock.rttMs, swarmClock.rttMs), 3)} ms)`,
  );
  if (connected.ok === 0) throw new Error(`${mode}: no client could connect (${connected.firstError})`);
  return { mode, server, swarm, ready, serverClock, swarmClock, correctionMs, connected, steps: [], closedBefore: 0 };
}

async function runStep(rig: Rig, rate: number, cfg: Config): Promise<StepResult> {
  const { server, swarm, connected } = rig;
  const stepTimeout = cfg.warmupMs + cfg.stepMs + 60_000;
  const window = await server.request<StepWindow>({ t: 'step', rate, warmupMs: cfg.warmupMs, durationMs: cfg.stepMs, abortLagMs: cfg.abortLagMs }, 'window', 10_000);
  swarm.send({ t: 'window', measureStart: window.measureStart, measureEnd: window.measureEnd, correctionMs: rig.correctionMs });
  // the whole machine's CPU over the window (our clock = the server's − its offset)
  const machine = { start: machineCpu(os.cpus()), end: machineCpu(os.cpus()) };
  const cpuTimers = [
    setTimeout(() => (machine.start = machineCpu(os.cpus())), Math.max(0, window.measureStart - rig.serverClock.offsetMs - clock())),
    setTimeout(() => (machine.end = machineCpu(os.cpus())), Math.max(0, window.measureEnd - rig.serverClock.offsetMs - clock())),
  ];
  const done = await server.next<StepDone>('stepDone', stepTimeout);
  const expected = connected.ok * done.events;
  const result = await swarm.request<WindowResult>({ t: 'drain', expected, quietMs: cfg.drainQuietMs, maxMs: cfg.drainMaxMs }, 'result', cfg.drainMaxMs + 30_000);
  // let this step's backlog go before the next one: server sockets empty, then clients quiet
  const serverIdle = await server.request<ServerIdle>({ t: 'idle', maxMs: cfg.settleMaxMs }, 'idle', cfg.settleMaxMs + 30_000);
  const settled = await swarm.request<Settled>({ t: 'settle', quietMs: cfg.settleQuietMs, maxMs: cfg.settleMaxMs }, 'settled', cfg.settleMaxMs + 30_000);
  cpuTimers.forEach(clearTimeout);
  const seconds = cfg.stepMs / 1000;
  const machineBusyPct =
    machine.end.total > machine.start.total
      ? ((machine.end.busy - machine.start.busy) / (machine.end.total - machine.start.total)) * os.cpus().length * 100
      : NaN;
  const lost = expected - result.received;
  const step: StepResult = {
    rate,
    offeredPerSec: expected / seconds,
    deliveredPerSec: result.recordsByReceiveTime / seconds,
    expected,
    received: result.received,
    lost,
    events: done.events,
    aborted: done.aborted,
    eventsBroadcast: done.eventsBroadcast,
    p50: result.p50,
    p90: result.p90,
    p99: result.p99,
    max: result.max,
    mean: result.mean,
    negativeLatencies: result.negative,
    serverCpuPct: done.cpuPct,
    serverRssPeakMb: done.rssPeakMb,
    serverRssEndMb: done.rssEndMb,
    serverHeapUsedMb: done.heapUsedMb,
    serverFramesPerSec: done.frames / seconds,
    serverMBPerSec: done.bytes / 1e6 / seconds,
    clientFramesPerSec: result.frames / seconds,
    clientCpuPct: result.cpuPct,
    clientRssMb: result.rssMb,
    driverLagMaxMs: done.driverLagMaxMs,
    otherCpuPct: Math.max(0, machineBusyPct - done.cpuPct - result.cpuPct),
    deferred: done.deferred,
    slowConsumers: done.slowConsumers,
    connectionsOpen: result.open,
    connectionsClosed: result.closed - rig.closedBefore,
    badFrames: result.badFrames,
    drainMs: result.drainMs,
    settleMs: serverIdle.ms + settled.ms,
    pendingBytesAfter: serverIdle.pendingBytes,
    pass: lost === 0 && result.p99 < P99_LIMIT_MS,
  };
  rig.closedBefore = result.closed;
  rig.steps.push(step);
  console.log(stepLine(rig.mode, step));
  return step;
}

function rigResult(rig: Rig): ModeResult {
  const { steps } = rig;
  const passed = steps.filter((s) => s.pass);
  const firstFail = steps.findIndex((s) => !s.pass);
  const contiguous = firstFail < 0 ? steps : steps.slice(0, firstFail);
  const saturation = contiguous.length ? contiguous[contiguous.length - 1].rate : null;
  const highestPassing = passed.length ? passed[passed.length - 1].rate : null;
  if (highestPassing !== saturation) {
    console.log(
      `[${rig.mode.padEnd(5)}] note: not monotonic: R=${steps[firstFail].rate} failed` +
        `${steps[firstFail].otherCpuPct > CONTENDED_PCT ? ` while other processes used ${f(steps[firstFail].otherCpuPct, 0)}% CPU` : ''}, ` +
        `R=${highestPassing} passed; saturation taken as the highest rung with every rung below passing`,
    );
  }
  return {
    mode: rig.mode,
    connected: rig.connected.ok,
    connectFailed: rig.connected.failed,
    connectMs: rig.connected.ms,
    clock: {
      serverOffsetMs: rig.serverClock.offsetMs,
      swarmOffsetMs: rig.swarmClock.offsetMs,
      correctionMs: rig.correctionMs,
      rttMs: Math.max(rig.serverClock.rttMs, rig.swarmClock.rttMs),
    },
    idleRssMb: rig.ready.rssMb,
    steps,
    saturation,
    highestPassing,
    saturationIsLowerBound: passed.length === steps.length,
  };
}

async function closeRig(rig: Pick<Rig, 'server' | 'swarm'>): Promise<void> {
  await rig.swarm.stop({ t: 'stop' }, 5000);
  await rig.server.stop({ t: 'stop' }, 8000);
  children.delete(rig.swarm);
  children.delete(rig.server);
}

/**
 * Both rigs are set up first and the rungs interleave (hub at R, naive at R, then the next R), so
 * the two servers meet the same background load on a shared machine.
 */
async function runAll(cfg: Config, budgetMs: number): Promise<ModeResult[]> {
  const rigs: Rig[] = [];
  try {
    for (const mode of cfg.modes) rigs.push(await openRig(mode, cfg, budgetMs));
    for (const rate of cfg.ladder) for (const rig of rigs) await runStep(rig, rate, cfg);
    return rigs.map(rigResult);
  } finally {
    for (const rig of rigs) await closeRig(rig);
  }
}

// ------------------------------------------------------------------ report

function table(results: ModeResult[]): string {
  const head = ['server', 'R/s', 'offered/s', 'delivered/s', 'p50 ms', 'p99 ms', 'max ms', 'lost', 'srv CPU%', 'srv RSS MB', 'srv frames/s', 'cli CPU%', 'others CPU%', 'ok'];
  const rows = results.flatMap((r) =>
    r.steps.map((s) => [
      r.mode,
      String(s.rate),
      f(s.offeredPerSec, 0),
      f(s.deliveredPerSec, 0),
      f(s.p50, 2),
      f(s.p99, 2),
      f(s.max, 0),
      String(s.lost),
      f(s.serverCpuPct, 0),
      f(s.serverRssPeakMb, 0),
      f(s.serverFramesPerSec, 0),
      f(s.clientCpuPct, 0),
      f(s.otherCpuPct, 0),
      (s.pass ? 'yes' : 'no') + (s.otherCpuPct > CONTENDED_PCT ? '*' : ''),
    ]),
  );
  return markdownTable(head, rows);
}

/**
 * The ratio of the two saturation points on the ladder's rungs, and what it can say when one of
 * them is off the ladder: met is null when the ladder cannot tell.
 */
function compareSaturation(
  hub: ModeResult,
  naive: ModeResult,
  lowestRung: number,
): { ratio: number | null; kind: 'rungs' | 'at least' | 'more than' | 'less than 1' | 'unknown'; met: boolean | null; text: string } {
  const h = hub.saturation;
  const n = naive.saturation;
  if (h === null && n === null) return { ratio: null, kind: 'unknown', met: null, text: 'n/a (neither passed the lowest rung: lower the ladder or the clients)' };
  if (h === null) return { ratio: null, kind: 'less than 1', met: false, text: '< 1 (the hub passed no rung)' };
  if (n === null) {
    const bound = h / lowestRung;
    return {
      ratio: bound,
      kind: 'more than',
      met: bound >= TARGET_RATIO ? true : null,
      text: `> ${f(bound, 2)}× (naive passed no rung, so it saturates below ${lowestRung}/s)`,
    };
  }
  const ratio = h / n;
  if (naive.saturationIsLowerBound) {
    return { ratio, kind: 'unknown', met: null, text: `n/a (naive passed every rung: raise the ladder); rungs ${h}/${n}` };
  }
  if (hub.saturationIsLowerBound) {
    return { ratio, kind: 'at least', met: ratio >= TARGET_RATIO ? true : null, text: `≥ ${f(ratio, 2)}× (the hub passed every rung)` };
  }
  return { ratio, kind: 'rungs', met: ratio >= TARGET_RATIO, text: `${f(ratio, 2)}×` };
}

function satText(r: ModeResult | undefined): string {
  if (!r) return 'not run';
  if (r.saturation === null) {
    return `none (< ${r.steps[0]?.rate ?? '?'}/s)` + (r.highestPassing !== null ? ` (R=${r.highestPassing} passed, above a failed rung)` : '');
  }
  const also = r.highestPassing !== r.saturation ? ` (R=${r.highestPassing} passed too, above a failed rung)` : '';
  return `${r.saturationIsLowerBound ? '≥ ' : ''}${r.saturation}/s${also}`;
}

async function main(): Promise<void> {
  const cfg = parseArgs(process.argv.slice(2));
  const stepBudget = cfg.warmupMs + cfg.stepMs + cfg.drainMaxMs + cfg.settleMaxMs + 2000;
  const budgetMs = cfg.modes.length * (120_000 + cfg.ladder.length * stepBudget) + 60_000;
  const watchdog = setTimeout(() => {
    console.error(`hub-bench: over its ${Math.round(budgetMs / 1000)} s budget, stopping`);
    for (const child of children) child.kill();
    process.exit(1);
  }, budgetMs);
  watchdog.unref();

  const loadStart = os.loadavg();
  const cpus = os.cpus();
  console.log(
    `hub-bench: ${cfg.clients} clients, ladder ${cfg.ladder.join(',')}/s, warm-up ${cfg.warmupMs} ms + ${cfg.stepMs} ms per step` +
      `${cfg.quick ? ' (quick)' : ''}, servers: ${cfg.modes.join(', ')}` +
      (cfg.coalesceMs !== null ? `, hub coalesceMs ${cfg.coalesceMs}` : ''),
  );
  console.log(
    `machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, node ${process.version}, load average at start ${loadStart.map((x) => x.toFixed(2)).join(' ')}`,
  );
  console.log(
    'latency = client receive time − the event\'s scheduled time (payload ts); lost = clients × events in the window − received; ' +
      'CPU in % of one core over the window; others = the rest of the machine',
  );
  const started = clock();
  const results = await runAll(cfg, budgetMs);
  const loadEnd = os.loadavg();

  const hub = results.find((r) => r.mode === 'hub');
  const naive = results.find((r) => r.mode === 'naive');
  const cmp = hub && naive ? compareSaturation(hub, naive, cfg.ladder[0]) : null;
  const ratio = cmp?.ratio ?? null;
  const hubAtTarget = hub?.steps.find((s) => s.rate === TARGET_P99_RATE);
  const p99Met = hubAtTarget ? hubAtTarget.p99 < TARGET_P99_MS && hubAtTarget.lost === 0 : null;
  const ratioMet = cmp?.met ?? null;

  console.log('');
  console.log(table(results));
  console.log('');
  console.log(`* = contended: other processes used more than ${CONTENDED_PCT}% of a core during the window`);
  console.log(
    `saturation (highest R with p99 < ${P99_LIMIT_MS} ms and nothing lost, every lower rung too): hub ${satText(hub)}, naive ${satText(naive)}`,
  );
  if (cmp) console.log(`ratio hub / naive: ${cmp.text}`);
  const yes = (met: boolean | null) => (met === null ? 'cannot tell from this run' : met ? 'MET' : 'NOT MET');
  console.log(
    `target p99 < ${TARGET_P99_MS} ms at R=${TARGET_P99_RATE} (hub): ` +
      (hubAtTarget ? `${f(hubAtTarget.p99, 2)} ms, lost ${hubAtTarget.lost}, other processes ${f(hubAtTarget.otherCpuPct, 0)}% CPU → ` : '') +
      yes(p99Met),
  );
  console.log(`target hub saturation ≥ ${TARGET_RATIO}× naive: ${yes(ratioMet)}`);
  const others = results.flatMap((r) => r.steps.map((s) => s.otherCpuPct)).filter(Number.isFinite);
  const othersMean = others.length ? others.reduce((a, b) => a + b, 0) / others.length : 0;
  if (othersMean > 20) {
    console.log(
      `note: other processes used ${f(othersMean, 0)}% of a core on average during the windows (of ${cpus.length * 100}%); ` +
        'the server and the clients competed with them for CPU, so these figures are lower than on an idle machine',
    );
  }
  console.log(`load average at end ${loadEnd.map((x) => x.toFixed(2)).join(' ')}; took ${f((clock() - started) / 1000, 0)} s`);

  const report = {
    generatedAt: new Date().toISOString(),
    config: cfg,
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model ?? null,
      totalMemMb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
      loadavgStart: loadStart,
      loadavgEnd: loadEnd,
    },
    criteria: { p99LimitMs: P99_LIMIT_MS, lostMustBe: 0 },
    results,
    summary: {
      saturationHub: hub?.saturation ?? null,
      highestPassingHub: hub?.highestPassing ?? null,
      saturationHubIsLowerBound: hub?.saturationIsLowerBound ?? null,
      saturationNaive: naive?.saturation ?? null,
      highestPassingNaive: naive?.highestPassing ?? null,
      saturationNaiveIsLowerBound: naive?.saturationIsLowerBound ?? null,
      ratio,
      targets: {
        hubP99At200: { limitMs: TARGET_P99_MS, p99Ms: hubAtTarget?.p99 ?? null, lost: hubAtTarget?.lost ?? null, met: p99Met },
        saturationRatio: { min: TARGET_RATIO, ratio, ratioKind: cmp?.kind ?? null, met: ratioMet },
      },
    },
    durationS: (clock() - started) / 1000,
  };
  mkdirSync(path.dirname(cfg.out), { recursive: true });
  writeFileSync(cfg.out, JSON.stringify(report, null, 2) + '\n');
  console.log(`written ${path.relative(process.cwd(), cfg.out)}`);
  if (cfg.profileDir) console.log(`CPU profiles in ${path.relative(process.cwd(), cfg.profileDir)}/{server,swarm}-{hub,naive}/`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('hub-bench failed:', error instanceof Error ? error.message : error);
    for (const child of children) child.kill();
    process.exit(1);
  },
);
