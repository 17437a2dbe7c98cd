/**
 * Transfers (G-XFR) as Asterisk 22 makes them for the ARI adapter's AMI actions. Every fact below was
 * seen on the kit's Asterisk (tests/server/pbx/asterisk/asterisk-transfer.test.ts shows them again):
 *
 * Blind (AMI Redirect of one channel to `{exten}@c{corpId}-internal`, G-XFR-01 and G-XFR-03):
 * - the moved channel keeps its id. First its place changes (ChannelDialplan at `{exten}`, priority 1,
 *   still naming the application it ran), it leaves the bridge (Varset DIALSTATUS=ANSWER when it was the
 *   Dial's caller), the other party leaves, BridgeDestroyed, and the party left behind is destroyed
 *   (cause 16; no ChannelHangupRequest for a Dial's or a queue's callee, which have no dialplan of their
 *   own); then the channel runs `{exten}`: Dial (rings, answers, busy, no answer, mailbox) or Answer and
 *   Queue (it waits as any caller) or out through a trunk.
 * - a caller waiting in a queue: app_queue logs ABANDON (position, original position, seconds waited)
 *   and nothing else; the caller of an answered queue call: nothing at the redirect, but COMPLETECALLER
 *   (hold time, seconds from CONNECT to the channel's end, original position) when the channel finally
 *   hangs up, after its talk with the new party (app_queue still follows it).
 * - cdr: Asterisk closes the record of the part before the redirect (its dst and dcontext already the new
 *   place, dstchannel the old party, lastapp the old application; ended at the redirect) and opens one
 *   from the redirect (start = answer = the redirect: the channel is up), dst the new place. A waiting
 *   caller had no party B: its one record goes on (start and answer its own). Callboard's cdr keeps one
 *   row per channel (migration 0017: answered first, then the longer billsec, then the later), so the
 *   simulator writes the one that trigger keeps (call-records keptCdr).
 *
 * Attended (G-XFR-02): not AMI Atxfer. Atxfer only queues the atxfer feature code and the digits as DTMF
 * on the transferer's channel: the bridge acts on them only when the channel may transfer (Dial or Queue
 * option t/T; the generated extensions Dial without it), and Asterisk emulates each digit's begin and end
 * on the channel's own media, so a phone that sends no RTP (the kit's sipp phones) has its digits stuck
 * for seconds and the transfer aborted (seen: the `0` of `202` read 5 s later). So, as Wazo calld does,
 * the consultation is a call of its own and the completion a bridge:
 * - start: the consulting phone (the supervisor's, or the extension's own as a second line) is
 *   originated into `{exten}@c{corpId}-internal` (the click-to-call's shape: it rings, answered it dials
 *   the target); the call being transferred goes on meanwhile.
 * - complete: AMI Bridge of the transferred channel with the party the consultation reached. Events:
 *   BridgeCreated (the new bridge); the transferred channel leaves its bridge and enters the new one; the
 *   target leaves the consultation's and enters; the old party leaves, its bridge is destroyed; the
 *   transferred channel's connected line changes; the consulting leg leaves, that bridge goes, Varset
 *   DIALSTATUS=ANSWER and a soft hang-up request (16) on it; the target's connected line; both the
 *   consulting leg and the old party destroyed (16). cdr: the transferred channel's record before the
 *   bridge (ended then) and one from the bridge (start = answer = then) that keeps the old place (dst,
 *   lastapp: the channel was moved, not sent anywhere); the consulting leg's own; and one for the target
 *   (party A of its new bridge: lastapp AppDial, no dst). A queue caller's COMPLETECALLER as above.
 *   Nobody answered the consultation yet: the consultation is hung up (its target stops ringing)
 *   and the transferred channel sent to the target (a blind transfer).
 * - cancel: the consulting leg is hung up (a hang-up command); the call was never touched.
 * A queue as an attended target is refused by the call actions: Asterisk's Bridge sets every moved
 * channel to go on in the dialplan after the call, and a queue member's channel would run the queue's
 * extension again (seen: the member's phone entered the queue as a caller).
 */
import { PbxError } from '../adapter';
import type { CdrRow } from '../records';
import type { CallRecords } from './call-records';
import type { DialCalls } from './dial-calls';
import type { QueueCalls } from './queue-calls';
import type { Carried, CorpState, DialCall, ExtState, QueueState, SimBridge, SimChannel } from './state';
import type { SimWorld } from './world';

type Target = { kind: 'extension'; ext: ExtState } | { kind: 'queue'; queue: QueueState } | { kind: 'outside'; number: string };

/** a queue caller moved on from its answered call: app_queue logs COMPLETECALLER when the channel ends */
interface QueueEnd {
  queue: QueueState;
  agent: string;
  enteredAt: number;
  answeredAt: number;
  originalPosition: number;
}

/** A talking call a transfer takes a channel out of, and who stays behind. */
interface Leaving {
  /** the record Asterisk closes for the moved channel now (none when it had no party yet) */
  prior: CdrRow | undefined;
  /** where the channel's record stands: its start and answer (an answered part forks the record) */
  startedAt: number;
  answeredAt: number;
}

export class Transfers {
  private readonly queueEnds = new Map<string, QueueEnd>();

  constructor(
    private readonly w: SimWorld,
    private readonly records: CallRecords,
    private readonly dials: DialCalls,
    private readonly queues: QueueCalls,
  ) {}

  /** what `{exten}@c{corpId}-internal` reaches: an extension, a queue (`6{id}`), else a number through the trunk */
  private target(corp: CorpState, exten: string): Target {
    if (!/^\+?[0-9]{1,32}$/.test(exten)) throw new PbxError('invalid', `Invalid destination '${exten}'`);
    const ext = corp.exts.get(exten);
    if (ext && !ext.removed) return { kind: 'extension', ext };
    const queue = /^6(\d+)$/.test(exten) ? corp.queues.get(Number(exten.slice(1))) : undefined;
    if (queue) return { kind: 'queue', queue };
    return { kind: 'outside', number: exten };
  }

  // ================================================================ blind

  /** AMI Redirect of `ch` to `exten` (a waiting caller, or either party of an answered two-party call) */
  redirect(ch: SimChannel, exten: string): void {
    const target = this.target(ch.corp, exten);
    const left = this.leave(ch, exten);
    this.run(ch, target, exten, left);
  }

  /** takes the channel out of its call (the events and records of that call's end for it) */
  private leave(ch: SimChannel, exten: string): Leaving {
    const w = this.w;
    const call = ch.call;
    const place = { context: `c${ch.corp.corpId}-internal`, exten };
    if (call.kind === 'queue' && ch === call.caller && (call.phase === 'waiting' || call.phase === 'ringing')) {
      w.dialplan(ch, ch.dialplan.app_name, ch.dialplan.app_data, place);
      this.queues.releaseWaiting(call);
      // no party B yet: Asterisk's one record of the channel goes on (its start, and its answer by the inbound dialplan)
      return { prior: undefined, startedAt: call.startedAt, answeredAt: call.campaign?.answeredAt ?? call.startedAt };
    }
    const other = this.partner(ch);
    if (!other) throw new PbxError('conflict', `Channel '${ch.id}' is in no answered call it can be moved from`);
    const now = w.now();
    w.unhold(ch);
    w.unhold(other);
    w.varset(ch, 'BRIDGEPEER', '');
    w.dialplan(ch, ch.dialplan.app_name, ch.dialplan.app_data, place);
    w.varset(other, 'BRIDGEPEER', '');
    w.leaveBridge(call, ch);
    const callerOfDial = call.kind === 'dial' && ch === call.a;
    if (callerOfDial) w.varset(ch, 'DIALSTATUS', 'ANSWER');
    w.leaveBridge(call, other);
    w.bridgeDown(call);
    // the party left behind: a Dial's caller has its dialplan (Dial returns, it hangs up), a callee has none
    if (call.kind === 'dial' && other === call.a) w.hangupRequest(other, 16, true);
    w.destroy(other, 16);
    const prior = this.closeFor(ch, { dst: exten, dcontext: place.context });
    w.finish(call);
    return { prior, startedAt: now, answeredAt: now };
  }

  /** the other party of an answered two-party call (a Dial's, or a queue caller's agent); null otherwise */
  private partner(ch: SimChannel): SimChannel | null {
    const call = ch.call;
    if (call.kind === 'dial' && call.phase === 'talking' && call.b) return ch === call.a ? call.b : ch === call.b ? call.a : null;
    if (call.kind === 'queue' && call.phase === 'talking' && ch === call.caller) return call.agentCh;
    return null;
  }

  /**
   * The moved channel's call ends for it: the record Asterisk closes now (at `place`: the new dst for a
   * redirect; unchanged for a bridge), returned to be weighed against the next one; the record of a
   * Dial's caller left behind is written as its own call's end; an answered queue call's agent is done
   * and COMPLETECALLER waits for the channel's end.
   */
  private closeFor(ch: SimChannel, place: { dst: string; dcontext: string } | null): CdrRow | undefined {
    const call = ch.call;
    const w = this.w;
    if (call.kind === 'queue') {
      const fields = this.queues.queueCdrFields(call, 'ANSWERED');
      if (call.agent && call.answeredAt !== null) {
        this.queues.agentDone(call.queue, call.agent, w.now());
        this.queueEnds.set(ch.id, { queue: call.queue, agent: call.agent.number, enteredAt: call.enteredAt, answeredAt: call.answeredAt, originalPosition: call.originalPosition });
      }
      return this.records.row(call, place ? { ...fields, ...place } : fields);
    }
    if (call.kind !== 'dial') return undefined;
    if (ch !== call.a) {
      // the callee moves on: the caller's record ends as its call does; the callee had none of its own
      this.dials.dialCdr(call, 'ANSWERED');
      return undefined;
    }
    const fields = this.dials.cdrFields(call, 'ANSWERED');
    return this.records.row(call, place ? { ...fields, ...place } : fields);
  }

  /** the channel runs its new place: Dial, or Answer and Queue */
  private run(ch: SimChannel, target: Target, exten: string, left: Leaving): void {
    const corp = ch.corp;
    const carried: Carried = { startedAt: left.startedAt, answeredAt: left.answeredAt };
    if (target.kind === 'queue') {
      this.queues.joinFromTransfer(ch, target.queue, { ...carried, dst: exten, dcontext: `c${corp.corpId}-internal` }, left.prior);
      return;
    }
    const call = this.dials.newDialCall(corp, ch.ext, exten, 'transfer', { ...ch.caller });
    call.a = ch;
    call.startedAt = left.startedAt;
    call.carried = carried;
    call.priorCdr = left.prior;
    ch.call = call;
    this.dials.beginDial(call);
  }

  // ================================================================ attended

  /** the consulting leg: `ext`'s phone rings (busy or not: a second line) and, answered, dials `exten` */
  consult(corp: CorpState, ext: ExtState, exten: string, timeoutSec: number): SimChannel {
    const target = this.target(corp, exten);
    if (target.kind === 'queue') throw new PbxError('invalid', `A queue (${exten}) is no target of an attended transfer`);
    if (!ext.registered) throw new PbxError('unavailable', `Extension '${ext.number}' is not registered`);
    return this.dials.originate(corp, ext, exten, timeoutSec);
  }

  /** completes the consultation `consultLeg` by bridging `ch` with the party it reached (or sends `ch` to `exten` when none yet) */
  complete(ch: SimChannel, consultLeg: SimChannel, exten: string): void {
    const w = this.w;
    const consult = consultLeg.call;
    if (consult.kind !== 'dial' || consult.a !== consultLeg) throw new PbxError('not_found', `Channel '${consultLeg.id}' is no consultation`);
    if (consult.phase !== 'talking' || !consult.b) {
      // nobody answered yet: the consultation ends (its target stops ringing), the caller goes to the target itself
      this.target(ch.corp, exten);
      if (!this.partner(ch) && !(ch.call.kind === 'queue' && ch === ch.call.caller && (ch.call.phase === 'waiting' || ch.call.phase === 'ringing'))) throw new PbxError('conflict', `Channel '${ch.id}' is in no call it can be moved from`);
      this.dials.hangup(consult, consultLeg);
      this.redirect(ch, exten);
      return;
    }
    const old = ch.call;
    const partner = this.partner(ch);
    if (!partner || old === consult) throw new PbxError('conflict', `Channel '${ch.id}' is in no answered call it can be moved from`);
    const target = consult.b;
    const now = w.now();
    for (const c of [ch, partner, target, consultLeg]) w.unhold(c);
    const bridge: SimBridge = { id: w.uuid(), channels: [], created: now };
    w.bridges.set(bridge.id, bridge);
    w.emit({ type: 'BridgeCreated', bridge: w.bridgeJson(bridge) });
    const enter = (c: SimChannel) => {
      bridge.channels.push(c.id);
      w.emit({ type: 'ChannelEnteredBridge', bridge: w.bridgeJson(bridge), channel: w.channelJson(c) });
    };
    w.leaveBridge(old, ch);
    enter(ch);
    w.leaveBridge(consult, target);
    enter(target);
    w.leaveBridge(old, partner);
    w.bridgeDown(old);
    w.connectedLine(ch, target.caller);
    w.leaveBridge(consult, consultLeg);
    w.bridgeDown(consult);
    w.varset(consultLeg, 'DIALSTATUS', 'ANSWER');
    w.hangupRequest(consultLeg, 16, true);
    w.connectedLine(target, ch.caller);
    w.destroy(consultLeg, 16);
    if (old.kind === 'dial' && partner === old.a) w.hangupRequest(partner, 16, true);
    w.destroy(partner, 16);
    // records: the moved channel's record so far (its place unchanged), the consultation's
    const prior = this.closeFor(ch, null);
    this.dials.dialCdr(consult, 'ANSWERED');
    const recording = old.recording;
    w.finish(old);
    w.finish(consult);
    // the joined call: the transferred channel calls, the target talks; the record keeps the old place
    const placeOf = prior ? { dst: prior.dst, dcontext: prior.dcontext, lastapp: prior.lastapp, lastdata: prior.lastdata } : { dst: '', dcontext: `c${ch.corp.corpId}-internal`, lastapp: 'AppDial', lastdata: '(Outgoing Line)' };
    const joined: DialCall = this.dials.newDialCall(ch.corp, ch.ext, target.caller.number, 'transfer', { ...ch.caller });
    joined.a = ch;
    joined.b = target;
    joined.phase = 'talking';
    joined.answeredAt = now;
    joined.bridge = bridge;
    joined.recording = recording;
    joined.carried = { startedAt: now, answeredAt: now, place: placeOf, calleeRow: true };
    joined.priorCdr = prior;
    ch.call = joined;
    target.call = joined;
    const talk = w.duration(joined.external ? w.traffic.outboundTalk : w.traffic.internalTalk);
    const callerEnds = w.rng.chance(0.5);
    w.later(joined, talk, () => this.dials.endDialTalk(joined, callerEnds ? ch : target, false));
  }

  // ================================================================ after

  /** a channel is gone: a queue caller moved on from its answered call has its COMPLETECALLER now */
  channelGone(channelId: string): void {
    const end = this.queueEnds.get(channelId);
    if (!end) return;
    this.queueEnds.delete(channelId);
    const now = this.w.now();
    this.records.queueLog(end.queue, channelId, end.agent, 'COMPLETECALLER', [
      Math.round((end.answeredAt - end.enteredAt) / 1000),
      Math.round((now - end.answeredAt) / 1000),
      end.originalPosition,
    ]);
  }
}
