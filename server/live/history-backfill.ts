/**
 * The day behind a fresh demo (issue 10: "the simulator's default traffic leaves a realistic day
 * behind so a fresh start has reports to show"). On a first start with the simulator, the same
 * traffic model runs on a manual clock from the start of yesterday (in each corp's zone: from the
 * earliest of them, so every corp has its yesterday and its today, J-TZ-01) up to where the live
 * simulator begins, as fast as it can, and its records (cdr, queue_log, recordings, IVR choices, poll
 * answers, voicemails) go through the one record sink, in the shapes Asterisk writes. It runs beside
 * the live simulator, in steps that leave the event loop free, so the server answers at once; when it
 * ends, the live queue counters of today are read again from queue_log.
 *
 * H-WARM-03: how far it got is kept (table sim_history, migration 0024: the window and the time
 * reached, written after each step's rows), so a first start stopped early leaves no hole for ever:
 * the next start finishes what is missing from where it stopped, and the log says which it does.
 * Each run begins with its floor warmed up (SimulatorOptions.warmUpMs, which writes nothing) and
 * writes from its own start on, so the calls in progress at a cut are written by the run that
 * finishes them. The window ends where the live simulator's records begin (its start).
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
import { queryRows } from '../db/sql';
import type { DbRecordSink } from '../records/db-record-sink';

export interface BackfillOptions {
  db: Db;
  sink: DbRecordSink;
  corps: SimCorp[];
  /** the live simulator's seed: the backfill uses another stream of the same model */
  seed: number;
  traffic?: Partial<TrafficOptions>;
  /** where the live simulator's records begin (its start): the day behind ends here */
  now: number;
  /** stops the run between two steps (the server is stopping) */
  signal?: AbortSignal;
  log: { info(msg: string, data?: Record<string, unknown>): void; warn(msg: string, data?: Record<string, unknown>): void };
}

/** What a start fills: [reached, to) of the window [from, to); `resumed` when an earlier start began it. */
export interface BackfillPlan {
  from: number;
  to: number;
  reached: number;
  resumed: boolean;
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

/** A run's floor is warmed up this long before its first record (H-WARM-01's steady state at the window's edge). */
const WARM_UP_MS = 15 * 60_000;

interface HistoryRow {
  from: Date | string;
  to: Date | string;
  reached: Date | string;
}

const ms = (value: Date | string): number => new Date(value).getTime();

/**
 * What this start fills, decided (and kept) before the live simulator writes anything: the rest of a
 * window an earlier start left unfinished; else, when there is no record since the start of yesterday
 * (a fresh database, or one left idle for days), yesterday and today up to `now`; else nothing.
 */
export async function planBackfill(options: Pick<BackfillOptions, 'db' | 'corps' | 'now'>): Promise<BackfillPlan | null> {
  const { db } = options;
  if (options.corps.length === 0) return null;
  const [kept] = await queryRows<HistoryRow>(db, sql`select "from", "to", reached from sim_history where id = 1`);
  if (kept && ms(kept.reached) < ms(kept.to)) return { from: ms(kept.from), to: ms(kept.to), reached: ms(kept.reached), resumed: true };
  const from = await backfillStart(db, options.corps.map((c) => c.corpId), options.now);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(cdr).where(gte(cdr.calldate, new Date(from)));
  if (count > 0 || from >= options.now) return null;
  const plan = { from, to: options.now, reached: from, resumed: false };
  await db.execute(sql`insert into sim_history (id, "from", "to", reached) values (1, ${new Date(from).toISOString()}, ${new Date(plan.to).toISOString()}, ${new Date(from).toISOString()})
    on conflict (id) do update set "from" = excluded."from", "to" = excluded."to", reached = excluded.reached`);
  return plan;
}

/** Fills [plan.reached, plan.to), keeping how far it got after each step; returns the cdr rows it wrote. */
export async function runBackfill(plan: BackfillPlan, options: BackfillOptions): Promise<number> {
  const { db, sink, log } = options;
  const started = Date.now();
  const before = sink.counters.cdr;
  const window = { from: new Date(plan.from).toISOString(), to: new Date(plan.to).toISOString() };
  if (plan.resumed) log.info('live: the day behind was cut short by an earlier stop; the simulator fills what is missing', { ...window, missingFrom: new Date(plan.reached).toISOString() });
  const sim = createSimulator({
    // another stream for a resumed part than for the first (its calls are other calls)
    seed: options.seed + 7919 + (plan.resumed ? Math.floor(plan.reached / 60_000) % 100_000 : 0),
    corps: options.corps,
    driver: 'manual',
    startTime: plan.reached,
    warmUpMs: WARM_UP_MS,
    traffic: options.traffic,
    // a WAV per answered call of a day and a half is tens of thousands of files written at start: the
    // backfilled calls have none (their rows say so); the live calls from now on have theirs
    recordings: false,
    sink,
    log,
  });
  await sim.start();
  let reached = plan.reached;
  while (reached < plan.to && !options.signal?.aborted) {
    const next = Math.min(plan.to, reached + STEP_MS);
    sim.runUntil(next);
    await sink.flush();
    reached = next;
    await db.execute(sql`update sim_history set reached = ${new Date(reached).toISOString()} where id = 1`);
  }
  await sim.stop();
  await sink.flush();
  const rows = sink.counters.cdr - before;
  if (reached < plan.to) log.info('live: filling the day behind stopped early; the next start fills the rest', { ...window, reached: new Date(reached).toISOString(), cdrRows: rows });
  else log.info(plan.resumed ? 'live: the simulator finished filling the day behind for the reports' : 'live: the simulator filled the day behind for the reports', { ...window, cdrRows: rows, ms: Date.now() - started });
  return rows;
}

/** Plans and runs the backfill (demo-history.ts plans before the live simulator writes, then runs); returns how many cdr rows it wrote (0 when it did not run). */
export async function backfillHistory(options: BackfillOptions): Promise<number> {
  const plan = await planBackfill(options);
  return plan ? runBackfill(plan, options) : 0;
}
