/**
 * The supervisor's hands on live calls over REST (issue 21): listen / whisper / barge (G-SPY), record on
 * demand (G-REC), blind transfer of a call or a waiting caller and attended transfer of a call (G-XFR:
 * `mode: 'attended'` starts the consultation, then `step: 'complete'` or `'cancel'` with the same
 * `number` ends it; one route, so the authorization matrix's row covers every step). The checks and the log are
 * server/live/call-actions.ts, shared with the hub methods of the same names.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordInput, spyInput, transferInput } from '../../domain';
import { principalOf, requireUser } from '../auth/guard';
import { homeCorpId, type Principal } from '../context';
import type { Actor } from '../hub';
import type { LiveRuntime } from '../live/live-runtime';

const result = z.object({ callId: z.string(), channelId: z.string().optional() });
const actor = (p: Principal): Actor => ({ userId: p.userId, nick: p.nick, level: p.level, liveActions: p.liveActions });

export function callRoutes(live: LiveRuntime) {
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['calls'];
    const guard = requireUser(app.ctx);
    // no call to act on, spy not allowed on the target ...: 409 (J-API-01)
    const refused = { doc: { refusals: [409] } };
    r.post(
      '/call/spy',
      { schema: { tags, summary: "Listen, whisper or barge into an extension's call from the supervisor's phone (G-SPY)", body: spyInput, response: { 200: result } }, config: refused, onRequest: guard },
      async (request) => {
        const p = principalOf(request);
        return live.calls.spy(actor(p), homeCorpId(p), request.body);
      },
    );
    r.post(
      '/call/record',
      { schema: { tags, summary: "Start or stop recording an extension's call (G-REC)", body: recordInput, response: { 200: result.extend({ recording: z.string() }) } }, config: refused, onRequest: guard },
      async (request) => {
        const p = principalOf(request);
        return live.calls.record(actor(p), homeCorpId(p), request.body);
      },
    );
    r.post(
      '/call/transfer',
      { schema: { tags, summary: "Transfer an extension's call or a waiting caller to an extension, a queue or an outside number, blind or attended (start, complete, cancel) (G-XFR)", body: transferInput, response: { 200: result } }, config: refused, onRequest: guard },
      async (request) => {
        const p = principalOf(request);
        return live.calls.transfer(actor(p), homeCorpId(p), request.body);
      },
    );
  };
}
