/**
 * A supervisor's leg into a call (G-SPY), as Asterisk makes it for the ARI adapter's AMI Originate into
 * SPY_LEG's context: the supervisor's phone rings (no Dial: the originate's own channel), answered it
 * runs ChanSpy in that context on the spied channel with the mode's options, and it ends when the spied call ends (option E) or when the
 * supervisor hangs up. It is a call of the supervisor's phone (its device in use); no bridge, no other
 * party: ChanSpy listens through an audiohook. One cdr row, as Asterisk writes it for the originated
 * channel (dst `s` in SPY_LEG's context, lastapp ChanSpy).
 */
import { CHANSPY_OPTIONS, SPY_LEG, type SpyMode } from '../../../domain';
import { PbxError } from '../adapter';
import type { CallRecords } from './call-records';
import type { CorpState, ExtState, SimChannel, SpyCall } from './state';
import { SEC, type SimWorld } from './world';

export class SpyCalls {
  /**
   * The spies of each spied channel: every channel that goes asks for its spies, and a scan of every call
   * in flight for each was 2 % of the server's CPU at bench:wallboard's 500 changes/s. An entry goes with
   * its channel (channelGone), so the map holds only channels in calls.
   */
  private readonly byTarget = new Map<string, Set<SpyCall>>();

  constructor(
    private readonly w: SimWorld,
    private readonly records: CallRecords,
  ) {}

  start(corp: CorpState, ext: ExtState, target: SimChannel, mode: SpyMode, callerId: string, timeoutSec: number): SimChannel {
    const w = this.w;
    if (!ext.registered) throw new PbxError('unavailable', `Extension '${ext.number}' is not registered`);
    if (ext.channels.size > 0) throw new PbxError('conflict', `Extension '${ext.number}' is busy`);
    const call: SpyCall = { ...w.newBase(corp), kind: 'spy', ext, target, mode, ch: null as unknown as SimChannel, phase: 'ringing' };
    w.calls.add(call);
    const ch = w.newChannel(corp, call, {
      endpoint: ext.endpoint,
      ext,
      state: 'Down',
      caller: { name: mode, number: callerId },
      connected: { name: '', number: '' },
      context: '',
      exten: 's',
    });
    call.ch = ch;
    const spies = this.byTarget.get(target.id) ?? new Set<SpyCall>();
    this.byTarget.set(target.id, spies.add(call));
    w.setState(ch, 'Ringing');
    const answerAfter = w.traffic.originateAnswerSec * SEC;
    if (answerAfter >= timeoutSec * SEC) {
      w.later(call, timeoutSec * SEC, () => this.end(call, 19, 'NO ANSWER'));
      return ch;
    }
    w.later(call, answerAfter, () => {
      if (!w.channels.has(target.id)) return this.end(call, 16, 'ANSWERED');
      call.phase = 'spying';
      call.answeredAt = w.now();
      w.setState(ch, 'Up');
      w.dialplan(ch, 'ChanSpy', `${target.name},${CHANSPY_OPTIONS[mode]}`, { context: SPY_LEG.context, exten: 's' });
    });
    return ch;
  }

  /** the spied channel went (E: ChanSpy returns), or the supervisor hung up */
  end(call: SpyCall, cause: number, disposition: 'ANSWERED' | 'NO ANSWER'): void {
    if (call.done) return;
    const w = this.w;
    const ch = call.ch;
    this.byTarget.get(call.target.id)?.delete(call);
    w.hangupRequest(ch, cause, cause === 16);
    w.destroy(ch, cause);
    this.records.cdr(call, {
      src: call.ext.number,
      clid: `"${call.mode}" <${ch.caller.number}>`,
      dst: 's',
      dcontext: call.phase === 'spying' ? SPY_LEG.context : '',
      channel: ch,
      dstchannel: '',
      lastapp: call.phase === 'spying' ? 'ChanSpy' : 'AppDial2',
      lastdata: call.phase === 'spying' ? `${call.target.name},${CHANSPY_OPTIONS[call.mode]}` : '(Outgoing Line)',
      disposition: call.phase === 'spying' ? 'ANSWERED' : disposition,
    });
    w.finish(call);
  }

  /** the spies of a channel that is going end with it */
  channelGone(channelId: string): void {
    const spies = this.byTarget.get(channelId);
    if (!spies) return;
    this.byTarget.delete(channelId);
    for (const call of [...spies]) this.end(call, 16, 'ANSWERED');
  }
}
