/**
 * Voicemail (C-VM) as app_voicemail does it: the caller of a busy or unanswered extension whose busy
 * action or action is voicemail reaches its mailbox; VoiceMail answers, plays the greeting and the
 * beep, and records until the caller hangs up. A caller who hangs up during the greeting leaves
 * nothing; a message is a `voicemail` row (mailbox = extension number, origtime = when the recording
 * began) and its WAV (8 kHz 16-bit mono), which the record sink stores in the corp's sound folder.
 */
import type { CallRecords } from './call-records';
import type { DialCall, ExtState } from './state';
import { longToneWav } from './wav';
import { SEC, type SimWorld } from './world';

/** app_voicemail's maxsecs: longer messages are cut (also keeps a WAV under the 2 MB audio limit) */
const MAX_MESSAGE_SEC = 90;
/** shorter than app_voicemail's minsecs: the message is not kept */
const MIN_MESSAGE_SEC = 1;

export class Voicemail {
  constructor(
    private readonly w: SimWorld,
    private readonly records: CallRecords,
  ) {}

  /** the dial failed (its cdr row is written): the caller goes on to `ext`'s mailbox */
  take(call: DialCall, ext: ExtState, reason: 'u' | 'b'): void {
    const w = this.w;
    const a = call.a;
    const now = w.now();
    call.phase = 'voicemail';
    call.mailbox = { ext, reason, answeredAt: now, recordingFrom: null };
    w.dialplan(a, 'VoiceMail', `${ext.number}@c${call.corp.corpId}-vm,${reason}`);
    w.setState(a, 'Up');
    const greeting = w.choices.uniform(4, 8) * SEC;
    if (!w.choices.chance(w.traffic.voicemailLeaveProbability)) {
      // hangs up while the greeting plays
      w.later(call, w.choices.uniform(0.3, 0.9) * greeting, () => this.callerHangsUp(call));
      return;
    }
    const message = Math.min(w.duration(w.traffic.voicemailMessage, w.choices), MAX_MESSAGE_SEC * SEC);
    w.later(call, greeting, () => {
      if (call.mailbox) call.mailbox.recordingFrom = w.now();
    });
    w.later(call, greeting + message, () => this.callerHangsUp(call));
  }

  /** the caller hangs up in the mailbox: the message so far is kept (as app_voicemail does) */
  callerHangsUp(call: DialCall): void {
    const w = this.w;
    const box = call.mailbox;
    if (!box) return;
    const a = call.a;
    const now = w.now();
    const seconds = box.recordingFrom === null ? 0 : Math.round((now - box.recordingFrom) / SEC);
    const kept = seconds >= MIN_MESSAGE_SEC;
    if (kept) w.varset(a, 'VMSTATUS', 'SUCCESS');
    w.hangupRequest(a, 16);
    w.destroy(a, 16);
    this.records.cdr(call, {
      src: call.from.number,
      clid: `"${call.from.name}" <${call.from.number}>`,
      dst: call.target,
      dcontext: `c${call.corp.corpId}-internal`,
      channel: a,
      dstchannel: '',
      lastapp: 'VoiceMail',
      lastdata: `${box.ext.number}@c${call.corp.corpId}-vm,${box.reason}`,
      disposition: 'ANSWERED',
      answeredAt: box.answeredAt,
      startedAt: box.answeredAt,
    });
    if (kept) {
      this.records.voicemail(
        {
          corpId: call.corp.corpId,
          mailbox: box.ext.number,
          origtime: Math.floor(box.recordingFrom! / SEC),
          callerid: `"${call.from.name}" <${call.from.number}>`,
          destino: call.target,
          duration: seconds,
        },
        longToneWav(seconds, 330),
      );
    }
    call.mailbox = null;
    w.finish(call);
  }
}
