import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DASH_METRICS,
  dashCorpRowSchema,
  dashExtensionsRowSchema,
  dashKpiSchema,
  dashPeriodParam,
  dashPointSchema,
  dashZoneQuery,
  inUseSchema,
  isBusy,
  isOnline,
  localDay,
  localDayBoundaries,
  periodBoundaries,
  type InUse,
} from '../../../domain';
import { CEILING } from '../../../domain/level-ceilings';
import { principalOf, requireAccess, requireLevel } from '../../auth/guard';
import { corpTimeZone } from '../../corp-zone';
import { queryRows } from '../../db/sql';
import { ApiFailure } from '../../errors';
import { corpRowsOf, extensionRowsOf, kpiOf, pointsOf } from './dashboard-queries';
import { dashboardScope } from './report-scope';

/**
 * The dashboards (D-HOME with the home view, D-GEN level 1). Their scope is the corp, or every corp
 * for a supervisor without a working corp. Periods are local days of the corp's zone (J-TZ-01; the
 * platform's view without a working corp: the supervisor's own corp's); the `tz` older clients send is
 * accepted and checked, and the corp's zone wins.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const home = requireAccess(ctx, 'home', 'read');
  const supervisor = requireLevel(ctx, CEILING.generalDashboard);
  const tags = ['dashboard'];

  /** The live state of a corp, or 503 when this app has none (no real-time side). */
  const live = () => {
    if (!app.live) throw new ApiFailure(503, 'errors.pbxUnavailable');
    return app.live.ops;
  };
  /** the zone of a dashboard's days: its corp's, or for every corp the caller's own corp's (the system corp's) */
  const zoneOf = (request: FastifyRequest): Promise<string> => corpTimeZone(ctx.db, dashboardScope(ctx, request).corpId ?? principalOf(request).corpId);
  const corpsOf = async (corpId: number | null): Promise<number[]> =>
    corpId !== null ? [corpId] : (await queryRows<{ id: number }>(ctx.db, sql`select id from corp where not system`)).map((c) => Number(c.id));

  r.get(
    '/dash/kpi/days/:days',
    { schema: { tags, summary: 'Calls in and out, minutes, spend and calls per destination group of a period: today 0, yesterday 1, a week 7 (D-GEN-04/05)', params: z.object({ days: dashPeriodParam }), querystring: dashZoneQuery, response: { 200: dashKpiSchema } }, onRequest: home },
    async (request) => {
      const [from, to] = periodBoundaries(request.params.days, Date.now(), await zoneOf(request));
      return kpiOf(ctx.db, dashboardScope(ctx, request).corpId, from, to);
    },
  );

  r.get(
    '/dash/days/:days/:metric/:corp/group/:group',
    {
      schema: {
        tags,
        summary: 'Calls, durations and spend per corp of a period, by the metric (level 1; corp and group 0: every corp, grouped by corp) (D-GEN-06/07)',
        params: z.object({ days: dashPeriodParam, metric: z.enum(DASH_METRICS, { error: 'validation.option' }), corp: z.literal('0', { error: 'validation.option' }), group: z.literal('0', { error: 'validation.option' }) }),
        querystring: dashZoneQuery,
        response: { 200: z.array(dashCorpRowSchema) },
      },
      onRequest: supervisor,
    },
    async (request) => {
      const [from, to] = periodBoundaries(request.params.days, Date.now(), await zoneOf(request));
      return corpRowsOf(ctx.db, dashboardScope(ctx, request).corpId, from, to, request.params.metric);
    },
  );

  r.get(
    '/dash/points/:days',
    {
      schema: {
        tags,
        summary: 'Incoming and outgoing calls per local day, the last 14 days (D-HOME-07)',
        params: z.object({ days: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(31, { error: 'validation.invalid' }) }),
        querystring: dashZoneQuery,
        response: { 200: z.array(dashPointSchema) },
      },
      onRequest: home,
    },
    async (request) => {
      const tz = await zoneOf(request);
      const boundaries = localDayBoundaries(Date.now(), tz, request.params.days);
      return pointsOf(ctx.db, dashboardScope(ctx, request).corpId, boundaries, (ms) => localDay(ms, tz));
    },
  );

  r.get(
    '/dash/extensions',
    { schema: { tags, summary: 'Extensions per corp: total, enabled, disabled, online (level 1) (D-GEN-08)', response: { 200: z.array(dashExtensionsRowSchema) } }, onRequest: supervisor },
    async (request) =>
      extensionRowsOf(ctx.db, dashboardScope(ctx, request).corpId, async (corpId) => {
        if (!app.live) return 0;
        return (await app.live.ops.getExtensions(corpId)).filter((e) => isOnline(e.status)).length;
      }),
  );

  r.get(
    '/dash/inuse/extensions',
    { schema: { tags, summary: 'Extensions on a call, of all extensions (D-HOME-05)', response: { 200: inUseSchema } }, onRequest: home },
    async (request): Promise<InUse> => {
      const ops = live();
      let use = 0;
      let total = 0;
      for (const corpId of await corpsOf(dashboardScope(ctx, request).corpId)) {
        const extensions = await ops.getExtensions(corpId);
        total += extensions.length;
        use += extensions.filter((e) => isBusy(e.status)).length;
      }
      return { use, total };
    },
  );

  r.get(
    '/dash/inuse/queues',
    { schema: { tags, summary: 'Queues with a caller waiting or a member on a call, of all queues (D-HOME-05)', response: { 200: inUseSchema } }, onRequest: home },
    async (request): Promise<InUse> => {
      const ops = live();
      let use = 0;
      let total = 0;
      for (const corpId of await corpsOf(dashboardScope(ctx, request).corpId)) {
        const [queues, extensions] = await Promise.all([ops.getQueues(corpId), ops.getExtensions(corpId)]);
        const busy = new Set(extensions.filter((e) => isBusy(e.status)).map((e) => e.number));
        total += queues.length;
        use += queues.filter((q) => q.callers.length > 0 || q.members.some((m) => busy.has(m))).length;
      }
      return { use, total };
    },
  );
}
