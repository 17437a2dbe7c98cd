import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uncapitaliseKeys } from '../../domain';
import { idParam } from '../../domain/resources/fields';
import { principalOf, resolvePrincipal } from '../auth/guard';
import { invalid } from '../errors';

/**
 * PUT /trunkaction {id, Action} (C-TRK-13): the separate resource through which a non-supervisor
 * changes a trunk's action. It is the trunk's write pipeline with the action as the only field, for
 * every caller; everything else of the trunk stays.
 */
export async function trunkActionRoutes(app: FastifyInstance): Promise<void> {
  const pipeline = app.pipelines.get('trunk');
  if (!pipeline) throw new Error('the trunk resource is not registered');
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/trunkaction',
    {
      schema: { tags: ['trunk'], summary: "Change a trunk's action (C-TRK-13)", body: z.object({ id: z.number().int().positive(), action: z.string() }) },
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      onRequest: async (request) => {
        const principal = await resolvePrincipal(app.ctx, request);
        request.principal = principal;
        pipeline.authorize(principal, 'update');
      },
    },
    async (request) => {
      const raw = uncapitaliseKeys(request.body) as Record<string, unknown> | null;
      const id = idParam.safeParse(raw?.id);
      if (!id.success) throw invalid([{ path: 'id', message: 'validation.required' }]);
      return pipeline.update(principalOf(request), id.data, { action: raw?.action }, { only: ['action'] });
    },
  );
}
