/**
 * A believable call centre per corp, deterministic for a seed, emitting the ARI events Asterisk
 * would for the same calls (reference/protocols.md §3) and writing the cdr / queue_log rows (§4.3,
 * §4.4) plus a short WAV per answered call.
 *
 * Calls: inbound calls arrive per queue (Poisson, optional hourly profile), pass an IVR, wait in the
 * queue, ring members by the queue's strategy, are answered or abandoned (patience), talk (with an
 * occasional hold) and hang up; extensions also call each other and the outside. Extensions register
 * and unregister now and then. Finished calls leave nothing behind (memory stays bounded over days).
 */
import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { endpointName } from '../../../domain';
import {
  ariTimestamp,
  CAUSE_TXT,
  type AriBridge,
  type AriCallerId,
  type AriChannel,
  type AriChannelState,
  type AriContactStatus,
  type AriDeviceState,
  type AriDeviceStateValue,
  type AriDialplanCep,
  type AriEndpoint,
  type AriEvent,
  type AriEventBody,
  type DialStatus,
} from '../ari';
import { PbxError, type DialOutcome, type DialOutRequest, type OriginateRequest, type PbxAdapter, type PbxContact, type PbxSnapshot, type QueueMemberRequest } from '../adapter';
import { NULL_SINK, type CdrDisposition, type CdrRow, type QueueLogEvent, type RecordSink } from '../records';
import {
  DEFAULT_TRAFFIC,
  MANUAL_START,
  type Duration,
  type SimCorp,
  type SimExtension,
  type SimQueue,
  type SimulatorLogger,
  type SimulatorOptions,
  type TrafficOptions,
} from './config';
import { Rng } from './random';
import { Scheduler, type Timer } from './scheduler';
import { toneWav } from './wav';

const SEC = 1000;
const HOUR = 3_600_000;
const CALLER_NAMES = ['Maria Silva', 'João Souza', 'Ana Costa', 'Pedro Santos', 'Lucia Ferreira', 'Carlos Lima', 'Julia Alves', 'Rafael Rocha'];

interface ExtState {
  corp: CorpState;
  number: string;
  userName: string;
  endpoint: string;
  device: string;
  registered: boolean;
  /** last contact status reported (Removed: no contact left) */
  contactStatus: AriContactStatus;
  ip: string;
  port: number;
  channels: Set<SimChannel>;
  lastDevice: AriDeviceStateValue;
  wrapupUntil: number;
  flapTimer: Timer | null;
  removed: boolean;
}

interface MemberState {
  number: string;
  penalty: number;
  paused: boolean;
  callsTaken: number;
  lastCall: number;
}

interface QueueState {
  corp: CorpState;
  cfg: SimQueue;
  /** `{corpId}_{queueId}` */
  name: string;
  members: Map<string, MemberState>;
  waiting: QueueCall[];
  rrpos: number;
  lastAvail: AriDeviceStateValue | null;
  arrivalTimer: Timer | null;
  dispatchPending: boolean;
}

interface CorpState {
  cfg: SimCorp;
  corpId: number;
  trunk: string;
  exts: Map<string, ExtState>;
  queues: Map<number, QueueState>;
  timers: Timer[];
}

interface SimChannel {
  id: string;
  name: string;
  state: AriChannelState;
  protocolId: string;
  caller: AriCallerId;
  connected: AriCallerId;
  dialplan: AriDialplanCep;
  created: number;
  corp: CorpState;
  ext: ExtState | null;
  onHold: boolean;
  call: Call;
}

interface SimBridge {
  id: string;
  channels: string[];
  created: number;
}

interface Leg {
  ch: SimChannel;
  ext: ExtState;
  startedAt: number;
  timer: Timer;
}

interface CallBase {
  seq: number;
  corp: CorpState;
  timers: Timer[];
  bridge: SimBridge | null;
  answeredAt: number | null;
  startedAt: number;
  recording: string;
  done: boolean;
}

interface QueueCall extends CallBase {
  kind: 'queue';
  queue: QueueState;
  caller: SimChannel;
  phase: 'ivr' | 'waiting' | 'ringing' | 'talking';
  enteredAt: number;
  originalPosition: number;
  legs: Leg[];
  tried: Set<string>;
  retryAt: number;
  agent: ExtState | null;
  agentCh: SimChannel | null;
}

interface DialCall extends CallBase {
  kind: 'dial';
  origin: 'internal' | 'outbound' | 'originate';
  a: SimChannel;
  aExt: ExtState;
  b: SimChannel | null;
  target: string;
  external: boolean;
  phase: 'originating' | 'dialing' | 'ringing' | 'talking';
  dialstring: string;
  lastdata: string;
}

type Call = QueueCall | DialCall;

export interface SimulatorStats {
  now: number;
  channels: number;
  calls: number;
  bridges: number;
  timers: number;
  waiting: number;
  events: number;
  callsStarted: number;
  callsFinished: number;
}

function mergeTraffic(partial: Partial<TrafficOptions> | undefined): TrafficOptions {
  return { ...DEFAULT_TRAFFIC, ...(partial ?? {}) };
}

export class CallCentreSimulator implements PbxAdapter {
  readonly events$: Observable<AriEvent>;
  readonly connected$: Observable<boolean>;
  private readonly subject = new Subject<AriEvent>();
  private readonly connectedSubject = new BehaviorSubject<boolean>(false);
  private readonly sched: Scheduler;
  private readonly rng: Rng;
  private readonly ids: Rng;
  private readonly traffic: TrafficOptions;
  private readonly sink: RecordSink;
  private readonly recordings: boolean;
  private readonly application: string;
  private readonly asteriskId: string;
  private readonly log: SimulatorLogger;
  private readonly driver: 'manual' | 'realtime';
  private readonly timeFactor: number;
  private readonly corps = new Map<number, CorpState>();
  private readonly channels = new Map<string, SimChannel>();
  private readonly bridges = new Map<string, SimBridge>();
  private readonly calls = new Set<Call>();
  private uniqueCounter = 0;
  private channelCounter = 0;
  private callCounter = 0;
  private cdrSequence = 0;
  private eventCount = 0;
  private callsFinished = 0;
  private running = false;
  private generatorsStarted = false;
  private pacer: NodeJS.Timeout | null = null;
  private realStart = 0;
  private virtualStart = 0;
  private wav: Uint8Array | null = null;

  constructor(options: SimulatorOptions) {
    this.driver = options.driver ?? 'realtime';
    this.timeFactor = options.timeFactor ?? 1;
    this.sched = new Scheduler(options.startTime ?? (this.driver === 'manual' ? MANUAL_START : Date.now()));
    this.rng = new Rng(options.seed);
    this.ids = new Rng(options.seed ^ 0x5eed1d5);
    this.traffic = mergeTraffic(options.traffic);
    this.sink = options.sink ?? NULL_SINK;
    this.recordings = options.recordings ?? true;
    this.application = options.application ?? 'callboard';
    this.asteriskId = options.asteriskId ?? '52:54:00:ca:11:b0';
    this.log = options.log ?? { warn: () => undefined };
    this.events$ = this.subject.asObservable();
    this.connected$ = this.connectedSubject.asObservable();
    for (const corp of options.corps) this.addCorp(corp, false);
  }

  // ================================================================ clock and driver

  now(): number {
    return this.sched.now();
  }

  /** manual driver: runs the simulation for `ms` of virtual time */
  advance(ms: number): void {
    this.runUntil(this.sched.now() + ms);
  }

  runUntil(time: number): void {
    this.sched.runUntil(time);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (!this.generatorsStarted) {
      this.generatorsStarted = true;
      for (const corp of this.corps.values()) this.startGenerators(corp);
    }
    if (this.driver === 'realtime') {
      this.realStart = Date.now();
      this.virtualStart = this.sched.now();
      this.kick();
    }
    this.connectedSubject.next(true);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    if (this.driver === 'realtime') this.sync();
    this.running = false;
    if (this.pacer) clearTimeout(this.pacer);
    this.pacer = null;
    this.connectedSubject.next(false);
  }

  /** realtime driver: brings the virtual clock up to the wall clock */
  private sync(): void {
    if (this.driver !== 'realtime' || !this.running) return;
    this.sched.runUntil(this.virtualStart + (Date.now() - this.realStart) * this.timeFactor);
  }

  private kick(): void {
    if (this.driver !== 'realtime' || !this.running) return;
    if (this.pacer) clearTimeout(this.pacer);
    this.pacer = setTimeout(() => this.pace(), 0);
  }

  private pace(): void {
    this.pacer = null;
    if (!this.running) return;
    this.sync();
    const next = this.sched.nextAt();
    const wait = next === null ? 1000 : Math.min(1000, Math.max(0, (next - this.sched.now()) / this.timeFactor));
    this.pacer = setTimeout(() => this.pace(), wait);
  }

  stats(): SimulatorStats {
    let waiting = 0;
    for (const corp of this.corps.values()) for (const q of corp.queues.values()) waiting += q.waiting.length;
    return {
      now: this.sched.now(),
      channels: this.channels.size,
      calls: this.calls.size,
      bridges: this.bridges.size,
      timers: this.sched.pending,
      waiting,
      events: this.eventCount,
      callsStarted: this.callCounter,
      callsFinished: this.callsFinished,
    };
  }

  // ================================================================ configuration

  /** adds or replaces a corp's configuration (extensions and queues) while running */
  setCorp(cfg: SimCorp): void {
    this.sync();
    const corp = this.corps.get(cfg.corpId);
    if (!corp) {
      this.addCorp(cfg, true);
      this.kick();
      return;
    }
    corp.cfg = cfg;
    const wanted = new Map(cfg.extensions.map((e) => [e.number, e]));
    for (const ext of [...corp.exts.values()]) {
      if (!wanted.has(ext.number)) this.removeExtension(ext);
    }
    for (const e of cfg.extensions) {
      const ext = corp.exts.get(e.number);
      if (ext) ext.userName = e.userName;
      else {
        const added = this.newExtension(corp, e, corp.exts.size, false);
        this.scheduleFlap(added, this.rng.uniform(2, 20) * SEC); // the new phone registers shortly
      }
    }
    const queues = new Map(cfg.queues.map((q) => [q.id, q]));
    for (const q of [...corp.queues.values()]) {
      if (!queues.has(q.cfg.id)) {
        q.arrivalTimer?.cancel();
        corp.queues.delete(q.cfg.id);
      }
    }
    for (const qc of cfg.queues) {
      const q = corp.queues.get(qc.id);
      if (!q) {
        const created = this.newQueue(corp, qc);
        if (this.generatorsStarted) this.scheduleArrival(created);
        continue;
      }
      const rateChanged = q.cfg.callsPerHour !== qc.callsPerHour;
      q.cfg = qc;
      const members = new Map<string, MemberState>();
      for (const n of qc.members) members.set(n, q.members.get(n) ?? { number: n, penalty: 0, paused: false, callsTaken: 0, lastCall: 0 });
      q.members = members;
      if (rateChanged && this.generatorsStarted) {
        q.arrivalTimer?.cancel();
        this.scheduleArrival(q);
      }
      this.updateQueueAvail(q);
      this.requestDispatch(q);
    }
    if (this.generatorsStarted) {
      for (const t of corp.timers) t.cancel();
      corp.timers = [];
      this.scheduleDialGenerators(corp);
    }
    this.kick();
  }

  /** removes a corp: its calls are hung up */
  removeCorp(corpId: number): void {
    this.sync();
    const corp = this.corps.get(corpId);
    if (!corp) return;
    for (const call of [...this.calls]) if (call.corp === corp) this.hangupCall(call, 16);
    for (const t of corp.timers) t.cancel();
    for (const q of corp.queues.values()) q.arrivalTimer?.cancel();
    for (const ext of corp.exts.values()) ext.flapTimer?.cancel();
    this.corps.delete(corpId);
    this.kick();
  }

  private addCorp(cfg: SimCorp, running: boolean): void {
    const corp: CorpState = {
      cfg,
      corpId: cfg.corpId,
      trunk: cfg.trunk ?? `${cfg.corpId}_trunk`,
      exts: new Map(),
      queues: new Map(),
      timers: [],
    };
    this.corps.set(cfg.corpId, corp);
    cfg.extensions.forEach((e, i) => this.newExtension(corp, e, i, !this.rng.chance(this.traffic.offlineAtStart)));
    for (const q of cfg.queues) this.newQueue(corp, q);
    if (running && this.generatorsStarted) this.startGenerators(corp);
  }

  private newExtension(corp: CorpState, e: SimExtension, index: number, registered: boolean): ExtState {
    const endpoint = endpointName(corp.corpId, e.number);
    const ext: ExtState = {
      corp,
      number: e.number,
      userName: e.userName,
      endpoint,
      device: `PJSIP/${endpoint}`,
      registered,
      contactStatus: registered ? 'Reachable' : 'Removed',
      ip: `10.${corp.corpId % 250}.${Math.floor(index / 240) % 250}.${10 + (index % 240)}`,
      port: this.rng.int(20000, 60000),
      channels: new Set(),
      lastDevice: registered ? 'NOT_INUSE' : 'UNAVAILABLE',
      wrapupUntil: 0,
      flapTimer: null,
      removed: false,
    };
    corp.exts.set(e.number, ext);
    return ext;
  }

  private removeExtension(ext: ExtState): void {
    ext.flapTimer?.cancel();
    ext.removed = true;
    if (ext.registered) this.unregister(ext, 'Removed');
    for (const q of ext.corp.queues.values()) q.members.delete(ext.number);
    if (ext.channels.size === 0) ext.corp.exts.delete(ext.number);
  }

  private newQueue(corp: CorpState, cfg: SimQueue): QueueState {
    const q: QueueState = {
      corp,
      cfg,
      name: `${corp.corpId}_${cfg.id}`,
      members: new Map(cfg.members.map((n) => [n, { number: n, penalty: 0, paused: false, callsTaken: 0, lastCall: 0 }])),
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

  // ================================================================ generators

  private startGenerators(corp: CorpState): void {
    for (const q of corp.queues.values()) this.scheduleArrival(q);
    this.scheduleDialGenerators(corp);
    for (const ext of corp.exts.values()) this.scheduleFlap(ext);
  }

  private rateFactor(time: number): { now: number; max: number } {
    const profile = this.traffic.hourlyProfile;
    if (!profile || profile.length !== 24) return { now: 1, max: 1 };
    return { now: profile[new Date(time).getUTCHours()], max: Math.max(...profile) };
  }

  /** Poisson arrivals by thinning against the profile's peak rate */
  private poisson(perHour: number, fire: () => void, keep: (t: Timer) => void): void {
    const { max } = this.rateFactor(this.sched.now());
    const peak = perHour * max;
    if (!(peak > 0)) return;
    const gap = this.rng.exponential(HOUR / peak);
    keep(
      this.sched.after(gap, () => {
        const { now } = this.rateFactor(this.sched.now());
        if (this.rng.float() < now / max) fire();
        this.poisson(perHour, fire, keep);
      }),
    );
  }

  private scheduleArrival(q: QueueState): void {
    this.poisson(
      q.cfg.callsPerHour,
      () => this.inboundCall(q),
      (t) => (q.arrivalTimer = t),
    );
  }

  private scheduleDialGenerators(corp: CorpState): void {
    const keep = (slot: number) => (t: Timer) => (corp.timers[slot] = t);
    this.poisson(corp.cfg.internalCallsPerHour ?? 0, () => this.randomDialCall(corp, false), keep(0));
    this.poisson(corp.cfg.outboundCallsPerHour ?? 0, () => this.randomDialCall(corp, true), keep(1));
  }

  private scheduleFlap(ext: ExtState, delayMs?: number): void {
    ext.flapTimer?.cancel();
    if (ext.removed) return;
    let delay = delayMs;
    if (delay === undefined) {
      if (ext.registered) {
        if (!(this.traffic.unregisterPerHour > 0)) return;
        delay = this.rng.exponential(HOUR / this.traffic.unregisterPerHour);
      } else delay = this.rng.lognormal(this.traffic.offlineMeanMin * 60 * SEC, 0.5);
    }
    ext.flapTimer = this.sched.after(delay, () => {
      ext.flapTimer = null;
      if (ext.registered) {
        if (ext.channels.size > 0) return this.scheduleFlap(ext, 60 * SEC); // not in the middle of a call
        this.unregister(ext, this.rng.chance(0.5) ? 'Unreachable' : 'Removed');
      } else this.register(ext);
      this.scheduleFlap(ext);
    });
  }

  // ================================================================ events

  private emit(body: AriEventBody): void {
    const event = { ...body, timestamp: ariTimestamp(this.sched.now()), asterisk_id: this.asteriskId, application: this.application } as AriEvent;
    this.eventCount++;
    this.subject.next(event);
  }

  private channelJson(ch: SimChannel): AriChannel {
    return {
      id: ch.id,
      name: ch.name,
      state: ch.state,
      protocol_id: ch.protocolId,
      caller: { ...ch.caller },
      connected: { ...ch.connected },
      accountcode: String(ch.corp.corpId),
      dialplan: { ...ch.dialplan },
      creationtime: ariTimestamp(ch.created),
      language: 'en',
    };
  }

  private bridgeJson(b: SimBridge): AriBridge {
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

  private endpointJson(ext: ExtState): AriEndpoint {
    return {
      technology: 'PJSIP',
      resource: ext.endpoint,
      state: ext.registered ? 'online' : 'offline',
      channel_ids: [...ext.channels].map((c) => c.id),
    };
  }

  private uuid(): string {
    const hex = (n: number) => Array.from({ length: n }, () => Math.floor(this.ids.float() * 16).toString(16)).join('');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  }

  // ---------------------------------------------------------------- channel primitives

  private newChannel(
    corp: CorpState,
    call: Call,
    o: { endpoint: string; ext: ExtState | null; state: AriChannelState; caller: AriCallerId; connected: AriCallerId; context: string; exten: string },
  ): SimChannel {
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

  private setState(ch: SimChannel, state: AriChannelState): void {
    if (ch.state === state) return;
    ch.state = state;
    this.emit({ type: 'ChannelStateChange', channel: this.channelJson(ch) });
    if (ch.ext) this.updateDevice(ch.ext);
  }

  private dialplan(ch: SimChannel, app: string, data: string, at?: { context: string; exten: string }): void {
    if (at) ch.dialplan = { context: at.context, exten: at.exten, priority: 1, app_name: app, app_data: data };
    else ch.dialplan = { ...ch.dialplan, priority: ch.dialplan.app_name === '' ? ch.dialplan.priority : ch.dialplan.priority + 1, app_name: app, app_data: data };
    this.emit({ type: 'ChannelDialplan', channel: this.channelJson(ch), dialplan_app: app, dialplan_app_data: data });
  }

  private varset(ch: SimChannel, variable: string, value: string): void {
    this.emit({ type: 'ChannelVarset', variable, value, channel: this.channelJson(ch) });
  }

  private callerId(ch: SimChannel, name: string): void {
    ch.caller = { ...ch.caller, name };
    this.emit({ type: 'ChannelCallerId', caller_presentation: 0, caller_presentation_txt: 'Presentation Allowed, Not Screened', channel: this.channelJson(ch) });
  }

  private connectedLine(ch: SimChannel, party: AriCallerId): void {
    ch.connected = { ...party };
    this.emit({ type: 'ChannelConnectedLine', channel: this.channelJson(ch) });
  }

  private hangupRequest(ch: SimChannel, cause: number, soft = false): void {
    this.emit(soft ? { type: 'ChannelHangupRequest', cause, soft: true, channel: this.channelJson(ch) } : { type: 'ChannelHangupRequest', cause, channel: this.channelJson(ch) });
  }

  private destroy(ch: SimChannel, cause: number): void {
    if (!this.channels.has(ch.id)) return;
    this.emit({ type: 'ChannelDestroyed', cause, cause_txt: CAUSE_TXT[cause] ?? 'Unknown', channel: this.channelJson(ch) });
    this.channels.delete(ch.id);
    const ext = ch.ext;
    if (ext) {
      ext.channels.delete(ch);
      if (ext.removed && ext.channels.size === 0) ext.corp.exts.delete(ext.number);
      this.updateDevice(ext);
    }
  }

  private dial(caller: SimChannel | null, peer: SimChannel, dialstring: string, status: DialStatus): void {
    if (caller) this.emit({ type: 'Dial', caller: this.channelJson(caller), peer: this.channelJson(peer), dialstring, dialstatus: status });
    else this.emit({ type: 'Dial', peer: this.channelJson(peer), dialstring, dialstatus: status });
  }

  private bridgeUp(call: Call, a: SimChannel, b: SimChannel): void {
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

  private leaveBridge(call: Call, ch: SimChannel): void {
    const bridge = call.bridge;
    if (!bridge || !bridge.channels.includes(ch.id)) return;
    bridge.channels = bridge.channels.filter((id) => id !== ch.id);
    this.emit({ type: 'ChannelLeftBridge', bridge: this.bridgeJson(bridge), channel: this.channelJson(ch) });
  }

  private bridgeDown(call: Call): void {
    const bridge = call.bridge;
    if (!bridge) return;
    this.emit({ type: 'BridgeDestroyed', bridge: this.bridgeJson(bridge) });
    this.bridges.delete(bridge.id);
    call.bridge = null;
  }

  private hold(ch: SimChannel): void {
    if (ch.onHold || !this.channels.has(ch.id)) return;
    ch.onHold = true;
    this.emit({ type: 'ChannelHold', channel: this.channelJson(ch), musicclass: 'default' });
    if (ch.ext) this.updateDevice(ch.ext);
  }

  private unhold(ch: SimChannel): void {
    if (!ch.onHold) return;
    ch.onHold = false;
    this.emit({ type: 'ChannelUnhold', channel: this.channelJson(ch) });
    if (ch.ext) this.updateDevice(ch.ext);
  }

  // ---------------------------------------------------------------- devices and registration

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

  private updateDevice(ext: ExtState): void {
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

  private memberAvailable(q: QueueState, m: MemberState): boolean {
    const ext = q.corp.exts.get(m.number);
    return !!ext && !ext.removed && ext.registered && !m.paused && ext.channels.size === 0 && this.sched.now() >= ext.wrapupUntil;
  }

  private queueAvail(q: QueueState): AriDeviceStateValue {
    for (const m of q.members.values()) if (this.memberAvailable(q, m)) return 'NOT_INUSE';
    return 'INUSE';
  }

  /** app_queue's `Queue:{name}_avail` device: NOT_INUSE while a member is free */
  private updateQueueAvail(q: QueueState): void {
    const state = this.queueAvail(q);
    if (state === q.lastAvail) return;
    q.lastAvail = state;
    this.emit({ type: 'DeviceStateChanged', device_state: { name: `Queue:${q.name}_avail`, state } });
  }

  private contactInfo(ext: ExtState, status: AriContactStatus) {
    return {
      uri: `sip:${ext.number}@${ext.ip}:${ext.port}`,
      contact_status: status,
      aor: ext.endpoint,
      roundtrip_usec: status === 'Reachable' ? String(this.rng.int(800, 40_000)) : '0',
    };
  }

  private register(ext: ExtState): void {
    ext.registered = true;
    ext.contactStatus = 'Reachable';
    ext.port = this.rng.int(20000, 60000);
    this.emit({ type: 'ContactStatusChange', endpoint: this.endpointJson(ext), contact_info: this.contactInfo(ext, 'Reachable') });
    this.emit({ type: 'PeerStatusChange', endpoint: this.endpointJson(ext), peer: { peer_status: 'Reachable', address: ext.ip, port: String(ext.port) } });
    this.emit({ type: 'EndpointStateChange', endpoint: this.endpointJson(ext) });
    this.updateDevice(ext);
  }

  private unregister(ext: ExtState, status: 'Unreachable' | 'Removed'): void {
    ext.registered = false;
    ext.contactStatus = status;
    this.emit({ type: 'ContactStatusChange', endpoint: this.endpointJson(ext), contact_info: this.contactInfo(ext, status) });
    this.emit({ type: 'PeerStatusChange', endpoint: this.endpointJson(ext), peer: { peer_status: 'Unreachable' } });
    this.emit({ type: 'EndpointStateChange', endpoint: this.endpointJson(ext) });
    this.updateDevice(ext);
  }

  // ---------------------------------------------------------------- records

  private safe(what: string, fn: () => void | Promise<void>): void {
    try {
      const r = fn();
      if (r && typeof (r as Promise<void>).catch === 'function') (r as Promise<void>).catch((error: unknown) => this.log.warn(`simulator: ${what} failed`, { error: String(error) }));
    } catch (error) {
      this.log.warn(`simulator: ${what} failed`, { error: String(error) });
    }
  }

  private queueLog(q: QueueState, callid: string, agent: string, event: QueueLogEvent, data: (string | number)[] = []): void {
    const d = data.map(String);
    const row = {
      corpId: q.corp.corpId,
      time: new Date(this.sched.now()),
      callid,
      queuename: q.name,
      agent,
      event,
      data1: d[0] ?? '',
      data2: d[1] ?? '',
      data3: d[2] ?? '',
      data4: d[3] ?? '',
      data5: d[4] ?? '',
    };
    this.safe('writeQueueLog', () => this.sink.writeQueueLog(row));
  }

  private cdr(call: Call, o: { src: string; clid: string; dst: string; dcontext: string; channel: SimChannel; dstchannel: string; lastapp: string; lastdata: string; disposition: CdrDisposition }): void {
    const end = this.sched.now();
    const start = call.startedAt;
    const answer = o.disposition === 'ANSWERED' ? call.answeredAt : null;
    const row: CdrRow = {
      corpId: call.corp.corpId,
      calldate: new Date(start),
      clid: o.clid,
      src: o.src,
      dst: o.dst,
      dcontext: o.dcontext,
      channel: o.channel.name,
      dstchannel: o.dstchannel,
      lastapp: o.lastapp,
      lastdata: o.lastdata,
      start: new Date(start),
      answer: answer === null ? null : new Date(answer),
      end: new Date(end),
      duration: Math.round((end - start) / SEC),
      billsec: answer === null ? 0 : Math.round((end - answer) / SEC),
      disposition: o.disposition,
      amaflags: 'DOCUMENTATION',
      accountcode: String(call.corp.corpId),
      uniqueid: o.channel.id,
      linkedid: o.channel.id,
      userfield: '',
      peeraccount: '',
      sequence: ++this.cdrSequence,
      recordingfile: answer === null ? '' : call.recording,
    };
    this.safe('writeCdr', () => this.sink.writeCdr(row));
    if (row.recordingfile) {
      this.wav ??= toneWav(1);
      const wav = this.wav;
      this.safe('writeRecording', () => this.sink.writeRecording(row.recordingfile, wav));
    }
  }

  private recordingName(call: Call, ch: SimChannel): string {
    if (!this.recordings) return '';
    const day = new Date(this.sched.now()).toISOString().slice(0, 10).replaceAll('-', '');
    return `${call.corp.corpId}/${day}/${ch.id}.wav`;
  }

  private startRecording(call: Call, ch: SimChannel): void {
    call.recording = this.recordingName(call, ch);
    if (call.recording) this.varset(ch, 'MIXMONITOR_FILENAME', call.recording);
  }

  private finish(call: Call): void {
    call.done = true;
    for (const t of call.timers) t.cancel();
    call.timers = [];
    this.calls.delete(call);
    this.callsFinished++;
  }

  private later(call: Call, ms: number, fn: () => void): Timer {
    const t = this.sched.after(ms, () => {
      if (!call.done) fn();
    });
    call.timers.push(t);
    return t;
  }

  private duration(d: Duration): number {
    const sec = d.distribution === 'exponential' ? this.rng.exponential(d.meanSec) : this.rng.lognormal(d.meanSec, d.sigma ?? 0.6);
    return Math.max(1, sec) * SEC;
  }

  private newBase(corp: CorpState): CallBase {
    return { seq: ++this.callCounter, corp, timers: [], bridge: null, answeredAt: null, startedAt: this.sched.now(), recording: '', done: false };
  }

  /** an occasional hold during talk: the extension's own channel holds (device ONHOLD) */
  private maybeHold(call: Call, ch: SimChannel, talkMs: number): void {
    if (talkMs < 20 * SEC || !this.rng.chance(this.traffic.holdProbability)) return;
    const at = talkMs * this.rng.uniform(0.2, 0.6);
    const length = Math.min(this.rng.exponential(this.traffic.holdMeanSec * SEC), talkMs - at - 5 * SEC);
    if (length < SEC) return;
    this.later(call, at, () => this.hold(ch));
    this.later(call, at + length, () => this.unhold(ch));
  }

  // ================================================================ inbound queue calls

  private inboundCall(q: QueueState): void {
    const corp = q.corp;
    const number = `55119${this.rng.int(10_000_000, 99_999_999)}`;
    const name = this.rng.chance(0.35) ? this.rng.pick(CALLER_NAMES) : '';
    const did = q.cfg.did ?? `4000${q.cfg.id}`;
    const call = {
      ...this.newBase(corp),
      kind: 'queue',
      queue: q,
      phase: 'ivr',
      enteredAt: 0,
      originalPosition: 0,
      legs: [],
      tried: new Set<string>(),
      retryAt: 0,
      agent: null,
      agentCh: null,
    } as unknown as QueueCall;
    this.calls.add(call);
    const ch = this.newChannel(corp, call, {
      endpoint: corp.trunk,
      ext: null,
      state: 'Ring',
      caller: { name, number },
      connected: { name: '', number: '' },
      context: `c${corp.corpId}-inbound`,
      exten: did,
    });
    call.caller = ch;
    this.dialplan(ch, 'Set', `CORP_ID=${corp.corpId}`);
    this.varset(ch, 'CORP_ID', String(corp.corpId));
    this.dialplan(ch, 'Set', `CALLERID(name)=${q.cfg.name}${name ? `: ${name}` : ''}`);
    this.callerId(ch, `${q.cfg.name}${name ? `: ${name}` : ''}`);
    this.dialplan(ch, 'Answer', '');
    this.setState(ch, 'Up');
    const ivr = q.cfg.ivrSec ?? 8;
    if (ivr > 0) {
      this.dialplan(ch, 'BackGround', `custom/ivr-${q.name}`);
      this.later(call, this.rng.lognormal(ivr * SEC, 0.4), () => this.enterQueue(call));
    } else this.enterQueue(call);
  }

  private enterQueue(call: QueueCall): void {
    const q = call.queue;
    const ch = call.caller;
    const maxWait = q.cfg.maxWaitSec ?? 0;
    this.dialplan(ch, 'Queue', `${q.name},t,,,${maxWait > 0 ? maxWait : ''}`, { context: `c${q.corp.corpId}-queues`, exten: String(q.cfg.id) });
    q.waiting.push(call);
    call.phase = 'waiting';
    call.enteredAt = this.sched.now();
    call.originalPosition = q.waiting.length;
    this.queueLog(q, ch.id, 'NONE', 'ENTERQUEUE', ['', ch.caller.number, call.originalPosition, ch.caller.name]);
    this.later(call, this.duration(this.traffic.patience), () => this.leaveUnanswered(call, 'ABANDON'));
    if (maxWait > 0) this.later(call, maxWait * SEC, () => this.leaveUnanswered(call, 'EXITWITHTIMEOUT'));
    this.requestDispatch(q);
  }

  private requestDispatch(q: QueueState): void {
    if (q.dispatchPending) return;
    q.dispatchPending = true;
    this.sched.after(0, () => {
      q.dispatchPending = false;
      if (this.corps.get(q.corp.corpId)?.queues.get(q.cfg.id) === q) this.dispatch(q);
    });
  }

  private dispatch(q: QueueState): void {
    const now = this.sched.now();
    for (const call of [...q.waiting]) {
      if (call.done || call.phase !== 'waiting') continue;
      if (call.retryAt > now) continue;
      const available = [...q.members.values()].filter((m) => this.memberAvailable(q, m));
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
        return this.rng.pick(candidates);
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
    const q = call.queue;
    const corp = q.corp;
    const ringTimeout = (q.cfg.ringTimeoutSec ?? 15) * SEC;
    call.phase = 'ringing';
    for (const ext of exts) {
      call.tried.add(ext.number);
      const ch = this.newChannel(corp, call, {
        endpoint: ext.endpoint,
        ext,
        state: 'Down',
        caller: { name: ext.userName, number: ext.number },
        connected: { ...call.caller.caller },
        context: `c${corp.corpId}-queues`,
        exten: String(q.cfg.id),
      });
      const dialstring = ext.device;
      this.dial(call.caller, ch, dialstring, '');
      this.setState(ch, 'Ringing');
      this.dial(call.caller, ch, dialstring, 'RINGING');
      const leg: Leg = { ch, ext, startedAt: this.sched.now(), timer: { cancel: () => undefined } };
      if (this.rng.chance(this.traffic.answerProbability)) {
        const [min, max] = this.traffic.answerDelaySec;
        const delay = Math.min(this.rng.uniform(min, max) * SEC, ringTimeout - 500);
        leg.timer = this.later(call, delay, () => this.answerLeg(call, leg));
      } else leg.timer = this.later(call, ringTimeout, () => this.legUnanswered(call, leg, 19));
      call.legs.push(leg);
    }
  }

  /** a ring that ended without answer (timeout, or the phone refused / was hung up) */
  private legUnanswered(call: QueueCall, leg: Leg, cause: number): void {
    const q = call.queue;
    leg.timer.cancel();
    call.legs = call.legs.filter((l) => l !== leg);
    this.dial(call.caller, leg.ch, leg.ext.device, 'NOANSWER');
    this.queueLog(q, call.caller.id, leg.ext.number, 'RINGNOANSWER', [Math.round(this.sched.now() - leg.startedAt)]);
    this.destroy(leg.ch, cause);
    if (call.legs.length === 0 && call.phase === 'ringing') {
      call.phase = 'waiting';
      const retry = (q.cfg.retrySec ?? 5) * SEC;
      call.retryAt = this.sched.now() + retry;
      this.later(call, retry, () => this.requestDispatch(q));
    }
    this.requestDispatch(q);
  }

  private cancelLegs(call: QueueCall, cause: number, log: boolean): void {
    for (const leg of call.legs) {
      leg.timer.cancel();
      this.dial(call.caller, leg.ch, leg.ext.device, 'CANCEL');
      if (log) this.queueLog(call.queue, call.caller.id, leg.ext.number, 'RINGCANCELED', [Math.round(this.sched.now() - leg.startedAt)]);
      this.hangupRequest(leg.ch, cause);
      this.destroy(leg.ch, cause);
    }
    call.legs = [];
  }

  private answerLeg(call: QueueCall, leg: Leg): void {
    if (call.phase !== 'ringing') return;
    const q = call.queue;
    const caller = call.caller;
    call.legs = call.legs.filter((l) => l !== leg);
    leg.timer.cancel();
    this.cancelLegs(call, 26, false);
    for (const t of call.timers) t.cancel(); // patience and queue timeout
    call.timers = [];
    this.setState(leg.ch, 'Up');
    this.dial(caller, leg.ch, leg.ext.device, 'ANSWER');
    q.waiting = q.waiting.filter((c) => c !== call);
    call.phase = 'talking';
    call.agent = leg.ext;
    call.agentCh = leg.ch;
    call.answeredAt = this.sched.now();
    const member = q.members.get(leg.ext.number);
    if (member) member.callsTaken++;
    this.connectedLine(caller, { name: leg.ext.userName, number: leg.ext.number });
    this.varset(caller, 'MEMBERINTERFACE', leg.ext.device);
    this.varset(caller, 'MEMBERNAME', leg.ext.number);
    this.bridgeUp(call, caller, leg.ch);
    this.startRecording(call, caller);
    const holdSec = Math.round((call.answeredAt - call.enteredAt) / SEC);
    const ringSec = Math.round((call.answeredAt - leg.startedAt) / SEC);
    this.queueLog(q, caller.id, leg.ext.number, 'CONNECT', [holdSec, leg.ch.id, ringSec]);
    this.updateQueueAvail(q);
    const talk = this.duration(this.traffic.talk);
    this.maybeHold(call, leg.ch, talk);
    const agentEnds = this.rng.chance(this.traffic.agentHangsUpProbability);
    this.later(call, talk, () => this.completeQueueCall(call, agentEnds ? 'agent' : 'caller', false));
  }

  private completeQueueCall(call: QueueCall, who: 'agent' | 'caller', soft: boolean): void {
    const q = call.queue;
    const agentCh = call.agentCh!;
    const ext = call.agent!;
    this.unhold(agentCh);
    const [first, second] = who === 'agent' ? [agentCh, call.caller] : [call.caller, agentCh];
    this.hangupRequest(first, 16, soft);
    this.leaveBridge(call, first);
    this.hangupRequest(second, 16, true);
    this.leaveBridge(call, second);
    this.destroy(first, 16);
    this.destroy(second, 16);
    this.bridgeDown(call);
    const now = this.sched.now();
    const answeredAt = call.answeredAt ?? now;
    this.queueLog(q, call.caller.id, ext.number, who === 'agent' ? 'COMPLETEAGENT' : 'COMPLETECALLER', [
      Math.round((answeredAt - call.enteredAt) / SEC),
      Math.round((now - answeredAt) / SEC),
      call.originalPosition,
    ]);
    const member = q.members.get(ext.number);
    if (member) member.lastCall = now;
    const wrapup = (q.cfg.wrapupSec ?? 0) * SEC;
    if (wrapup > 0) {
      ext.wrapupUntil = now + wrapup;
      this.updateQueueAvail(q);
      this.sched.after(wrapup, () => {
        for (const other of ext.corp.queues.values()) {
          if (!other.members.has(ext.number)) continue;
          this.updateQueueAvail(other);
          this.requestDispatch(other);
        }
      });
    }
    this.queueCdr(call, 'ANSWERED');
    this.finish(call);
  }

  /** the caller leaves before an answer: patience (ABANDON), queue timeout, or a hang-up command */
  private leaveUnanswered(call: QueueCall, event: 'ABANDON' | 'EXITWITHTIMEOUT', soft = false): void {
    if (call.phase !== 'waiting' && call.phase !== 'ringing') return;
    const q = call.queue;
    const ch = call.caller;
    const position = q.waiting.indexOf(call) + 1;
    this.cancelLegs(call, 16, event === 'ABANDON');
    q.waiting = q.waiting.filter((c) => c !== call);
    const waited = Math.round((this.sched.now() - call.enteredAt) / SEC);
    this.queueLog(q, ch.id, 'NONE', event, [position, call.originalPosition, waited]);
    if (event === 'EXITWITHTIMEOUT') {
      this.varset(ch, 'QUEUESTATUS', 'TIMEOUT');
      this.dialplan(ch, 'Hangup', '');
      this.hangupRequest(ch, 16, true);
    } else this.hangupRequest(ch, 16, soft);
    this.destroy(ch, 16);
    this.queueCdr(call, 'NO ANSWER');
    this.finish(call);
    this.updateQueueAvail(q);
  }

  private queueCdr(call: QueueCall, disposition: CdrDisposition): void {
    const ch = call.caller;
    this.cdr(call, {
      src: ch.caller.number,
      clid: `"${ch.caller.name}" <${ch.caller.number}>`,
      dst: call.queue.cfg.did ?? `4000${call.queue.cfg.id}`,
      dcontext: `c${call.corp.corpId}-inbound`,
      channel: ch,
      dstchannel: disposition === 'ANSWERED' && call.agentCh ? call.agentCh.name : '',
      lastapp: call.phase === 'ivr' ? 'BackGround' : 'Queue',
      lastdata: call.phase === 'ivr' ? `custom/ivr-${call.queue.name}` : `${call.queue.name},t,,,${call.queue.cfg.maxWaitSec || ''}`,
      disposition,
    });
  }

  // ================================================================ extension calls

  private idleRegistered(corp: CorpState): ExtState[] {
    return [...corp.exts.values()].filter((e) => e.registered && !e.removed && e.channels.size === 0);
  }

  private randomDialCall(corp: CorpState, external: boolean): void {
    const idle = this.idleRegistered(corp);
    if (idle.length === 0) return;
    const a = this.rng.pick(idle);
    let target: string;
    if (external) target = `0${this.rng.pick(['11', '21', '31', '41', '51'])}${this.rng.int(30_000_000, 39_999_999)}`;
    else {
      const others = [...corp.exts.values()].filter((e) => e !== a && !e.removed);
      if (others.length === 0) return;
      target = this.rng.pick(others).number;
    }
    const call = this.newDialCall(corp, a, target, external ? 'outbound' : 'internal');
    call.a = this.newChannel(corp, call, {
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

  private newDialCall(corp: CorpState, aExt: ExtState, target: string, origin: DialCall['origin']): DialCall {
    const external = !corp.exts.has(target);
    const call = {
      ...this.newBase(corp),
      kind: 'dial',
      origin,
      aExt,
      b: null,
      target,
      external,
      phase: origin === 'originate' ? 'originating' : 'dialing',
      dialstring: external ? `${target}@${corp.trunk}` : endpointName(corp.corpId, target),
      lastdata: '',
    } as unknown as DialCall;
    call.lastdata = `PJSIP/${call.dialstring},30`;
    this.calls.add(call);
    return call;
  }

  private beginDial(call: DialCall): void {
    const corp = call.corp;
    const a = call.a;
    call.phase = 'dialing';
    this.dialplan(a, 'Dial', call.lastdata, { context: `c${corp.corpId}-internal`, exten: call.target });
    const bExt = call.external ? null : (corp.exts.get(call.target) ?? null);
    if (bExt && (!bExt.registered || bExt.removed)) {
      this.later(call, SEC, () => this.dialFailed(call, 'CHANUNAVAIL', 20, 'FAILED'));
      return;
    }
    const b = this.newChannel(corp, call, {
      endpoint: bExt ? bExt.endpoint : corp.trunk,
      ext: bExt,
      state: 'Down',
      caller: bExt ? { name: bExt.userName, number: bExt.number } : { name: '', number: call.target },
      connected: { name: call.aExt.userName, number: call.aExt.number },
      context: `c${corp.corpId}-internal`,
      exten: call.target,
    });
    call.b = b;
    this.dial(a, b, call.dialstring, '');
    if (bExt && bExt.channels.size > 1) {
      // the callee is already on a call: busy
      this.later(call, 500, () => this.dialFailed(call, 'BUSY', 17, 'BUSY'));
      return;
    }
    let outcome: 'answer' | 'busy' | 'noanswer';
    if (call.external) {
      const r = this.rng.float();
      outcome = r < this.traffic.outboundAnswerProbability ? 'answer' : r < this.traffic.outboundAnswerProbability + this.traffic.outboundBusyProbability ? 'busy' : 'noanswer';
      if (outcome !== 'busy') this.dial(a, b, call.dialstring, 'PROGRESS');
    } else outcome = this.rng.chance(this.traffic.internalAnswerProbability) ? 'answer' : 'noanswer';
    if (outcome === 'busy') {
      this.later(call, this.rng.uniform(1, 3) * SEC, () => this.dialFailed(call, 'BUSY', 17, 'BUSY'));
      return;
    }
    this.later(call, this.rng.uniform(0.2, 1) * SEC, () => {
      call.phase = 'ringing';
      this.setState(b, 'Ringing');
      this.dial(a, b, call.dialstring, 'RINGING');
    });
    if (outcome === 'answer') this.later(call, this.rng.uniform(3, 12) * SEC, () => this.answerDial(call));
    else this.later(call, 30 * SEC, () => this.dialFailed(call, 'NOANSWER', 19, 'NO ANSWER'));
  }

  private dialFailed(call: DialCall, status: DialStatus, cause: number, disposition: CdrDisposition): void {
    const a = call.a;
    if (call.b) {
      this.dial(a, call.b, call.dialstring, status);
      this.destroy(call.b, cause);
    }
    this.varset(a, 'DIALSTATUS', status);
    this.dialplan(a, 'Hangup', '');
    this.hangupRequest(a, cause, true);
    this.destroy(a, cause);
    this.dialCdr(call, disposition);
    this.finish(call);
  }

  private answerDial(call: DialCall): void {
    const a = call.a;
    const b = call.b!;
    this.setState(b, 'Up');
    this.dial(a, b, call.dialstring, 'ANSWER');
    this.setState(a, 'Up');
    this.connectedLine(a, { ...b.caller });
    call.phase = 'talking';
    call.answeredAt = this.sched.now();
    this.bridgeUp(call, a, b);
    this.startRecording(call, a);
    const talk = this.duration(call.external ? this.traffic.outboundTalk : this.traffic.internalTalk);
    this.maybeHold(call, a, talk);
    const aEnds = this.rng.chance(0.5);
    this.later(call, talk, () => this.endDialTalk(call, aEnds ? a : b, false));
  }

  private endDialTalk(call: DialCall, first: SimChannel, soft: boolean): void {
    const a = call.a;
    const b = call.b!;
    const second = first === a ? b : a;
    this.unhold(a);
    if (b.ext) this.unhold(b);
    this.hangupRequest(first, 16, soft);
    this.leaveBridge(call, first);
    this.hangupRequest(second, 16, true);
    this.leaveBridge(call, second);
    if (this.channels.has(a.id)) this.varset(a, 'DIALSTATUS', 'ANSWER');
    this.destroy(first, 16);
    this.destroy(second, 16);
    this.bridgeDown(call);
    this.dialCdr(call, 'ANSWERED');
    this.finish(call);
  }

  private dialCdr(call: DialCall, disposition: CdrDisposition): void {
    const a = call.a;
    this.cdr(call, {
      src: call.aExt.number,
      clid: `"${call.aExt.userName}" <${call.aExt.number}>`,
      dst: call.target,
      dcontext: `c${call.corp.corpId}-internal`,
      channel: a,
      dstchannel: call.b ? call.b.name : '',
      lastapp: call.phase === 'originating' ? 'AppDial2' : 'Dial',
      lastdata: call.phase === 'originating' ? '(Outgoing Line)' : call.lastdata,
      disposition,
    });
  }

  // ================================================================ commands

  async snapshot(): Promise<PbxSnapshot> {
    this.sync();
    const endpoints: AriEndpoint[] = [];
    const contacts: PbxContact[] = [];
    const deviceStates: AriDeviceState[] = [];
    for (const corp of this.corps.values()) {
      for (const ext of corp.exts.values()) {
        if (ext.removed) continue;
        endpoints.push(this.endpointJson(ext));
        deviceStates.push({ name: ext.device, state: ext.lastDevice });
        if (ext.contactStatus !== 'Removed') {
          contacts.push({
            endpoint: ext.endpoint,
            aor: ext.endpoint,
            uri: `sip:${ext.number}@${ext.ip}:${ext.port}`,
            contact_status: ext.contactStatus,
            via_addr: ext.ip,
            via_port: ext.port,
          });
        }
      }
      for (const q of corp.queues.values()) deviceStates.push({ name: `Queue:${q.name}_avail`, state: q.lastAvail ?? this.queueAvail(q) });
    }
    return {
      time: this.sched.now(),
      channels: [...this.channels.values()].map((c) => this.channelJson(c)),
      endpoints,
      contacts,
      deviceStates,
      bridges: [...this.bridges.values()].map((b) => this.bridgeJson(b)),
    };
  }

  async hangup(channelId: string): Promise<void> {
    this.sync();
    const ch = this.channels.get(channelId);
    if (!ch) throw new PbxError('not_found', `Channel '${channelId}' not found`);
    this.hangupChannel(ch);
    this.kick();
  }

  /** ends the call a channel belongs to, as if that channel hung up (cause 16, soft) */
  private hangupChannel(ch: SimChannel): void {
    const call = ch.call;
    if (call.kind === 'queue') {
      if (ch === call.caller) {
        if (call.phase === 'ivr') {
          this.hangupRequest(ch, 16, true);
          this.destroy(ch, 16);
          this.queueCdr(call, 'NO ANSWER');
          this.finish(call);
        } else if (call.phase === 'talking') this.completeQueueCall(call, 'caller', true);
        else this.leaveUnanswered(call, 'ABANDON', true);
      } else if (ch === call.agentCh) this.completeQueueCall(call, 'agent', true);
      else {
        const leg = call.legs.find((l) => l.ch === ch);
        if (leg) {
          this.hangupRequest(ch, 16, true);
          this.legUnanswered(call, leg, 16);
        }
      }
      return;
    }
    if (call.phase === 'talking') {
      this.endDialTalk(call, ch, true);
      return;
    }
    // not answered yet: the caller cancels, or the callee rejects
    if (ch === call.a) {
      this.hangupRequest(ch, 16, true);
      if (call.b) {
        this.dial(call.a, call.b, call.dialstring, 'CANCEL');
        this.destroy(call.b, 16);
      } else if (call.phase === 'originating') this.dial(null, call.a, call.aExt.endpoint, 'CANCEL');
      this.destroy(call.a, 16);
      this.dialCdr(call, 'NO ANSWER');
      this.finish(call);
    } else {
      this.hangupRequest(ch, 21, true);
      this.dialFailed(call, 'BUSY', 21, 'BUSY');
    }
  }

  private hangupCall(call: Call, _cause: number): void {
    const ch = call.kind === 'queue' ? call.caller : call.a;
    if (this.channels.has(ch.id)) this.hangupChannel(ch);
  }

  /** Campaign calls are not simulated yet: the dialer says the PBX cannot dial them. */
  async dialOut(_request: DialOutRequest): Promise<{ outcome: DialOutcome; channelId?: string }> {
    throw new PbxError('unavailable', 'The simulator does not dial campaign calls yet');
  }

  async originate(request: OriginateRequest): Promise<{ channelId: string }> {
    this.sync();
    const corp = this.corps.get(request.corpId);
    if (!corp) throw new PbxError('not_found', `Corp ${request.corpId} not found`);
    const ext = corp.exts.get(request.from);
    if (!ext || ext.removed) throw new PbxError('not_found', `Extension '${request.from}' not found`);
    if (!/^\+?[0-9A-Za-z*#]{1,40}$/.test(request.to)) throw new PbxError('invalid', `Invalid destination '${request.to}'`);
    if (!ext.registered) throw new PbxError('unavailable', `Extension '${request.from}' is not registered`);
    if (ext.channels.size > 0) throw new PbxError('conflict', `Extension '${request.from}' is busy`);
    const call = this.newDialCall(corp, ext, request.to, 'originate');
    const a = this.newChannel(corp, call, {
      endpoint: ext.endpoint,
      ext,
      state: 'Down',
      caller: { name: ext.userName, number: ext.number },
      connected: { name: '', number: request.to },
      context: `c${corp.corpId}-internal`,
      exten: 's',
    });
    call.a = a;
    this.dial(null, a, ext.endpoint, '');
    this.setState(a, 'Ringing');
    this.dial(null, a, ext.endpoint, 'RINGING');
    const timeout = (request.timeoutSec ?? 30) * SEC;
    const answerAfter = this.traffic.originateAnswerSec * SEC;
    if (answerAfter < timeout) {
      this.later(call, answerAfter, () => {
        this.setState(a, 'Up');
        this.dial(null, a, ext.endpoint, 'ANSWER');
        this.beginDial(call);
      });
    } else {
      this.later(call, timeout, () => {
        this.dial(null, a, ext.endpoint, 'NOANSWER');
        this.destroy(a, 19);
        this.dialCdr(call, 'NO ANSWER');
        this.finish(call);
      });
    }
    this.kick();
    return { channelId: a.id };
  }

  async addQueueMember(request: QueueMemberRequest): Promise<void> {
    this.sync();
    const q = this.corps.get(request.corpId)?.queues.get(request.queueId);
    if (!q) throw new PbxError('not_found', `Queue ${request.corpId}_${request.queueId} not found`);
    if (!q.corp.exts.has(request.number)) throw new PbxError('not_found', `Extension '${request.number}' not found`);
    if (q.members.has(request.number)) throw new PbxError('conflict', `'${request.number}' is already a member of ${q.name}`);
    q.members.set(request.number, { number: request.number, penalty: request.penalty ?? 0, paused: request.paused ?? false, callsTaken: 0, lastCall: 0 });
    this.queueLog(q, 'NONE', request.number, 'ADDMEMBER', [request.paused ? 'PAUSED' : '']);
    this.updateQueueAvail(q);
    this.requestDispatch(q);
    this.kick();
  }

  async removeQueueMember(request: Omit<QueueMemberRequest, 'penalty' | 'paused'>): Promise<void> {
    this.sync();
    const q = this.corps.get(request.corpId)?.queues.get(request.queueId);
    if (!q) throw new PbxError('not_found', `Queue ${request.corpId}_${request.queueId} not found`);
    if (!q.members.delete(request.number)) throw new PbxError('not_found', `'${request.number}' is not a member of ${q.name}`);
    this.queueLog(q, 'NONE', request.number, 'REMOVEMEMBER', ['']);
    this.updateQueueAvail(q);
    this.kick();
  }
}

export function createSimulator(options: SimulatorOptions): CallCentreSimulator {
  return new CallCentreSimulator(options);
}
