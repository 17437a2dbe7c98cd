/**
 * Footprint benchmark: `npm run bench:footprint [-- options]`. Prints figures, asserts nothing.
 *
 * Starts the built server (`node dist/server/main.js`, as `npm start` does) with the defaults of a
 * first `npm start` (demo data, the simulator) and measures, for each case:
 *   - start: from spawning the process to the first 200 of /api/v1/health;
 *   - RSS at idle: the process's resident memory (/proc/PID/status VmRSS) sampled every second over
 *     the idle window, which begins `--settle` seconds after the start (no client is connected; the
 *     simulator runs, as it does on a floor nobody watches);
 *   - peak RSS: VmHWM, the highest resident memory of the process's life (the start included);
 *   - the server's own split of it (process.memoryUsage(), from bench/footprint/probe.mjs preloaded
 *     into the server and asked over IPC): V8 heap used and total, external (PGlite's WebAssembly
 *     memory counts there) and the rest (code, the node binary, native allocations).
 * Cases: PGlite in a fresh DATA_DIR (initdb, migrations, demo seed), PGlite again on that DATA_DIR
 * (a later start), PostgreSQL in a database the benchmark creates and drops (first start, then a
 * later start). The load average and the CPU the rest of the machine used are printed with each
 * case: a busy machine starts more slowly.
 *
 * Options: see USAGE or bench/README.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { machineCpu } from './bench-common';
import { freePort, ROOT, treeCpuSeconds } from './wallboard/server';

const USAGE = `npm run bench:footprint [-- options]
  --runs N          repeat every case N times (default 2); the table prints each run and the median
  --settle S        seconds between the first answer of /api/v1/health and the idle window (default 15)
  --idle S          seconds of the idle window, one RSS sample a second (default 10)
  --only pglite|postgres   one database kind only
  --postgres URL    an administrative connection to PostgreSQL (default postgres://postgres@127.0.0.1:5432/postgres);
                    the benchmark creates and drops its own database there; unreachable: the PostgreSQL cases are skipped
  --server built|tsx  built (default): node dist/server/main.js, built first when missing;
                    tsx: node --import tsx server/main.ts (the TypeScript, as before the server was built ahead)
  --bundle FILE     with --server built: another bundle than dist/server/main.js (a build of another version)
  --gc              start the server with --expose-gc and also print the figures after a full collection
  --out FILE        JSON result (default test-results/bench/footprint.json)`;

interface Options {
  runs: number;
  settleS: number;
  idleS: number;
  only: 'pglite' | 'postgres' | null;
  postgres: string;
  server: 'built' | 'tsx';
  bundle: string;
  gc: boolean;
  out: string;
}

function parseArgs(argv: string[]): Options {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}\n${USAGE}`);
    const name = arg.slice(2);
    if (name === 'gc') flags.set(name, '1');
    else {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      flags.set(name, value);
    }
  }
  for (const key of flags.keys()) if (!['runs', 'settle', 'idle', 'only', 'postgres', 'server', 'bundle', 'gc', 'out'].includes(key)) throw new Error(`unknown option --${key}\n${USAGE}`);
  const num = (flag: string, dflt: number, min: number, max: number): number => {
    const raw = flags.get(flag);
    if (raw === undefined) return dflt;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`--${flag} must be a number in [${min}, ${max}], got ${raw}`);
    return value;
  };
  const only = flags.get('only') ?? null;
  if (only !== null && only !== 'pglite' && only !== 'postgres') throw new Error(`--only is pglite or postgres\n${USAGE}`);
  const server = flags.get('server') ?? 'built';
  if (server !== 'built' && server !== 'tsx') throw new Error(`--server is built or tsx\n${USAGE}`);
  return {
    runs: Math.trunc(num('runs', 2, 1, 20)),
    settleS: num('settle', 15, 0, 3600),
    idleS: Math.max(1, Math.trunc(num('idle', 10, 1, 3600))),
    only,
    postgres: flags.get('postgres') ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    server,
    bundle: path.resolve(ROOT, flags.get('bundle') ?? path.join('dist', 'server', 'main.js')),
    gc: flags.has('gc'),
    out: path.resolve(flags.get('out') ?? path.join(ROOT, 'test-results', 'bench', 'footprint.json')),
  };
}

const MB = 1024 * 1024;
/** the server counts as done starting once it used less than this share of a core over QUIET_WINDOW_MS */
const QUIET_CPU = 0.25;
const QUIET_WINDOW_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round(bytes / MB);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** VmRSS and VmHWM of a process in bytes (Linux), null when it is gone. */
function procMemory(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

interface ProbeFigures {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  code: number;
  mallocedMemory: number;
}

interface CaseResult {
  name: string;
  run: number;
  startMs: number;
  /** from spawn until the server's CPU fell below QUIET_CPU (the day behind a first demo start fills after the first answer) */
  quietMs: number;
  rssIdle: number;
  rssIdleMin: number;
  rssIdleMax: number;
  rssPeak: number;
  probe: ProbeFigures | null;
  probeAfterGc: ProbeFigures | null;
  rssAfterGc: number | null;
  loadavg: number[];
  othersPct: number | null;
  serverCpuPct: number | null;
  warnings: number;
}

interface CaseSpec {
  name: string;
  /** an empty database: the server seeds the demo and fills the day behind */
  firstStart: boolean;
  dataDir: string;
  databaseUrl?: string;
}

async function runCase(spec: CaseSpec, run: number, opts: Options, logDir: string): Promise<CaseResult> {
  const port = await freePort();
  const logFile = path.join(logDir, `footprint-${spec.name.replace(/[^a-z0-9]+/gi, '-')}-${run}.log`);
  const log = createWriteStream(logFile);
  const tail: string[] = [];
  let warnings = 0;
  let historyDone = false;
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      if (/live: the (simulator filled the day behind|day behind was not filled)/.test(line)) historyDone = true;
      if (/"level":(40|50|60)/.test(line)) warnings++;
      tail.push(line);
      if (tail.length > 30) tail.shift();
    }
  };
  const probe = path.join(ROOT, 'bench', 'footprint', 'probe.mjs');
  const nodeArgs = ['--import', probe, ...(opts.gc ? ['--expose-gc'] : [])];
  const args = opts.server === 'built' ? [...nodeArgs, opts.bundle] : [...nodeArgs, '--import', 'tsx', 'server/main.ts'];
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: spec.dataDir, LOG_LEVEL: 'info', PBX: 'simulator' };
  // the defaults of a first `npm start`: demo data, the simulator's default traffic
  for (const key of ['NODE_ENV', 'CALLBOARD_DEMO', 'SIM_SEED', 'SIM_TIME_FACTOR', 'SIM_CALLS_PER_HOUR', 'SIM_HISTORY', 'REDIS_URL', 'DATABASE_URL', 'NODE_OPTIONS']) delete env[key];
  if (spec.databaseUrl) env.DATABASE_URL = spec.databaseUrl;

  const cpus0 = machineCpu(os.cpus());
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let dead = false;
  void exited.then(() => (dead = true));
  const pid = proc.pid ?? -1;

  let probeId = 0;
  const ask = (gc: boolean): Promise<ProbeFigures | null> =>
    new Promise((resolve) => {
      const id = ++probeId;
      const timer = setTimeout(() => {
        proc.off('message', onMessage);
        resolve(null);
      }, 5000);
      const onMessage = (message: unknown) => {
        const m = message as ProbeFigures & { t?: string; id?: number };
        if (m?.t !== 'memory' || m.id !== id) return;
        clearTimeout(timer);
        proc.off('message', onMessage);
        resolve(m);
      };
      proc.on('message', onMessage);
      proc.send({ t: 'memory', id, gc });
    });

  const stop = async () => {
    if (!dead) {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => log.end(resolve));
  };

  try {
    let startMs = NaN;
    const deadline = Date.now() + 600_000;
    while (Number.isNaN(startMs)) {
      if (dead) throw new Error(`the server exited before it answered; its last output:\n${tail.join('\n')}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer /api/v1/health within 600 s; its last output:\n${tail.join('\n')}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) startMs = performance.now() - t0;
        await res.body?.cancel();
      } catch {
        // not listening yet
      }
      if (Number.isNaN(startMs)) await sleep(50);
    }
    // a first demo start fills the day behind in the background after it answers (its log says when
    // it is done): the idle window begins after that, once the server's CPU stayed under QUIET_CPU for
    // a whole QUIET_WINDOW
    let quietMs = NaN;
    while (spec.firstStart && !historyDone) {
      if (dead) throw new Error(`the server exited; its last output:\n${tail.join('\n')}`);
      if (Date.now() > deadline) throw new Error(`the day behind was not filled 600 s after the start; its last output:\n${tail.join('\n')}`);
      await sleep(250);
    }
    let cpuBefore = treeCpuSeconds(pid);
    while (Number.isNaN(quietMs)) {
      if (dead) throw new Error(`the server exited; its last output:\n${tail.join('\n')}`);
      if (Date.now() > deadline) throw new Error(`the server was still busy 600 s after its start; its last output:\n${tail.join('\n')}`);
      await sleep(QUIET_WINDOW_MS);
      const cpuNow = treeCpuSeconds(pid);
      if (cpuBefore !== null && cpuNow !== null && (cpuNow - cpuBefore) / (QUIET_WINDOW_MS / 1000) < QUIET_CPU) quietMs = performance.now() - t0 - QUIET_WINDOW_MS;
      cpuBefore = cpuNow;
    }
    await sleep(opts.settleS * 1000);
    const serverCpu0 = treeCpuSeconds(pid);
    const idle0 = performance.now();
    const samples: number[] = [];
    for (let i = 0; i < opts.idleS; i++) {
      await sleep(1000);
      const m = procMemory(pid);
      if (m) samples.push(m.rss);
    }
    const windowS = (performance.now() - idle0) / 1000;
    const serverCpu1 = treeCpuSeconds(pid);
    const figures = await ask(false);
    const mem = procMemory(pid);
    let probeAfterGc: ProbeFigures | null = null;
    let rssAfterGc: number | null = null;
    if (opts.gc) {
      probeAfterGc = await ask(true);
      await sleep(500);
      rssAfterGc = procMemory(pid)?.rss ?? null;
    }
    const cpus1 = machineCpu(os.cpus());
    const self1 = process.cpuUsage(self0);
    // the rest of the machine over the whole case: all busy time minus the server's and this process's
    const totalS = (performance.now() - t0) / 1000;
    const serverAll = treeCpuSeconds(pid);
    const busyS = (cpus1.busy - cpus0.busy) / 1000;
    const othersPct = serverAll === null ? null : Math.max(0, ((busyS - serverAll - (self1.user + self1.system) / 1e6) / totalS) * 100);
    const serverCpuPct = serverCpu0 !== null && serverCpu1 !== null ? ((serverCpu1 - serverCpu0) / windowS) * 100 : null;
    if (samples.length === 0 && figures) samples.push(figures.rss);
    return {
      name: spec.name,
      run,
      startMs,
      quietMs,
      rssIdle: median(samples),
      rssIdleMin: Math.min(...samples),
      rssIdleMax: Math.max(...samples),
      rssPeak: mem?.hwm ?? NaN,
      probe: figures,
      probeAfterGc,
      rssAfterGc,
      loadavg: os.loadavg(),
      othersPct,
      serverCpuPct,
      warnings,
    };
  } finally {
    await stop();
  }
}

async function postgresReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version ?? '?';
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function ensureBuilt(opts: Options): void {
  if (opts.server !== 'built') return;
  const bundle = path.join(ROOT, 'dist', 'server', 'main.js');
  if (existsSync(opts.bundle)) return;
  if (opts.bundle !== bundle) throw new Error(`${opts.bundle} does not exist`);
  console.log('dist/server/main.js is missing: building the server (npm run build:server)');
  const { status } = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) throw new Error('the server build failed');
}


function fmtCase(r: CaseResult, gc: boolean): string[] {
  const p = r.probe;
  const rest = p ? mb(p.rss - p.heapTotal - p.external) : NaN;
  const cells = [
    r.name,
    String(r.run),
    (r.startMs / 1000).toFixed(1),
    (r.quietMs / 1000).toFixed(1),
    String(mb(r.rssIdle)),
    `${mb(r.rssIdleMin)}–${mb(r.rssIdleMax)}`,
    String(mb(r.rssPeak)),
    p ? `${mb(p.heapUsed)} / ${mb(p.heapTotal)}` : '?',
    p ? String(mb(p.external)) : '?',
    p ? String(rest) : '?',
  ];
  if (gc) cells.push(r.rssAfterGc !== null ? String(mb(r.rssAfterGc)) : '?', r.probeAfterGc ? `${mb(r.probeAfterGc.heapUsed)} / ${mb(r.probeAfterGc.external)}` : '?');
  cells.push(r.loadavg[0].toFixed(2), r.othersPct === null ? '?' : r.othersPct.toFixed(0), r.serverCpuPct === null ? '?' : r.serverCpuPct.toFixed(1));
  return cells;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  ensureBuilt(opts);
  const logDir = path.dirname(opts.out);
  mkdirSync(logDir, { recursive: true });
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, ${mb(os.totalmem())} MB, node ${process.version}; load average at start ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(`server: ${opts.server === 'built' ? `node ${path.relative(ROOT, opts.bundle)}` : 'node --import tsx server/main.ts'}; settle ${opts.settleS} s, then idle window ${opts.idleS} s; ${opts.runs} run(s) of each case`);

  let pgVersion: string | null = null;
  if (opts.only !== 'pglite') {
    pgVersion = await postgresReachable(opts.postgres);
    console.log(pgVersion ? `PostgreSQL ${pgVersion} at ${opts.postgres.replace(/\/\/[^@]*@/, '//')}` : `PostgreSQL: nothing answers at ${opts.postgres.replace(/\/\/[^@]*@/, '//')}: its cases are skipped`);
  }

  const results: CaseResult[] = [];
  const dirs: string[] = [];
  const databases: string[] = [];
  const cleanUp = async () => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    for (const db of databases.splice(0)) await adminQuery(opts.postgres, `DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch((error: unknown) => console.error(`could not drop database ${db}: ${String(error)}`));
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  try {
    for (let run = 1; run <= opts.runs; run++) {
      if (opts.only !== 'postgres') {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'callboard-footprint-'));
        dirs.push(dataDir);
        for (const name of ['pglite, first start', 'pglite, later start']) {
          const r = await runCase({ name, dataDir, firstStart: name.includes('first') }, run, opts, logDir);
          results.push(r);
          console.log(`  ${name} (run ${run}): started in ${(r.startMs / 1000).toFixed(1)} s, quiet at ${(r.quietMs / 1000).toFixed(1)} s, RSS at idle ${mb(r.rssIdle)} MB, peak ${mb(r.rssPeak)} MB`);
        }
      }
      if (opts.only !== 'pglite' && pgVersion) {
        const db = `callboard_footprint_${process.pid}_${run}`;
        await adminQuery(opts.postgres, `DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
        await adminQuery(opts.postgres, `CREATE DATABASE "${db}"`);
        databases.push(db);
        const url = new URL(opts.postgres);
        url.pathname = `/${db}`;
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'callboard-footprint-'));
        dirs.push(dataDir);
        for (const name of ['postgres, first start', 'postgres, later start']) {
          const r = await runCase({ name, dataDir, databaseUrl: url.toString(), firstStart: name.includes('first') }, run, opts, logDir);
          results.push(r);
          console.log(`  ${name} (run ${run}): started in ${(r.startMs / 1000).toFixed(1)} s, quiet at ${(r.quietMs / 1000).toFixed(1)} s, RSS at idle ${mb(r.rssIdle)} MB, peak ${mb(r.rssPeak)} MB`);
        }
      }
      await cleanUp();
    }
  } finally {
    await cleanUp();
  }

  console.log('');
  const header = ['case', 'run', 'start s', 'quiet s', 'RSS idle MB', 'idle range', 'peak MB', 'heap used/total', 'external', 'rest'];
  if (opts.gc) header.push('RSS after GC', 'heap/ext after GC');
  header.push('load 1m', 'others %', 'server %');
  const rows = results.map((r) => fmtCase(r, opts.gc));
  const names = [...new Set(results.map((r) => r.name))];
  if (opts.runs > 1) {
    for (const name of names) {
      const of = results.filter((r) => r.name === name);
      rows.push([`${name}: median`, '', (median(of.map((r) => r.startMs)) / 1000).toFixed(1), (median(of.map((r) => r.quietMs)) / 1000).toFixed(1), String(mb(median(of.map((r) => r.rssIdle)))), '', String(mb(median(of.map((r) => r.rssPeak)))), '', '', '', ...(opts.gc ? ['', ''] : []), '', '', '']);
    }
  }
  printTable(header, rows);
  console.log(
    [
      '',
      `start: spawn → first 200 of /api/v1/health. quiet: spawn → the day behind filled (a first demo start fills it for the reports after`,
      `it answers) and the server's CPU under ${QUIET_CPU * 100} % of a core over ${QUIET_WINDOW_MS / 1000} s; the settle time and the idle window follow.`,
      'RSS idle: median of one sample a second over the idle window (range beside it).',
      'peak: VmHWM, the highest RSS of the process (its start included). heap, external, rest: process.memoryUsage() in the server at',
      'the end of the window (external holds PGlite\'s WebAssembly memory; rest = RSS − heap total − external: code, node, native).',
      'load 1m: the load average at the end of the case; others %: CPU of the rest of the machine over the case, in % of one core;',
      'server %: the server\'s CPU over the idle window (the simulator runs).',
      `load average at end ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`,
    ].join('\n'),
  );
  writeFileSync(opts.out, JSON.stringify({ when: new Date().toISOString(), machine: { cpus: cpus.length, model: cpus[0]?.model ?? null, node: process.version, postgres: pgVersion }, options: opts, results }, null, 2) + '\n');
  console.log(`JSON: ${path.relative(process.cwd(), opts.out)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
