import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canAccess, LEVEL, msg } from '../../domain';
import { idParam, parseId } from '../../domain/resources/fields';
import { principalOf, requireAccess, requireUser } from '../auth/guard';
import { homeCorpId, type Principal } from '../context';
import { databaseError, UNIQUE_VIOLATION } from '../db/database';
import { extension, queue, queueMember } from '../db/schema';
import { ApiFailure, forbidden, invalid, notFound } from '../errors';
import { type LiveRuntime } from '../live/live-runtime';
import { originateFromExtension } from '../live/originate';
import { PbxError } from '../pbx';

const digits = z.string().trim().regex(/^\d{1,20}$/, 'validation.digits');

const astQueueBody = z.object({
  /** the member's extension number */
  membername: z.union([digits, z.number().int().nonnegative().transform(String)]),
  /** `PJSIP/{corpId}_{number}`; generated from the corp and number, so only checked when sent */
  _interface: z.string().max(80).optional(),
  penalty: z.coerce.number().int().min(0).max(1000).default(1),
  paused: z.coerce.number().int().min(0).max(1).default(0),
  /** `{corpId}_{queueId}`: two ids */
  queue_name: z
    .string()
    .trim()
    .refine((v) => /^[0-9]+_[0-9]+$/.test(v) && v.split('_').every((part) => parseId(part) !== null), 'validation.invalid'),
});

const astQueueMember = z.object({
  id: z.number().int(),
  corpId: z.number().int(),
  queueId: z.number().int(),
  membername: z.string(),
  interface: z.string(),
  penalty: z.number().int(),
  paused: z.number().int(),
  queue_name: z.string(),
});

const originateBody = z.object({
  from: z.union([digits, z.number().int().nonnegative().transform(String)]),
  to: z.union([z.string().trim().regex(/^\+?\d{1,32}$/, 'validation.digits'), z.number().int().nonnegative().transform(String)]),
});

/** Whether a request may act on `corpId`: its own corp; level 1 any corp (or the working corp when picked). */
function mayUseCorp(principal: Principal, corpId: number): boolean {
  if (principal.level === LEVEL.supervisor) return principal.workingCorpId === null || principal.workingCorpId === corpId;
  return principal.corpId === corpId;
}

/**
 * The panel's PBX calls (spec 1 §7): queue members (astqueue), an extension's registered addresses
 * (exten/ip) and click-to-call (originate). Another corp's queue, member or extension is a 404.
 */
export function liveRoutes(live: LiveRuntime) {
  return async (app: FastifyInstance): Promise<void> => {
    const ctx = app.ctx;
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['live'];

    r.post(
      '/astqueue',
      { schema: { tags, summary: 'Add a queue member (queue update permission)', body: astQueueBody, response: { 201: astQueueMember } }, onRequest: requireAccess(ctx, 'queue', 'update') },
      async (request, reply) => {
        const principal = principalOf(request);
        const body = request.body;
        const [corpPart, queuePart] = body.queue_name.split('_').map(Number);
        if (!mayUseCorp(principal, corpPart)) throw notFound();
        const [q] = await ctx.db.select({ id: queue.id }).from(queue).where(and(eq(queue.id, queuePart), eq(queue.corpId, corpPart))).limit(1);
        if (!q) throw notFound();
        const number = body.membername;
        if (body._interface !== undefined && body._interface !== '' && body._interface !== `PJSIP/${corpPart}_${number}`) {
          throw invalid([{ path: '_interface', message: 'validation.invalid' }]);
        }
        const [ext] = await ctx.db.select({ id: extension.id }).from(extension).where(and(eq(extension.corpId, corpPart), eq(extension.number, number))).limit(1);
        if (!ext) throw invalid([{ path: 'membername', message: msg('validation.memberUnknown', { number }) }]);
        let row: typeof queueMember.$inferSelect;
        try {
          [row] = await ctx.db.insert(queueMember).values({ queueId: q.id, corpId: corpPart, extenNumber: number, penalty: body.penalty, paused: body.paused }).returning();
        } catch (error) {
          if (databaseError(error)?.code === UNIQUE_VIOLATION) throw new ApiFailure(406, 'errors.duplicate');
          throw error;
        }
        // the row is the configuration Asterisk reads through realtime: the PBX is told to take it now
        // (the simulator adds the member, Asterisk loads the queue's realtime members)
        await live.ops
          .addQueueMember({ corpId: corpPart, queueId: q.id, number, penalty: body.penalty, paused: body.paused === 1 })
          .catch((error: unknown) => request.log.warn({ err: error }, 'live: the PBX was not told of the queue member yet'));
        void live.reload();
        return reply.code(201).send({
          id: row.uniqueId,
          corpId: corpPart,
          queueId: q.id,
          membername: number,
          interface: row.interface,
          penalty: row.penalty,
          paused: row.paused,
          queue_name: `${corpPart}_${q.id}`,
        });
      },
    );

    r.delete(
      '/astqueue/:id',
      { schema: { tags, summary: 'Remove a queue member (queue update permission)', params: z.object({ id: idParam }) }, onRequest: requireAccess(ctx, 'queue', 'update') },
      async (request) => {
        const principal = principalOf(request);
        const [row] = await ctx.db.select().from(queueMember).where(eq(queueMember.uniqueId, request.params.id)).limit(1);
        if (!row || !mayUseCorp(principal, row.corpId)) throw notFound();
        await ctx.db.delete(queueMember).where(eq(queueMember.uniqueId, row.uniqueId));
        await live.ops
          .removeQueueMember({ corpId: row.corpId, queueId: row.queueId, number: row.extenNumber })
          .catch((error: unknown) => request.log.warn({ err: error }, 'live: the PBX was not told of the queue member yet'));
        void live.reload();
        return { status: 200 };
      },
    );

    r.get(
      '/exten/ip/:number',
      { schema: { tags, summary: "An extension's registered contacts as 'ip:port'", params: z.object({ number: digits }), response: { 200: z.array(z.string()) } }, onRequest: requireAccess(ctx, 'extension', 'read') },
      async (request) => {
        const corpId = homeCorpId(principalOf(request));
        const contacts = await Promise.resolve(live.ops.getContacts(corpId)).catch((error: unknown) => {
          if (error instanceof PbxError) throw new ApiFailure(503, 'errors.pbxUnavailable');
          throw error;
        });
        return contacts
          .filter((c) => c.number === request.params.number && c.viaAddr !== null && c.status !== 'Removed')
          .map((c) => (c.viaPort !== null ? `${c.viaAddr}:${c.viaPort}` : String(c.viaAddr)));
      },
    );

    /**
     * Click-to-call. Rule: level 5 (wallboard monitor) never originates (403); levels 1-4 may when
     * their views grant extension read. `from` must be an enabled extension of the caller's corp
     * (the working corp for level 1), else 404; `to` is digits (an extension or an outside number).
     * An extension whose phone is not registered answers 409 errors.extensionNotRegistered
     * (server/live/originate.ts, shared with click-to-call).
     */
    r.post(
      '/originate',
      { schema: { tags, summary: 'Ring `from`, then dial `to` (click-to-call)', body: originateBody, response: { 200: z.object({ channelId: z.string() }) } }, onRequest: requireUser(ctx) },
      async (request) => {
        const principal = principalOf(request);
        if (principal.level === LEVEL.monitor || !canAccess(principal, { view: 'extension', action: 'read' })) throw forbidden();
        const result = await originateFromExtension(ctx.db, live, { corpId: homeCorpId(principal), from: request.body.from, to: request.body.to });
        if (result.outcome !== 'calling') throw result.failure;
        return { channelId: result.channelId };
      },
    );
  };
}
