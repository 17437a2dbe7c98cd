import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queueSlaResultSchema, queueSlaSearchSchema } from '../../../domain';
import { requireAccess } from '../../auth/guard';
import { queueSla } from './queue-sla-queries';
import { corpReportInZone } from './report-scope';

/** G-RPT-02: a queue's service level by hour of the day and its abandoned calls' waits, with the statistics view. */
export async function queueSlaRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/statistics/queue/sla',
    {
      schema: {
        tags: ['reports'],
        summary: "Service level by hour of the day (the corp's hours, J-TZ-01: `tz` is accepted and the corp's zone wins) and the abandoned calls' wait distribution of a period, one queue or all (0) (G-RPT-02)",
        body: queueSlaSearchSchema,
        response: { 200: queueSlaResultSchema },
      },
      onRequest: requireAccess(ctx, 'statistics', 'read'),
    },
    async (request) => {
      const { scope, search, timeZone } = await corpReportInZone(ctx, request, request.body);
      return queueSla(ctx.db, scope, { ...search, tz: timeZone });
    },
  );
}
