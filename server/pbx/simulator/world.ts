/**
 * The simulated PBX itself, below the call logic: the clock, the random streams, the corps,
 * channels, bridges and calls in progress, and the primitives that change them while emitting exactly
 * the ARI events Asterisk would (reference/protocols.md §3): channels and their states, dialplan steps,
 * dials, bridges, holds, device states (of phones and of queues' `_avail` devices) and registrations.
 * The call logic (queue-calls, dial-calls, campaign-calls, voicemail) drives these.
 */
import { Subject } from 'rxjs';
import { endpointName } from '../../../domain';
import {
  ariTimestamp,
  CAUSE_TXT,
  type AriBridge,
  type AriCallerId,
  type AriChannel,
  type AriChannelState,
  type AriContactStatus,
  type AriDeviceStateValue,
  type AriEndpoint,
  type AriEvent,
  type AriEventBody,
  type DialStatus,
} from '../ari';
import type { Duration, SimExtension, SimQueue, TrafficOptions } from './config';
import { deriveSeed, Rng } from './random';
import { Scheduler, type Timer } from './scheduler';
import type { Call, CallBase, CorpState, ExtState, MemberState, QueueState, SimBridge, SimChannel } from './state';

export const SEC = 1000;
export const HOUR = 3_600_000;

export interface WorldOptions {
  seed: number;
  start: number;
  traffic: TrafficOptions;
  application: string;
  asteriskId: string;
  /** whether answered calls are recorded (MixMonitor) */
  recordings: boolean;
}

export interface NewChannel {
  endpoint: string;
  ext: ExtState | null;
  state: AriChannelState;
  caller: AriCallerId;
  connected: AriCallerId;
  context: string;
  exten: string;
  /** the endpoint's accountcode when it is not the corp's (a trunk endpoint of another corp); default the corp */
  accountcode?: string;
}

export class SimWorld {
  readonly events = new Subject<AriEvent>();
  readonly sched: Scheduler;
  /** the stream of the call centre's own traffic (arrivals, rings, talk, registrations) */
  readonly rng: Rng;
  /** channel protocol ids and bridge ids */
  readonly ids: Rng;
  /** what callers choose: IVR keys, poll answers, messages left (drawn apart from the traffic, see deriveSeed) */
  readonly choices: Rng;
  /** campaign call outcomes and their timing */
  readonly campaign: Rng;
  readonly traffic: TrafficOptions;
  readonly corps = new Map<number, CorpState>();
  readonly channels = new Map<string, SimChannel>();
  readonly bridges = new Map<string, SimBridge>();
  readonly calls = new Set<Call>();
  /** the queue logic's dispatch (set by the simulator): rings members for a queue's waiting callers */
  dispatch: (q: QueueState) => void = () => undefined;
  /** a channel was destroyed (set by the simulator: the ChanSpy legs on it end) */
  channelGone: (channelId: string) => void = () => undefined;
  /** the ARI application (of every event, and the one campaign calls enter) */
  readonly application: string;
  private readonly asteriskId: string;
  private readonly recordings: boolean;
  private uniqueCounter = 0;
  private channelCounter = 0;
  callCounter = 0;
  eventCount = 0;
  callsFinished = 0;

  constructor(options: WorldOptions) {
    this.sched = new Scheduler(options.start);
    this.rng = new Rng(options.seed);
    this.ids = new Rng(options.seed ^ 0x5eed1d5);
    this.choices = new Rng(deriveSeed(options.seed, 'choices'));
    this.campaign = new Rng(deriveSeed(options.seed, 'campaign'));
    this.traffic = options.traffic;
    this.application = options.application;
    this.asteriskId = options.asteriskId;
    this.recordings = options.recordings;
  }

  now(): number {
    return this.sched.now();
  }

  // ================================================================ corps, extensions, queues

  newExtension(corp: CorpState, e: SimExtension, index: number, registered: boolean): ExtState {
    const endpoint = endpointName(corp.corpId, e.number);
    const ext: ExtState = {
      corp,
      number: e.number,
      userName: e.userName,
      cfg: e,
      endpoint,
      device: `PJSIP/${endpoint}`,
      registered,
      contactStatus: registered ? 'Reachable' : 'Removed',
      ip: `10.${corp.corpId % 250}.${Math.floor(index / 240) % 250}.${10 + (index % 240)}`,
      port: this.rng.int(20000, 60000),
      channels: new Set(),
      lastDevice: registered ? 'NOT_INUSE' : 'UNAVAILABLE',
      wrapupUntil: 0,
      dnd: e.dnd ?? false,
      flapTimer: null,
      removed: false,
    };
    corp.exts.set(e.number, ext);
    return ext;
  }

  newQueue(corp: CorpState, cfg: SimQueue): QueueState {
    const q: QueueState = {
      corp,
      cfg,
      name: `${corp.corpId}_${cfg.id}`,
      members: new Map(cfg.members.map((n) => [n, newMember(n, cfg.paused?.[n])])),
      waiting: [],
      rrpos: -1,
      lastAvail: null,
      arrivalTimer: null,
      dispatchPending: false,
    };
    q.lastAvail = this.queueAvail(q);
    corp.queues.set(cfg.id, q);
    return q;
  }

  // ================================================================ events and their JSON

  emit(body: AriEventBody): void {
    const event = { ...body, timestamp: ariTimestamp(this.sched.now()), asterisk_id: this.asteriskId, application: this.application } as AriEvent;
    this.eventCount++;
    this.events.next(event);
  }

  channelJson(ch: SimChannel): AriChannel {
    return {
      id: ch.id,
      name: ch.name,
      state: ch.state,
      protocol_id: ch.protocolId,
      caller: { ...ch.caller },
      connected: { ...ch.connected },
      accountcode: ch.accountcode,
      dialplan: { ...ch.dialplan },
      creationtime: ariTimestamp(ch.created),
      language: 'en',
    };
  }

  bridgeJson(b: SimBridge): AriBridge {
    return {
      id: b.id,
      technology: 'simple_bridge',
      bridge_type: 'mixing',
      bridge_class: 'basic',
      creator: 'Queue',
      name: '',
      channels: [...b.channels],
      creationtime: ariTimestamp(b.created),
      video_mode: 'talker',
    };
  }

  endpointJson(ext: ExtState): AriEndpoint {
    return {
      technology: 'PJSIP',
      resource: ext.endpoint,
      state: ext.registered ? 'online' : 'offline',
      channel_ids: [...ext.channels].map((c) => c.id),
    };
  }

  uuid(): string {
    const hex = (n: number) => Array.from({ length: n }, () => Math.floor(this.ids.float() * 16).toString(16)).join('');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  }

  // ================================================================ channel primitives

  newChannel(corp: CorpState, call: Call, o: NewChannel): SimChannel {
    const now = this.sched.now();
    const ch: SimChannel = {
      id: `${Math.floor(now / SEC)}.${++this.uniqueCounter}`,
      name: `PJSIP/${o.endpoint}-${(++this.channelCounter % 0x100000000).toString(16).padStart(8, '0')}`,
      state: o.state,
      protocolId: `${this.uuid()}@${o.ext ? o.ext.ip : '203.0.113.10'}`,
      caller: { ...o.caller },
      connected: { ...o.connected },
      dialplan: { context: o.context, exten: o.exten, priority: 1, app_name: '', app_data: '' },
      created: now,
      corp,
      accountcode: o.accountcode ?? String(corp.corpId),
      ext: o.ext,
      onHold: false,
      call,
    };
    this.channels.set(ch.id, ch);
    o.ext?.channels.add(ch);
    this.emit({ type: 'ChannelCreated', channel: this.channelJson(ch) });
    if (o.ext) this.updateDevice(o.ext);
    return ch;
  }

  setState(ch: SimChannel, state: AriChannelState): void {
    if (ch.state === state) return;
    ch.state = state;
    this.emit({ type: 'ChannelStateChange', channel: this.channelJson(ch) });
    if (ch.ext) this.updateDevice(ch.ext);
  }

  /** the channel runs a dialplan application (at a new place when `at` is given, else the next priority) */
  dialplan(ch: SimChannel, app: string, data: string, at?: { context: string; exten: string }): void {
    if (at) ch.dialplan = { context: at.context, exten: at.exten, priority: 1, app_name: app, app_data: data };
    else ch.dialplan = { ...ch.dialplan, priority: ch.dialplan.app_name === '' ? ch.dialplan.priority : ch.dialplan.priority + 1, app_name: app, app_data: data };
    this.emit({ type: 'ChannelDialplan', channel: this.channelJson(ch), dialplan_app: app, dialplan_app_data: data });
  }

  /** Set(CHANNEL(accountcode)=…) has run: ARI sends no event of it, the channel's next events carry it */
  setAccountcode(ch: SimChannel, accountcode: string): void {
    ch.accountcode = accountcode;
  }

  varset(ch: SimChannel, variable: string, value: string): void {
    this.emit({ type: 'ChannelVarset', variable, value, channel: this.channelJson(ch) });
  }

  callerId(ch: SimChannel, name: string, number = ch.caller.number): void {
    ch.caller = { name, number };
    this.emit({ type: 'ChannelCallerId', caller_presentation: 0, caller_presentation_txt: 'Presentation Allowed, Not Screened', channel: this.channelJson(ch) });
  }

  connectedLine(ch: SimChannel, party: AriCallerId): void {
    ch.connected = { ...party };
    this.emit({ type: 'ChannelConnectedLine', channel: this.channelJson(ch) });
  }

  hangupRequest(ch: SimChannel, cause: number, soft = false): void {
    this.emit(soft ? { type: 'ChannelHangupRequest', cause, soft: true, channel: this.channelJson(ch) } : { type: 'ChannelHangupRequest', cause, channel: this.channelJson(ch) });
  }

  destroy(ch: SimChannel, cause: number): void {
    if (!this.channels.has(ch.id)) return;
    this.emit({ type: 'ChannelDestroyed', cause, cause_txt: CAUSE_TXT[cause] ?? 'Unknown', channel: this.channelJson(ch) });
    this.channels.delete(ch.id);
    const ext = ch.ext;
    if (ext) {
      ext.channels.delete(ch);
      if (ext.removed && ext.channels.size === 0) ext.corp.exts.delete(ext.number);
      this.updateDevice(ext);
    }
    this.channelGone(ch.id);
  }

  dial(caller: SimChannel | null, peer: SimChannel, dialstring: string, status: DialStatus): void {
    if (caller) this.emit({ type: 'Dial', caller: this.channelJson(caller), peer: this.channelJson(peer), dialstring, dialstatus: status });
    else this.emit({ type: 'Dial', peer: this.channelJson(peer), dialstring, dialstatus: status });
  }

  bridgeUp(call: Call, a: SimChannel, b: SimChannel): void {
    const bridge: SimBridge = { id: this.uuid(), channels: [], created: this.sched.now() };
    this.bridges.set(bridge.id, bridge);
    call.bridge = bridge;
    this.emit({ type: 'BridgeCreated', bridge: this.bridgeJson(bridge) });
    for (const ch of [a, b]) {
      bridge.channels.push(ch.id);
      this.emit({ type: 'ChannelEnteredBridge', bridge: this.bridgeJson(bridge), channel: this.channelJson(ch) });
    }
    this.varset(a, 'BRIDGEPEER', b.name);
    this.varset(b, 'BRIDGEPEER', a.name);
  }

  leaveBridge(call: Call, ch: SimChannel): void {
    const bridge = call.bridge;
    if (!bridge || !bridge.channels.includes(ch.id)) return;
    bridge.channels = bridge.channels.filter((id) => id !== ch.id);
    this.emit({ type: 'ChannelLeftBridge', bridge: this.bridgeJson(bridge), channel: this.channelJson(ch) });
  }

  bridgeDown(call: Call): void {
    const bridge = call.bridge;
    if (!bridge) return;
    this.emit({ type: 'BridgeDestroyed', bridge: this.bridgeJson(bridge) });
    this.bridges.delete(bridge.id);
    call.bridge = null;
  }

  hold(ch: SimChannel): void {
    if (ch.onHold || !this.channels.has(ch.id)) return;
    ch.onHold = true;
    this.emit({ type: 'ChannelHold', channel: this.channelJson(ch), musicclass: 'default' });
    if (ch.ext) this.updateDevice(ch.ext);
  }

  unhold(ch: SimChannel): void {
    if (!ch.onHold) return;
    ch.onHold = false;
    this.emit({ type: 'ChannelUnhold', channel: this.channelJson(ch) });
    if (ch.ext) this.updateDevice(ch.ext);
  }

  /** MixMonitor on an answered call: the recording's name (the sink gets the WAV with the cdr row) */
  startRecording(call: Call, ch: SimChannel): void {
    call.recording = this.recordings ? `${call.corp.corpId}/${new Date(this.sched.now()).toISOString().slice(0, 10).replaceAll('-', '')}/${ch.id}.wav` : '';
    if (call.recording) this.varset(ch, 'MIXMONITOR_FILENAME', call.recording);
  }

  // ================================================================ devices and registration

  private deviceOf(ext: ExtState): AriDeviceStateValue {
    if (ext.channels.size === 0) return ext.registered ? 'NOT_INUSE' : 'UNAVAILABLE';
    let ringing = false;
    let inUse = false;
    let held = false;
    for (const ch of ext.channels) {
      if (ch.onHold) held = true;
      else if (ch.state === 'Ringing') ringing = true;
      else if (ch.state !== 'Down') inUse = true;
    }
    if (ringing) return inUse || held ? 'RINGINUSE' : 'RINGING';
    if (inUse) return 'INUSE';
    if (held) return 'ONHOLD';
    return ext.registered ? 'NOT_INUSE' : 'UNAVAILABLE';
  }

  updateDevice(ext: ExtState): void {
    const state = this.deviceOf(ext);
    if (state === ext.lastDevice) return;
    ext.lastDevice = state;
    this.emit({ type: 'DeviceStateChanged', device_state: { name: ext.device, state } });
    for (const q of ext.corp.queues.values()) {
      if (!q.members.has(ext.number)) continue;
      this.updateQueueAvail(q);
      if (state === 'NOT_INUSE') this.requestDispatch(q);
    }
  }

  memberAvailable(q: QueueState, m: MemberState): boolean {
    const ext = q.corp.exts.get(m.number);
    // DND keeps queue calls away by pausing the member (as with Asterisk, whose app_queue rings the device, not the extension's dialplan)
    return !!ext && !ext.removed && ext.registered && !m.paused && ext.channels.size === 0 && this.sched.now() >= ext.wrapupUntil;
  }

  queueAvail(q: QueueState): AriDeviceStateValue {
    for (const m of q.members.values()) if (this.memberAvailable(q, m)) return 'NOT_INUSE';
    return 'INUSE';
  }

  /** app_queue's `Queue:{name}_avail` device: NOT_INUSE while a member is free */
  updateQueueAvail(q: QueueState): void {
    const state = this.queueAvail(q);
    if (state === q.lastAvail) return;
    q.lastAvail = state;
    this.emit({ type: 'DeviceStateChanged', device_state: { name: `Queue:${q.name}_avail`, state } });
  }

  /** the queue looks for members at the end of this instant (several changes at once: one look) */
  requestDispatch(q: QueueState): void {
    if (q.dispatchPending) return;
    q.dispatchPending = true;
    this.sched.after(0, () => {
      q.dispatchPending = false;
      if (this.corps.get(q.corp.corpId)?.queues.get(q.cfg.id) === q) this.dispatch(q);
    });
  }

  private contactInfo(ext: ExtState, status: AriContactStatus) {
    return {
      uri: `sip:${ext.number}@${ext.ip}:${ext.port}`,
      contact_status: status,
      aor: ext.endpoint,
      roundtrip_usec: status === 'Reachable' ? String(this.rng.int(800, 40_000)) : '0',
    };
  }

  register(ext: ExtState): void {
    ext.registered = true;
    ext.contactStatus = 'Reachable';
    ext.port = this.rng.int(20000, 60000);
    this.emit({ type: 'ContactStatusChange', endpoint: this.endpointJson(ext), contact_info: this.contactInfo(ext, 'Reachable') });
    this.emit({ type: 'PeerStatusChange', endpoint: this.endpointJson(ext), peer: { peer_status: 'Reachable', address: ext.ip, port: String(ext.port) } });
    this.emit({ type: 'EndpointStateChange', endpoint: this.endpointJson(ext) });
    this.updateDevice(ext);
  }

  unregister(ext: ExtState, status: 'Unreachable' | 'Removed'): void {
    ext.registered = false;
    ext.contactStatus = status;
    this.emit({ type: 'ContactStatusChange', endpoint: this.endpointJson(ext), contact_info: this.contactInfo(ext, status) });
    this.emit({ type: 'PeerStatusChange', endpoint: this.endpointJson(ext), peer: { peer_status: 'Unreachable' } });
    this.emit({ type: 'EndpointStateChange', endpoint: this.endpointJson(ext) });
    this.updateDevice(ext);
  }

  // ================================================================ calls

  newBase(corp: CorpState): CallBase {
    return { seq: ++this.callCounter, corp, timers: [], bridge: null, answeredAt: null, startedAt: this.sched.now(), recording: '', done: false };
  }

  /** a call's timer: cancelled when the call finishes, never fires for a finished call */
  later(call: Call, ms: number, fn: () => void): Timer {
    const t = this.sched.after(ms, () => {
      if (!call.done) fn();
    });
    call.timers.push(t);
    return t;
  }

  /** the call is over: its timers go and nothing of it stays (memory bounded over days) */
  finish(call: Call): void {
    call.done = true;
    for (const t of call.timers) t.cancel();
    call.timers = [];
    this.calls.delete(call);
    this.callsFinished++;
  }

  duration(d: Duration, rng: Rng = this.rng): number {
    const sec = d.distribution === 'exponential' ? rng.exponential(d.meanSec) : rng.lognormal(d.meanSec, d.sigma ?? 0.6);
    return Math.max(1, sec) * SEC;
  }

  /** an occasional hold during talk: the extension's own channel holds (device ONHOLD) */
  maybeHold(call: Call, ch: SimChannel, talkMs: number): void {
    if (talkMs < 20 * SEC || !this.rng.chance(this.traffic.holdProbability)) return;
    const at = talkMs * this.rng.uniform(0.2, 0.6);
    const length = Math.min(this.rng.exponential(this.traffic.holdMeanSec * SEC), talkMs - at - 5 * SEC);
    if (length < SEC) return;
    this.later(call, at, () => this.hold(ch));
    this.later(call, at + length, () => this.unhold(ch));
  }
}

/** a member as it joins; paused when the configuration says it was (a pause kept over a restart) */
export function newMember(number: string, pause?: { reason: string; since: number }): MemberState {
  return { number, penalty: 0, paused: !!pause, reason: pause?.reason ?? '', lastPause: pause?.since ?? 0, callsTaken: 0, lastCall: 0 };
}
