import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ivrStatsBodySchema, ivrStatsParamsSchema, ivrStatsRowSchema, optionCountSchema, pollChartBodySchema, pollChartParamsSchema, pollStatsBodySchema, pollStatsParamsSchema, pollStatsRowSchema } from '../../../domain';
import { requireAccess } from '../../auth/guard';
import { ivrChart, ivrStats, pollChart, pollStats } from './poll-ivr-queries';
import { corpReportInZone } from './report-scope';

/** D-PST (statistics view) and D-IST (the cdr view: the navigation guards IVR statistics with it). */
export async function pollIvrRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const statistics = requireAccess(ctx, 'statistics', 'read');
  const cdr = requireAccess(ctx, 'cdr', 'read');
  const tags = ['reports'];

  r.post(
    '/statistics/poll/:poll/:question/:exten',
    { schema: { tags, summary: 'Answers to a poll question: count, mode and mean, per extension unless summarised (D-PST-03)', params: pollStatsParamsSchema, body: pollStatsBodySchema, response: { 200: z.array(pollStatsRowSchema) } }, onRequest: statistics },
    async (request) => {
      const { scope, search } = await corpReportInZone(ctx, request, request.body);
      return pollStats(ctx.db, scope, request.params, search);
    },
  );
  r.post(
    '/statistics/poll/chart/:question',
    { schema: { tags, summary: "A question's answers per option 0-9 (D-PST-04)", params: pollChartParamsSchema, body: pollChartBodySchema, response: { 200: z.array(optionCountSchema) } }, onRequest: statistics },
    async (request) => {
      const { scope, search } = await corpReportInZone(ctx, request, request.body);
      return pollChart(ctx.db, scope, request.params.question, search);
    },
  );
  r.post(
    '/statistics/ivr/:ivr',
    { schema: { tags, summary: "An IVR's choices: count, mode and mean (D-IST-02)", params: ivrStatsParamsSchema, body: ivrStatsBodySchema, response: { 200: z.array(ivrStatsRowSchema) } }, onRequest: cdr },
    async (request) => {
      const { scope, search } = await corpReportInZone(ctx, request, request.body);
      return ivrStats(ctx.db, scope, request.params.ivr, search);
    },
  );
  r.post(
    '/statistics/ivr/:ivr/chart',
    { schema: { tags, summary: "An IVR's choices per option (D-IST-03)", params: ivrStatsParamsSchema, body: ivrStatsBodySchema, response: { 200: z.array(optionCountSchema) } }, onRequest: cdr },
    async (request) => {
      const { scope, search } = await corpReportInZone(ctx, request, request.body);
      return ivrChart(ctx.db, scope, request.params.ivr, search);
    },
  );
}
