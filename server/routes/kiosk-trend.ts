import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { kioskTrendQuerySchema, kioskTrendSchema, localDayBoundaries, TREND_BUCKET_MINUTES, TREND_BUCKET_MS, TREND_BUCKETS, type KioskTrend, type KioskTrendDay, type KioskTrendDays } from '../../domain';
import { principalOf, requireAccessOrKiosk } from '../auth/guard';
import { homeCorpId } from '../context';
import { corpTimeZone } from '../corp-zone';
import type { Db } from '../db/database';
import { queueLog } from '../db/schema';

/**
 * What counts, as the queue counters count it (streams/queue-stats.ts, app_queue): a CONNECT is an
 * answered call, an ABANDON (the caller hung up while waiting) an abandoned one. EXITWITHTIMEOUT,
 * EXITEMPTY and EXITWITHKEY are counted in neither, as app_queue counts them in neither `Completed`
 * nor `Abandoned` and the live board does not count a timeout exit.
 */
const COUNTED = { CONNECT: 'answered', ABANDON: 'abandoned' } as const;

const emptyDay = (): KioskTrendDay => ({ answered: new Array<number>(TREND_BUCKETS).fill(0), abandoned: new Array<number>(TREND_BUCKETS).fill(0) });

/**
 * The two days' counts per bucket with one grouped query, bucketed in SQL by
 * floor((epoch ms − the day's start) / 15 min). Today covers its 96 buckets from todayStart; yesterday
 * runs from yesterdayStart up to todayStart, so on a 25 h day its last hour (past bucket 95) is left
 * out, and on a 23 h day its last four buckets stay 0.
 */
export async function queueTrend(db: Db, corpId: number, days: KioskTrendDays): Promise<Pick<KioskTrend, 'today' | 'yesterday'>> {
  const { todayStart, yesterdayStart } = days;
  const span = TREND_BUCKETS * TREND_BUCKET_MS;
  const yesterdayEnd = Math.min(todayStart, yesterdayStart + span);
  const ms = sql`(extract(epoch from ${queueLog.time}) * 1000)`;
  const isToday = sql<boolean>`(${ms} >= ${todayStart}::bigint)`;
  const bucket = sql<number>`floor((${ms} - case when ${isToday} then ${todayStart}::bigint else ${yesterdayStart}::bigint end) / ${TREND_BUCKET_MS}::int)::int`;
  const rows = await db
    .select({ today: isToday, bucket, event: queueLog.event, n: sql<number>`count(*)::int` })
    .from(queueLog)
    .where(
      and(
        eq(queueLog.corpId, corpId),
        inArray(queueLog.event, Object.keys(COUNTED)),
        or(
          and(gte(queueLog.time, new Date(yesterdayStart)), lt(queueLog.time, new Date(yesterdayEnd))),
          and(gte(queueLog.time, new Date(todayStart)), lt(queueLog.time, new Date(todayStart + span))),
        ),
      ),
    )
    // by position: the same expressions written twice would carry other parameter numbers
    .groupBy(sql`1`, sql`2`, sql`3`);

  const trend = { today: emptyDay(), yesterday: emptyDay() };
  for (const row of rows) {
    const kind = COUNTED[row.event as keyof typeof COUNTED];
    const index = Number(row.bucket);
    if (!kind || !Number.isInteger(index) || index < 0 || index >= TREND_BUCKETS) continue;
    trend[row.today ? 'today' : 'yesterday'][kind][index] += Number(row.n);
  }
  return trend;
}

/** The corp's yesterday and today at `now`, in its zone (J-TZ-01). */
export function trendDays(now: number, timeZone: string): KioskTrendDays {
  const [yesterdayStart, todayStart] = localDayBoundaries(now, timeZone, 2);
  return { todayStart, yesterdayStart };
}

/**
 * GET /kiosk/trend (the kiosk Trend board): a kiosk token for its own corp, or a user with kiosk
 * read (level 1: the working corp of `x-working-corp`, as on every route; none: its own corp). The
 * days are the corp's; the midnights an older board sends are checked by the schema and not used.
 */
export async function kioskTrendRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/kiosk/trend',
    {
      schema: {
        tags: ['kioskScreen'],
        summary: "Today's and yesterday's queue calls per 15 minutes, answered and abandoned, the corp's days (kiosk token or kiosk read)",
        querystring: kioskTrendQuerySchema,
        response: { 200: kioskTrendSchema },
      },
      onRequest: requireAccessOrKiosk(ctx, 'kiosk', 'read'),
    },
    async (request): Promise<KioskTrend> => {
      const corpId = homeCorpId(principalOf(request));
      const days = await queueTrend(ctx.db, corpId, trendDays(Date.now(), await corpTimeZone(ctx.db, corpId)));
      return { bucketMinutes: TREND_BUCKET_MINUTES, ...days, asOf: Date.now() };
    },
  );
}
