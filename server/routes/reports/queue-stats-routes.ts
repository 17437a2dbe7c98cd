import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queueCallsResultSchema, queueStatsResultSchema, queueStatsSearchSchema, reportId } from '../../../domain';
import { requireAccess } from '../../auth/guard';
import { queueCalls, queueStats } from './queue-stats-queries';
import { corpReportInZone } from './report-scope';

/** D-QST: queue statistics and the calls of a queue, with the statistics view. */
export async function queueStatsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireAccess(ctx, 'statistics', 'read');

  r.post(
    '/statistics/queue',
    {
      schema: { tags: ['reports'], summary: 'Queue statistics of a period: the summary per queue (sP1) and attended/neglected (sP2) (D-QST-02)', body: queueStatsSearchSchema, response: { 200: queueStatsResultSchema } },
      onRequest: guard,
    },
    async (request) => {
      const { scope, search } = await corpReportInZone(ctx, request, request.body);
      return queueStats(ctx.db, scope, search);
    },
  );

  r.post(
    '/statistics/queue/:queue/calls',
    {
      schema: {
        tags: ['reports'],
        summary: 'The calls of one queue in a period, with their recordings (D-QST-05)',
        params: z.object({ queue: reportId }),
        body: queueStatsSearchSchema,
        response: { 200: queueCallsResultSchema },
      },
      onRequest: guard,
    },
    // the path names the queue; the body's queue is the spec's and must agree or be 0
    async (request) => {
      const { scope, search } = await corpReportInZone(ctx, request, request.body);
      return queueCalls(ctx.db, scope, { ...search, queue: request.params.queue });
    },
  );
}
