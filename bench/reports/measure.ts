/**
 * The report queries the benchmark times: the server's own query functions (what each route runs,
 * without HTTP), each with random corps, days and months of the loaded year, warm (a few runs first
 * are not counted). With `plans`, EXPLAIN (ANALYZE, BUFFERS) of one run of each is collected.
 */
import { sql, type SQL } from 'drizzle-orm';
import { CDR_TYPE, localDay, localDayBoundaries, periodBoundaries } from '../../domain';
import type { Db } from '../../server/db/database';
import { searchCdr } from '../../server/routes/reports/cdr-queries';
import { corpRowsOf, kpiOf, pointsOf } from '../../server/routes/reports/dashboard-queries';
import { agentReport } from '../../server/routes/reports/agent-report-queries';
import { queueSla } from '../../server/routes/reports/queue-sla-queries';
import { queueCalls, queueStats } from '../../server/routes/reports/queue-stats-queries';
import { EXTENSIONS_PER_CORP, FIRST_EXTENSION, rng, type Span } from './generate';
import type { Seeded } from './load';

const DAY = 86_400_000;

export interface QueryCase {
  name: string;
  /** the target for this query (p95, ms) */
  targetMs: number;
  run: (db: Db, pick: Picker) => Promise<unknown>;
}

export interface Picker {
  corp(): number;
  queue(corp: number): number;
  extension(): string;
  /** a whole UTC day of the span: [from, to] as ISO, to inclusive */
  day(): { from: string; to: string };
  /** a calendar month of the span */
  month(): { from: string; to: string };
  /** "now" for the dashboards: the end of the span */
  now: number;
}

export function picker(seeded: Seeded, span: Span, seed: number): Picker {
  const r = rng(seed);
  const days = Math.floor((span.to - span.from) / DAY) - 1;
  return {
    corp: () => seeded.corps[Math.floor(r() * seeded.corps.length)],
    queue: (corp) => {
      const q = seeded.queuesOf.get(corp) ?? [0];
      return q[Math.floor(r() * q.length)];
    },
    extension: () => String(FIRST_EXTENSION + Math.floor(r() * EXTENSIONS_PER_CORP)),
    day: () => {
      const start = Math.ceil(span.from / DAY) * DAY + Math.floor(r() * Math.max(1, days - 1)) * DAY;
      return { from: new Date(start).toISOString(), to: new Date(start + DAY - 1).toISOString() };
    },
    month: () => {
      const first = new Date(span.from);
      const months = Math.max(1, Math.floor(days / 31) - 1);
      const m = 1 + Math.floor(r() * months);
      const start = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m, 1);
      const end = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m + 1, 1) - 1;
      return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
    },
    now: span.to - 1,
  };
}

const search = (window: { from: string; to: string }, more: { detailed: boolean; type: 1 | 2 | 3; filter?: string }) => ({ ...window, filter: '', page: 0, all: false, ...more });

export function cases(targets: { cdrDay: number; month: number; dashboard: number }): QueryCase[] {
  return [
    { name: 'CDR, a day of a corp, detailed outgoing, page 1', targetMs: targets.cdrDay, run: (db, p) => searchCdr(db, { corpId: p.corp() }, search(p.day(), { detailed: true, type: CDR_TYPE.outgoing })) },
    { name: 'CDR, a day of a corp, detailed, one extension', targetMs: targets.cdrDay, run: (db, p) => searchCdr(db, { corpId: p.corp() }, search(p.day(), { detailed: true, type: CDR_TYPE.extension, filter: p.extension() })) },
    { name: 'CDR, a day of a corp, detailed incoming, page 3', targetMs: targets.cdrDay, run: (db, p) => searchCdr(db, { corpId: p.corp() }, { ...search(p.day(), { detailed: true, type: CDR_TYPE.incoming }), page: 2 }) },
    { name: 'CDR, a month of a corp, summarised outgoing', targetMs: targets.month, run: (db, p) => searchCdr(db, { corpId: p.corp() }, search(p.month(), { detailed: false, type: CDR_TYPE.outgoing })) },
    { name: 'CDR, a month of a corp, summarised incoming', targetMs: targets.month, run: (db, p) => searchCdr(db, { corpId: p.corp() }, search(p.month(), { detailed: false, type: CDR_TYPE.incoming })) },
    { name: 'Queue statistics, a month, all queues of a corp', targetMs: targets.month, run: (db, p) => queueStats(db, { corpId: p.corp() }, { ...p.month(), queue: 0 }) },
    {
      name: 'Queue calls, a day of one queue',
      targetMs: targets.month,
      run: (db, p) => {
        const corp = p.corp();
        return queueCalls(db, { corpId: corp }, { ...p.day(), queue: p.queue(corp) });
      },
    },
    // G-RPT-03: the agent report and the service level by hour, a month of a corp
    { name: 'Agent report, a month, all queues of a corp', targetMs: targets.month, run: (db, p) => agentReport(db, { corpId: p.corp() }, { ...p.month(), queue: 0 }) },
    {
      name: 'Agent report, a month, one queue',
      targetMs: targets.month,
      run: (db, p) => {
        const corp = p.corp();
        return agentReport(db, { corpId: corp }, { ...p.month(), queue: p.queue(corp) });
      },
    },
    { name: 'Service level by hour, a month, all queues of a corp', targetMs: targets.month, run: (db, p) => queueSla(db, { corpId: p.corp() }, { ...p.month(), queue: 0, tz: 'America/Sao_Paulo' }) },
    { name: 'Dashboard KPI, today, a corp', targetMs: targets.dashboard, run: (db, p) => kpiOf(db, p.corp(), ...periodBoundaries(0, p.now, 'UTC')) },
    { name: 'Dashboard KPI, a week, every corp', targetMs: targets.dashboard, run: (db, p) => kpiOf(db, null, ...periodBoundaries(7, p.now, 'America/Sao_Paulo')) },
    { name: 'Dashboard spend per corp, a week, every corp', targetMs: targets.dashboard, run: (db, p) => corpRowsOf(db, null, ...periodBoundaries(7, p.now, 'America/Sao_Paulo'), 'costo') },
    { name: 'Dashboard periods, 14 days, a corp', targetMs: targets.dashboard, run: (db, p) => pointsOf(db, p.corp(), localDayBoundaries(p.now, 'America/Sao_Paulo', 14), (ms) => localDay(ms, 'America/Sao_Paulo')) },
    { name: 'Dashboard periods, 14 days, every corp', targetMs: targets.dashboard, run: (db, p) => pointsOf(db, null, localDayBoundaries(p.now, 'America/Sao_Paulo', 14), (ms) => localDay(ms, 'America/Sao_Paulo')) },
    { name: 'Dashboard KPI, a week, every corp, zone +05:30 (from the calls)', targetMs: targets.dashboard, run: (db, p) => kpiOf(db, null, ...periodBoundaries(7, p.now, 'Asia/Kolkata')) },
  ];
}

export interface Timing {
  name: string;
  targetMs: number;
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** Times each case: `warmup` runs not counted, then `runs` runs. */
export async function timeCases(db: Db, list: QueryCase[], pick: Picker, runs: number, warmup: number): Promise<Timing[]> {
  const out: Timing[] = [];
  for (const c of list) {
    for (let i = 0; i < warmup; i++) await c.run(db, pick);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await c.run(db, pick);
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    out.push({ name: c.name, targetMs: c.targetMs, runs, p50: round(quantile(samples, 0.5)), p95: round(quantile(samples, 0.95)), max: round(samples[samples.length - 1]) });
  }
  return out;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement one run of each case sends. */
export async function plans(db: Db, list: QueryCase[], pick: Picker): Promise<string> {
  const sections: string[] = [];
  for (const c of list) {
    const statements: SQL[] = [];
    const spy = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute') {
          return (query: SQL) => {
            statements.push(query);
            return target.execute(query);
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    await c.run(spy, pick);
    sections.push(`=== ${c.name}`);
    for (const statement of statements) {
      const result = (await db.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as { rows: Record<string, string>[] };
      sections.push(result.rows.map((row) => Object.values(row)[0]).join('\n'), '');
    }
  }
  return sections.join('\n');
}
