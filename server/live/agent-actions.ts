/**
 * The one place an agent is paused, logged in or out of queues, or put in do-not-disturb (issue 21,
 * G-PAU, G-QLI, G-AGS-03), for the REST routes and the hub methods alike (G-PRM-01: the same checks
 * whichever way the request comes):
 * - the extension is the corp's (404 otherwise, nothing said of another corp's);
 * - an agent acts on its own extensions (levels 1-4; a monitor never acts); on another's it needs the
 *   action's permission (pauseOthers, loginOthers; DND of another is availability like a pause, so
 *   pauseOthers too);
 * - the queue, the membership and the pause reason are checked before the PBX is asked, so bad input
 *   changes nothing and answers a translated 4xx;
 * - what was done goes to the log monitor's stream (who, what, which agent and queues, when: G-PRM-02)
 *   and the server's log.
 * Pauses are the PBX's (app_queue's QueuePause, the simulator's the same), memberships and DND are
 * configuration Asterisk reads through realtime (the PBX is then told to load it at once).
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  AGENT_ACTION_ERRORS as E,
  canAct,
  LEVEL,
  type AgentActionName,
  type AgentActionResult,
  type LiveAction,
  type QueueLoginInput,
} from '../../domain';
import type { Db } from '../db/database';
import { databaseError, UNIQUE_VIOLATION } from '../db/database';
import { extension, queue, queueMember } from '../db/schema';
import { pauseReason } from '../db/schema-agents';
import { ApiFailure, forbidden } from '../errors';
import type { Actor, AgentActions, Backplane } from '../hub';
import { PbxError } from '../pbx';
import type { LiveOps } from './live-ops';

export interface AgentActionsOptions {
  db: Db;
  ops: LiveOps;
  backplane: Backplane;
  log: { info(data: Record<string, unknown>, msg: string): void };
  now?: () => number;
}

/** The pause reason of do-not-disturb in the queues (as app_queue keeps it; not one of the corp's reasons). */
export const DND_PAUSE_REASON = 'DND';

const conflict = (message: string) => new ApiFailure(409, message);
const notFoundAs = (message: string) => new ApiFailure(404, message);

/** A PBX refusal as the API answers it. */
function pbxFailure(error: unknown): never {
  if (!(error instanceof PbxError)) throw error;
  if (error.code === 'not_found') throw conflict(E.notAMember);
  if (error.code === 'invalid') throw new ApiFailure(400, 'errors.badRequest');
  throw new ApiFailure(503, 'errors.pbxUnavailable');
}

export function createAgentActions(options: AgentActionsOptions): AgentActions {
  const { db, ops, backplane, log } = options;
  const now = options.now ?? Date.now;

  /** the corp's extension (404 when not), after the permission to act on it */
  async function authorize(actor: Actor, corpId: number, number: string, others: LiveAction): Promise<void> {
    const [ext] = await db.select({ userId: extension.userId }).from(extension).where(and(eq(extension.corpId, corpId), eq(extension.number, number))).limit(1);
    if (!ext) throw notFoundAs(E.unknownExtension);
    if (actor.level === LEVEL.monitor) throw forbidden();
    const own = ext.userId !== null && ext.userId === actor.userId;
    if (!own && !canAct(actor, others)) throw forbidden(actor.level === LEVEL.user ? E.notYours : 'errors.forbidden');
  }

  /** the queues (ids) the extension is a member of, of one queue when given (404 for another corp's queue) */
  async function memberships(corpId: number, number: string, queueId: number | null): Promise<number[]> {
    if (queueId !== null) {
      const [q] = await db.select({ id: queue.id }).from(queue).where(and(eq(queue.id, queueId), eq(queue.corpId, corpId))).limit(1);
      if (!q) throw notFoundAs(E.unknownQueue);
    }
    const rows = await db
      .select({ queueId: queueMember.queueId })
      .from(queueMember)
      .where(and(eq(queueMember.corpId, corpId), eq(queueMember.extenNumber, number), ...(queueId !== null ? [eq(queueMember.queueId, queueId)] : [])))
      .orderBy(asc(queueMember.queueId));
    return rows.map((r) => r.queueId);
  }

  /** G-PRM-02: the log monitor's stream and the server's log */
  function audit(actor: Actor, corpId: number, action: AgentActionName, result: AgentActionResult, detail: Record<string, unknown> = {}): void {
    const at = now();
    const event = { who: actor.nick, userId: actor.userId, action, agent: result.number, queues: result.queues, ...detail };
    log.info({ corpId, ...event }, 'agent action');
    backplane.publish(corpId, 'LogMon', {
      corpId,
      type: 'UserAction',
      timestamp: new Date(at).toISOString(),
      device: `PJSIP/${corpId}_${result.number}`,
      state: action,
      event,
      ts: at,
    });
  }

  /** `reason`: the pause's (checked after the agent and its queues), null for an unpause */
  async function setPause(actor: Actor, corpId: number, number: string, queueId: number | null, reasonCode: string | null): Promise<AgentActionResult> {
    await authorize(actor, corpId, number, 'pauseOthers');
    const queues = await memberships(corpId, number, queueId);
    if (queues.length === 0) throw conflict(queueId === null ? E.noQueues : E.notAMember);
    const paused = reasonCode !== null;
    const reason = paused ? await checkReason(corpId, reasonCode) : '';
    try {
      await ops.pauseMember({ corpId, number, queueId, paused, reason });
    } catch (error) {
      pbxFailure(error);
    }
    const result = { number, queues };
    audit(actor, corpId, paused ? 'pause' : 'unpause', result, paused ? { reason } : {});
    return result;
  }

  async function checkReason(corpId: number, code: string): Promise<string> {
    const reasons = await db.select({ code: pauseReason.code }).from(pauseReason).where(eq(pauseReason.corpId, corpId));
    if (code === '') {
      if (reasons.length > 0) throw new ApiFailure(400, E.reasonRequired, [{ path: 'reason', message: E.reasonRequired }]);
      return '';
    }
    const found = reasons.find((r) => r.code.toLowerCase() === code.toLowerCase());
    if (!found) throw new ApiFailure(400, E.unknownReason, [{ path: 'reason', message: E.unknownReason }]);
    return found.code;
  }

  async function setMembership(actor: Actor, corpId: number, input: QueueLoginInput, login: boolean): Promise<AgentActionResult> {
    const { number, queueId } = input;
    await authorize(actor, corpId, number, 'loginOthers');
    const current = new Set(await memberships(corpId, number, null));
    let targets: number[];
    if (queueId !== null) {
      const [q] = await db.select({ id: queue.id }).from(queue).where(and(eq(queue.id, queueId), eq(queue.corpId, corpId))).limit(1);
      if (!q) throw notFoundAs(E.unknownQueue);
      if (login === current.has(queueId)) throw conflict(login ? E.alreadyMember : E.notAMember);
      targets = [queueId];
    } else {
      const all = await db.select({ id: queue.id }).from(queue).where(eq(queue.corpId, corpId)).orderBy(asc(queue.id));
      targets = all.map((q) => q.id).filter((id) => login !== current.has(id));
      if (targets.length === 0) throw conflict(login ? E.alreadyMember : E.noQueues);
    }
    if (login) {
      try {
        await db.insert(queueMember).values(targets.map((id) => ({ queueId: id, corpId, extenNumber: number })));
      } catch (error) {
        // a log-in that raced another one: nothing new
        if (databaseError(error)?.code === UNIQUE_VIOLATION) throw conflict(E.alreadyMember);
        throw error;
      }
    } else {
      await db.delete(queueMember).where(and(eq(queueMember.corpId, corpId), eq(queueMember.extenNumber, number), inArray(queueMember.queueId, targets)));
    }
    // the PBX loads the realtime rows now (Asterisk) or takes the member (the simulator); the rows are the
    // configuration either way, so a PBX that cannot be told picks them up at its next look
    for (const id of targets) {
      const told = login ? ops.addQueueMember({ corpId, queueId: id, number }) : ops.removeQueueMember({ corpId, queueId: id, number });
      await told.catch((error: unknown) => log.info({ err: error, corpId, queueId: id, number }, 'agent action: the PBX was not told of the membership yet'));
    }
    await ops.reload();
    const result = { number, queues: targets };
    audit(actor, corpId, login ? 'login' : 'logout', result);
    return result;
  }

  return {
    pause: (actor, corpId, input) => setPause(actor, corpId, input.number, input.queueId, input.reason),
    unpause: (actor, corpId, input) => setPause(actor, corpId, input.number, input.queueId, null),
    login: (actor, corpId, input) => setMembership(actor, corpId, input, true),
    logout: (actor, corpId, input) => setMembership(actor, corpId, input, false),
    async setDnd(actor, corpId, input) {
      await authorize(actor, corpId, input.number, 'pauseOthers');
      // on when off, off when on: a second "on" keeps when it began
      await db
        .update(extension)
        .set({ dndSince: input.on ? new Date(now()) : null })
        .where(and(eq(extension.corpId, corpId), eq(extension.number, input.number), input.on ? isNull(extension.dndSince) : isNotNull(extension.dndSince)));
      // app_queue rings a member's device, not its extension's dialplan: while DND lasts the member is
      // paused in its queues with the reason DND (the phone's feature code does the same, features.ts);
      // off again, a pause of that reason ends, another one (a break taken before) stays
      const queues = await memberships(corpId, input.number, null);
      if (queues.length > 0) {
        const pausedFor = await Promise.resolve(ops.getExtensions(corpId)).then(
          (list) => list.find((e) => e.number === input.number)?.agent?.pause?.reason ?? null,
          () => null,
        );
        if (input.on || pausedFor === DND_PAUSE_REASON) {
          await ops.pauseMember({ corpId, number: input.number, queueId: null, paused: input.on, reason: input.on ? DND_PAUSE_REASON : '' }).catch(pbxFailure);
        }
      }
      await ops.reload();
      const result = { number: input.number, queues: [] };
      audit(actor, corpId, input.on ? 'dndOn' : 'dndOff', result);
      return result;
    },
  };
}
