import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentReportResultSchema, agentReportSearchSchema } from '../../../domain';
import { requireAccess } from '../../auth/guard';
import { agentReport } from './agent-report-queries';
import { corpReportInZone } from './report-scope';

/** G-RPT-01: the agent report, with the statistics view (as the queue statistics). */
export async function agentReportRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/statistics/agents',
    {
      schema: {
        tags: ['reports'],
        summary: 'Per agent over a period: calls answered, talk, hold and wrap-up time, logged-in and pause time by reason, occupancy, first log-in and last log-out (G-RPT-01)',
        body: agentReportSearchSchema,
        response: { 200: agentReportResultSchema },
      },
      onRequest: requireAccess(ctx, 'statistics', 'read'),
    },
    async (request) => {
      const { scope, search } = await corpReportInZone(ctx, request, request.body);
      return agentReport(ctx.db, scope, search);
    },
  );
}
