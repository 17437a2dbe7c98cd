/**
 * Loading the benchmark's data: the corps, their queues and the default destination groups through
 * the app's own migrations, then the call records with COPY (psql's COPY FROM STDIN on PostgreSQL,
 * COPY FROM '/dev/blob' on PGlite) with the cdr triggers off, then the hourly rollup rebuilt in one
 * pass (cdr_hourly_rebuild), VACUUM ANALYZE, and a warm cache.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { DEFAULT_DESTINATION_GROUPS } from '../../domain';
import type { Database } from '../../server/db/database';
import { corp, destinationGroup, queue } from '../../server/db/schema';
import { CDR_COLUMNS, cdrChunks, QUEUES_PER_CORP, type Span } from './generate';
import { QUEUE_LOG_COLUMNS, queueLogChunks } from './queue-log';

export interface Seeded {
  corps: number[];
  queuesOf: Map<number, number[]>;
}

/** corps bench_1..N, five queues each, the default destination groups. */
export async function seedDirectory(database: Database, corps: number): Promise<Seeded> {
  const db = database.orm;
  await db.insert(destinationGroup).values(DEFAULT_DESTINATION_GROUPS.map((g) => ({ name: g.name, patterns: [...g.patterns] }))).onConflictDoNothing();
  const rows = await db
    .insert(corp)
    .values(Array.from({ length: corps }, (_, i) => ({ url: `bench${i + 1}`, name: `Bench ${i + 1}`, costEnabled: true })))
    .returning({ id: corp.id });
  const ids = rows.map((r) => r.id);
  const queues = await db
    .insert(queue)
    .values(ids.flatMap((corpId) => Array.from({ length: QUEUES_PER_CORP }, (_, q) => ({ corpId, name: `Queue ${q + 1}` }))))
    .returning({ id: queue.id, corpId: queue.corpId });
  const queuesOf = new Map<number, number[]>();
  for (const q of queues) queuesOf.set(q.corpId, [...(queuesOf.get(q.corpId) ?? []), q.id]);
  return { corps: ids, queuesOf };
}

/** COPY through psql's stdin, with back-pressure; resolves with the rows psql reports. */
async function psqlCopy(url: string, table: string, columns: readonly string[], chunks: Iterable<string>): Promise<void> {
  const child = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `COPY ${table} (${columns.join(', ')}) FROM STDIN`], { stdio: ['pipe', 'inherit', 'inherit'] });
  const exited = once(child, 'exit');
  for (const chunk of chunks) {
    if (!child.stdin.write(chunk)) await once(child.stdin, 'drain');
  }
  child.stdin.end();
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`psql COPY ${table} exited with ${code}`);
}

/** COPY on PGlite: a blob per chunk. */
async function pgliteCopy(database: Database, table: string, columns: readonly string[], chunks: Iterable<string>): Promise<void> {
  const client = (database.orm as unknown as { $client: { query: (q: string, p: unknown[], o: { blob: Blob }) => Promise<unknown> } }).$client;
  for (const chunk of chunks) await client.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], { blob: new Blob([chunk]) });
}

export interface LoadFigures {
  cdrSeconds: number;
  queueLogSeconds: number;
  rollupSeconds: number;
  vacuumSeconds: number;
  cdrHourlyRows: number;
}

const seconds = (start: number) => Math.round((performance.now() - start) / 100) / 10;

export async function loadRecords(database: Database, url: string | null, seeded: Seeded, counts: { cdr: number; queueLog: number }, span: Span, log: (line: string) => void): Promise<LoadFigures> {
  const db = database.orm;
  const copy = (table: string, columns: readonly string[], chunks: Iterable<string>) => (url ? psqlCopy(url, table, columns, chunks) : pgliteCopy(database, table, columns, chunks));
  // a bulk load brings its own costs and rebuilds the rollup in one pass afterwards
  await db.execute(sql`alter table cdr disable trigger user`);
  let start = performance.now();
  await copy('cdr', CDR_COLUMNS, cdrChunks(counts.cdr, seeded.corps, span, 1));
  const cdrSeconds = seconds(start);
  log(`  cdr: ${counts.cdr.toLocaleString('en')} rows in ${cdrSeconds} s`);
  await db.execute(sql`alter table cdr enable trigger user`);
  start = performance.now();
  if (counts.queueLog > 0) await copy('queue_log', QUEUE_LOG_COLUMNS, queueLogChunks(counts.queueLog, seeded.corps, (c) => seeded.queuesOf.get(c) ?? [], span, 2));
  const queueLogSeconds = seconds(start);
  const [presence] = ((await db.execute(sql`select count(*) as rows, count(*) filter (where event in ('ADDMEMBER', 'REMOVEMEMBER', 'PAUSE', 'UNPAUSE')) as member from queue_log`)) as unknown as { rows: { rows: string; member: string }[] }).rows;
  log(`  queue_log: ${Number(presence.rows).toLocaleString('en')} rows (${Number(presence.member).toLocaleString('en')} log-ins, log-outs and pauses) in ${queueLogSeconds} s`);
  start = performance.now();
  await db.execute(sql`select cdr_hourly_rebuild(${new Date(span.from).toISOString()}::timestamptz, ${new Date(span.to).toISOString()}::timestamptz)`);
  const rollupSeconds = seconds(start);
  const [{ n }] = ((await db.execute(sql`select count(*) as n from cdr_hourly`)) as unknown as { rows: { n: string }[] }).rows;
  log(`  cdr_hourly rebuilt: ${Number(n).toLocaleString('en')} rows in ${rollupSeconds} s`);
  start = performance.now();
  for (const table of ['cdr', 'queue_log', 'cdr_hourly']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  const vacuumSeconds = seconds(start);
  log(`  vacuum analyze: ${vacuumSeconds} s`);
  return { cdrSeconds, queueLogSeconds, rollupSeconds, vacuumSeconds, cdrHourlyRows: Number(n) };
}

/** Rows per second of the record sink's path (batches of 200 inserts) with the rating and rollup triggers on. */
export async function insertRate(database: Database, corpIds: readonly number[], rows: number, span: Span): Promise<number> {
  const db = database.orm;
  const lines = [...cdrChunks(rows, corpIds, span, 3, rows)].join('').trim().split('\n');
  const start = performance.now();
  for (let i = 0; i < lines.length; i += 200) {
    const batch = lines.slice(i, i + 200).map((l) => l.split('\t'));
    const values = sql.join(
      batch.map((c) => sql`(${Number(c[0])}, ${c[1]}::timestamptz, ${c[2]}, ${c[3]}, ${c[4]}, ${c[5]}, ${c[6]}, ${c[7]}, ${c[8]}, ${c[9]}, ${Number(c[10])}, ${Number(c[11])}, ${c[12]}, ${c[13]}, ${c[14]})`),
      sql`, `,
    );
    await db.execute(sql`insert into cdr (corp_id, calldate, clid, src, dst, dcontext, channel, dstchannel, lastapp, lastdata, duration, billsec, disposition, uniqueid, recordingfile) values ${values}`);
  }
  return Math.round(lines.length / ((performance.now() - start) / 1000));
}
