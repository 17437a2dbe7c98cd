/**
 * Campaign calls (C-DIA, PbxAdapter.dialOut) as Asterisk makes them for the ARI adapter: a channel is
 * originated to `PJSIP/{number}@trunk_{trunkNumber}` for the ARI application; the far end answers,
 * rings out, is busy or fails (caller-behaviour.ts draws which, from the simulation's campaign
 * stream). An answered call enters the application (`Stasis`) and hears the campaign's message, then
 * is hung up, or continues into the queue's dialplan (its caller id now the number dialled, so agents
 * see whom they talk to) and waits like an inbound caller (queue-calls).
 *
 * Records as Asterisk 22 writes them for such a channel (checked against it: tests/server/pbx/ari/
 * ari-asterisk-dial-out.test.ts, whose kit configures its trunk endpoint as Callboard does): no party B,
 * dst `s` in the trunk endpoint's context until it continues elsewhere (`callboard-inbound`,
 * TRUNK_INBOUND_CONTEXT, every trunk endpoint's since migration 0026); `Stasis`
 * when answered, `AppDial2 (Outgoing Line)` when it was never answered (a row Asterisk writes with
 * cdr.conf `unanswered = yes`);
 * accountcode the corp; the userfield names the campaign and the number (domain campaignCdrUserfield).
 */
import { campaignAppArgs, campaignCdrUserfield, TRUNK_INBOUND_CONTEXT, trunkEndpointName } from '../../../domain';
import type { DialStatus } from '../ari';
import type { DialOutcome, DialOutRequest } from '../adapter';
import type { CdrDisposition } from '../records';
import { campaignRing, type CampaignRing } from './caller-behaviour';
import type { CallRecords } from './call-records';
import type { QueueCalls } from './queue-calls';
import type { CampaignCall, CorpState, SimChannel } from './state';
import { SEC, type SimWorld } from './world';

const FAILED_STATUS: Record<number, DialStatus> = { 34: 'CONGESTION', 1: 'CHANUNAVAIL' };

export class CampaignCalls {
  constructor(
    private readonly w: SimWorld,
    private readonly records: CallRecords,
    private readonly queues: QueueCalls,
  ) {}

  /** starts the call; `settle` gets the ringing's outcome once; returns the trunk channel */
  start(corp: CorpState, request: DialOutRequest, soundSec: number, settle: (outcome: DialOutcome) => void): SimChannel {
    const w = this.w;
    const endpoint = trunkEndpointName(request.trunkNumber);
    const call: CampaignCall = {
      ...w.newBase(corp),
      kind: 'campaign',
      campaignId: request.campaignId,
      number: request.number,
      trunkNumber: request.trunkNumber,
      ch: null as unknown as SimChannel, // set right below: the channel needs its call
      dialstring: `${request.number}@${endpoint}`,
      phase: 'dialing',
      then: request.then,
      settle,
    };
    w.calls.add(call);
    // an originated channel starts at `s` in its endpoint's context (every trunk's: the shared dispatch
    // context, migration 0026) until an application or the dialplan takes it; its accountcode the corp's
    // (the trunk endpoint's, and the originate sets it); never in Ring there, so the live state reads it
    const ch = w.newChannel(corp, call, {
      endpoint,
      ext: null,
      state: 'Down',
      caller: { name: '', number: request.trunkNumber },
      connected: { name: '', number: request.number },
      context: TRUNK_INBOUND_CONTEXT,
      exten: 's',
    });
    call.ch = ch;
    w.dial(null, ch, call.dialstring, '');
    const ring = campaignRing(w.campaign, request.timeoutSec, w.traffic);
    if (ring.outcome === 'ANSWERED' || ring.outcome === 'NO ANSWER') {
      w.later(call, Math.min(w.campaign.uniform(0.3, 1.5) * SEC, ring.afterMs / 2), () => {
        call.phase = 'ringing';
        w.setState(ch, 'Ringing');
        w.dial(null, ch, call.dialstring, 'RINGING');
      });
    }
    w.later(call, ring.afterMs, () => (ring.outcome === 'ANSWERED' ? this.answered(call, soundSec) : this.unanswered(call, ring)));
    return ch;
  }

  private settle(call: CampaignCall, outcome: DialOutcome): void {
    const settle = call.settle;
    call.settle = null;
    settle?.(outcome);
  }

  private unanswered(call: CampaignCall, ring: CampaignRing): void {
    const w = this.w;
    const status: DialStatus = ring.outcome === 'BUSY' ? 'BUSY' : ring.outcome === 'NO ANSWER' ? 'NOANSWER' : (FAILED_STATUS[ring.cause] ?? 'CHANUNAVAIL');
    w.dial(null, call.ch, call.dialstring, status);
    w.destroy(call.ch, ring.cause);
    this.cdr(call, ring.outcome === 'NO ANSWER' ? 'NO ANSWER' : ring.outcome);
    w.finish(call);
    this.settle(call, ring.outcome);
  }

  private answered(call: CampaignCall, soundSec: number): void {
    const w = this.w;
    const ch = call.ch;
    w.setState(ch, 'Up');
    w.dial(null, ch, call.dialstring, 'ANSWER');
    call.answeredAt = w.now();
    w.dialplan(ch, 'Stasis', `${w.application},${campaignAppArgs(call.campaignId)}`);
    this.settle(call, 'ANSWERED');
    const then = call.then;
    if (then.kind === 'queue') {
      const q = call.corp.queues.get(then.queueId);
      if (q) {
        // the adapter shows the agents whom they talk to (CALLERID(num) = the number dialled, it was the
        // trunk's), then continues the channel into the queue's context: from here it is a queue call
        w.callerId(ch, '', call.number);
        call.done = true;
        for (const t of call.timers) t.cancel();
        call.timers = [];
        w.calls.delete(call);
        this.queues.joinFromCampaign(ch, q, { campaignId: call.campaignId, number: call.number, trunkNumber: call.trunkNumber, answeredAt: call.answeredAt }, call.seq, call.startedAt);
        return;
      }
      // the queue is gone: nothing to continue into
      this.hangUpAnswered(call, true);
      return;
    }
    call.phase = 'playback';
    const soundMs = Math.max(1, soundSec) * SEC;
    if (w.campaign.chance(w.traffic.campaignEarlyHangupProbability)) w.later(call, soundMs * w.campaign.uniform(0.2, 0.9), () => this.hangUpAnswered(call, false));
    else w.later(call, soundMs, () => this.hangUpAnswered(call, true));
  }

  /** the message ended (the application hangs up: soft) or the callee hung up first */
  private hangUpAnswered(call: CampaignCall, byApplication: boolean): void {
    const w = this.w;
    w.hangupRequest(call.ch, 16, byApplication);
    w.destroy(call.ch, 16);
    this.cdr(call, 'ANSWERED');
    w.finish(call);
  }

  private cdr(call: CampaignCall, disposition: CdrDisposition): void {
    const answered = disposition === 'ANSWERED';
    this.records.cdr(call, {
      src: call.trunkNumber,
      clid: `"" <${call.trunkNumber}>`,
      dst: 's',
      dcontext: TRUNK_INBOUND_CONTEXT,
      channel: call.ch,
      dstchannel: '',
      lastapp: answered ? 'Stasis' : 'AppDial2',
      lastdata: answered ? `${this.w.application},${campaignAppArgs(call.campaignId)}` : '(Outgoing Line)',
      disposition,
      userfield: campaignCdrUserfield(call.campaignId, call.number),
    });
  }

  /** a hang-up command: a ringing call is cancelled (no answer), an answered one ends */
  hangup(call: CampaignCall): void {
    const w = this.w;
    if (call.phase === 'playback') {
      this.hangUpAnswered(call, true);
      return;
    }
    w.dial(null, call.ch, call.dialstring, 'CANCEL');
    w.hangupRequest(call.ch, 16, true);
    w.destroy(call.ch, 16);
    this.cdr(call, 'NO ANSWER');
    w.finish(call);
    this.settle(call, 'NO ANSWER');
  }
}
