import { z } from 'zod';
import { reportId, windowed } from './window';
import { timeZoneSchema } from '../time-zone';

/**
 * Queue service level by hour of the day and the abandoned calls' waits (G-RPT-02), from queue_log.
 * Calls are those of the queue statistics (domain/reports/queue-stats.ts): a call counts in the
 * period, and in the hour, of its outcome (when it was answered or given up), so the hours of a
 * period add up to the queue statistics' calls of that period.
 * - offered: every call of the hour (answered, abandoned, timed out, left with a key or empty);
 * - answered within the service level: answered with Asterisk's holdtime (CONNECT data1) at most the
 *   queue's `servicelevel` seconds, as app_queue counts callscompletedinsl;
 * - service level = answered within / offered, in percent (0.1), null for an hour without calls.
 *   Unlike the wallboard's live formula (streams/queue-stats.ts: answered + abandoned, as the live
 *   counters allow), a caller who timed out counts against the service level here: it was offered
 *   and not answered in time.
 * - abandoned: ABANDON, the caller hung up while waiting ("gave up"); its wait is ABANDON's data3.
 *   Timeouts and exits with a key are the queue's or a menu's doing, not giving up, and are not in
 *   the distribution.
 * Hours are those of the corp's zone (J-TZ-01), as the dashboards' days are: the server sets `tz` to
 * it (a `tz` a client sends is accepted and does not win); the period is the search's, as every report's.
 */
export const queueSlaSearchSchema = windowed({ queue: reportId, tz: timeZoneSchema });
export type QueueSlaSearch = z.infer<typeof queueSlaSearchSchema>;

/** The abandoned calls' wait buckets (s): [0, 10), [10, 30), ... and 300 s or more. */
export const ABANDON_BUCKETS_SEC = [0, 10, 30, 60, 120, 300] as const;
export const HOURS_OF_DAY = 24;

const count = z.number().int();
export const slaFiguresSchema = z.object({
  offered: count,
  answered: count,
  answeredWithinSl: count,
  abandoned: count,
  serviceLevelPct: z.number().nullable(),
});
export type SlaFigures = z.infer<typeof slaFiguresSchema>;
export const slaHourSchema = slaFiguresSchema.extend({ hour: count });
export type SlaHour = z.infer<typeof slaHourSchema>;

export const abandonBucketSchema = z.object({ fromSec: count, toSec: count.nullable(), count });
export type AbandonBucket = z.infer<typeof abandonBucketSchema>;
export const abandonDistributionSchema = z.object({
  count,
  meanSec: z.number().nullable(),
  medianSec: z.number().nullable(),
  buckets: z.array(abandonBucketSchema),
});
export type AbandonDistribution = z.infer<typeof abandonDistributionSchema>;

export const queueSlaResultSchema = z.object({ hours: z.array(slaHourSchema), total: slaFiguresSchema, abandon: abandonDistributionSchema });
export type QueueSlaResult = z.infer<typeof queueSlaResultSchema>;

/** The calls of a slice of time (the server's 15-minute buckets: every zone's offset is a multiple of 15 minutes). */
export interface SlaSlice {
  at: number;
  offered: number;
  answered: number;
  answeredWithinSl: number;
  abandoned: number;
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);
const figures = (f: Omit<SlaFigures, 'serviceLevelPct'>): SlaFigures => ({ ...f, serviceLevelPct: pct(f.answeredWithinSl, f.offered) });

/** The 24 hours of the day (every one, empty ones too) and the whole, from slices and the hour each falls in. */
export function hourlyServiceLevel(slices: readonly SlaSlice[], hourOf: (ms: number) => number): { hours: SlaHour[]; total: SlaFigures } {
  const zero = () => ({ offered: 0, answered: 0, answeredWithinSl: 0, abandoned: 0 });
  const hours = Array.from({ length: HOURS_OF_DAY }, zero);
  const total = zero();
  for (const s of slices) {
    for (const sum of [hours[hourOf(s.at)], total]) {
      sum.offered += s.offered;
      sum.answered += s.answered;
      sum.answeredWithinSl += s.answeredWithinSl;
      sum.abandoned += s.abandoned;
    }
  }
  return { hours: hours.map((h, hour) => ({ hour, ...figures(h) })), total: figures(total) };
}

/** The distribution of the abandoned calls' waits: how many waited how long (s), with mean and median (0.1 s). */
export function abandonDistribution(waits: readonly { sec: number; count: number }[]): AbandonDistribution {
  const sorted = waits.filter((w) => w.count > 0).sort((a, b) => a.sec - b.sec);
  const n = sorted.reduce((s, w) => s + w.count, 0);
  const buckets = ABANDON_BUCKETS_SEC.map((fromSec, i) => {
    const toSec = i + 1 < ABANDON_BUCKETS_SEC.length ? ABANDON_BUCKETS_SEC[i + 1] : null;
    return { fromSec, toSec, count: sorted.filter((w) => w.sec >= fromSec && (toSec === null || w.sec < toSec)).reduce((s, w) => s + w.count, 0) };
  });
  if (n === 0) return { count: 0, meanSec: null, medianSec: null, buckets };
  const round = (v: number) => Math.round(v * 10) / 10;
  // the k-th wait (0-based) of the sorted waits
  const nth = (k: number) => {
    let seen = 0;
    for (const w of sorted) {
      seen += w.count;
      if (k < seen) return w.sec;
    }
    return sorted[sorted.length - 1].sec;
  };
  const median = n % 2 === 1 ? nth((n - 1) / 2) : (nth(n / 2 - 1) + nth(n / 2)) / 2;
  return { count: n, meanSec: round(sorted.reduce((s, w) => s + w.sec * w.count, 0) / n), medianSec: round(median), buckets };
}
