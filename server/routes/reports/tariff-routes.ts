import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tariffEntrySchema, tariffSchema, type TariffEntry } from '../../../domain';
import { requireLevel } from '../../auth/guard';
import type { Db } from '../../db/database';
import { tariff } from '../../db/schema-reports';
import { invalid } from '../../errors';
import { corpReport, int, num, queryRows } from './report-scope';

/**
 * The tariff of the working corp (level 1): GET reads it, PUT replaces it whole. Applied to the calls
 * written from then on (the cdr insert trigger rates them).
 */
async function readTariff(db: Db, corpId: number): Promise<TariffEntry[]> {
  const rows = await queryRows<{ group_id: number; price_per_minute: string | number; minimum_sec: number; increment_sec: number }>(
    db,
    sql`select group_id, price_per_minute, minimum_sec, increment_sec from tariff where corp_id = ${corpId} order by group_id`,
  );
  return rows.map((r) => ({ groupId: int(r.group_id), pricePerMinute: num(r.price_per_minute), minimumSec: int(r.minimum_sec), incrementSec: int(r.increment_sec) }));
}

export async function tariffRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const supervisor = requireLevel(ctx, 1);
  const response = { 200: z.array(tariffEntrySchema) };

  r.get('/tariff', { schema: { tags: ['reports'], summary: "The working corp's tariff per destination group (level 1)", response }, onRequest: supervisor }, async (request) =>
    readTariff(ctx.db, corpReport(ctx, request).corpId),
  );

  r.put('/tariff', { schema: { tags: ['reports'], summary: "Replaces the working corp's tariff (level 1)", body: tariffSchema, response }, onRequest: supervisor }, async (request) => {
    const { corpId } = corpReport(ctx, request);
    const groups = new Set((await queryRows<{ id: number }>(ctx.db, sql`select id from destination_group`)).map((g) => int(g.id)));
    const unknown = request.body.findIndex((e) => !groups.has(e.groupId));
    if (unknown >= 0) throw invalid([{ path: `${unknown}.groupId`, message: 'validation.option' }]);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(tariff).where(sql`${tariff.corpId} = ${corpId}`);
      if (request.body.length > 0) {
        await tx.insert(tariff).values(request.body.map((e) => ({ corpId, groupId: e.groupId, pricePerMinute: String(e.pricePerMinute), minimumSec: e.minimumSec, incrementSec: e.incrementSec })));
      }
    });
    return readTariff(ctx.db, corpId);
  });
}
