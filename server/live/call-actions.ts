/**
 * The one place a supervisor acts on a live call (issue 21): listen, whisper, barge (G-SPY), record on
 * demand (G-REC), blind transfer of a call or a waiting caller and attended transfer of a call (G-XFR), for the REST routes and the hub
 * methods alike (G-PRM-01: the same checks whichever way the request comes):
 * - each action is a permission of the role group editor (listen, whisper, barge, record, transfer); a
 *   monitor never acts; an agent transfers its own call without it;
 * - what the action names is checked before the PBX is asked: the extension is the corp's (404), its
 *   Spy option is on for a spy (409, G-SPY-04), the supervisor's phone is registered and free, the
 *   transfer's target is the corp's extension or queue, or an outside number one of its SIP routes dials
 *   (an attended one's: not a queue), its consulting phone the corp's, registered, and free unless it is
 *   the extension's own (a second line);
 * - the call is looked up where the PBX is driven (LiveOps, at the leader); none: 409;
 * - every action goes to the log monitor's stream and the server's log (G-PRM-02).
 */
import { and, eq } from 'drizzle-orm';
import {
  CALL_ACTION_ERRORS as E,
  canAct,
  EXT_STATUS,
  LEVEL,
  sipRouteDialPattern,
  targetQueue,
  type CallActionName,
  type CallActionResult,
  type LiveAction,
  type TransferInput,
} from '../../domain';
import type { Db } from '../db/database';
import { extension, queue, sipRoute } from '../db/schema';
import { ApiFailure, forbidden } from '../errors';
import type { Actor, Backplane, CallActions } from '../hub';
import { PbxError } from '../pbx';
import type { AttendedTransferAnswer, AttendedTransferRequest, LiveOps } from './live-ops';

export interface CallActionsOptions {
  db: Db;
  ops: LiveOps;
  backplane: Backplane;
  log: { info(data: Record<string, unknown>, msg: string): void; warn(data: Record<string, unknown>, msg: string): void };
  now?: () => number;
}

const conflict = (message: string) => new ApiFailure(409, message);

/** A PBX refusal as the API answers it: no such call 409, a phone that cannot be rung 409, else 503. */
function pbxFailure(error: unknown, log: CallActionsOptions['log']): never {
  if (!(error instanceof PbxError)) throw error;
  // the PBX's own words stay in the server's log: the answer only says which of three cases it was
  log.warn({ code: error.code, err: error.message }, 'call action refused by the PBX');
  if (error.code === 'conflict' || error.code === 'not_found') throw conflict(E.noCall);
  if (error.code === 'invalid') throw new ApiFailure(400, 'errors.badRequest');
  throw new ApiFailure(503, 'errors.pbxUnavailable');
}

/** Does a SIP route's pattern (digits, `.` any digit, a final `T` the rest) dial this number? */
export function routeMatches(pattern: string, number: string): boolean {
  const p = sipRouteDialPattern(pattern).slice(1);
  const open = p.endsWith('!');
  const body = open ? p.slice(0, -1) : p;
  if (number.length < body.length || (!open && number.length !== body.length)) return false;
  return [...body].every((ch, i) => (ch === 'X' ? /\d/.test(number[i]) : ch === number[i]));
}

export function createCallActions(options: CallActionsOptions): CallActions {
  const { db, ops, backplane, log } = options;
  const now = options.now ?? Date.now;

  async function extensionOf(corpId: number, number: string) {
    const [row] = await db
      .select({ number: extension.number, userId: extension.userId, spy: extension.spy, enabled: extension.enabled })
      .from(extension)
      .where(and(eq(extension.corpId, corpId), eq(extension.number, number)))
      .limit(1);
    return row ?? null;
  }

  function mayAct(actor: Actor, action: LiveAction): void {
    if (actor.level === LEVEL.monitor || !canAct(actor, action)) throw forbidden();
  }

  function audit(actor: Actor, corpId: number, action: CallActionName, number: string, detail: Record<string, unknown>): void {
    const at = now();
    const event = { who: actor.nick, userId: actor.userId, action, agent: number, ...detail };
    log.info({ corpId, ...event }, 'call action');
    backplane.publish(corpId, 'LogMon', { corpId, type: 'UserAction', timestamp: new Date(at).toISOString(), device: `PJSIP/${corpId}_${number}`, state: action, event, ts: at });
  }

  /** the dialplan extension a transfer goes to, after the target is checked */
  async function destinationOf(corpId: number, to: string, from: string | undefined): Promise<string> {
    const queueId = targetQueue(to);
    if (queueId !== null) {
      const [q] = await db.select({ id: queue.id }).from(queue).where(and(eq(queue.id, queueId), eq(queue.corpId, corpId))).limit(1);
      if (!q) throw new ApiFailure(404, E.unknownTarget);
      // the generated dialplan reaches a queue by its code 6{id} (server/asterisk/dialplan.ts)
      return `6${queueId}`;
    }
    if (from !== undefined && to === from) throw conflict(E.sameTarget);
    const ext = await extensionOf(corpId, to);
    if (ext) {
      if (!ext.enabled) throw new ApiFailure(404, E.unknownTarget);
      return to;
    }
    // an outside number leaves by one of the corp's SIP routes, whose restrictions the dialplan applies
    const routes = await db.select({ pattern: sipRoute.pattern }).from(sipRoute).where(and(eq(sipRoute.corpId, corpId), eq(sipRoute.enabled, true)));
    if (!routes.some((r) => routeMatches(r.pattern, to))) throw conflict(E.noRoute);
    return to;
  }

  /** G-XFR-02: start (the consulting phone rings into the target), complete or cancel `number`'s transfer */
  async function attended(actor: Actor, corpId: number, number: string, input: TransferInput): Promise<CallActionResult> {
    let request: AttendedTransferRequest;
    if (input.step === 'start') {
      if (input.to === undefined) throw new ApiFailure(400, 'validation.required', [{ path: 'to', message: 'validation.required' }]);
      // a queue's member reached by the consultation would run the queue again after the call (simulator/transfers.ts)
      if (targetQueue(input.to) !== null) throw new ApiFailure(400, E.attendedQueue, [{ path: 'to', message: E.attendedQueue }]);
      const from = input.from ?? number;
      if (input.to === from) throw conflict(E.sameTarget);
      const exten = await destinationOf(corpId, input.to, number);
      await consultingPhone(corpId, from, from === number);
      request = { corpId, number, step: 'start', from, exten };
    } else request = { corpId, number, step: input.step };
    let answer: AttendedTransferAnswer;
    try {
      answer = await ops.attendedTransfer(request);
    } catch (error) {
      pbxFailure(error, log);
    }
    if (!answer.ok) throw conflict(answer.reason === 'noCall' ? E.noCall : answer.reason === 'transferPending' ? E.transferPending : E.noTransfer);
    const action = input.step === 'start' ? 'transfer' : input.step === 'complete' ? 'completeTransfer' : 'cancelTransfer';
    audit(actor, corpId, action, number, { to: input.to, from: input.from ?? number, callId: answer.result.callId, consult: answer.result.channelId, mode: 'attended' });
    return answer.result;
  }

  /** the consulting phone: the corp's, enabled and registered; free unless it is the extension's own (its second line) */
  async function consultingPhone(corpId: number, from: string, own: boolean): Promise<void> {
    const phone = await extensionOf(corpId, from);
    if (!phone || !phone.enabled) throw new ApiFailure(404, 'errors.agentUnknownExtension');
    const live = await Promise.resolve(ops.getExtensions(corpId)).catch(() => []);
    const status = live.find((e) => e.number === from)?.status;
    if (status === undefined || status === EXT_STATUS.offline) throw conflict(E.phoneUnavailable);
    if (!own && status !== EXT_STATUS.online) throw conflict(E.phoneBusy);
  }

  return {
    async spy(actor, corpId, input) {
      mayAct(actor, input.mode);
      const target = await extensionOf(corpId, input.number);
      if (!target) throw new ApiFailure(404, 'errors.agentUnknownExtension');
      if (!target.spy) throw conflict(E.spyOff);
      if (input.from === input.number) throw conflict(E.ownCall);
      const phone = await extensionOf(corpId, input.from);
      if (!phone || !phone.enabled) throw new ApiFailure(404, 'errors.agentUnknownExtension');
      const live = await Promise.resolve(ops.getExtensions(corpId)).catch(() => []);
      const status = live.find((e) => e.number === input.from)?.status;
      if (status === undefined || status === EXT_STATUS.offline) throw conflict(E.phoneUnavailable);
      if (status !== EXT_STATUS.online) throw conflict(E.phoneBusy);
      let result: CallActionResult;
      try {
        result = await ops.spyOn({ corpId, number: input.number, from: input.from, mode: input.mode });
      } catch (error) {
        pbxFailure(error, log);
      }
      audit(actor, corpId, 'spy', input.number, { mode: input.mode, from: input.from, callId: result.callId });
      return result;
    },

    async record(actor, corpId, input) {
      mayAct(actor, 'record');
      if (!(await extensionOf(corpId, input.number))) throw new ApiFailure(404, 'errors.agentUnknownExtension');
      let result: CallActionResult & { recording: string };
      try {
        result = await ops.recordCall({ corpId, number: input.number, on: input.on });
      } catch (error) {
        pbxFailure(error, log);
      }
      audit(actor, corpId, input.on ? 'record' : 'stopRecord', input.number, { callId: result.callId, recording: result.recording });
      return result;
    },

    async transfer(actor, corpId, input) {
      if (actor.level === LEVEL.monitor) throw forbidden();
      let own = false;
      if (input.number !== undefined) {
        const ext = await extensionOf(corpId, input.number);
        if (!ext) throw new ApiFailure(404, 'errors.agentUnknownExtension');
        own = ext.userId !== null && ext.userId === actor.userId;
      }
      if (!own) mayAct(actor, 'transfer');
      if (input.mode === 'attended') {
        // the schema asks an attended transfer for the extension in the call
        if (input.number === undefined) throw new ApiFailure(400, 'validation.option', [{ path: 'mode', message: 'validation.option' }]);
        return attended(actor, corpId, input.number, input);
      }
      if (input.to === undefined) throw new ApiFailure(400, 'validation.required', [{ path: 'to', message: 'validation.required' }]);
      const exten = await destinationOf(corpId, input.to, input.number);
      let result: CallActionResult;
      try {
        result = await ops.transferCall({ corpId, number: input.number, callId: input.callId, exten });
      } catch (error) {
        if (error instanceof PbxError && error.code === 'conflict' && input.callId !== undefined) throw conflict(E.notWaiting);
        pbxFailure(error, log);
      }
      audit(actor, corpId, 'transfer', input.number ?? '', { to: input.to, callId: result.callId, mode: input.mode });
      return result;
    },
  };
}
