/**
 * Queue calls as app_queue makes them: an inbound caller passes the IVR (its choices logged when the
 * queue has one), waits, rings members by the queue's strategy, is answered or abandons (patience,
 * queue timeout), talks and hangs up, and answers the queue's poll when the agent ended the call. An
 * answered campaign call joins a queue the same way, without the IVR. queue_log rows as Asterisk
 * writes them (reference/protocols.md §4.3), one cdr row per call.
 */
import { campaignCdrUserfield, TRUNK_INBOUND_CONTEXT, trunkEndpointName } from '../../../domain';
import type { CdrDisposition } from '../records';
import { agentQuality, ivrWalk, pollAnswer } from './caller-behaviour';
import type { CallRecords, CdrFields } from './call-records';
import { arrivalTrunk, routesToQueue, type InboundRoute } from './routes';
import type { CallBase, CampaignOrigin, ExtState, Leg, MemberState, QueueCall, QueueState, SimChannel } from './state';
import { SEC, type SimWorld } from './world';

const CALLER_NAMES = ['Maria Silva', 'João Souza', 'Ana Costa', 'Pedro Santos', 'Lucia Ferreira', 'Carlos Lima', 'Julia Alves', 'Rafael Rocha'];

export class QueueCalls {
  constructor(
    private readonly w: SimWorld,
    private readonly records: CallRecords,
  ) {}

  // ================================================================ arrival and IVR

  /**
   * A caller for `q`. With the corp's routing (SimCorp.trunks) the caller dials a trunk's number that
   * leads to the queue now (one of them, when several do) and presses the IVR keys on the way; none:
   * no call (H-WARM-02); the caller passes the trunks' dispatch context first, as on Asterisk (C-TRK-04,
   * dispatchTrunkCall). Without it, the made-up trunk and the queue's `did`, straight in the corp's context.
   */
  inboundCall(q: QueueState): void {
    const w = this.w;
    const corp = q.corp;
    let route: InboundRoute | null = null;
    if (corp.cfg.trunks) {
      const routes = routesToQueue(corp.cfg, q.cfg.id, w.now());
      if (routes.length === 0) return;
      route = routes.length === 1 ? routes[0] : w.rng.pick(routes);
    }
    const number = `55119${w.rng.int(10_000_000, 99_999_999)}`;
    const name = w.rng.chance(0.35) ? w.rng.pick(CALLER_NAMES) : '';
    const did = route ? route.trunk : (q.cfg.did ?? `4000${q.cfg.id}`);
    const call: QueueCall = {
      ...w.newBase(corp),
      kind: 'queue',
      did,
      ivrs: route ? route.ivrs : q.cfg.ivr ? [q.cfg.ivr] : [],
      queue: q,
      caller: null as unknown as SimChannel, // set right below: the channel needs its call
      phase: 'ivr',
      enteredAt: 0,
      originalPosition: 0,
      legs: [],
      tried: new Set<string>(),
      retryAt: 0,
      agent: null,
      agentCh: null,
      campaign: null,
    };
    w.calls.add(call);
    // a configured trunk's caller arrives where Asterisk delivers every trunk's calls (migration 0026):
    // at its DID in the shared dispatch context, on the endpoint Asterisk matched for the carrier, with
    // that endpoint's accountcode (maybe another corp's). The made-up trunk of a corp without routing
    // stays in the corp's own context: it is no trunk of the configuration (no endpoint, no DID in the
    // dispatch context), and the hand-built corps of the tests keep the sequences they were checked with.
    const arrival = route ? arrivalTrunk(Array.from(w.corps.values(), (c) => c.cfg), corp.cfg, route.trunk) : null;
    const ch = w.newChannel(corp, call, {
      endpoint: arrival ? trunkEndpointName(arrival.number) : corp.trunk,
      accountcode: arrival ? String(arrival.corpId) : undefined,
      ext: null,
      state: 'Ring',
      caller: { name, number },
      connected: { name: '', number: '' },
      context: arrival ? TRUNK_INBOUND_CONTEXT : `c${corp.corpId}-inbound`,
      exten: did,
    });
    call.caller = ch;
    if (arrival) this.dispatchTrunkCall(ch, did);
    w.dialplan(ch, 'Set', `CORP_ID=${corp.corpId}`, arrival ? { context: `c${corp.corpId}-inbound`, exten: did } : undefined);
    w.varset(ch, 'CORP_ID', String(corp.corpId));
    w.dialplan(ch, 'Set', `CALLERID(name)=${q.cfg.name}${name ? `: ${name}` : ''}`);
    w.callerId(ch, `${q.cfg.name}${name ? `: ${name}` : ''}`);
    w.dialplan(ch, 'Answer', '');
    w.setState(ch, 'Up');
    // a trunk that leads straight to the queue has no menu on the way
    const ivr = route && route.ivrs.length === 0 ? 0 : (q.cfg.ivrSec ?? 8);
    if (ivr > 0) {
      w.dialplan(ch, 'BackGround', `custom/ivr-${q.name}`);
      w.later(call, w.rng.lognormal(ivr * SEC, 0.4), () => {
        this.logIvrWalk(call);
        this.enterQueue(call);
      });
    } else this.enterQueue(call);
  }

  /**
   * The dispatch context's two priorities for the DID (server/asterisk/dialplan.ts trunkDispatchContext),
   * as Asterisk 22 shows them: Set at priority 1 still with the arrival endpoint's accountcode, Goto at
   * priority 2 with the DID's owner's (Set raises no ARI event), all in Ring; the caller goes on at
   * priority 1 of `c{corpId}-inbound`, where its first event names its corp.
   */
  private dispatchTrunkCall(ch: SimChannel, did: string): void {
    const w = this.w;
    const corpId = ch.corp.corpId;
    w.dialplan(ch, 'Set', `CHANNEL(accountcode)=${corpId}`);
    w.setAccountcode(ch, String(corpId));
    w.dialplan(ch, 'Goto', `c${corpId}-inbound,${did},1`);
  }

  /**
   * The caller's keys in the queue's IVR (D-IST), spread over the time the menu took: a timeout or an
   * invalid key now and then, then the digit of this queue.
   */
  private logIvrWalk(call: QueueCall): void {
    const steps = call.ivrs.flatMap((ivr) => ivrWalk(this.w.choices, ivr.digit, this.w.traffic).map((option) => ({ id: ivr.id, option })));
    const from = call.startedAt;
    const span = this.w.now() - from;
    steps.forEach((step, i) => this.records.ivrChoice(call.corp.corpId, step.id, Math.round(from + (span * (i + 1)) / steps.length), call.caller, step.option));
  }

  /**
   * A transfer sends a channel to `6{queueId}` of the internal context (transfers.ts): the dialplan answers
   * (a no-op, the channel is up) and runs Queue(); from here it waits like any caller. Its record keeps
   * the transfer's dst and context.
   */
  joinFromTransfer(ch: SimChannel, q: QueueState, transferred: NonNullable<QueueCall['transferred']>, prior: QueueCall['priorCdr']): void {
    const w = this.w;
    const call = this.joiningCall({ ...w.newBase(q.corp), startedAt: transferred.startedAt }, q, ch, { transferred, priorCdr: prior });
    const at = { context: transferred.dcontext, exten: transferred.dst };
    w.dialplan(ch, 'Answer', '', at);
    this.enterQueue(call, at);
  }

  /**
   * A waiting (or ringing) caller a transfer takes away (transfers.ts): app_queue logs ABANDON (position,
   * original position, wait) and cancels the phones it rang; the channel lives on, so no hang-up and no
   * record here (Asterisk's one record of the channel goes on with it).
   */
  releaseWaiting(call: QueueCall): void {
    const w = this.w;
    const q = call.queue;
    const position = q.waiting.indexOf(call) + 1;
    this.cancelLegs(call, 16, true);
    q.waiting = q.waiting.filter((c) => c !== call);
    this.records.queueLog(q, call.caller.id, 'NONE', 'ABANDON', [position, call.originalPosition, Math.round((w.now() - call.enteredAt) / SEC)]);
    w.finish(call);
    w.updateQueueAvail(q);
  }

  /** an answered campaign call goes on into a queue, as the dialplan's queue context would take it */
  joinFromCampaign(ch: SimChannel, q: QueueState, origin: CampaignOrigin, seq: number, startedAt: number): void {
    const call = this.joiningCall({ seq, corp: q.corp, timers: [], bridge: null, answeredAt: null, startedAt, recording: '', done: false }, q, ch, { campaign: origin });
    this.enterQueue(call);
  }

  /** the queue call of a channel that comes from elsewhere (an answered campaign call, a transfer): waiting, nothing rung yet */
  private joiningCall(base: CallBase, q: QueueState, ch: SimChannel, extra: Pick<Partial<QueueCall>, 'campaign' | 'transferred' | 'priorCdr'>): QueueCall {
    const call: QueueCall = { ...base, kind: 'queue', did: '', ivrs: [], queue: q, caller: ch, phase: 'waiting', enteredAt: 0, originalPosition: 0, legs: [], tried: new Set<string>(), retryAt: 0, agent: null, agentCh: null, campaign: null, ...extra };
    ch.call = call;
    this.w.calls.add(call);
    return call;
  }

  /** `at`: where the dialplan runs Queue() (default the queues' context; a transfer reaches it by `6{id}` of the internal one) */
  private enterQueue(call: QueueCall, at?: { context: string; exten: string }): void {
    const w = this.w;
    const q = call.queue;
    const ch = call.caller;
    const maxWait = q.cfg.maxWaitSec ?? 0;
    const data = `${q.name},t,,,${maxWait > 0 ? maxWait : ''}`;
    if (at) w.dialplan(ch, 'Queue', data);
    else w.dialplan(ch, 'Queue', data, { context: `c${q.corp.corpId}-queues`, exten: String(q.cfg.id) });
    q.waiting.push(call);
    call.phase = 'waiting';
    call.enteredAt = w.now();
    call.originalPosition = q.waiting.length;
    this.records.queueLog(q, ch.id, 'NONE', 'ENTERQUEUE', ['', ch.caller.number, call.originalPosition, ch.caller.name]);
    w.later(call, w.duration(w.traffic.patience), () => this.leaveUnanswered(call, 'ABANDON'));
    if (maxWait > 0) w.later(call, maxWait * SEC, () => this.leaveUnanswered(call, 'EXITWITHTIMEOUT'));
    w.requestDispatch(q);
  }

  // ================================================================ members

  dispatch(q: QueueState): void {
    const w = this.w;
    const now = w.now();
    for (const call of [...q.waiting]) {
      if (call.done || call.phase !== 'waiting') continue;
      if (call.retryAt > now) continue;
      const available = [...q.members.values()].filter((m) => w.memberAvailable(q, m));
      if (available.length === 0) return;
      const chosen = q.cfg.strategy === 'ringall' ? available : [this.pickMember(q, call, available)];
      this.ring(call, chosen.map((m) => q.corp.exts.get(m.number)!));
    }
  }

  private pickMember(q: QueueState, call: QueueCall, available: MemberState[]): MemberState {
    let candidates = available.filter((m) => !call.tried.has(m.number));
    if (candidates.length === 0) {
      call.tried.clear();
      candidates = available;
    }
    const order = [...q.members.keys()];
    switch (q.cfg.strategy) {
      case 'leastrecent':
        return candidates.reduce((best, m) => (m.lastCall < best.lastCall ? m : best));
      case 'fewestcalls':
        return candidates.reduce((best, m) => (m.callsTaken < best.callsTaken ? m : best));
      case 'random':
        return this.w.rng.pick(candidates);
      case 'rrmemory': {
        for (let k = 1; k <= order.length; k++) {
          const index = (q.rrpos + k) % order.length;
          const found = candidates.find((m) => m.number === order[index]);
          if (found) {
            q.rrpos = index;
            return found;
          }
        }
        return candidates[0];
      }
      case 'linear':
      default:
        return candidates.slice().sort((a, b) => order.indexOf(a.number) - order.indexOf(b.number))[0];
    }
  }

  private ring(call: QueueCall, exts: ExtState[]): void {
    const w = this.w;
    const q = call.queue;
    const corp = q.corp;
    const ringTimeout = (q.cfg.ringTimeoutSec ?? 15) * SEC;
    call.phase = 'ringing';
    for (const ext of exts) {
      call.tried.add(ext.number);
      const ch = w.newChannel(corp, call, {
        endpoint: ext.endpoint,
        ext,
        state: 'Down',
        caller: { name: ext.userName, number: ext.number },
        connected: { ...call.caller.caller },
        context: `c${corp.corpId}-queues`,
        exten: String(q.cfg.id),
      });
      const dialstring = ext.device;
      w.dial(call.caller, ch, dialstring, '');
      w.setState(ch, 'Ringing');
      w.dial(call.caller, ch, dialstring, 'RINGING');
      const leg: Leg = { ch, ext, startedAt: w.now(), timer: { cancel: () => undefined } };
      if (w.rng.chance(w.traffic.answerProbability)) {
        const [min, max] = w.traffic.answerDelaySec;
        const delay = Math.min(w.rng.uniform(min, max) * SEC, ringTimeout - 500);
        leg.timer = w.later(call, delay, () => this.answerLeg(call, leg));
      } else leg.timer = w.later(call, ringTimeout, () => this.legUnanswered(call, leg, 19));
      call.legs.push(leg);
    }
  }

  /** a ring that ended without answer (timeout, or the phone refused / was hung up) */
  private legUnanswered(call: QueueCall, leg: Leg, cause: number): void {
    const w = this.w;
    const q = call.queue;
    leg.timer.cancel();
    call.legs = call.legs.filter((l) => l !== leg);
    w.dial(call.caller, leg.ch, leg.ext.device, 'NOANSWER');
    this.records.queueLog(q, call.caller.id, leg.ext.number, 'RINGNOANSWER', [Math.round(w.now() - leg.startedAt)]);
    w.destroy(leg.ch, cause);
    if (call.legs.length === 0 && call.phase === 'ringing') {
      call.phase = 'waiting';
      const retry = (q.cfg.retrySec ?? 5) * SEC;
      call.retryAt = w.now() + retry;
      w.later(call, retry, () => w.requestDispatch(q));
    }
    w.requestDispatch(q);
  }

  private cancelLegs(call: QueueCall, cause: number, log: boolean): void {
    const w = this.w;
    for (const leg of call.legs) {
      leg.timer.cancel();
      w.dial(call.caller, leg.ch, leg.ext.device, 'CANCEL');
      if (log) this.records.queueLog(call.queue, call.caller.id, leg.ext.number, 'RINGCANCELED', [Math.round(w.now() - leg.startedAt)]);
      w.hangupRequest(leg.ch, cause);
      w.destroy(leg.ch, cause);
    }
    call.legs = [];
  }

  private answerLeg(call: QueueCall, leg: Leg): void {
    if (call.phase !== 'ringing') return;
    const w = this.w;
    const q = call.queue;
    const caller = call.caller;
    call.legs = call.legs.filter((l) => l !== leg);
    leg.timer.cancel();
    this.cancelLegs(call, 26, false);
    for (const t of call.timers) t.cancel(); // patience and queue timeout
    call.timers = [];
    w.setState(leg.ch, 'Up');
    w.dial(caller, leg.ch, leg.ext.device, 'ANSWER');
    q.waiting = q.waiting.filter((c) => c !== call);
    call.phase = 'talking';
    call.agent = leg.ext;
    call.agentCh = leg.ch;
    call.answeredAt = w.now();
    const member = q.members.get(leg.ext.number);
    if (member) member.callsTaken++;
    w.connectedLine(caller, { name: leg.ext.userName, number: leg.ext.number });
    w.varset(caller, 'MEMBERINTERFACE', leg.ext.device);
    w.varset(caller, 'MEMBERNAME', leg.ext.number);
    w.bridgeUp(call, caller, leg.ch);
    w.startRecording(call, caller);
    const holdSec = Math.round((call.answeredAt - call.enteredAt) / SEC);
    const ringSec = Math.round((call.answeredAt - leg.startedAt) / SEC);
    this.records.queueLog(q, caller.id, leg.ext.number, 'CONNECT', [holdSec, leg.ch.id, ringSec]);
    w.updateQueueAvail(q);
    const talk = w.duration(w.traffic.talk);
    w.maybeHold(call, leg.ch, talk);
    const agentEnds = w.rng.chance(w.traffic.agentHangsUpProbability);
    w.later(call, talk, () => this.completeQueueCall(call, agentEnds ? 'agent' : 'caller', false));
  }

  private completeQueueCall(call: QueueCall, who: 'agent' | 'caller', soft: boolean): void {
    const w = this.w;
    const q = call.queue;
    const agentCh = call.agentCh!;
    const ext = call.agent!;
    // the caller stays on for the poll only when the agent ended the call (the dialplan goes on after Queue)
    const poll = who === 'agent' && q.cfg.poll && q.cfg.poll.questions.length > 0 && w.choices.chance(w.traffic.pollStartProbability) ? q.cfg.poll : null;
    w.unhold(agentCh);
    if (poll) {
      w.hangupRequest(agentCh, 16, soft);
      w.leaveBridge(call, agentCh);
      w.leaveBridge(call, call.caller);
      w.destroy(agentCh, 16);
    } else {
      const [first, second] = who === 'agent' ? [agentCh, call.caller] : [call.caller, agentCh];
      w.hangupRequest(first, 16, soft);
      w.leaveBridge(call, first);
      w.hangupRequest(second, 16, true);
      w.leaveBridge(call, second);
      w.destroy(first, 16);
      w.destroy(second, 16);
    }
    w.bridgeDown(call);
    const now = w.now();
    const answeredAt = call.answeredAt ?? now;
    this.records.queueLog(q, call.caller.id, ext.number, who === 'agent' ? 'COMPLETEAGENT' : 'COMPLETECALLER', [
      Math.round((answeredAt - call.enteredAt) / SEC),
      Math.round((now - answeredAt) / SEC),
      call.originalPosition,
    ]);
    this.agentDone(q, ext, now);
    // the record of the call ends with its bridge; the poll that follows is the caller's alone
    this.queueCdr(call, 'ANSWERED');
    if (poll) this.askPoll(call, ext.number, poll.id, poll.questions, 0);
    else w.finish(call);
  }

  /** the agent's queue call is over for it: its last call now, and it rests for the queue's wrap-up */
  agentDone(q: QueueState, ext: ExtState, now: number): void {
    const w = this.w;
    const member = q.members.get(ext.number);
    if (member) member.lastCall = now;
    const wrapup = (q.cfg.wrapupSec ?? w.traffic.wrapupSec) * SEC;
    if (wrapup > 0) {
      ext.wrapupUntil = now + wrapup;
      w.updateQueueAvail(q);
      w.sched.after(wrapup, () => {
        for (const other of ext.corp.queues.values()) {
          if (!other.members.has(ext.number)) continue;
          w.updateQueueAvail(other);
          w.requestDispatch(other);
        }
      });
    }
  }

  /** D-PST: the caller hears each question and presses 0-9, or hangs up and the poll ends there */
  private askPoll(call: QueueCall, exten: string, pollId: number, questions: number[], index: number): void {
    const w = this.w;
    const ch = call.caller;
    call.phase = 'poll';
    if (index >= questions.length || (index > 0 && !w.choices.chance(w.traffic.pollContinueProbability))) {
      if (index >= questions.length) w.dialplan(ch, 'Hangup', '');
      w.hangupRequest(ch, 16, index >= questions.length);
      w.destroy(ch, 16);
      w.finish(call);
      return;
    }
    const question = questions[index];
    w.dialplan(ch, 'Read', `POLL_ANSWER,custom/question-${question},1,,1,5`, index === 0 ? { context: `c${call.corp.corpId}-poll`, exten: String(pollId) } : undefined);
    const answer = pollAnswer(w.choices, agentQuality(exten));
    w.later(call, w.choices.uniform(0.6, 1.4) * w.traffic.pollQuestionSec * SEC, () => {
      w.varset(ch, 'POLL_ANSWER', String(answer));
      this.records.pollAnswer(call.corp.corpId, pollId, question, ch, exten, answer);
      this.askPoll(call, exten, pollId, questions, index + 1);
    });
  }

  /** the caller leaves before an answer: patience (ABANDON), queue timeout, or a hang-up command */
  private leaveUnanswered(call: QueueCall, event: 'ABANDON' | 'EXITWITHTIMEOUT', soft = false): void {
    if (call.phase !== 'waiting' && call.phase !== 'ringing') return;
    const w = this.w;
    const q = call.queue;
    const ch = call.caller;
    const position = q.waiting.indexOf(call) + 1;
    this.cancelLegs(call, 16, event === 'ABANDON');
    q.waiting = q.waiting.filter((c) => c !== call);
    const waited = Math.round((w.now() - call.enteredAt) / SEC);
    this.records.queueLog(q, ch.id, 'NONE', event, [position, call.originalPosition, waited]);
    if (event === 'EXITWITHTIMEOUT') {
      w.varset(ch, 'QUEUESTATUS', 'TIMEOUT');
      w.dialplan(ch, 'Hangup', '');
      w.hangupRequest(ch, 16, true);
    } else w.hangupRequest(ch, 16, soft);
    w.destroy(ch, 16);
    this.queueCdr(call, 'NO ANSWER');
    w.finish(call);
    w.updateQueueAvail(q);
  }

  private queueCdr(call: QueueCall, disposition: CdrDisposition): void {
    this.records.cdr(call, this.queueCdrFields(call, disposition));
  }

  /** what the caller's record says now (a transfer keeps it as the record Asterisk closed before moving the channel) */
  queueCdrFields(call: QueueCall, disposition: CdrDisposition): CdrFields {
    const ch = call.caller;
    const lastdata = `${call.queue.name},t,,,${call.queue.cfg.maxWaitSec || ''}`;
    const origin = call.campaign;
    if (origin) {
      // the callee had answered the campaign's call before it queued: answered, whatever the queue did
      return {
        src: origin.number,
        clid: `"" <${origin.number}>`,
        dst: String(call.queue.cfg.id),
        dcontext: `c${call.corp.corpId}-queues`,
        channel: ch,
        dstchannel: disposition === 'ANSWERED' && call.agentCh ? call.agentCh.name : '',
        lastapp: 'Queue',
        lastdata,
        disposition: 'ANSWERED',
        answeredAt: origin.answeredAt,
        userfield: campaignCdrUserfield(origin.campaignId, origin.number),
      };
    }
    const transferred = call.transferred;
    return {
      src: ch.caller.number,
      clid: `"${ch.caller.name}" <${ch.caller.number}>`,
      dst: transferred ? transferred.dst : call.did,
      dcontext: transferred ? transferred.dcontext : `c${call.corp.corpId}-inbound`,
      channel: ch,
      dstchannel: disposition === 'ANSWERED' && call.agentCh ? call.agentCh.name : '',
      lastapp: call.phase === 'ivr' ? 'BackGround' : 'Queue',
      lastdata: call.phase === 'ivr' ? `custom/ivr-${call.queue.name}` : lastdata,
      disposition,
      // a transferred channel was up before it queued: Asterisk's record answers with its start
      ...(transferred ? { startedAt: transferred.startedAt, answeredAt: transferred.answeredAt } : {}),
    };
  }

  // ================================================================ hang-up command

  /** ends the queue call a channel belongs to, as if that channel hung up (cause 16, soft) */
  hangup(call: QueueCall, ch: SimChannel): void {
    const w = this.w;
    if (ch === call.caller) {
      if (call.phase === 'ivr') {
        w.hangupRequest(ch, 16, true);
        w.destroy(ch, 16);
        this.queueCdr(call, 'NO ANSWER');
        w.finish(call);
      } else if (call.phase === 'poll') {
        w.hangupRequest(ch, 16, true);
        w.destroy(ch, 16);
        w.finish(call);
      } else if (call.phase === 'talking') this.completeQueueCall(call, 'caller', true);
      else this.leaveUnanswered(call, 'ABANDON', true);
    } else if (ch === call.agentCh) this.completeQueueCall(call, 'agent', true);
    else {
      const leg = call.legs.find((l) => l.ch === ch);
      if (leg) {
        w.hangupRequest(ch, 16, true);
        this.legUnanswered(call, leg, 16);
      }
    }
  }
}
