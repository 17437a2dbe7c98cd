import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canAccess, reportSelectorsSchema, type ReportSelectors } from '../../../domain';
import { principalOf, requireUser } from '../../auth/guard';
import { queryRows } from '../../db/sql';
import { forbidden } from '../../errors';
import { corpReport, int } from './report-scope';

/**
 * GET /reports/corpdetail (D-RPT-06, D-PST-02): the corp's queues, extensions and IVRs as maps, and its
 * polls with their questions, for the report selectors; for anyone who may open a report.
 */
export async function selectorsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signed = requireUser(ctx);
  r.get(
    '/reports/corpdetail',
    {
      schema: { tags: ['reports'], summary: "The corp's queues, extensions, IVRs and polls with their questions, for the report selectors (D-RPT-06)", response: { 200: reportSelectorsSchema } },
      onRequest: async (request) => {
        await signed(request);
        const principal = principalOf(request);
        if (!canAccess(principal, { view: 'statistics', action: 'read' }) && !canAccess(principal, { view: 'cdr', action: 'read' })) throw forbidden();
      },
    },
    async (request): Promise<ReportSelectors> => {
      const { corpId } = corpReport(ctx, request);
      const [queues, extens, ivrs, questions, corpRow] = await Promise.all([
        queryRows<{ id: number; name: string }>(ctx.db, sql`select id, name from queue where corp_id = ${corpId} order by lower(name)`),
        queryRows<{ number: string; name: string | null }>(
          ctx.db,
          sql`select e.number, coalesce(nullif(u.name, ''), nullif(e.description, ''), e.number) as name from extension e left join app_user u on u.id = e.user_id where e.corp_id = ${corpId} order by e.number`,
        ),
        queryRows<{ id: number; name: string }>(ctx.db, sql`select id, name from ivr where corp_id = ${corpId} order by lower(name)`),
        queryRows<{ poll_id: number; poll_name: string; id: number | null; name: string | null; ord: number | null }>(
          ctx.db,
          sql`select p.id as poll_id, p.name as poll_name, q.id, q.name, q.order_sequencial as ord from poll p left join question q on q.poll_id = p.id where p.corp_id = ${corpId} order by lower(p.name), p.id, q.order_sequencial`,
        ),
        queryRows<{ cost_enabled: boolean }>(ctx.db, sql`select cost_enabled from corp where id = ${corpId}`),
      ]);
      const polls = new Map<number, ReportSelectors['polls'][number]>();
      for (const q of questions) {
        const poll = polls.get(int(q.poll_id)) ?? { id: int(q.poll_id), name: q.poll_name, questions: [] };
        if (q.id !== null) poll.questions.push({ id: int(q.id), name: q.name ?? '', order: int(q.ord) });
        polls.set(poll.id, poll);
      }
      return {
        queues: Object.fromEntries(queues.map((q) => [String(q.id), q.name])),
        extens: Object.fromEntries(extens.map((e) => [e.number, e.name ?? e.number])),
        ivrs: Object.fromEntries(ivrs.map((i) => [String(i.id), i.name])),
        polls: [...polls.values()],
        costEnabled: corpRow[0]?.cost_enabled === true,
      };
    },
  );
}
