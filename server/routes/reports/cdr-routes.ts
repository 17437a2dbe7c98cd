import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cdrResultSchema, cdrSearchSchema, reportId } from '../../../domain';
import { requireAccess } from '../../auth/guard';
import { notFound } from '../../errors';
import { recordingOf, searchCdr } from './cdr-queries';
import { recordingsRoot, sendRecording } from './recordings';
import { corpReport, corpReportInZone } from './report-scope';

/** D-CDR: the CDR search and its recordings, with the cdr view (as the CDR screen). */
export async function cdrRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireAccess(ctx, 'cdr', 'read');
  const root = recordingsRoot(ctx.config.dataDir);

  r.post(
    '/cdrs',
    { schema: { tags: ['reports'], summary: 'Call detail records of a period: detailed (paged) or summarised (D-CDR-02)', body: cdrSearchSchema, response: { 200: cdrResultSchema } }, onRequest: guard },
    async (request) => {
      const { scope, search } = await corpReportInZone(ctx, request, request.body);
      return searchCdr(ctx.db, scope, search);
    },
  );

  r.get(
    '/cdrs/getsound/:id',
    { schema: { tags: ['reports'], summary: "A call's recording, by its CDR row (D-CDR-06)", params: z.object({ id: reportId }) }, onRequest: guard },
    async (request, reply) => {
      const scope = corpReport(ctx, request);
      const name = await recordingOf(ctx.db, scope, request.params.id);
      if (!name) throw notFound();
      return sendRecording(reply, root, scope.corpId, name);
    },
  );
}
