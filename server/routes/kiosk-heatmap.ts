import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { foldHeatmap, HEATMAP, type KioskHeatmap } from '../../domain/kiosk-heatmap';
import { kioskHeatmapSchema } from '../../domain/kiosk-heatmap-schema';
import { principalOf, requireAccessOrKiosk } from '../auth/guard';
import { homeCorpId } from '../context';
import type { Db } from '../db/database';
import { queue, queueLog } from '../db/schema';
import { queryRows } from '../db/sql';

/**
 * The kiosk Heatmap board's data (H-HMAP-01): the corp's queues, their members with names, and per
 * queue and agent the calls answered and the talk of the last hour, folded from queue_log by
 * domain/kiosk-heatmap.ts (the rows Asterisk writes and the simulator's alike). One indexed read of
 * the corp's CONNECT and COMPLETE rows of the hour and the HEATMAP.callMaxMs before it.
 */
export async function kioskHeatmap(db: Db, corpId: number, now: number): Promise<KioskHeatmap> {
  const since = new Date(now - HEATMAP.windowMs - HEATMAP.callMaxMs);
  const [rows, queues, agents] = await Promise.all([
    db
      .select({ queuename: queueLog.queuename, callid: queueLog.callid, agent: queueLog.agent, event: queueLog.event, time: queueLog.time, data2: queueLog.data2 })
      .from(queueLog)
      .where(and(eq(queueLog.corpId, corpId), inArray(queueLog.event, ['CONNECT', 'COMPLETEAGENT', 'COMPLETECALLER']), gte(queueLog.time, since), lte(queueLog.time, new Date(now)))),
    db.select({ queueId: queue.id, name: queue.name }).from(queue).where(eq(queue.corpId, corpId)).orderBy(queue.name),
    // the queues' members now, named as the report selectors name an extension: its user's name, else its description
    queryRows<{ number: string; name: string }>(
      db,
      sql`select distinct m.exten_number as number, coalesce(nullif(u.name, ''), e.description, '') as name
        from queue_member m join queue q on q.id = m.queue_id
        left join extension e on e.corp_id = q.corp_id and e.number = m.exten_number
        left join app_user u on u.id = e.user_id
        where q.corp_id = ${corpId}`,
    ),
  ]);
  const cells = foldHeatmap(
    rows.map((r) => ({ ...r, at: r.time.getTime() })),
    corpId,
    now,
  ).filter((c) => queues.some((q) => q.queueId === c.queueId));
  return { windowMs: HEATMAP.windowMs, queues, agents, cells, asOf: now };
}

/** GET /kiosk/heatmap: a kiosk token for its own corp, or a user with kiosk read (as /kiosk/trend). */
export async function kioskHeatmapRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/kiosk/heatmap',
    {
      schema: {
        tags: ['kioskScreen'],
        summary: 'Agents by queues over the last hour: calls answered and talk seconds (kiosk token or kiosk read)',
        response: { 200: kioskHeatmapSchema },
      },
      onRequest: requireAccessOrKiosk(ctx, 'kiosk', 'read'),
    },
    async (request): Promise<KioskHeatmap> => kioskHeatmap(ctx.db, homeCorpId(principalOf(request)), Date.now()),
  );
}
