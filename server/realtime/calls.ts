/**
 * Channels, calls and bridges: how ARI's channel events become calls (legs tied together by Dial caller
 * → peer and by bridges) and the call pushes (Ringing, CallConnected, Hangup, B-PNL-20..23). A call's
 * identity is its first channel's id, Asterisk's linkedid (domain callKey).
 */
import { parseChanSpy } from '../../domain';
import { parseAriTimestamp, type AriChannel, type DialEvent } from '../pbx';
import { channelEndpoint } from './attribution';
import type { AgentTracker } from './agents';
import type { ExtensionTracker } from './extensions';
import type { Publisher } from './publisher';
import type { QueueTracker } from './queues';
import { isExtNumber, partyNumber, type CallRecord, type ChannelRecord, type CorpState, type LiveState } from './state';

const SEC = 1000;

export class CallTracker {
  constructor(
    private readonly state: LiveState,
    private readonly out: Publisher,
    private readonly extensions: ExtensionTracker,
    private readonly queues: QueueTracker,
    private readonly agents: AgentTracker,
  ) {}

  // ---------------------------------------------------------------- channels

  upsertChannel(corp: CorpState, ch: AriChannel, at: number): ChannelRecord | null {
    const known = corp.channels.get(ch.id);
    if (known) {
      if (known.state !== ch.state) this.state.touch(corp, known);
      known.name = ch.name;
      known.state = ch.state;
      if (ch.state === 'Up' && known.upAt === null) known.upAt = at;
      known.callerNumber = ch.caller?.number ?? known.callerNumber;
      known.connectedNumber = ch.connected?.number ?? known.connectedNumber;
      if (ch.dialplan) {
        known.context = ch.dialplan.context;
        known.exten = ch.dialplan.exten;
        known.app = ch.dialplan.app_name;
      }
      return known;
    }
    if (this.state.recent.has(ch.id)) return null;
    const endpoint = channelEndpoint(ch.name);
    const number = endpoint && endpoint.corpId === corp.corpId ? endpoint.number : null;
    const parsed = parseAriTimestamp(ch.creationtime);
    const created = Number.isFinite(parsed) ? parsed : at;
    const rec: ChannelRecord = {
      id: ch.id,
      corpId: corp.corpId,
      name: ch.name,
      state: ch.state,
      callerNumber: ch.caller?.number ?? '',
      connectedNumber: ch.connected?.number ?? '',
      endpoint: endpoint ? endpoint.resource : null,
      number,
      isExt: number !== null && isExtNumber(number, corp),
      context: ch.dialplan?.context ?? '',
      exten: ch.dialplan?.exten ?? '',
      app: ch.dialplan?.app_name ?? '',
      created,
      upAt: ch.state === 'Up' ? at : null,
      call: null,
      bridge: null,
      onHold: false,
      hangingUp: false,
      queued: null,
    };
    this.state.addChannel(corp, rec);
    return rec;
  }

  /** a hang-up was requested (`destroyed` false) or the channel is gone */
  channelGone(corp: CorpState, rec: ChannelRecord, cause: number, destroyed: boolean, at: number): void {
    if (!rec.hangingUp) {
      rec.hangingUp = true;
      this.state.touch(corp, rec);
    }
    if (rec.queued !== null) this.queues.leave(corp, rec, 'abandoned', at);
    const call = rec.call !== null ? corp.calls.get(rec.call) : undefined;
    if (call && !call.ended) {
      const ends = call.answeredAt !== null ? call.talking.has(rec.id) : rec.id === call.origin;
      if (ends) this.endCall(corp, call, cause, at);
    }
    if (!destroyed) return;
    if (rec.bridge !== null) this.leaveBridge(rec);
    this.state.removeChannel(corp, rec);
    if (call) {
      call.channels.delete(rec.id);
      if (call.channels.size === 0) {
        if (!call.ended) this.endCall(corp, call, cause, at);
        corp.calls.delete(call.key);
      }
    }
  }

  hold(corp: CorpState, rec: ChannelRecord, held: boolean): void {
    if (rec.onHold === held) return;
    rec.onHold = held;
    this.state.touch(corp, rec);
  }

  // ---------------------------------------------------------------- calls

  liveCall(corp: CorpState, rec: ChannelRecord): CallRecord | undefined {
    const call = rec.call !== null ? corp.calls.get(rec.call) : undefined;
    return call && !call.ended ? call : undefined;
  }

  ensureCall(corp: CorpState, rec: ChannelRecord, at: number): CallRecord {
    const live = this.liveCall(corp, rec);
    if (live) return live;
    const fresh = rec.call === null;
    if (!fresh) this.detach(corp, rec, at);
    return this.newCall(corp, rec, fresh ? rec.created : at);
  }

  newCall(corp: CorpState, origin: ChannelRecord, time: number): CallRecord {
    const call: CallRecord = {
      key: this.state.nextCallKey(),
      id: origin.id,
      corpId: corp.corpId,
      origin: origin.id,
      channels: new Set([origin.id]),
      time,
      // an outside caller without a number is 'anonymous' (not the number it dialed)
      caller: origin.isExt && origin.number ? origin.number : origin.callerNumber || 'anonymous',
      // an originated call waits in `s` with the destination as its connected line (the adapter's callerId)
      dialed: origin.exten === 's' ? origin.connectedNumber : origin.exten,
      receiver: null,
      answeredAt: null,
      talking: new Set(),
      trunk: origin.isExt ? null : origin.endpoint,
      // from a trunk endpoint, or through an inbound context
      inbound: (origin.endpoint !== null && !origin.isExt) || /-inbound$/.test(origin.context),
      queueName: null,
      queueId: null,
      spy: null,
      recording: null,
      ended: false,
    };
    origin.call = call.key;
    corp.calls.set(call.key, call);
    this.state.touch(corp, origin);
    this.out.callsChanged(corp.corpId);
    return call;
  }

  addLeg(corp: CorpState, call: CallRecord, rec: ChannelRecord, at: number): void {
    if (rec.call === call.key) return;
    if (rec.call !== null) this.detach(corp, rec, at);
    call.channels.add(rec.id);
    rec.call = call.key;
    if (!rec.isExt && call.trunk === null) call.trunk = rec.endpoint;
    this.state.touch(corp, rec);
    this.out.callsChanged(corp.corpId);
  }

  /** a channel moves to another call (e.g. it called again after its call ended) */
  private detach(corp: CorpState, rec: ChannelRecord, at: number): void {
    const old = rec.call !== null ? corp.calls.get(rec.call) : undefined;
    rec.call = null;
    if (!old) return;
    old.channels.delete(rec.id);
    old.talking.delete(rec.id);
    if (old.channels.size === 0) {
      if (!old.ended) this.endCall(corp, old, 16, at);
      corp.calls.delete(old.key);
    }
  }

  onDial(corp: CorpState, event: DialEvent, at: number): void {
    const peer = this.upsertChannel(corp, event.peer, at);
    if (!peer) return;
    const caller = event.caller ? this.upsertChannel(corp, event.caller, at) : null;
    if (!caller) {
      // an originate (click-to-call): the first leg rings the extension itself. It is not a call
      // between two parties yet: no Ringing push (it would show the extension "with itself"); the
      // extension's own state (ringing, with the number it will call) goes out as DeviceStateChanged.
      this.ensureCall(corp, peer, at);
      this.state.touch(corp, peer);
      return;
    }
    const call = this.ensureCall(corp, caller, at);
    this.addLeg(corp, call, peer, at);
    if (event.dialstatus === 'RINGING') this.ringing(corp, call, peer, at);
    else if (event.dialstatus === 'ANSWER') this.connect(corp, call, caller, peer, at);
  }

  private ringing(corp: CorpState, call: CallRecord, peer: ChannelRecord, at: number): void {
    const receiver = partyNumber(peer);
    if (call.answeredAt === null && call.receiver !== receiver) {
      call.receiver = receiver;
      this.out.callsChanged(corp.corpId);
    }
    this.out.send(corp.corpId, 'Ringing', { corpId: corp.corpId, callId: call.id, caller: call.caller, receiver, ts: at });
    this.extensions.ring(corp, call.caller, 'caller', receiver, call.key, at);
    if (receiver !== call.caller) this.extensions.ring(corp, receiver, 'receiver', call.caller, call.key, at);
  }

  connect(corp: CorpState, call: CallRecord, caller: ChannelRecord | null, peer: ChannelRecord, at: number): void {
    if (call.answeredAt !== null && call.talking.has(peer.id) && (!caller || call.talking.has(caller.id))) return;
    call.answeredAt ??= at;
    call.talking = new Set(caller ? [caller.id, peer.id] : [peer.id]);
    const receiver = partyNumber(peer);
    call.receiver = receiver;
    this.out.callsChanged(corp.corpId);
    this.out.send(corp.corpId, 'CallConnected', { corpId: corp.corpId, callId: call.id, caller: call.caller, receiver, ts: at });
    this.extensions.connect(corp, call.caller, receiver, call.key, at);
    if (receiver !== call.caller) this.extensions.connect(corp, receiver, call.caller, call.key, at);
    for (const rec of [caller, peer]) {
      if (!rec) continue;
      this.state.touch(corp, rec);
      if (rec.queued !== null) this.queues.leave(corp, rec, 'answered', at);
    }
  }

  private endCall(corp: CorpState, call: CallRecord, cause: number, at: number): void {
    call.ended = true;
    this.out.callsChanged(corp.corpId);
    // a supervisor's leg names the supervisor alone (G-SPY-05): the extension listened to goes on with its
    // own call (a browser that knows no call id of it would end that call, and note the leg in its history)
    const receiver = call.spy ? call.caller : (call.receiver ?? call.dialed);
    const duration = call.answeredAt === null ? 0 : Math.max(0, Math.round((at - call.answeredAt) / SEC));
    this.out.send(corp.corpId, 'Hangup', { corpId: corp.corpId, callId: call.id, caller: call.caller, receiver, cause, duration, ts: at });
    // the browsers end the call for the push's two parties (B-PNL-23); the others follow their channels
    this.extensions.hangup(corp, call.caller, call.key, at);
    if (receiver !== call.caller) this.extensions.hangup(corp, receiver, call.key, at);
    // the agent of an answered queue call rests now (the queue's wrap-up time)
    if (call.queueId !== null && call.answeredAt !== null && call.receiver !== null) this.agents.wrapUp(corp, call.receiver, call.queueId, at);
    for (const id of call.channels) {
      const rec = corp.channels.get(id);
      if (rec) this.state.touch(corp, rec);
    }
  }

  /** the newest call in progress between two numbers (either way round), for HangUp (B-ACT-04) */
  findCall(corp: CorpState, caller: string, receiver: string): CallRecord | null {
    let found: CallRecord | null = null;
    for (const call of corp.calls.values()) {
      if (call.ended) continue;
      const to = [call.receiver ?? call.dialed, call.dialed];
      const match = (call.caller === caller && to.includes(receiver)) || (call.caller === receiver && to.includes(caller));
      if (match && (!found || call.time >= found.time)) found = call;
    }
    return found;
  }

  /**
   * A supervisor's leg runs ChanSpy on an extension's channel (G-SPY-05): its call says so, with the
   * extension listened to as the party and the mode, so the wall and active calls show it as a listening
   * leg of that call.
   */
  spyOn(corp: CorpState, rec: ChannelRecord, appData: string, at: number): void {
    const parsed = parseChanSpy(appData);
    if (!parsed) return;
    let spied: ChannelRecord | undefined;
    for (const other of corp.channels.values()) if (other.name === parsed.channel) spied = other;
    const call = this.ensureCall(corp, rec, at);
    const number = spied ? partyNumber(spied) : (channelEndpoint(parsed.channel)?.number ?? parsed.channel);
    call.spy = { number, mode: parsed.mode };
    call.dialed = number;
    call.receiver = number;
    this.state.touch(corp, rec);
    this.out.callsChanged(corp.corpId);
  }

  // ---------------------------------------------------------------- queues

  /** a channel runs the Queue application (`{corpId}_{queueId}[,options]`) */
  enterQueue(corp: CorpState, rec: ChannelRecord, appData: string, at: number, announce: boolean): void {
    const q = this.queues.find(corp, appData);
    if (!q || rec.queued === q.cfg.queueId) return;
    const current = this.liveCall(corp, rec);
    if (current && current.answeredAt !== null && current.talking.has(rec.id)) return; // an old event replayed
    if (rec.queued !== null) this.queues.leave(corp, rec, 'timeout', at);
    const call = this.ensureCall(corp, rec, at);
    this.queues.join(corp, q, rec, call, at, announce);
    this.out.callsChanged(corp.corpId);
  }

  // ---------------------------------------------------------------- bridges

  enterBridge(corp: CorpState, rec: ChannelRecord, bridgeId: string, at: number): void {
    let bridge = this.state.bridges.get(bridgeId);
    if (!bridge) {
      bridge = { corpId: corp.corpId, channels: new Set() };
      this.state.bridges.set(bridgeId, bridge);
    }
    if (bridge.corpId !== corp.corpId) {
      this.state.drop('conflict');
      return;
    }
    if (rec.bridge !== null && rec.bridge !== bridgeId) this.leaveBridge(rec);
    bridge.channels.add(rec.id);
    rec.bridge = bridgeId;
    const others: ChannelRecord[] = [];
    for (const id of bridge.channels) {
      const other = id === rec.id ? undefined : corp.channels.get(id);
      if (other) others.push(other);
    }
    let found = this.liveCall(corp, rec);
    if (!found) {
      const joined = others.map((o) => this.liveCall(corp, o)).find((c) => c !== undefined);
      if (joined) {
        this.addLeg(corp, joined, rec, at);
        found = joined;
      } else found = this.ensureCall(corp, rec, at);
    }
    let call = found;
    let partner = others.find((o) => o.call === call.key);
    if (!partner) {
      // two calls meet in one two-party bridge (an attended transfer's AMI Bridge: the transferred channel,
      // then the party its consultation reached): the leg that is not its call's first joins the other's
      // call, which goes on with the new party (the call each leaves ends when its own channels go)
      const other = others.length === 1 ? others[0] : undefined;
      const otherCall = other ? this.liveCall(corp, other) : undefined;
      if (!other || !otherCall || otherCall === call) return;
      let stays: ChannelRecord;
      if (rec.id !== call.origin) {
        this.addLeg(corp, otherCall, rec, at);
        call = otherCall;
        stays = other;
      } else if (other.id !== otherCall.origin) {
        this.addLeg(corp, call, other, at);
        stays = rec;
      } else return;
      // the party that stays calls now when the call's first one is leaving it (the transferring extension's own call)
      if (stays.id !== call.origin) call.caller = partyNumber(stays);
      partner = other;
    }
    if (call.answeredAt === null || !call.talking.has(rec.id)) {
      const [a, b] = rec.id === call.origin || (partner.id !== call.origin && rec.created <= partner.created) ? [rec, partner] : [partner, rec];
      this.connect(corp, call, a, b, at);
    }
  }

  leaveBridge(rec: ChannelRecord): void {
    const id = rec.bridge;
    rec.bridge = null;
    if (id === null) return;
    const bridge = this.state.bridges.get(id);
    if (!bridge) return;
    bridge.channels.delete(rec.id);
    if (bridge.channels.size === 0) this.state.bridges.delete(id);
  }

  forgetBridge(id: string): void {
    const bridge = this.state.bridges.get(id);
    if (!bridge) return;
    this.state.bridges.delete(id);
    const corp = this.state.corps.get(bridge.corpId);
    for (const channelId of bridge.channels) {
      const rec = corp?.channels.get(channelId);
      if (rec && rec.bridge === id) rec.bridge = null;
    }
  }
}
