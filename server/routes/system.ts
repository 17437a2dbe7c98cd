import { statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SystemUsage } from '../../domain';
import { CEILING } from '../../domain/level-ceilings';
import { requireLevel, requireUser } from '../auth/guard';
import { instanceStatus, overall } from '../instance-status';

/**
 * Health, OpenAPI, exchange locale and system usage. The system and mail parameters (C-SYS, C-MAIL) are
 * singletons of the registry (server/resources/parameters.ts, J-ONE-02).
 */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signed = requireUser(ctx);
  const hostUsage = requireLevel(ctx, CEILING.hostUsage);

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

  r.get('/exten/datapc', { schema: { tags: ['system'], summary: 'Host memory and disk usage in bytes (level 1, A-TOP-03)' }, onRequest: hostUsage }, async (): Promise<SystemUsage> => {
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
}
