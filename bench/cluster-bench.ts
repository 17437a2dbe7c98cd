/**
 * Cluster benchmark (I-BENCH-01): `npm run bench:cluster [-- options]`. Prints figures, asserts no time.
 *
 * For each rig — ONE instance, then three — it starts real `server/main.ts` instances behind Debian's
 * HAProxy on PostgreSQL and Redis exactly as the cluster tests do (tests/e2e/cluster-helpers.ts: a
 * throwaway database dropped at the end, a Redis prefix of its own, one JWT_SECRET and DATA_DIR), seeds
 * C corps with one user each, opens N SignalR-protocol hub connections through HAProxy (connection i in
 * corp i mod C, bench/client-swarm.ts), and climbs a ladder of event rates R: the driver publishes R
 * DeviceStateChanged pushes a second on the cluster's Redis channel, spread over the corps, as the
 * leader instance publishes its PBX's events; every instance broadcasts each to its own connections of
 * that corp. Per step: p50/p99 push latency (scheduled time → client receive), lost pushes, CPU and
 * peak RSS of every instance, HAProxy and Redis, and the rest of the machine. Both rigs run the same
 * path (Redis backplane, HAProxy), so the difference is the number of instances.
 *
 * Options:
 *   --connections N   hub connections (default 10000)
 *   --corps C         corps they are spread over (default 100)
 *   --instances K     instances of the cluster rig (default 3)
 *   --ladder 25,50,…  events per second over all corps (default 25,50,100,200,400)
 *   --step-ms MS      measured window per step (default 10000)
 *   --warmup-ms MS    load before each window (default 2000)
 *   --idle-ms MS      window with the connections open and no events (default 5000)
 *   --only single|cluster
 *   --out FILE        JSON result (default bench/results/cluster-latest.json)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLUSTER_SECRET, REDIS_URL, clusterSkipReason, startCluster, type Cluster } from '../tests/e2e/cluster-helpers';
import { Child, clockOffset } from './bench-child';
import { clock, fmt, machineCpu, markdownTable, parseFlags, type ClockReply, type Connected, type LadderStep, type FromSwarm, type Settled, type ToSwarm, type WindowResult } from './bench-common';
import { RedisDriver } from './cluster/driver';
import { ProcSampler, pidsNamed, rssMb, type ProcWindow } from './cluster/proc-stats';
import { seedCorps } from './cluster/seed';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** a rung passes with p99 under this and nothing lost (as bench:hub) */
const P99_LIMIT_MS = 250;
const CONTENDED_PCT = 50;

type Rig = 'single' | 'cluster';

interface Config {
  connections: number;
  /** the connections asked for when the balancer's file limit lowered them */
  connectionsAsked?: number;
  /** HAProxy's maxconn */
  maxconn: number;
  corps: number;
  instances: number;
  ladder: number[];
  stepMs: number;
  warmupMs: number;
  idleMs: number;
  rigs: Rig[];
  out: string;
}

function parseArgs(argv: string[]): Config {
  const flags = parseFlags(argv, ['connections', 'corps', 'instances', 'ladder', 'step-ms', 'warmup-ms', 'idle-ms', 'only', 'out']);
  const num = (flag: string, dflt: number, min: number): number => {
    const raw = flags.get(flag);
    if (raw === undefined) return dflt;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min) throw new Error(`--${flag} must be a number >= ${min}, got ${raw}`);
    return Math.round(value);
  };
  const ladder = (flags.get('ladder') ?? '25,50,100,200,400').split(',').map(Number);
  if (ladder.some((r) => !Number.isFinite(r) || r <= 0 || r > 50_000)) throw new Error(`bad ladder ${flags.get('ladder')}`);
  const only = flags.get('only');
  if (only !== undefined && only !== 'single' && only !== 'cluster') throw new Error('--only takes single or cluster');
  const connections = num('connections', 10_000, 1);
  const corps = num('corps', 100, 1);
  if (corps > connections) throw new Error('--corps must not exceed --connections');
  return {
    connections,
    maxconn: connections + 1000,
    corps,
    instances: num('instances', 3, 2),
    ladder: [...ladder].sort((a, b) => a - b),
    stepMs: num('step-ms', 10_000, 500),
    warmupMs: num('warmup-ms', 2000, 200),
    idleMs: num('idle-ms', 5000, 500),
    rigs: only ? [only] : ['single', 'cluster'],
    out: path.resolve(flags.get('out') ?? path.join(HERE, 'results', 'cluster-latest.json')),
  };
}

interface Step extends LadderStep {
  instances: ProcWindow[];
  haproxy: ProcWindow;
  redis: ProcWindow | null;
  swarmCpuPct: number;
  othersCpuPct: number;
  closed: number;
}

interface RigResult {
  rig: Rig;
  instances: number;
  connected: number;
  connectFailed: number;
  connectMs: number;
  /** hub connections of each instance (its /metrics) after connecting */
  perInstance: number[];
  rssBeforeMb: number[];
  rssConnectedMb: number[];
  idle: ProcWindow[];
  idleHaproxy: ProcWindow;
  steps: Step[];
  saturation: number | null;
}

const f = fmt;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

type SwarmChild = Child<ToSwarm, FromSwarm>;
const cleanups: (() => Promise<void>)[] = [];

async function runRig(rig: Rig, cfg: Config, budgetMs: number): Promise<RigResult> {
  const count = rig === 'single' ? 1 : cfg.instances;
  console.log(`[${rig}] starting ${count} instance(s) behind HAProxy…`);
  // PBX none: the driver is the only source of pushes (no simulator on the leader)
  const cluster: Cluster = await startCluster(count, { maxconn: cfg.maxconn, env: { PBX: 'none' } });
  let swarm: SwarmChild | null = null;
  let driver: RedisDriver | null = null;
  const cleanup = async () => {
    if (swarm) await swarm.stop({ t: 'stop' }, 5000);
    swarm = null;
    await driver?.close();
    driver = null;
    await cluster.stop();
  };
  cleanups.push(cleanup);
  try {
    const corps = await seedCorps(cluster.databaseUrl, CLUSTER_SECRET, cfg.corps, cluster.prefix.slice(-8));
    driver = new RedisDriver(REDIS_URL, `${cluster.prefix}:hub`, corps.map((c) => c.corpId));
    await driver.connect();
    const pids = cluster.instances.map((x) => x.child.pid ?? 0);
    const proxyPid = cluster.proxy.pid ?? 0;
    const redisPid = pidsNamed('redis-server')[0] ?? null;
    const rssBeforeMb = pids.map(rssMb);

    const child: SwarmChild = new Child('swarm', 'client-swarm.ts', [String(budgetMs)]);
    swarm = child;
    const swarmClock = await clockOffset((id) => child.request<ClockReply>({ t: 'clock', id }, 'clock', 5000));
    // the driver runs here: its clock is ours, so the correction is the swarm's offset alone
    const correctionMs = -swarmClock.offsetMs;
    const port = Number(new URL(cluster.url).port);
    const connected = await child.request<Connected>(
      { t: 'connect', port, n: cfg.connections, concurrency: 50, tokens: corps.map((c) => c.token) },
      'connected',
      Math.max(120_000, cfg.connections * 30),
    );
    const perInstance = await cluster.hubConnections();
    console.log(
      `[${rig}] ${connected.ok} connections in ${f(connected.ms / 1000)} s` +
        (connected.failed ? `, ${connected.failed} failed (${connected.firstError})` : '') +
        `; per instance ${perInstance.join(' / ')}; clock correction ${f(correctionMs, 3)} ms`,
    );
    if (connected.ok === 0) throw new Error(`${rig}: no connection (${connected.firstError})`);
    const rssConnectedMb = pids.map(rssMb);

    // the connections alone: keep-alive pings, timers
    const idleSampler = new ProcSampler([...pids, proxyPid]);
    idleSampler.start();
    await new Promise((r) => setTimeout(r, cfg.idleMs));
    const idleAll = idleSampler.stop();
    const idle = idleAll.slice(0, pids.length);
    const idleHaproxy = idleAll[pids.length];
    console.log(`[${rig}] idle: instance CPU ${idle.map((w) => f(w.cpuPct, 1) + '%').join(' / ')}, HAProxy ${f(idleHaproxy.cpuPct, 1)}%`);

    const steps: Step[] = [];
    let closedBefore = 0;
    for (const rate of cfg.ladder) {
      const sampler = new ProcSampler([...pids, proxyPid, ...(redisPid ? [redisPid] : [])]);
      let machine0 = machineCpu(os.cpus());
      let expected = 0;
      let windowStart = 0;
      const done = await driver.step({ rate, warmupMs: cfg.warmupMs, durationMs: cfg.stepMs, abortLagMs: 3000 }, (w) => {
        expected = sum(w.eventsPerCorp.map((n, i) => n * connected.perToken[i]));
        windowStart = w.measureStart;
        child.send({ t: 'window', measureStart: w.measureStart, measureEnd: w.measureEnd, correctionMs });
        setTimeout(
          () => {
            sampler.start();
            machine0 = machineCpu(os.cpus());
          },
          Math.max(0, w.measureStart - clock()),
        );
      });
      const procs = sampler.stop();
      const machine1 = machineCpu(os.cpus());
      const windowSeconds = (clock() - windowStart) / 1000;
      const result = await child.request<WindowResult>({ t: 'drain', expected, quietMs: 1500, maxMs: 5000 }, 'result', 40_000);
      await child.request<Settled>({ t: 'settle', quietMs: 300, maxMs: 5000 }, 'settled', 40_000);
      const machineBusyPct = ((machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total)) * os.cpus().length * 100;
      const ours = sum(procs.map((p) => p.cpuPct)) + result.cpuPct;
      const lost = expected - result.received;
      const step: Step = {
        rate,
        offeredPerSec: expected / (cfg.stepMs / 1000),
        deliveredPerSec: result.recordsByReceiveTime / windowSeconds,
        expected,
        received: result.received,
        lost,
        aborted: done.aborted,
        p50: result.p50,
        p99: result.p99,
        max: result.max,
        instances: procs.slice(0, pids.length),
        haproxy: procs[pids.length],
        redis: redisPid ? procs[pids.length + 1] : null,
        swarmCpuPct: result.cpuPct,
        othersCpuPct: Math.max(0, machineBusyPct - ours),
        driverLagMaxMs: done.lagMaxMs,
        closed: result.closed - closedBefore,
        pass: lost === 0 && result.p99 < P99_LIMIT_MS,
      };
      closedBefore = result.closed;
      steps.push(step);
      console.log(stepLine(rig, step));
    }
    const firstFail = steps.findIndex((s) => !s.pass);
    const passed = firstFail < 0 ? steps : steps.slice(0, firstFail);
    return {
      rig,
      instances: count,
      connected: connected.ok,
      connectFailed: connected.failed,
      connectMs: connected.ms,
      perInstance,
      rssBeforeMb,
      rssConnectedMb,
      idle,
      idleHaproxy,
      steps,
      saturation: passed.length ? passed[passed.length - 1].rate : null,
    };
  } finally {
    cleanups.splice(cleanups.indexOf(cleanup), 1);
    await cleanup();
  }
}

function stepLine(rig: Rig, s: Step): string {
  return (
    `[${rig}] R=${String(s.rate).padStart(4)}/s  pushes ${f(s.deliveredPerSec, 0).padStart(6)}/s of ${f(s.offeredPerSec, 0)}  ` +
    `p50 ${f(s.p50, 1)} ms  p99 ${f(s.p99, 1)} ms  lost ${s.lost}  ` +
    `instances CPU ${s.instances.map((w) => f(w.cpuPct, 0) + '%').join('/')} RSS ${s.instances.map((w) => f(w.rssPeakMb, 0)).join('/')} MB  ` +
    `HAProxy ${f(s.haproxy.cpuPct, 0)}%  Redis ${s.redis ? f(s.redis.cpuPct, 0) + '%' : '-'}  clients ${f(s.swarmCpuPct, 0)}%  others ${f(s.othersCpuPct, 0)}%` +
    (s.aborted ? '  (driver gave up)' : '') +
    (s.closed ? `  closed ${s.closed}` : '') +
    (s.pass ? '' : '  ✗')
  );
}

function table(results: RigResult[]): string {
  const head = ['rig', 'R/s', 'pushes/s', 'p50 ms', 'p99 ms', 'lost', 'instance CPU %', 'instance RSS MB', 'Σ CPU %', 'HAProxy %', 'Redis %', 'clients %', 'others %', 'ok'];
  const rows = results.flatMap((r) =>
    r.steps.map((s) => [
      `${r.rig} (${r.instances})`,
      String(s.rate),
      f(s.deliveredPerSec, 0),
      f(s.p50, 1),
      f(s.p99, 1),
      String(s.lost),
      s.instances.map((w) => f(w.cpuPct, 0)).join(' / '),
      s.instances.map((w) => f(w.rssPeakMb, 0)).join(' / '),
      f(sum(s.instances.map((w) => w.cpuPct)), 0),
      f(s.haproxy.cpuPct, 0),
      s.redis ? f(s.redis.cpuPct, 0) : '-',
      f(s.swarmCpuPct, 0),
      f(s.othersCpuPct, 0),
      (s.pass ? 'yes' : 'no') + (s.othersCpuPct > CONTENDED_PCT ? '*' : ''),
    ]),
  );
  return markdownTable(head, rows);
}

/**
 * The capacity model's inputs from one rig: what N open connections cost at rest (CPU, memory), and
 * what a push costs (the instances' CPU above idle per delivered push, at the highest passing rung).
 */
function model(r: RigResult) {
  const idleCpu = sum(r.idle.map((w) => w.cpuPct));
  const top = [...r.steps].reverse().find((s) => s.pass) ?? null;
  const busyCpu = top ? sum(top.instances.map((w) => w.cpuPct)) : NaN;
  return {
    rig: r.rig,
    instances: r.instances,
    connections: r.connected,
    idleCpuPctPer1000Connections: (idleCpu / r.connected) * 1000,
    rssPerConnectionKb: ((sum(r.rssConnectedMb) - sum(r.rssBeforeMb)) / r.connected) * 1024,
    rssIdleTotalMb: sum(r.rssConnectedMb),
    saturationRate: r.saturation,
    atRate: top?.rate ?? null,
    pushesPerSec: top?.deliveredPerSec ?? null,
    /** core-ms of the instances per 1,000 pushes above idle */
    cpuMsPer1000Pushes: top ? ((busyCpu - idleCpu) / 100 / top.deliveredPerSec) * 1e6 : null,
    haproxyCpuPct: top?.haproxy.cpuPct ?? null,
    p99Ms: top?.p99 ?? null,
  };
}

/**
 * HAProxy holds two descriptors per proxied connection (client and server side) plus a few of its
 * own, and cannot raise its limit past the hard one (20,000 in this sandbox, which refuses more even
 * to root): maxconn and the connections are lowered to fit.
 */
function fitBalancer(connections: number): { maxconn: number; connections: number; hardLimit: number } {
  const match = /^Max open files\s+\d+\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
  const hardLimit = match && match[1] !== 'unlimited' ? Number(match[1]) : Infinity;
  const maxconn = Math.min(connections + 1000, Math.floor((hardLimit - 100) / 2));
  return { maxconn, connections: Math.min(connections, maxconn - 50), hardLimit };
}

async function main(): Promise<void> {
  const cfg = parseArgs(process.argv.slice(2));
  const fit = fitBalancer(cfg.connections);
  cfg.maxconn = fit.maxconn;
  if (fit.connections < cfg.connections) {
    console.log(
      `note: HAProxy holds 2 file descriptors per proxied connection and this machine's hard limit is ${fit.hardLimit}: ` +
        `it can hold ${fit.maxconn} connections, so ${fit.connections} hub connections are opened instead of ${cfg.connections}`,
    );
    cfg.connectionsAsked = cfg.connections;
    cfg.connections = fit.connections;
  }
  const skip = await clusterSkipReason();
  if (skip) throw new Error(skip);
  const stepBudget = cfg.warmupMs + cfg.stepMs + 15_000;
  const budgetMs = cfg.rigs.length * (240_000 + cfg.connections * 30 + cfg.idleMs + cfg.ladder.length * stepBudget);
  const watchdog = setTimeout(() => {
    console.error(`cluster-bench: over its ${Math.round(budgetMs / 1000)} s budget, stopping`);
    void Promise.all(cleanups.map((c) => c())).finally(() => process.exit(1));
  }, budgetMs);
  watchdog.unref();

  const cpus = os.cpus();
  const loadStart = os.loadavg();
  console.log(
    `cluster-bench: ${cfg.connections} hub connections over ${cfg.corps} corps, ladder ${cfg.ladder.join(',')} events/s over all corps, ` +
      `warm-up ${cfg.warmupMs} ms + ${cfg.stepMs} ms per step; rigs: ${cfg.rigs.map((r) => (r === 'single' ? '1 instance' : `${cfg.instances} instances`)).join(', ')}, each behind HAProxy on PostgreSQL + Redis`,
  );
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, node ${process.version}, load average at start ${loadStart.map((x) => x.toFixed(2)).join(' ')}`);
  console.log('latency = client receive − the event\'s scheduled time; lost = Σ events × connections of their corp − received; CPU in % of one core');
  const started = clock();
  const results: RigResult[] = [];
  for (const rig of cfg.rigs) results.push(await runRig(rig, cfg, budgetMs));
  const loadEnd = os.loadavg();

  console.log('');
  console.log(table(results));
  console.log(`* = contended: other processes used more than ${CONTENDED_PCT}% of a core during the window; a rung passes with p99 < ${P99_LIMIT_MS} ms and nothing lost`);
  const models = results.map(model);
  for (const m of models) {
    console.log(
      `[${m.rig}] ${m.instances} instance(s): saturation ${m.saturationRate === null ? 'below the lowest rung' : `${m.saturationRate} events/s`}; ` +
        `at rest ${f(m.idleCpuPctPer1000Connections, 2)}% of a core and ${f(m.rssPerConnectionKb, 0)} kB per connection (all instances ${f(m.rssIdleTotalMb, 0)} MB); ` +
        `${m.cpuMsPer1000Pushes === null ? '-' : f(m.cpuMsPer1000Pushes, 1)} core-ms per 1,000 pushes above idle` +
        (m.atRate !== null ? ` (at ${m.atRate} events/s, ${f(m.pushesPerSec ?? NaN, 0)} pushes/s, p99 ${f(m.p99Ms ?? NaN, 1)} ms, HAProxy ${f(m.haproxyCpuPct ?? NaN, 0)}%)` : ''),
    );
  }
  const single = models.find((m) => m.rig === 'single');
  const multi = models.find((m) => m.rig === 'cluster');
  if (single?.cpuMsPer1000Pushes && multi?.cpuMsPer1000Pushes) {
    console.log(
      `cluster overhead: ${f(multi.cpuMsPer1000Pushes / single.cpuMsPer1000Pushes, 2)}× the instances' CPU per push, ` +
        `${f(multi.rssIdleTotalMb - single.rssIdleTotalMb, 0)} MB more memory; on ${cpus.length} cores the instances share the same cores, so more instances add no capacity here`,
    );
  }
  console.log(`load average at end ${loadEnd.map((x) => x.toFixed(2)).join(' ')}; took ${f((clock() - started) / 1000, 0)} s`);

  const report = {
    generatedAt: new Date().toISOString(),
    config: cfg,
    machine: { cpus: cpus.length, model: cpus[0]?.model ?? null, totalMemMb: Math.round(os.totalmem() / 2 ** 20), node: process.version, loadavgStart: loadStart, loadavgEnd: loadEnd },
    criteria: { p99LimitMs: P99_LIMIT_MS, lostMustBe: 0 },
    results,
    models,
    durationS: (clock() - started) / 1000,
  };
  mkdirSync(path.dirname(cfg.out), { recursive: true });
  writeFileSync(cfg.out, JSON.stringify(report, null, 2) + '\n');
  console.log(`written ${path.relative(process.cwd(), cfg.out)}`);
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error('cluster-bench failed:', error instanceof Error ? error.message : error);
    await Promise.all(cleanups.map((c) => c().catch(() => undefined)));
    process.exit(1);
  },
);
