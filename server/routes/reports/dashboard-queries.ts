import { sql, type SQL } from 'drizzle-orm';
import { CALL_DIRECTION, type DashCorpRow, type DashExtensionsRow, type DashKpi, type DashMetric, type DashPoint, type KpiCategory } from '../../../domain';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/sql';
import { int, num } from './report-scope';

/**
 * The dashboards' call totals. Whole UTC hours come from the hourly rollup (cdr_hourly, kept by the
 * cdr triggers, with the platform's totals as corp 0): a week of every corp is a thousand rollup rows
 * instead of hundreds of thousands of calls. An hour that a cut splits (a window's edge or a day boundary of a zone half an
 * hour off UTC) is summed from its calls instead, in 15-minute buckets (every zone's offset is a
 * multiple of 15 minutes), so the answer is exact in any zone and the calls read are a few hours'.
 */
const HOUR_MS = 3_600_000;
type Key = 'corp' | 'group' | 'bucket';

export interface TotalsRow {
  corpId: number;
  direction: number;
  groupId: number;
  /** the bucket's start (ms): an hour from the rollup, 15 minutes from the calls */
  bucket: number;
  calls: number;
  billsec: number;
  cost: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The hours split by a cut (not on a whole hour), and the whole hours of [from, to) left for the rollup. */
export function splitHours(from: number, to: number, boundaries: readonly number[]): { rollup: [number, number] | null; split: number[]; raw: [number, number][] } {
  const split = [...new Set([from, ...boundaries, to].filter((ms) => ms % HOUR_MS !== 0).map((ms) => Math.floor(ms / HOUR_MS) * HOUR_MS))].sort((a, b) => a - b);
  const first = Math.ceil(from / HOUR_MS) * HOUR_MS;
  const end = Math.floor(to / HOUR_MS) * HOUR_MS;
  const raw = split.map((h): [number, number] => [Math.max(h, from), Math.min(h + HOUR_MS, to)]).filter(([a, b]) => b > a);
  return { rollup: end > first ? [first, end] : null, split, raw };
}

/** Totals of [from, to) for one corp (or every corp: null), by direction and the given keys. */
export async function callTotals(db: Db, corpId: number | null, from: number, to: number, keys: readonly Key[], boundaries: readonly number[] = []): Promise<TotalsRow[]> {
  const { rollup, split, raw } = splitHours(from, to, boundaries);
  const parts: SQL[] = [];
  if (rollup) {
    // every corp: the platform's rows (corp 0), unless the answer is per corp
    const corp = corpId !== null ? sql`h.corp_id = ${corpId}` : keys.includes('corp') ? sql`h.corp_id <> 0` : sql`h.corp_id = 0`;
    const skip = split.length > 0 ? sql`and h.hour not in (${sql.join(split.map((h) => sql`${iso(h)}::timestamptz`), sql`, `)})` : sql``;
    parts.push(sql`select h.corp_id, (extract(epoch from h.hour) * 1000)::bigint as bucket, h.direction, h.group_id, h.calls, h.billsec, h.cost
      from cdr_hourly h where ${corp} and h.hour >= ${iso(rollup[0])}::timestamptz and h.hour < ${iso(rollup[1])}::timestamptz ${skip}`);
  }
  if (raw.length > 0) {
    const corp = corpId === null ? sql`true` : sql`c.corp_id = ${corpId}`;
    const ranges = sql.join(
      raw.map(([a, b]) => sql`(c.calldate >= ${iso(a)}::timestamptz and c.calldate < ${iso(b)}::timestamptz)`),
      sql` or `,
    );
    parts.push(sql`select c.corp_id, (extract(epoch from date_bin('15 minutes', c.calldate, timestamptz '2000-01-01 00:00:00+00')) * 1000)::bigint as bucket, k.direction, k.group_id, 1 as calls, c.billsec, coalesce(c.cost, 0) as cost
      from cdr c join cdr_class k on k.cdr_id = c.id where ${corp} and (${ranges})`);
  }
  if (parts.length === 0) return [];
  const columns: Record<Key, SQL> = { corp: sql`s.corp_id`, group: sql`s.group_id`, bucket: sql`s.bucket` };
  const select = sql.join([sql`s.direction`, ...keys.map((k) => sql`${columns[k]} as ${sql.identifier(k)}`)], sql`, `);
  const groupBy = sql.join(
    [1, ...keys.map((_, i) => i + 2)].map((n) => sql.raw(String(n))),
    sql`, `,
  );
  const query = sql`select ${select}, sum(s.calls) as calls, sum(s.billsec) as billsec, sum(s.cost) as cost from (${sql.join(parts, sql` union all `)}) s group by ${groupBy}`;
  // the split hours are a few thousand calls: PostgreSQL would plan parallel workers for them, whose
  // start costs more than the scan (20 ms of a 40 ms plan at 10 million rows, far more on a busy machine)
  const rows =
    raw.length > 0
      ? await db.transaction(async (tx) => {
          await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
          return queryRows<Record<string, string | number>>(tx, query);
        })
      : await queryRows<Record<string, string | number>>(db, query);
  return rows.map((r) => ({ corpId: int(r.corp), direction: int(r.direction), groupId: int(r.group), bucket: int(r.bucket), calls: int(r.calls), billsec: int(r.billsec), cost: num(r.cost) }));
}

const minutes = (seconds: number) => Math.round((seconds / 60) * 100) / 100;
const money = (value: number) => Math.round(value * 10_000) / 10_000;

/** D-GEN-05: the KPI record of a window. Internal calls count in neither total. */
export async function kpiOf(db: Db, corpId: number | null, from: number, to: number): Promise<DashKpi> {
  const rows = await callTotals(db, corpId, from, to, ['group']);
  const names = new Map((await queryRows<{ id: number; name: string }>(db, sql`select id, name from destination_group`)).map((g) => [int(g.id), g.name]));
  const kpi: DashKpi = { from: new Date(from).toISOString(), to: new Date(to).toISOString(), totalEntrantes: 0, totalSalientes: 0, totalMinEntrantes: 0, totalMinSalientes: 0, totalCosto: 0, categories: [] };
  const categories = new Map<number, KpiCategory & { secE: number; secS: number }>();
  let secE = 0;
  let secS = 0;
  for (const r of rows) {
    kpi.totalCosto += r.cost;
    const incoming = r.direction === CALL_DIRECTION.incoming;
    if (!incoming && r.direction !== CALL_DIRECTION.outgoing) continue;
    const category = categories.get(r.groupId) ?? { name: names.get(r.groupId) ?? '', totalE: 0, totalS: 0, totalMinE: 0, totalMinS: 0, secE: 0, secS: 0 };
    if (incoming) {
      kpi.totalEntrantes += r.calls;
      secE += r.billsec;
      category.totalE += r.calls;
      category.secE += r.billsec;
    } else {
      kpi.totalSalientes += r.calls;
      secS += r.billsec;
      category.totalS += r.calls;
      category.secS += r.billsec;
    }
    categories.set(r.groupId, category);
  }
  kpi.totalMinEntrantes = minutes(secE);
  kpi.totalMinSalientes = minutes(secS);
  kpi.totalCosto = money(kpi.totalCosto);
  kpi.categories = [...categories.values()]
    .map(({ secE: e, secS: s, ...c }) => ({ ...c, totalMinE: minutes(e), totalMinS: minutes(s) }))
    .sort((a, b) => b.totalE + b.totalS - (a.totalE + a.totalS) || a.name.localeCompare(b.name));
  return kpi;
}

/** D-GEN-06/07: calls, durations and spend per corp (every corp of the scope, the quiet ones with 0), by `metric` descending. */
export async function corpRowsOf(db: Db, corpId: number | null, from: number, to: number, metric: DashMetric): Promise<DashCorpRow[]> {
  const corps = await queryRows<{ id: number; name: string }>(db, corpId === null ? sql`select id, name from corp where not system order by id` : sql`select id, name from corp where id = ${corpId}`);
  const out = new Map<number, DashCorpRow>(corps.map((c) => [int(c.id), { corpId: int(c.id), name: c.name, entrantes: 0, salientes: 0, duracionEnt: 0, duracionSal: 0, costo: 0 }]));
  for (const r of await callTotals(db, corpId, from, to, ['corp'])) {
    const row = out.get(r.corpId);
    if (!row) continue;
    row.costo += r.cost;
    if (r.direction === CALL_DIRECTION.incoming) {
      row.entrantes += r.calls;
      row.duracionEnt += r.billsec;
    } else if (r.direction === CALL_DIRECTION.outgoing) {
      row.salientes += r.calls;
      row.duracionSal += r.billsec;
    }
  }
  return [...out.values()].map((r) => ({ ...r, costo: money(r.costo) })).sort((a, b) => b[metric] - a[metric] || a.name.localeCompare(b.name));
}

/** D-HOME-07: incoming and outgoing calls per local day; `boundaries` are the days' starts and the end. */
export async function pointsOf(db: Db, corpId: number | null, boundaries: readonly number[], dayName: (ms: number) => string): Promise<DashPoint[]> {
  const points: DashPoint[] = boundaries.slice(0, -1).map((start) => ({ day: dayName(start), entrantes: 0, salientes: 0 }));
  const rows = await callTotals(db, corpId, boundaries[0], boundaries[boundaries.length - 1], ['bucket'], boundaries);
  for (const r of rows) {
    // the day whose [start, next) holds the bucket's start
    let i = points.length - 1;
    while (i > 0 && r.bucket < boundaries[i]) i--;
    if (r.direction === CALL_DIRECTION.incoming) points[i].entrantes += r.calls;
    else if (r.direction === CALL_DIRECTION.outgoing) points[i].salientes += r.calls;
  }
  return points;
}

/** D-GEN-08: each corp's extensions, enabled and disabled; `online` counts the registered ones from the live state. */
export async function extensionRowsOf(db: Db, corpId: number | null, online: (corpId: number) => Promise<number>): Promise<DashExtensionsRow[]> {
  const rows = await queryRows<{ id: number; name: string; total: string | number; enabled: string | number }>(
    db,
    sql`select c.id, c.name, count(e.id) as total, count(e.id) filter (where e.enabled) as enabled
    from corp c left join extension e on e.corp_id = c.id
    where ${corpId === null ? sql`not c.system` : sql`c.id = ${corpId}`}
    group by c.id, c.name order by c.id`,
  );
  return Promise.all(
    rows.map(async (r) => {
      const total = int(r.total);
      const enabled = int(r.enabled);
      return { corpId: int(r.id), name: r.name, totalExt: total, totalEnable: enabled, totalDisable: total - enabled, totalOnline: await online(int(r.id)) };
    }),
  );
}
