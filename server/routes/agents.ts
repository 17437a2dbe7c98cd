/**
 * The supervisor's hands on agents over REST (issue 21): pause and unpause (G-PAU), queue log-in and
 * log-out (G-QLI), do-not-disturb (G-AGS-03). The checks and the log are server/live/agent-actions.ts,
 * shared with the hub methods of the same names; the corp is the caller's (a supervisor's working corp).
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dndInput, pauseInput, queueLoginInput, unpauseInput } from '../../domain';
import { principalOf, requireUser } from '../auth/guard';
import { homeCorpId, type Principal } from '../context';
import { pauseReason } from '../db/schema-agents';
import type { Actor } from '../hub';
import type { LiveRuntime } from '../live/live-runtime';

const result = z.object({ number: z.string(), queues: z.array(z.number().int()) });
const reasonRow = z.object({ code: z.string(), name: z.string(), productive: z.boolean(), maxMinutes: z.number().int().nullable() });

const actor = (p: Principal): Actor => ({ userId: p.userId, nick: p.nick, level: p.level, liveActions: p.liveActions });

export function agentRoutes(live: LiveRuntime) {
  return async (app: FastifyInstance): Promise<void> => {
    const ctx = app.ctx;
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['agents'];
    const guard = requireUser(ctx);
    const responses = { 200: result };
    // the action changes nothing (already paused, not a member ...): 409 (J-API-01)
    const refused = { doc: { refusals: [409] } };

    r.post(
      '/agent/pause',
      { schema: { tags, summary: 'Pause an agent in one queue or all its queues, with a pause reason (G-PAU-02, G-PAU-03)', body: pauseInput, response: responses }, config: refused, onRequest: guard },
      async (request) => {
        const p = principalOf(request);
        return live.agents.pause(actor(p), homeCorpId(p), request.body);
      },
    );
    r.post(
      '/agent/unpause',
      { schema: { tags, summary: 'Unpause an agent in one queue or all its queues', body: unpauseInput, response: responses }, config: refused, onRequest: guard },
      async (request) => {
        const p = principalOf(request);
        return live.agents.unpause(actor(p), homeCorpId(p), request.body);
      },
    );
    r.post(
      '/agent/login',
      { schema: { tags, summary: 'Log an agent into one queue or every queue of the corp (G-QLI)', body: queueLoginInput, response: responses }, config: refused, onRequest: guard },
      async (request) => {
        const p = principalOf(request);
        return live.agents.login(actor(p), homeCorpId(p), request.body);
      },
    );
    r.post(
      '/agent/logout',
      { schema: { tags, summary: 'Log an agent out of one queue or all its queues (G-QLI)', body: queueLoginInput, response: responses }, config: refused, onRequest: guard },
      async (request) => {
        const p = principalOf(request);
        return live.agents.logout(actor(p), homeCorpId(p), request.body);
      },
    );
    // the pause dialog's choices: any signed-in user of the corp pauses itself with one (G-PAU-03)
    r.get(
      '/agent/reasons',
      { schema: { tags, summary: "The corp's pause reasons to pick from (code, name, productive, maximum)", response: { 200: z.array(reasonRow) } }, onRequest: guard },
      async (request) => {
        const corpId = homeCorpId(principalOf(request));
        return ctx.db
          .select({ code: pauseReason.code, name: pauseReason.name, productive: pauseReason.productive, maxMinutes: pauseReason.maxMinutes })
          .from(pauseReason)
          .where(eq(pauseReason.corpId, corpId))
          .orderBy(asc(pauseReason.name));
      },
    );
    r.put(
      '/agent/dnd',
      { schema: { tags, summary: 'Turn do-not-disturb on or off (G-AGS-03)', body: dndInput, response: responses }, config: refused, onRequest: guard },
      async (request) => {
        const p = principalOf(request);
        return live.agents.setDnd(actor(p), homeCorpId(p), request.body);
      },
    );
  };
}
