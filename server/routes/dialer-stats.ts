import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../domain/resources/fields';
import { principalOf, resolvePrincipal } from '../auth/guard';
import { dialerNumber } from '../db/schema';
import type { CampaignStats } from '../dialer/campaign-control';

/**
 * GET /dialer/{id}/stats (C-DIA-02 statistics): how many numbers were dialled, answered, failed, are
 * pending and live now, read through the dialer resource's pipeline (permission and tenancy).
 */
export async function dialerStatsRoutes(app: FastifyInstance): Promise<void> {
  const pipeline = app.pipelines.get('dialer');
  if (!pipeline) throw new Error('the dialer resource is not registered');
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dialer/:id/stats',
    {
      schema: { tags: ['dialer'], summary: "A campaign's statistics (C-DIA)", params: z.object({ id: idParam }) },
      onRequest: async (request) => {
        const principal = await resolvePrincipal(app.ctx, request);
        request.principal = principal;
        pipeline.authorize(principal, 'read');
      },
    },
    async (request): Promise<CampaignStats> => {
      // the campaign must be one the caller may read (404 otherwise)
      const row = await pipeline.read(principalOf(request), request.params.id);
      const [figures] = await app.ctx.db
        .select({
          total: count(),
          dialed: sql<number>`count(*) filter (where ${dialerNumber.attempts} > 0)`.mapWith(Number),
          answered: sql<number>`count(*) filter (where ${dialerNumber.status} = 'answered')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${dialerNumber.status} = 'failed')`.mapWith(Number),
          // waiting for a (next) attempt; those in a call now are the live ones
          pending: sql<number>`count(*) filter (where ${dialerNumber.status} = 'pending')`.mapWith(Number),
        })
        .from(dialerNumber)
        .where(eq(dialerNumber.dialerId, Number(row.id)));
      const live = app.ctx.live?.campaigns?.liveCalls(Number(row.id)) ?? 0;
      return { total: Number(figures?.total ?? 0), dialed: figures?.dialed ?? 0, answered: figures?.answered ?? 0, failed: figures?.failed ?? 0, pending: figures?.pending ?? 0, live };
    },
  );
}
