import { statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSpecParameter, parameterListSchema, PUBLIC_PARAMS, type Parameter, type SystemUsage } from '../../domain';
import { principalOf, requireLevel, requireUser } from '../auth/guard';
import type { Db } from '../db/database';
import { instanceStatus, overall } from '../instance-status';
import { mailParameter, parameter } from '../db/schema';

const parameterList = z.array(z.object({ key: z.string(), value: z.string() }));

/** Health, OpenAPI, exchange locale, system usage and the global parameters (C-SYS, C-MAIL). */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signed = requireUser(ctx);
  const supervisor = requireLevel(ctx, 1);

  // the PBX is part of health (issue 12, defect 4) but not of liveness: an unreachable Asterisk is
  // reported ('down', since when), the answer stays 200 (restarting the server would not bring it back);
  // so are the database and Redis (I-INST-08): 'degraded' while either does not answer, still 200,
  // since every instance shares them and taking this one out of the balancer would not help
  const pbxHealth = z.object({ state: z.enum(['up', 'down', 'none', 'unknown']), since: z.number().nullable() });
  const healthSchema = z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['pglite', 'postgres']),
    databaseUp: z.boolean(),
    redis: z.object({ state: z.enum(['none', 'up', 'down']), roundTripMs: z.number().nullable() }),
    leader: z.object({ self: z.boolean(), instance: z.string(), current: z.string().nullable() }).nullable(),
    pbx: pbxHealth,
  });
  r.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and what this instance depends on: the database, Redis, the PBX leader and the PBX (no auth)',
        response: { 200: healthSchema },
      },
    },
    async () => {
      const status = await instanceStatus(app);
      return {
        status: overall(status),
        database: status.database.kind,
        databaseUp: status.database.up,
        redis: { state: status.redis.state, roundTripMs: status.redis.roundTripMs === null ? null : Math.round(status.redis.roundTripMs * 100) / 100 },
        leader: status.leader,
        pbx: status.pbx,
      };
    },
  );

  r.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  r.get('/getExchange', { schema: { tags: ['system'], summary: 'Locale of spend amounts (A-I18N-04)', response: { 200: z.object({ locale: z.string() }) } }, onRequest: signed }, async () => ({
    locale: 'pt-BR',
  }));

  r.get('/exten/datapc', { schema: { tags: ['system'], summary: 'Host memory and disk usage in bytes (level 1, A-TOP-03)' }, onRequest: supervisor }, async (): Promise<SystemUsage> => {
    const total = os.totalmem();
    const free = os.freemem();
    const dir = ctx.config.dataDir === ':memory:' ? os.tmpdir() : path.resolve(ctx.config.dataDir);
    const disk = await statfs(dir);
    return {
      usada: total - free,
      disponible: free,
      usadoDisco: (disk.blocks - disk.bfree) * disk.bsize,
      disponibleDisco: disk.bavail * disk.bsize,
    };
  });

  r.get('/getAllParams', { schema: { tags: ['parameters'], summary: 'System parameters (level 1: all; others: the public ones)', response: { 200: parameterList } }, onRequest: signed }, async (request) => {
    const all = principalOf(request).level === 1;
    return readParameters(ctx.db, 'system', all ? null : [...PUBLIC_PARAMS]);
  });

  r.post('/getAllParams', { schema: { tags: ['parameters'], summary: 'Save system parameters (level 1)', body: parameterListSchema, response: { 200: parameterList } }, onRequest: supervisor }, async (request) => {
    await saveParameters(ctx.db, 'system', request.body);
    return readParameters(ctx.db, 'system', null);
  });

  r.get('/getAllParamsMail', { schema: { tags: ['parameters'], summary: 'Mail parameters (level 1)', response: { 200: parameterList } }, onRequest: supervisor }, async () =>
    readParameters(ctx.db, 'mail', null),
  );

  r.post('/getAllParamsMail', { schema: { tags: ['parameters'], summary: 'Save mail parameters (level 1)', body: parameterListSchema, response: { 200: parameterList } }, onRequest: supervisor }, async (request) => {
    await saveParameters(ctx.db, 'mail', request.body);
    return readParameters(ctx.db, 'mail', null);
  });
}

const TABLES = { system: parameter, mail: mailParameter } as const;

async function readParameters(db: Db, kind: keyof typeof TABLES, keys: string[] | null): Promise<Parameter[]> {
  const table = TABLES[kind];
  const query = db.select({ key: table.key, value: table.value }).from(table);
  const rows = keys ? await query.where(inArray(table.key, keys)).orderBy(table.key) : await query.orderBy(table.key);
  return rows;
}

/**
 * The list as the editor shows it: every entry is upserted (entries with an empty key were dropped by
 * the schema), and an entry the editor removed is deleted unless the spec names its key (those stay,
 * with their value).
 */
async function saveParameters(db: Db, kind: keyof typeof TABLES, list: Parameter[]): Promise<void> {
  const table = TABLES[kind];
  await db.transaction(async (tx) => {
    const sent = list.map((p) => p.key);
    const stored = await tx.select({ key: table.key }).from(table);
    const removed = stored.map((r) => r.key).filter((key) => !sent.includes(key) && !isSpecParameter(key));
    if (removed.length > 0) await tx.delete(table).where(inArray(table.key, removed));
    if (list.length === 0) return;
    await tx
      .insert(table)
      .values(list.map(({ key, value }) => ({ key, value })))
      .onConflictDoUpdate({ target: table.key, set: { value: sql`excluded.value` } });
  });
}
