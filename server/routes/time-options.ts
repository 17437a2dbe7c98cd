import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TimeConditionRow } from '../../domain';
import { idParam } from '../../domain/resources/fields';
import { principalOf, resolvePrincipal } from '../auth/guard';

/**
 * GET /timeoption[?timeId=] (C-TC-13: time options are listed separately): the options of the
 * caller's time conditions, each with its timeId, read through the time resource's pipeline (its
 * permission and tenancy).
 */
export async function timeOptionRoutes(app: FastifyInstance): Promise<void> {
  const pipeline = app.pipelines.get('time');
  if (!pipeline) throw new Error('the time resource is not registered');
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/timeoption',
    {
      schema: { tags: ['time'], summary: 'The options of the time conditions (C-TC-13)', querystring: z.object({ timeId: idParam.optional() }) },
      onRequest: async (request) => {
        const principal = await resolvePrincipal(app.ctx, request);
        request.principal = principal;
        pipeline.authorize(principal, 'read');
      },
    },
    async (request) => {
      const times = (await pipeline.list(principalOf(request))) as unknown as TimeConditionRow[];
      return times.filter((time) => request.query.timeId === undefined || time.id === request.query.timeId).flatMap((time) => time.options.map((option) => ({ ...option, timeId: time.id })));
    },
  );
}
