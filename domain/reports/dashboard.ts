import { z } from 'zod';
import { EXT_STATUS, type ExtStatus } from '../realtime';
import { localDayBoundaries, timeZoneSchema } from '../time-zone';

/**
 * The dashboards (D-HOME, D-GEN). Periods are local days of the corp's zone (J-TZ-01): today 0, yesterday 1,
 * one week 7 (the last seven days, today included) (D-GEN-02); the call-periods chart covers 14 days
 * as two series of 7 (D-HOME-07). Counts are calls; minutes are billed seconds / 60; spend is the sum
 * of the rated costs.
 */
export const DASH_PERIODS = { today: 0, yesterday: 1, week: 7 } as const;
export type DashPeriod = (typeof DASH_PERIODS)[keyof typeof DASH_PERIODS];
export const DASH_PERIOD_VALUES = Object.values(DASH_PERIODS) as DashPeriod[];
export const POINTS_DAYS = 14;
/** D-GEN-01: the call type filter */
export const DASH_CALL_TYPES = ['all', 'in', 'out'] as const;
export type DashCallType = (typeof DASH_CALL_TYPES)[number];
/** D-GEN-07: the series of dash/days/{days}/{metric} */
export const DASH_METRICS = ['costo', 'entrantes', 'salientes'] as const;
export type DashMetric = (typeof DASH_METRICS)[number];
/** D-GEN-04: the KPI chart shows this many categories, the rest summed as 'Others' */
export const KPI_TOP = 6;

/** Spec 3 §4 (D-HOME-08, D-GEN-08, D-HOME-03): refresh intervals and the live chart's window. */
export const DASH_REFRESH = {
  callsMs: 60_000,
  extensionTotalsMs: 60_000,
  extensionsPerCorpMs: 120_000,
  liveTickMs: 1_000,
  liveWindowMs: 60_000,
} as const;
export const LIVE_POINTS = DASH_REFRESH.liveWindowMs / DASH_REFRESH.liveTickMs;

/** An agent is busy while on a call (in use or holding), online while registered. */
export const BUSY_STATUSES: readonly ExtStatus[] = [EXT_STATUS.inUse, EXT_STATUS.onHold];
export const isBusy = (status: ExtStatus) => BUSY_STATUSES.includes(status);
export const isOnline = (status: ExtStatus) => status !== EXT_STATUS.offline;

export const dashPeriodParam = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .refine((v): v is DashPeriod => (DASH_PERIOD_VALUES as number[]).includes(v), { error: 'validation.option' });
export const dashZoneQuery = z.object({ tz: timeZoneSchema });

/** The window [from, to) of a period in a zone: today, yesterday, or the last 7 days. */
export function periodBoundaries(period: DashPeriod, nowMs: number, timeZone: string): [number, number] {
  if (period === DASH_PERIODS.yesterday) {
    const [from, to] = localDayBoundaries(nowMs, timeZone, 1, 1);
    return [from, to];
  }
  const days = localDayBoundaries(nowMs, timeZone, period === DASH_PERIODS.week ? 7 : 1);
  return [days[0], days[days.length - 1]];
}

const count = z.number().int();
/** D-GEN-05: the KPI record; categories are the destination groups (the calls' types). */
export const kpiCategorySchema = z.object({ name: z.string(), totalE: count, totalS: count, totalMinE: z.number(), totalMinS: z.number() });
export const dashKpiSchema = z.object({
  from: z.string(),
  to: z.string(),
  totalEntrantes: count,
  totalSalientes: count,
  totalMinEntrantes: z.number(),
  totalMinSalientes: z.number(),
  totalCosto: z.number(),
  categories: z.array(kpiCategorySchema),
});
export type DashKpi = z.infer<typeof dashKpiSchema>;
export type KpiCategory = z.infer<typeof kpiCategorySchema>;

/** D-GEN-06: spend and calls of a corp; durations in seconds. */
export const dashCorpRowSchema = z.object({ corpId: count, name: z.string(), entrantes: count, salientes: count, duracionEnt: count, duracionSal: count, costo: z.number() });
export type DashCorpRow = z.infer<typeof dashCorpRowSchema>;

/** D-HOME-07: a day's calls. */
export const dashPointSchema = z.object({ day: z.string(), entrantes: count, salientes: count });
export type DashPoint = z.infer<typeof dashPointSchema>;

/** D-GEN-08: a corp's extensions. */
export const dashExtensionsRowSchema = z.object({ corpId: count, name: z.string(), totalExt: count, totalEnable: count, totalDisable: count, totalOnline: count });
export type DashExtensionsRow = z.infer<typeof dashExtensionsRowSchema>;

/** D-HOME-05: a gauge. */
export const inUseSchema = z.object({ use: count, total: count });
export type InUse = z.infer<typeof inUseSchema>;

/** D-GEN-04: the KPI bars: the KPI_TOP largest categories by calls, then 'Others' with the rest (when any). */
export function kpiBars(categories: readonly KpiCategory[], top = KPI_TOP): { name: string; totalE: number; totalS: number; others: boolean }[] {
  const sorted = [...categories].sort((a, b) => b.totalE + b.totalS - (a.totalE + a.totalS) || a.name.localeCompare(b.name));
  const head = sorted.slice(0, top).map((c) => ({ name: c.name, totalE: c.totalE, totalS: c.totalS, others: false }));
  const rest = sorted.slice(top);
  if (rest.length === 0) return head;
  return [...head, { name: 'others', totalE: rest.reduce((s, c) => s + c.totalE, 0), totalS: rest.reduce((s, c) => s + c.totalS, 0), others: true }];
}

/** D-HOME-07: 14 days as two series of 7, this week (the last 7) against the week before, day by day. */
export function splitWeeks(points: readonly DashPoint[]): { current: DashPoint[]; previous: DashPoint[] } {
  const last = points.slice(-POINTS_DAYS);
  return { previous: last.slice(0, last.length - 7), current: last.slice(-7) };
}

/** D-HOME-03: the live chart's points after a new sample: one per tick, the last LIVE_POINTS kept. */
export function pushLivePoint<T>(points: readonly T[], point: T, max = LIVE_POINTS): T[] {
  const next = [...points, point];
  return next.length > max ? next.slice(next.length - max) : next;
}
