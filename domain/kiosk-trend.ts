import { z } from 'zod';

/**
 * The kiosk "Trend" board: today's queue calls per 15 minutes, answered vs abandoned, beside
 * yesterday's. `GET /api/v1/kiosk/trend`: today and yesterday are the corp's (its zone's midnights,
 * J-TZ-01), whatever the TV's zone. Older boards send their own midnights
 * (`?todayStart=<epoch ms>&yesterdayStart=<epoch ms>`): still checked, and the corp's days win.
 */
export const TREND_BUCKET_MINUTES = 15;
/** buckets per day: bucket i covers [start + i·15 min, start + (i + 1)·15 min) */
export const TREND_BUCKETS = 96;
export const TREND_BUCKET_MS = TREND_BUCKET_MINUTES * 60_000;

const HOUR_MS = 3_600_000;
/** a local day is 23 to 25 hours long (DST) */
const DAY_MIN_MS = 23 * HOUR_MS;
const DAY_MAX_MS = 25 * HOUR_MS;
/** how far todayStart may lie ahead of the server's clock (clock skew, time zones) */
const AHEAD_MAX_MS = 24 * HOUR_MS;
/** how old todayStart may be */
const AGE_MAX_MS = 8 * 24 * HOUR_MS;

const epochMs = z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' });

/**
 * The query of older boards, both or neither. Rules: both integers; yesterdayStart < todayStart; the
 * day between them 23 to 25 h long; todayStart at most 24 h ahead of the server's clock and at most 8
 * days old. Issues name the field.
 */
export const kioskTrendQuerySchema = z
  .object({ todayStart: epochMs.optional(), yesterdayStart: epochMs.optional() })
  .superRefine(({ todayStart, yesterdayStart }, check) => {
    if (todayStart === undefined && yesterdayStart === undefined) return;
    if (todayStart === undefined || yesterdayStart === undefined) {
      check.addIssue({ code: 'custom', path: [todayStart === undefined ? 'todayStart' : 'yesterdayStart'], message: 'validation.required' });
      return;
    }
    const day = todayStart - yesterdayStart;
    if (day < DAY_MIN_MS || day > DAY_MAX_MS) check.addIssue({ code: 'custom', path: ['yesterdayStart'], message: 'validation.invalid' });
    const now = Date.now();
    if (todayStart > now + AHEAD_MAX_MS || todayStart < now - AGE_MAX_MS) check.addIssue({ code: 'custom', path: ['todayStart'], message: 'validation.invalid' });
  });
/** The two days a trend covers: the starts of the corp's yesterday and today (epoch ms). */
export interface KioskTrendDays {
  todayStart: number;
  yesterdayStart: number;
}

const counts = z.array(z.number().int().nonnegative()).length(TREND_BUCKETS);
const trendDay = z.object({ answered: counts, abandoned: counts });

/** The answer: TREND_BUCKETS counts per day and kind; asOf is the server's Date.now(). */
export const kioskTrendSchema = z.object({
  bucketMinutes: z.literal(TREND_BUCKET_MINUTES),
  today: trendDay,
  yesterday: trendDay,
  asOf: z.number().int(),
});
export type KioskTrend = z.infer<typeof kioskTrendSchema>;
export type KioskTrendDay = KioskTrend['today'];
