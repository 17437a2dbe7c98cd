import type { FastifyInstance } from 'fastify';
import { agentReportRoutes } from './agent-report-routes';
import { cdrRoutes } from './cdr-routes';
import { dashboardRoutes } from './dashboard-routes';
import { pollIvrRoutes } from './poll-ivr-routes';
import { queueSlaRoutes } from './queue-sla-routes';
import { queueStatsRoutes } from './queue-stats-routes';
import { selectorsRoutes } from './selectors-routes';

/** Reports and dashboards (issue 10, spec 3 §2.3-§9): one plugin under /api/v1. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  await app.register(cdrRoutes);
  await app.register(queueStatsRoutes);
  await app.register(agentReportRoutes);
  await app.register(queueSlaRoutes);
  await app.register(pollIvrRoutes);
  await app.register(dashboardRoutes);
  await app.register(selectorsRoutes);
}
