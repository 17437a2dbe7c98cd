/**
 * Reports benchmark: `npm run bench:reports [-- options]`. Prints figures, asserts no time.
 *
 * PostgreSQL (127.0.0.1:5432, a database of its own, dropped at the end): 10 million CDR rows and 5
 * million queue_log rows over 100 corps and a year, loaded with COPY; PGlite (in memory): 1 million
 * CDR rows. Then p50/p95/max of each report query, warm, against the issue's targets, the machine's
 * load while it measured, and (with --plans) the query plans into test-results/bench/reports-plans-*.txt.
 *
 * Options: --cdr N, --queue-log N, --pglite-cdr N, --corps N, --days N, --runs N, --warmup N,
 * --only pg|pglite, --plans, --quick (200k / 100k / 100k rows, 20 runs), --keep (leave the PostgreSQL
 * database), --url postgres://… (default BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/database';
import { machineCpu } from './bench-common';
import { insertRate, loadRecords, seedDirectory, type LoadFigures } from './reports/load';
import { cases, picker, plans, timeCases, type Timing } from './reports/measure';

interface Options {
  cdr: number;
  queueLog: number;
  pgliteCdr: number;
  corps: number;
  days: number;
  runs: number;
  warmup: number;
  only: 'pg' | 'pglite' | null;
  plans: boolean;
  keep: boolean;
  url: string;
}

function parseOptions(argv: string[]): Options {
  const quick = argv.includes('--quick');
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const count = (name: string, fallback: number) => {
    const raw = value(name);
    const n = raw === undefined ? fallback : Number(raw.replaceAll('_', ''));
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number (got ${raw})`);
    return n;
  };
  const only = value('only');
  if (only !== undefined && only !== 'pg' && only !== 'pglite') throw new Error('--only takes pg or pglite');
  return {
    cdr: count('cdr', quick ? 200_000 : 10_000_000),
    queueLog: count('queue-log', quick ? 100_000 : 5_000_000),
    pgliteCdr: count('pglite-cdr', quick ? 100_000 : 1_000_000),
    corps: count('corps', 100),
    days: count('days', 365),
    runs: count('runs', quick ? 20 : 50),
    warmup: count('warmup', 3),
    only: (only as Options['only']) ?? null,
    plans: argv.includes('--plans'),
    keep: argv.includes('--keep'),
    url: value('url') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
}

const log = (line: string) => console.log(line);

/** The machine while a phase ran: load average and how busy the cores were (all processes). */
function loadMeter() {
  const start = machineCpu(os.cpus());
  return () => {
    const end = machineCpu(os.cpus());
    const busy = (end.busy - start.busy) / Math.max(1, end.total - start.total);
    return { busyPct: Math.round(busy * 100), loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100), cores: os.cpus().length };
  };
}

function printTimings(title: string, timings: Timing[], limitFor: (t: Timing) => number): void {
  log(`\n${title}`);
  const width = Math.max(...timings.map((t) => t.name.length));
  log(`  ${'query'.padEnd(width)}  target p95    p50 ms    p95 ms    max ms  runs`);
  for (const t of timings) {
    const target = limitFor(t);
    const verdict = t.p95 < target ? 'under' : 'OVER';
    log(`  ${t.name.padEnd(width)}  ${`< ${target}`.padStart(10)}  ${String(t.p50).padStart(8)}  ${String(t.p95).padStart(8)}  ${String(t.max).padStart(8)}  ${String(t.runs).padStart(4)}  ${verdict}`);
  }
}

async function benchDatabase(kind: 'pg' | 'pglite', options: Options, cdrRows: number, queueLogRows: number): Promise<{ load: LoadFigures; timings: Timing[]; insertPerSecond: number; machine: ReturnType<ReturnType<typeof loadMeter>> }> {
  let database: Database;
  let url: string | null = null;
  let drop: (() => Promise<void>) | null = null;
  if (kind === 'pg') {
    const name = `callboard_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: options.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(options.url);
    u.pathname = `/${name}`;
    url = u.toString();
    log(`PostgreSQL database ${name}${options.keep ? ' (kept: --keep)' : ' (dropped at the end)'}`);
    database = await openDatabase({ dataDir: ':memory:', databaseUrl: url });
    drop = async () => {
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    log('PGlite in memory');
    database = await openDatabase({ dataDir: ':memory:' });
  }
  try {
    await database.migrate();
    const seeded = await seedDirectory(database, options.corps);
    const to = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const span = { from: to - options.days * 86_400_000, to };
    const load = await loadRecords(database, url, seeded, { cdr: cdrRows, queueLog: queueLogRows }, span, log);
    const db = database.orm;
    const limits = kind === 'pg' ? { cdrDay: 50, month: 200, dashboard: 100 } : { cdrDay: 200, month: 200, dashboard: 200 };
    const list = cases(limits);
    const meter = loadMeter();
    const timings = await timeCases(db, list, picker(seeded, span, 7), options.runs, options.warmup);
    const machine = meter();
    if (options.plans) {
      mkdirSync(path.join('test-results', 'bench'), { recursive: true });
      const file = path.join('test-results', 'bench', `reports-plans-${kind}.txt`);
      writeFileSync(file, await plans(db, list, picker(seeded, span, 11)));
      log(`  plans written to ${file}`);
    }
    const insertPerSecond = await insertRate(database, seeded.corps, 20_000, span);
    return { load, timings, insertPerSecond, machine };
  } finally {
    await database.close();
    if (drop && !options.keep) await drop();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const results: Record<string, unknown> = { options, startedAt: new Date().toISOString() };
  log(`bench:reports — ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const kind of ['pg', 'pglite'] as const) {
    if (options.only && options.only !== kind) continue;
    const cdrRows = kind === 'pg' ? options.cdr : options.pgliteCdr;
    const queueLogRows = kind === 'pg' ? options.queueLog : Math.round((options.queueLog * options.pgliteCdr) / Math.max(1, options.cdr));
    log(`\n== ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}: ${cdrRows.toLocaleString('en')} CDR rows, ${queueLogRows.toLocaleString('en')} queue_log rows, ${options.corps} corps, ${options.days} days`);
    const figures = await benchDatabase(kind, options, cdrRows, queueLogRows);
    printTimings(`${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}: warm, ${options.runs} runs each (${options.warmup} not counted)`, figures.timings, (t) => t.targetMs);
    log(`  machine while measuring: ${figures.machine.busyPct} % of ${figures.machine.cores} cores busy (every process), load average ${figures.machine.loadavg.join(' ')}`);
    log(`  record-sink path with the rating and rollup triggers: ${figures.insertPerSecond.toLocaleString('en')} rows/s (batches of 200)`);
    results[kind] = figures;
  }
  mkdirSync(path.join('test-results', 'bench'), { recursive: true });
  writeFileSync(path.join('test-results', 'bench', 'reports.json'), JSON.stringify(results, null, 2));
  log('\nresults: test-results/bench/reports.json');
}

main().catch((error: unknown) => {
  console.error('bench:reports failed:', error);
  process.exit(1);
});
