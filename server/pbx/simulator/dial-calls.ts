/**
 * Calls an extension makes (app_dial): to another extension or out through the trunk, at random or by
 * originate (the extension rings first, then the callee). The callee answers, rings out, is busy or
 * unreachable; an extension whose action (no answer, unreachable) or busy action is voicemail sends
 * the caller to its mailbox (voicemail.ts). One cdr row per call, two when the caller went on to a
 * mailbox (Asterisk closes the dial's record and opens one for what the channel does next).
 */
import { DIAL_RING_SEC, endpointName, TRUNK_INBOUND_CONTEXT } from '../../../domain';
import type { DialStatus } from '../ari';
import type { CdrDisposition } from '../records';
import type { CallRecords, CdrFields } from './call-records';
import { outboundDial } from './routes';
import type { CorpState, DialCall, ExtState, SimChannel } from './state';
import type { Voicemail } from './voicemail';
import { SEC, type SimWorld } from './world';

/** what app_dial runs on the channels it creates */
const OUTGOING_LINE = '(Outgoing Line)';

/** how long the generated dialplan rings the callee: a number out, or an extension */
const ringSec = (external: boolean): number => (external ? DIAL_RING_SEC.out : DIAL_RING_SEC.extension);

export class DialCalls {
  constructor(
    private readonly w: SimWorld,
    private readonly records: CallRecords,
    private readonly voicemail: Voicemail,
  ) {}

  /** the floor's phones free to call (a desk phone off the floor is left alone: SimExtension.onFloor) */
  private idleRegistered(corp: CorpState): ExtState[] {
    return [...corp.exts.values()].filter((e) => e.registered && !e.removed && e.channels.size === 0 && e.cfg.onFloor !== false);
  }

  randomDialCall(corp: CorpState, external: boolean): void {
    const w = this.w;
    const idle = this.idleRegistered(corp);
    if (idle.length === 0) return;
    const a = w.rng.pick(idle);
    let target: string;
    if (external) {
      target = `0${w.rng.pick(['11', '21', '31', '41', '51'])}${w.rng.int(30_000_000, 39_999_999)}`;
      // with the corp's routing and no trunk out, the number has no way out: the phone does not dial it
      if (outboundDial(corp.cfg, target) === null) return;
    } else {
      const others = [...corp.exts.values()].filter((e) => e !== a && !e.removed && e.cfg.onFloor !== false);
      if (others.length === 0) return;
      target = w.rng.pick(others).number;
    }
    const call = this.newDialCall(corp, a, target, external ? 'outbound' : 'internal');
    call.a = w.newChannel(corp, call, {
      endpoint: a.endpoint,
      ext: a,
      state: 'Ring',
      caller: { name: a.userName, number: a.number },
      connected: { name: '', number: '' },
      context: `c${corp.corpId}-internal`,
      exten: target,
    });
    this.beginDial(call);
  }

  /** `from`: who calls as the records name it; default the extension's user (an outside caller a transfer sends on has no extension) */
  newDialCall(corp: CorpState, aExt: ExtState | null, target: string, origin: DialCall['origin'], from = { name: aExt?.userName ?? '', number: aExt?.number ?? '' }): DialCall {
    const external = !corp.exts.has(target);
    // a number outside leaves as the dialplan sends it (SIP route, else the outbound trunk)
    const out = external ? (outboundDial(corp.cfg, target) ?? { endpoint: corp.trunk, number: target }) : null;
    const dialstring = out ? `${out.number}@${out.endpoint}` : endpointName(corp.corpId, target);
    const call: DialCall = {
      ...this.w.newBase(corp),
      kind: 'dial',
      origin,
      a: null as unknown as SimChannel, // set by the caller right after: the channel needs its call
      aExt,
      from: { ...from },
      b: null,
      target,
      external,
      phase: origin === 'originate' ? 'originating' : 'dialing',
      dialstring,
      lastdata: `PJSIP/${dialstring},${ringSec(external)}`,
      mailbox: null,
    };
    this.w.calls.add(call);
    return call;
  }

  beginDial(call: DialCall): void {
    const w = this.w;
    const corp = call.corp;
    const a = call.a;
    call.phase = 'dialing';
    w.dialplan(a, 'Dial', call.lastdata, { context: `c${corp.corpId}-internal`, exten: call.target });
    const bExt = call.external ? null : (corp.exts.get(call.target) ?? null);
    if (bExt && (!bExt.registered || bExt.removed)) {
      w.later(call, SEC, () => this.dialFailed(call, 'CHANUNAVAIL', 20, 'FAILED'));
      return;
    }
    if (bExt?.dnd) {
      // do-not-disturb: the dialplan does not ring the phone and takes its busy action (G-AGS-03)
      w.later(call, 200, () => this.dialFailed(call, 'BUSY', 17, 'BUSY'));
      return;
    }
    const b = w.newChannel(corp, call, {
      endpoint: bExt ? bExt.endpoint : call.dialstring.slice(call.dialstring.indexOf('@') + 1),
      ext: bExt,
      state: 'Down',
      caller: bExt ? { name: bExt.userName, number: bExt.number } : { name: '', number: call.target },
      connected: { ...call.from },
      // a trunk leg is allocated in its endpoint's context at `s` (every trunk's: the shared dispatch context, 0026)
      context: bExt ? `c${corp.corpId}-internal` : TRUNK_INBOUND_CONTEXT,
      exten: bExt ? call.target : 's',
    });
    call.b = b;
    // then app_dial gives it the caller's exten (the number as dialled, not its translation), priority 1
    if (!bExt) w.dialplan(b, 'AppDial', OUTGOING_LINE, { context: TRUNK_INBOUND_CONTEXT, exten: call.target });
    w.dial(a, b, call.dialstring, '');
    if (bExt && bExt.channels.size > 1) {
      // the callee is already on a call: busy
      w.later(call, 500, () => this.dialFailed(call, 'BUSY', 17, 'BUSY'));
      return;
    }
    let outcome: 'answer' | 'busy' | 'noanswer';
    if (call.external) {
      const r = w.rng.float();
      outcome = r < w.traffic.outboundAnswerProbability ? 'answer' : r < w.traffic.outboundAnswerProbability + w.traffic.outboundBusyProbability ? 'busy' : 'noanswer';
      if (outcome !== 'busy') w.dial(a, b, call.dialstring, 'PROGRESS');
    } else outcome = w.rng.chance(w.traffic.internalAnswerProbability) ? 'answer' : 'noanswer';
    if (outcome === 'busy') {
      w.later(call, w.rng.uniform(1, 3) * SEC, () => this.dialFailed(call, 'BUSY', 17, 'BUSY'));
      return;
    }
    w.later(call, w.rng.uniform(0.2, 1) * SEC, () => {
      call.phase = 'ringing';
      w.setState(b, 'Ringing');
      w.dial(a, b, call.dialstring, 'RINGING');
    });
    if (outcome === 'answer') w.later(call, w.rng.uniform(3, 12) * SEC, () => this.answerDial(call));
    else w.later(call, ringSec(call.external) * SEC, () => this.dialFailed(call, 'NOANSWER', 19, 'NO ANSWER'));
  }

  /** the callee's mailbox takes a failed dial when the extension says so (busy action, or action on no answer) */
  private mailboxFor(call: DialCall, status: DialStatus): { ext: ExtState; reason: 'u' | 'b' } | null {
    if (call.external) return null;
    const ext = call.corp.exts.get(call.target);
    if (!ext || ext.removed) return null;
    if (status === 'BUSY') return ext.cfg.onbusy === 'voicemail' ? { ext, reason: 'b' } : null;
    return ext.cfg.action === 'voicemail' ? { ext, reason: 'u' } : null;
  }

  /** the dial ended unanswered (busy, no answer, unreachable); `rejected`: the callee hung up, no mailbox then */
  private dialFailed(call: DialCall, status: DialStatus, cause: number, disposition: CdrDisposition, rejected = false): void {
    const w = this.w;
    const a = call.a;
    if (call.b) {
      w.dial(a, call.b, call.dialstring, status);
      w.destroy(call.b, cause);
    }
    w.varset(a, 'DIALSTATUS', status);
    const mailbox = rejected ? null : this.mailboxFor(call, status);
    if (mailbox) {
      this.dialCdr(call, disposition);
      this.voicemail.take(call, mailbox.ext, mailbox.reason);
      return;
    }
    w.dialplan(a, 'Hangup', '');
    w.hangupRequest(a, cause, true);
    w.destroy(a, cause);
    this.dialCdr(call, disposition);
    w.finish(call);
  }

  private answerDial(call: DialCall): void {
    const w = this.w;
    const a = call.a;
    const b = call.b!;
    w.setState(b, 'Up');
    // answered, Asterisk 22's trunk leg shows an empty exten from then on
    if (!b.ext) w.dialplan(b, 'AppDial', OUTGOING_LINE, { context: TRUNK_INBOUND_CONTEXT, exten: '' });
    w.dial(a, b, call.dialstring, 'ANSWER');
    w.setState(a, 'Up');
    w.connectedLine(a, { ...b.caller });
    call.phase = 'talking';
    call.answeredAt = w.now();
    w.bridgeUp(call, a, b);
    w.startRecording(call, a);
    const talk = w.duration(call.external ? w.traffic.outboundTalk : w.traffic.internalTalk);
    w.maybeHold(call, a, talk);
    const aEnds = w.rng.chance(0.5);
    w.later(call, talk, () => this.endDialTalk(call, aEnds ? a : b, false));
  }

  /** the talk ends: `first` hangs up (soft: by a command), the other follows; also a call an attended transfer joined (transfers.ts) */
  endDialTalk(call: DialCall, first: SimChannel, soft: boolean): void {
    const w = this.w;
    const a = call.a;
    const b = call.b!;
    const second = first === a ? b : a;
    w.unhold(a);
    if (b.ext) w.unhold(b);
    w.hangupRequest(first, 16, soft);
    w.leaveBridge(call, first);
    w.hangupRequest(second, 16, true);
    w.leaveBridge(call, second);
    if (w.channels.has(a.id)) w.varset(a, 'DIALSTATUS', 'ANSWER');
    w.destroy(first, 16);
    w.destroy(second, 16);
    w.bridgeDown(call);
    this.dialCdr(call, 'ANSWERED');
    w.finish(call);
  }

  /** the call's record (and, after an attended transfer, the joined callee's own) */
  dialCdr(call: DialCall, disposition: CdrDisposition): void {
    this.records.cdr(call, this.cdrFields(call, disposition));
    const carried = call.carried;
    if (carried?.calleeRow && call.b) {
      // Asterisk gives the channel an attended transfer moved in a record of its own: it is party A of its new bridge
      const b = call.b;
      this.records.cdr(call, {
        src: b.caller.number,
        clid: `"${b.caller.name}" <${b.caller.number}>`,
        dst: '',
        dcontext: `c${call.corp.corpId}-internal`,
        channel: b,
        dstchannel: '',
        lastapp: 'AppDial',
        lastdata: '(Outgoing Line)',
        disposition,
        startedAt: carried.startedAt,
        answeredAt: carried.answeredAt,
      });
    }
  }

  /** what the call's record says now (a transfer keeps it as the record Asterisk closed before moving the channel) */
  cdrFields(call: DialCall, disposition: CdrDisposition): CdrFields {
    const carried = call.carried;
    const originating = call.phase === 'originating';
    return {
      src: call.from.number,
      clid: `"${call.from.name}" <${call.from.number}>`,
      dst: carried?.place?.dst ?? call.target,
      dcontext: carried?.place?.dcontext ?? `c${call.corp.corpId}-internal`,
      channel: call.a,
      dstchannel: call.b ? call.b.name : '',
      lastapp: carried?.place?.lastapp ?? (originating ? 'AppDial2' : 'Dial'),
      lastdata: carried?.place?.lastdata ?? (originating ? '(Outgoing Line)' : call.lastdata),
      disposition,
      // a transferred channel was up before this call: Asterisk's record answers with its start
      ...(carried ? { startedAt: carried.startedAt, answeredAt: carried.answeredAt } : {}),
    };
  }

  // ================================================================ originate

  /** rings `ext` first (timeout s); when it answers, dials `to` */
  originate(corp: CorpState, ext: ExtState, to: string, timeoutSec: number): SimChannel {
    const w = this.w;
    const call = this.newDialCall(corp, ext, to, 'originate');
    const a = w.newChannel(corp, call, {
      endpoint: ext.endpoint,
      ext,
      state: 'Down',
      caller: { name: ext.userName, number: ext.number },
      connected: { name: '', number: to },
      context: `c${corp.corpId}-internal`,
      exten: 's',
    });
    call.a = a;
    w.dial(null, a, ext.endpoint, '');
    w.setState(a, 'Ringing');
    w.dial(null, a, ext.endpoint, 'RINGING');
    const timeout = timeoutSec * SEC;
    const answerAfter = w.traffic.originateAnswerSec * SEC;
    if (answerAfter < timeout) {
      w.later(call, answerAfter, () => {
        w.setState(a, 'Up');
        w.dial(null, a, ext.endpoint, 'ANSWER');
        this.beginDial(call);
      });
    } else {
      w.later(call, timeout, () => {
        w.dial(null, a, ext.endpoint, 'NOANSWER');
        w.destroy(a, 19);
        this.dialCdr(call, 'NO ANSWER');
        w.finish(call);
      });
    }
    return a;
  }

  // ================================================================ hang-up command

  /** ends the call a channel belongs to, as if that channel hung up (cause 16, soft) */
  hangup(call: DialCall, ch: SimChannel): void {
    const w = this.w;
    if (call.phase === 'talking') {
      this.endDialTalk(call, ch, true);
      return;
    }
    if (call.phase === 'voicemail') {
      this.voicemail.callerHangsUp(call);
      return;
    }
    // not answered yet: the caller cancels, or the callee rejects
    if (ch === call.a) {
      w.hangupRequest(ch, 16, true);
      if (call.b) {
        w.dial(call.a, call.b, call.dialstring, 'CANCEL');
        w.destroy(call.b, 16);
      } else if (call.phase === 'originating') w.dial(null, call.a, call.aExt?.endpoint ?? '', 'CANCEL');
      w.destroy(call.a, 16);
      this.dialCdr(call, 'NO ANSWER');
      w.finish(call);
    } else {
      w.hangupRequest(ch, 21, true);
      this.dialFailed(call, 'BUSY', 21, 'BUSY', true);
    }
  }
}
