/**
 * A campaign call through Asterisk (PbxAdapter.dialOut), followed from the ARI events of its channel.
 *
 * What the adapter asks Asterisk (reference/protocols.md §3.5):
 *   POST /channels?endpoint=PJSIP/{number}@trunk_{trunkNumber}&app={app}&appArgs=dialout,{campaignId}
 *        &callerId={trunkNumber}&timeout={timeoutSec}&channelId={our id}
 *        body {"variables": {"CDR(userfield)": "dialer:{campaignId}:{number}", "CHANNEL(accountcode)": "{corpId}"}}
 * The channel id is ours, so the events that arrive before the POST's answer are already ours too.
 *
 * How the ringing ends (the outcome):
 *   - the channel goes Up (or enters the application: StasisStart) → ANSWERED;
 *   - a final Dial status on it: BUSY → BUSY, NOANSWER/CANCEL → NO ANSWER, CONGESTION/CHANUNAVAIL → FAILED;
 *   - else its ChannelDestroyed cause: 17 busy → BUSY, 18/19/21 (no reply, alerting without answer,
 *     rejected) → NO ANSWER, anything else → FAILED.
 * What an answered call does then, inside our ARI application (the originate sent it there):
 *   - playback: POST /channels/{id}/play?media=sound:{path without .wav}&playbackId=…; on
 *     PlaybackFinished, DELETE /channels/{id}. Asterisk reads the file from that path, so the sound
 *     folder must be on Asterisk's host (or shared with it).
 *   - queue: POST /channels/{id}/variable?variable=CALLERID(num)&value={number} (it was the trunk's
 *     number; now agents see whom they talk to), then POST /channels/{id}/continue?context=
 *     c{corpId}-queues&extension={queueId}&priority=1: the channel leaves the application for the
 *     queue's own dialplan (the one inbound callers reach), so
 *     app_queue treats it like any caller (queue_log, members, announcements). A bridge built by the
 *     application would bypass app_queue and its records, hence the dialplan.
 * A channel nothing more is heard of is hung up and counted FAILED after the timeout and a margin.
 */
import { queueDialplan } from '../../../domain';
import type { DialStatus } from '../ari';
import type { DialOutcome, DialOutRequest } from '../adapter';

/** ARI's Dial.dialstatus → the outcome; null while it is not final */
export function outcomeOfDialStatus(status: DialStatus | string): DialOutcome | null {
  switch (status) {
    case 'ANSWER':
      return 'ANSWERED';
    case 'BUSY':
      return 'BUSY';
    case 'NOANSWER':
    case 'CANCEL':
      return 'NO ANSWER';
    case 'CONGESTION':
    case 'CHANUNAVAIL':
      return 'FAILED';
    default:
      return null;
  }
}

/** a Q.850 hangup cause of a channel that was never answered → the outcome */
export function outcomeOfCause(cause: number): DialOutcome {
  if (cause === 17) return 'BUSY';
  if (cause === 18 || cause === 19 || cause === 21) return 'NO ANSWER';
  return 'FAILED';
}

/** What a tracked call asks of the adapter (REST calls; errors are the adapter's to log). */
export interface DialOutActions {
  play(channelId: string, media: string, playbackId: string): void;
  /** CALLERID(num) = the number dialled (agents see whom they talk to), then on into the dialplan */
  continueInDialplan(channelId: string, context: string, extension: string, callerNumber: string): void;
  hangup(channelId: string): void;
  /** the call needs no more events: the adapter forgets it */
  done(channelId: string): void;
}

type Json = Record<string, unknown>;

const channelIdOf = (v: unknown): string | null => (typeof v === 'object' && v !== null && typeof (v as Json).id === 'string' ? ((v as Json).id as string) : null);

/** One campaign call: its events in, its outcome and follow-up REST calls out. */
export class DialOutCall {
  private outcome: DialOutcome | null = null;
  private dialStatus: DialOutcome | null = null;
  private followed = false;
  private playbackId: string | null = null;
  private finished = false;

  constructor(
    readonly channelId: string,
    private readonly request: DialOutRequest,
    private readonly actions: DialOutActions,
    private readonly settle: (outcome: DialOutcome) => void,
    private readonly newId: () => string,
  ) {}

  get settled(): boolean {
    return this.outcome !== null;
  }

  /** every event of the stream (known or not); returns whether it was about this call */
  onEvent(type: string, event: Json): boolean {
    if (this.finished) return false;
    switch (type) {
      case 'Dial': {
        if (channelIdOf(event.peer) !== this.channelId) return false;
        const outcome = outcomeOfDialStatus(String(event.dialstatus ?? ''));
        if (outcome === 'ANSWERED') this.answered();
        else if (outcome) this.dialStatus = outcome;
        return true;
      }
      case 'ChannelStateChange':
        if (channelIdOf(event.channel) !== this.channelId) return false;
        if ((event.channel as Json).state === 'Up') this.answered();
        return true;
      case 'StasisStart':
        if (channelIdOf(event.channel) !== this.channelId) return false;
        this.answered();
        this.follow();
        return true;
      case 'PlaybackFinished': {
        const playback = event.playback as Json | undefined;
        if (!this.playbackId || !playback || playback.id !== this.playbackId) return false;
        this.actions.hangup(this.channelId);
        return true;
      }
      case 'ChannelDestroyed':
        if (channelIdOf(event.channel) !== this.channelId) return false;
        if (!this.settled) this.resolve(this.dialStatus ?? outcomeOfCause(Number(event.cause)));
        this.finish();
        return true;
      default:
        return false;
    }
  }

  /** nothing heard for too long (a lost event stream): hang up, count it as failed */
  expire(): void {
    if (this.finished) return;
    if (!this.settled) this.resolve('FAILED');
    this.actions.hangup(this.channelId);
    this.finish();
  }

  /** the adapter stops: the caller learns the call's fate is unknown (thrown by dialOut) */
  abandon(): void {
    this.finish();
  }

  private answered(): void {
    if (!this.settled) this.resolve('ANSWERED');
  }

  /** once in the application: the message, or on to the queue */
  private follow(): void {
    if (this.followed) return;
    this.followed = true;
    const then = this.request.then;
    if (then.kind === 'playback') {
      this.playbackId = this.newId();
      this.actions.play(this.channelId, `sound:${then.soundPath.replace(/\.wav$/i, '')}`, this.playbackId);
    } else {
      const at = queueDialplan(this.request.corpId, then.queueId);
      this.actions.continueInDialplan(this.channelId, at.context, at.extension, this.request.number);
    }
  }

  private resolve(outcome: DialOutcome): void {
    this.outcome = outcome;
    this.settle(outcome);
  }

  private finish(): void {
    this.finished = true;
    this.actions.done(this.channelId);
  }
}
