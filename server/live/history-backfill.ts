/**
 * The day behind a fresh demo (issue 10: "the simulator's default traffic leaves a realistic day
 * behind so a fresh start has reports to show"). On a first start with the simulator, the same
 * traffic model runs on a manual clock from the start of yesterday (in each corp's zone: from the
 * earliest of them, so every corp has its yesterday and its today, J-TZ-01) up to now, as fast
 * as it can, and its records (cdr, queue_log, recordings, IVR choices, poll answers, voicemails) go
 * through the one record sink, in the shapes Asterisk writes. It runs beside the live simulator (which
 * starts at now, as always), in steps that leave the event loop free, so the server answers at once;
 * when it ends, the live queue counters of today are read again from queue_log.
 *
 * Calls still in progress when the backfill ends leave no cdr row and only their ENTERQUEUE: the
 * reports count finished calls, and today's queue counters (server/live/queue-history.ts) count
 * CONNECT and ABANDON only, so they are simply not there, as with a call cut by a PBX restart.
 */
import { gte, sql } from 'drizzle-orm';
import { localDayBoundaries, runtimeTimeZone } from '../../domain';
import { corpTimeZones } from '../corp-zone';
import type { Db } from '../db/database';
import { cdr } from '../db/schema';
import { createSimulator, type SimCorp, type TrafficOptions } from '../pbx';
import type { DbRecordSink } from '../records/db-record-sink';

export interface BackfillOptions {
  db: Db;
  sink: DbRecordSink;
  corps: SimCorp[];
  /** the live simulator's seed: the backfill uses another stream of the same model */
  seed: number;
  traffic?: Partial<TrafficOptions>;
  now: number;
  /** stops the run between two steps (the server is stopping) */
  signal?: AbortSignal;
  log: { info(msg: string, data?: Record<string, unknown>): void; warn(msg: string, data?: Record<string, unknown>): void };
}

/** Virtual time run between two flushes of the sink: keeps the rows in memory bounded. */
const STEP_MS = 15 * 60_000;

/** Midnight at the start of yesterday in a zone. */
export function startOfYesterday(now: number, timeZone: string): number {
  return localDayBoundaries(now, timeZone, 1, 1)[0];
}

/** The earliest start of yesterday among the corps' zones: where the backfill begins. */
export async function backfillStart(db: Db, corpIds: readonly number[], now: number): Promise<number> {
  const zones = await corpTimeZones(db);
  const starts = corpIds.map((id) => startOfYesterday(now, zones.get(id) ?? runtimeTimeZone()));
  return starts.length > 0 ? Math.min(...starts) : startOfYesterday(now, runtimeTimeZone());
}

/**
 * Runs the backfill when there is no record since the start of yesterday (a fresh database, or one
 * left idle for days); returns how many cdr rows it wrote (0 when it did not run).
 */
export async function backfillHistory(options: BackfillOptions): Promise<number> {
  const from = await backfillStart(options.db, options.corps.map((c) => c.corpId), options.now);
  const [{ count }] = await options.db.select({ count: sql<number>`count(*)::int` }).from(cdr).where(gte(cdr.calldate, new Date(from)));
  if (count > 0 || options.corps.length === 0) return 0;
  const started = Date.now();
  const before = options.sink.counters.cdr;
  const sim = createSimulator({
    seed: options.seed + 7919,
    corps: options.corps,
    driver: 'manual',
    startTime: from,
    traffic: options.traffic,
    // a WAV per answered call of a day and a half is tens of thousands of files written at start: the
    // backfilled calls have none (their rows say so); the live calls from now on have theirs
    recordings: false,
    sink: options.sink,
    log: options.log,
  });
  await sim.start();
  for (let t = from; t < options.now && !options.signal?.aborted; t += STEP_MS) {
    sim.runUntil(Math.min(options.now, t + STEP_MS));
    await options.sink.flush();
  }
  await sim.stop();
  await options.sink.flush();
  const rows = options.sink.counters.cdr - before;
  options.log.info('live: the simulator filled the day behind for the reports', { from: new Date(from).toISOString(), cdrRows: rows, ms: Date.now() - started });
  return rows;
}
