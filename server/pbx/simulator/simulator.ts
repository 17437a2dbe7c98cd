/**
 * A believable call centre per corp, deterministic for a seed, emitting the ARI events Asterisk
 * would for the same calls (reference/protocols.md §3) and writing the rows Asterisk and its
 * applications write (cdr, queue_log, §4.3-4.4; ivr_log, poll_answer, voicemail) plus a short WAV
 * per answered call. It is a PbxAdapter: interchangeable with the ARI adapter.
 *
 * This file is the adapter's face: the clock's driver, the corps' configuration and the commands.
 * Below it, one file per reason to change:
 *   generators.ts      arrivals and registrations that set things in motion
 *   queue-calls.ts     inbound queue calls: IVR, queue, members, talk, poll
 *   dial-calls.ts      extension calls and originate
 *   voicemail.ts       callers who reach a mailbox
 *   transfers.ts       blind and attended transfers (Redirect, the consultation and its bridge)
 *   campaign-calls.ts  dialOut: a campaign's calls through a trunk
 *   caller-behaviour.ts what people choose (pure)
 *   call-records.ts    the rows calls leave
 *   world.ts           channels, bridges, devices and their events (the PBX itself)
 *   state.ts           the shared state
 * Finished calls leave nothing behind (memory stays bounded over days).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { BehaviorSubject, type Observable } from 'rxjs';
import type { AriDeviceState, AriEndpoint, AriEvent } from '../ari';
import {
  PbxError,
  type DialOutcome,
  type DialOutRequest,
  type OriginateRequest,
  type PauseRequest,
  type PbxAdapter,
  type PbxContact,
  type PbxMemberEvent,
  type PbxQueueMember,
  type PbxSnapshot,
  type CompleteTransferRequest,
  type ConsultRequest,
  type QueueMemberRequest,
  type RecordRequest,
  type RedirectRequest,
  type SpyRequest,
} from '../adapter';
import { CallRecords } from './call-records';
import { CampaignCalls } from './campaign-calls';
import { DEFAULT_TRAFFIC, MANUAL_START, type SimCorp, type SimulatorOptions, type TrafficOptions } from './config';
import { DialCalls } from './dial-calls';
import { Generators } from './generators';
import { Members } from './members';
import { SpyCalls } from './spy-calls';
import { QueueCalls } from './queue-calls';
import { outboundEndpoint } from './routes';
import { Transfers } from './transfers';
import type { Call, CorpState, ExtState, SimChannel, SimulatorStats } from './state';
import { Voicemail } from './voicemail';
import { wavDurationSec } from './wav';
import { newMember, SEC, SimWorld } from './world';

export type { SimulatorStats } from './state';

function mergeTraffic(partial: Partial<TrafficOptions> | undefined): TrafficOptions {
  return { ...DEFAULT_TRAFFIC, ...(partial ?? {}) };
}

/**
 * The first bytes of a sound file (enough for its WAV header), null when it cannot be read. Read at
 * once, not awaited: the call must start at the instant it is asked for, whatever the disk does (the
 * simulation stays the same for a seed); a 4 KB read of a local file is no wait worth avoiding.
 */
function readHead(file: string, bytes = 4096): Uint8Array | null {
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(bytes);
    const read = readSync(fd, buf, 0, bytes, 0);
    return buf.subarray(0, read);
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

export class CallCentreSimulator implements PbxAdapter {
  readonly events$: Observable<AriEvent>;
  readonly connected$: Observable<boolean>;
  readonly members$: Observable<PbxMemberEvent>;
  private readonly connectedSubject = new BehaviorSubject<boolean>(false);
  private readonly w: SimWorld;
  private readonly members: Members;
  private readonly spyCalls: SpyCalls;
  private readonly records: CallRecords;
  private readonly queueCalls: QueueCalls;
  private readonly dialCalls: DialCalls;
  private readonly campaignCalls: CampaignCalls;
  private readonly transfers: Transfers;
  private readonly generators: Generators;
  private readonly driver: 'manual' | 'realtime';
  private readonly timeFactor: number;
  private running = false;
  private generatorsStarted = false;
  private pacer: NodeJS.Timeout | null = null;
  private realStart = 0;
  private virtualStart = 0;
  /** the simulation runs silently up to here before its first start (SimulatorOptions.warmUpMs) */
  private readonly warmUntil: number;
  /** the virtual time the simulation began (startTime less the warm-up); its records begin at startTime */
  readonly origin: number;

  constructor(options: SimulatorOptions) {
    this.driver = options.driver ?? 'realtime';
    this.timeFactor = options.timeFactor ?? 1;
    this.warmUntil = options.startTime ?? (this.driver === 'manual' ? MANUAL_START : Date.now());
    this.origin = this.warmUntil - Math.max(0, options.warmUpMs ?? 0);
    const w = new SimWorld({
      seed: options.seed,
      start: this.origin,
      traffic: mergeTraffic(options.traffic),
      application: options.application ?? 'callboard',
      asteriskId: options.asteriskId ?? '52:54:00:ca:11:b0',
      recordings: options.recordings ?? true,
    });
    this.w = w;
    this.records = new CallRecords(() => w.now(), options.sink, options.log);
    this.queueCalls = new QueueCalls(w, this.records);
    this.dialCalls = new DialCalls(w, this.records, new Voicemail(w, this.records));
    this.campaignCalls = new CampaignCalls(w, this.records, this.queueCalls);
    this.generators = new Generators(w, {
      inboundCall: (q) => this.queueCalls.inboundCall(q),
      randomDialCall: (corp, external) => this.dialCalls.randomDialCall(corp, external),
    });
    w.dispatch = (q) => this.queueCalls.dispatch(q);
    this.members = new Members(w, this.records);
    this.spyCalls = new SpyCalls(w, this.records);
    this.transfers = new Transfers(w, this.records, this.dialCalls, this.queueCalls);
    w.channelGone = (id) => {
      this.spyCalls.channelGone(id);
      this.transfers.channelGone(id);
    };
    this.members$ = this.members.events.asObservable();
    this.events$ = w.events.asObservable();
    this.connected$ = this.connectedSubject.asObservable();
    for (const corp of options.corps) this.addCorp(corp, false);
  }

  // ================================================================ clock and driver

  now(): number {
    return this.w.now();
  }

  /** manual driver: runs the simulation for `ms` of virtual time */
  advance(ms: number): void {
    this.runUntil(this.w.now() + ms);
  }

  runUntil(time: number): void {
    this.w.sched.runUntil(time);
  }

  /**
   * H-WARM-01: runs the floor from its origin up to the start time (at once, whatever the driver), so
   * the first thing anyone sees is the steady state: calls in progress since a plausible while, callers
   * waiting. Those minutes leave no records (CallRecords.muted: they are the previous run's or the
   * backfill's); a call in progress at the start writes its own when it ends. The events go to whoever
   * listens already (the live runtime listens only after, and reads the state from the snapshot).
   * start() does it too.
   */
  warmUp(): void {
    this.startGenerators();
    if (this.w.now() >= this.warmUntil) return;
    this.records.muted = true;
    try {
      this.w.sched.runUntil(this.warmUntil);
    } finally {
      this.records.muted = false;
    }
  }

  private startGenerators(): void {
    if (this.generatorsStarted) return;
    this.generatorsStarted = true;
    for (const corp of this.w.corps.values()) this.generators.start(corp);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.warmUp();
    if (this.driver === 'realtime') {
      this.realStart = Date.now();
      this.virtualStart = this.w.now();
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
    this.w.sched.runUntil(this.virtualStart + (Date.now() - this.realStart) * this.timeFactor);
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
    const next = this.w.sched.nextAt();
    const wait = next === null ? 1000 : Math.min(1000, Math.max(0, (next - this.w.now()) / this.timeFactor));
    this.pacer = setTimeout(() => this.pace(), wait);
  }

  stats(): SimulatorStats {
    const w = this.w;
    let waiting = 0;
    for (const corp of w.corps.values()) for (const q of corp.queues.values()) waiting += q.waiting.length;
    return {
      now: w.now(),
      channels: w.channels.size,
      calls: w.calls.size,
      bridges: w.bridges.size,
      timers: w.sched.pending,
      waiting,
      events: w.eventCount,
      callsStarted: w.callCounter,
      callsFinished: w.callsFinished,
    };
  }

  // ================================================================ configuration

  /** adds or replaces a corp's configuration (extensions and queues) while running */
  setCorp(cfg: SimCorp): void {
    const w = this.w;
    this.sync();
    const corp = w.corps.get(cfg.corpId);
    if (!corp) {
      this.addCorp(cfg, true);
      this.kick();
      return;
    }
    corp.cfg = cfg;
    corp.trunk = outboundEndpoint(cfg) ?? `${cfg.corpId}_trunk`;
    const wanted = new Map(cfg.extensions.map((e) => [e.number, e]));
    for (const ext of [...corp.exts.values()]) {
      if (!wanted.has(ext.number)) this.removeExtension(ext);
    }
    for (const e of cfg.extensions) {
      const ext = corp.exts.get(e.number);
      if (ext) {
        ext.userName = e.userName;
        ext.cfg = e;
        this.setDnd(ext, e.dnd ?? false);
      } else {
        this.registersShortly(w.newExtension(corp, e, corp.exts.size, false));
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
        const created = w.newQueue(corp, qc);
        if (this.generatorsStarted) this.generators.scheduleArrival(created);
        continue;
      }
      const rateChanged = q.cfg.callsPerHour !== qc.callsPerHour;
      q.cfg = qc;
      q.members = new Map(qc.members.map((n) => [n, q.members.get(n) ?? newMember(n, qc.paused?.[n])]));
      if (rateChanged && this.generatorsStarted) {
        q.arrivalTimer?.cancel();
        this.generators.scheduleArrival(q);
      }
      w.updateQueueAvail(q);
      w.requestDispatch(q);
    }
    if (this.generatorsStarted) {
      for (const t of corp.timers) t.cancel();
      corp.timers = [];
      this.generators.scheduleDialGenerators(corp);
    }
    this.kick();
  }

  /** removes a corp: its calls are hung up */
  removeCorp(corpId: number): void {
    const w = this.w;
    this.sync();
    const corp = w.corps.get(corpId);
    if (!corp) return;
    for (const call of [...w.calls]) if (call.corp === corp) this.hangupCall(call);
    for (const t of corp.timers) t.cancel();
    for (const q of corp.queues.values()) q.arrivalTimer?.cancel();
    for (const ext of corp.exts.values()) ext.flapTimer?.cancel();
    w.corps.delete(corpId);
    this.kick();
  }

  private addCorp(cfg: SimCorp, running: boolean): void {
    const w = this.w;
    const corp: CorpState = {
      cfg,
      corpId: cfg.corpId,
      trunk: outboundEndpoint(cfg) ?? `${cfg.corpId}_trunk`,
      exts: new Map(),
      queues: new Map(),
      timers: [],
    };
    w.corps.set(cfg.corpId, corp);
    // At start the phones are there already, most of them registered. A corp that comes while running is
    // new: its phones register shortly, each with the events a PBX sends, as a phone added to a known corp
    // does (setCorp). Registered from the start, they showed offline forever: the realtime service had
    // read the corp's states before the simulator knew it (pbx-side.ts reloadOnce), and no event followed.
    // (a desk phone off the floor is there all the same: the draw is made for it too, so the floor's stay as they were)
    cfg.extensions.forEach((e, i) => {
      const online = !w.rng.chance(w.traffic.offlineAtStart);
      w.newExtension(corp, e, i, running ? false : online || e.onFloor === false);
    });
    for (const q of cfg.queues) w.newQueue(corp, q);
    if (running && this.generatorsStarted) this.generators.start(corp);
    if (running) for (const ext of corp.exts.values()) this.registersShortly(ext);
  }

  /** do-not-disturb on or off (the configuration's): its queues look again when it is off */
  private setDnd(ext: ExtState, dnd: boolean): void {
    if (ext.dnd === dnd) return;
    ext.dnd = dnd;
    for (const q of ext.corp.queues.values()) {
      if (!q.members.has(ext.number)) continue;
      this.w.updateQueueAvail(q);
      if (!dnd) this.w.requestDispatch(q);
    }
  }

  /** a phone that is new while the simulator runs registers 2-20 s later, with its events */
  private registersShortly(ext: ExtState): void {
    this.generators.scheduleFlap(ext, this.w.rng.uniform(2, 20) * SEC);
  }

  private removeExtension(ext: ExtState): void {
    const w = this.w;
    ext.flapTimer?.cancel();
    ext.removed = true;
    if (ext.registered) w.unregister(ext, 'Removed');
    for (const q of ext.corp.queues.values()) q.members.delete(ext.number);
    if (ext.channels.size === 0) ext.corp.exts.delete(ext.number);
  }

  // ================================================================ commands

  async snapshot(): Promise<PbxSnapshot> {
    const w = this.w;
    this.sync();
    const endpoints: AriEndpoint[] = [];
    const contacts: PbxContact[] = [];
    const deviceStates: AriDeviceState[] = [];
    for (const corp of w.corps.values()) {
      for (const ext of corp.exts.values()) {
        if (ext.removed) continue;
        endpoints.push(w.endpointJson(ext));
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
      for (const q of corp.queues.values()) deviceStates.push({ name: `Queue:${q.name}_avail`, state: q.lastAvail ?? w.queueAvail(q) });
    }
    return {
      time: w.now(),
      channels: [...w.channels.values()].map((c) => w.channelJson(c)),
      endpoints,
      contacts,
      deviceStates,
      bridges: [...w.bridges.values()].map((b) => w.bridgeJson(b)),
    };
  }

  async hangup(channelId: string): Promise<void> {
    this.sync();
    const ch = this.w.channels.get(channelId);
    if (!ch) throw new PbxError('not_found', `Channel '${channelId}' not found`);
    this.hangupChannel(ch);
    this.kick();
  }

  /** ends the call a channel belongs to, as if that channel hung up (cause 16, soft) */
  private hangupChannel(ch: SimChannel): void {
    const call = ch.call;
    if (call.kind === 'queue') this.queueCalls.hangup(call, ch);
    else if (call.kind === 'dial') this.dialCalls.hangup(call, ch);
    else if (call.kind === 'spy') this.spyCalls.end(call, 16, 'ANSWERED');
    else this.campaignCalls.hangup(call);
  }

  private hangupCall(call: Call): void {
    const ch = call.kind === 'queue' ? call.caller : call.kind === 'dial' ? call.a : call.ch;
    if (this.w.channels.has(ch.id)) this.hangupChannel(ch);
  }

  /**
   * A campaign's call (campaign-calls.ts): resolves when the ringing ends, with the trunk channel's id;
   * an answered call goes on by itself (the message, or the queue). A playback's length is its WAV's
   * when the file can be read.
   */
  async dialOut(request: DialOutRequest): Promise<{ outcome: DialOutcome; channelId?: string }> {
    const corp = this.w.corps.get(request.corpId);
    if (!corp) throw new PbxError('not_found', `Corp ${request.corpId} not found`);
    if (!/^\+?[0-9]{2,32}$/.test(request.number)) throw new PbxError('invalid', `Invalid number '${request.number}'`);
    if (!/^[0-9A-Za-z]{1,32}$/.test(request.trunkNumber)) throw new PbxError('invalid', `Invalid trunk '${request.trunkNumber}'`);
    if (!(request.timeoutSec > 0)) throw new PbxError('invalid', `Invalid timeout ${String(request.timeoutSec)}`);
    if (request.then.kind === 'queue' && !corp.queues.has(request.then.queueId)) throw new PbxError('not_found', `Queue ${request.corpId}_${request.then.queueId} not found`);
    if (!this.running) throw new PbxError('unavailable', 'The simulator is stopped');
    let soundSec = 0;
    if (request.then.kind === 'playback') {
      const head = readHead(request.then.soundPath);
      soundSec = (head && wavDurationSec(head)) || this.w.traffic.campaignSoundSec;
    }
    this.sync();
    return new Promise((resolve) => {
      // the outcome comes from a timer of the call, after start() returned the channel
      const ch = this.campaignCalls.start(corp, request, soundSec, (outcome) => resolve({ outcome, channelId: ch.id }));
      this.kick();
    });
  }

  async originate(request: OriginateRequest): Promise<{ channelId: string }> {
    this.sync();
    const corp = this.w.corps.get(request.corpId);
    if (!corp) throw new PbxError('not_found', `Corp ${request.corpId} not found`);
    const ext = corp.exts.get(request.from);
    if (!ext || ext.removed) throw new PbxError('not_found', `Extension '${request.from}' not found`);
    if (!/^\+?[0-9A-Za-z*#]{1,40}$/.test(request.to)) throw new PbxError('invalid', `Invalid destination '${request.to}'`);
    if (!ext.registered) throw new PbxError('unavailable', `Extension '${request.from}' is not registered`);
    if (ext.channels.size > 0) throw new PbxError('conflict', `Extension '${request.from}' is busy`);
    const a = this.dialCalls.originate(corp, ext, request.to, request.timeoutSec ?? 30);
    this.kick();
    return { channelId: a.id };
  }

  async addQueueMember(request: QueueMemberRequest): Promise<void> {
    const w = this.w;
    this.sync();
    const q = w.corps.get(request.corpId)?.queues.get(request.queueId);
    if (!q) throw new PbxError('not_found', `Queue ${request.corpId}_${request.queueId} not found`);
    if (!q.corp.exts.has(request.number)) throw new PbxError('not_found', `Extension '${request.number}' not found`);
    if (q.members.has(request.number)) throw new PbxError('conflict', `'${request.number}' is already a member of ${q.name}`);
    const member = { ...newMember(request.number), penalty: request.penalty ?? 0, paused: request.paused ?? false };
    q.members.set(request.number, member);
    this.records.queueLog(q, 'NONE', request.number, 'ADDMEMBER', [request.paused ? 'PAUSED' : '']);
    this.members.added(q, member);
    w.updateQueueAvail(q);
    w.requestDispatch(q);
    this.kick();
  }

  async removeQueueMember(request: Omit<QueueMemberRequest, 'penalty' | 'paused'>): Promise<void> {
    const w = this.w;
    this.sync();
    const q = w.corps.get(request.corpId)?.queues.get(request.queueId);
    if (!q) throw new PbxError('not_found', `Queue ${request.corpId}_${request.queueId} not found`);
    const member = q.members.get(request.number);
    if (!member) throw new PbxError('not_found', `'${request.number}' is not a member of ${q.name}`);
    q.members.delete(request.number);
    this.records.queueLog(q, 'NONE', request.number, 'REMOVEMEMBER', ['']);
    this.members.removed(q, member);
    w.updateQueueAvail(q);
    this.kick();
  }

  async spy(request: SpyRequest): Promise<{ channelId: string }> {
    this.sync();
    const corp = this.w.corps.get(request.corpId);
    const ext = corp?.exts.get(request.from);
    if (!corp || !ext || ext.removed) throw new PbxError('not_found', `Extension '${request.from}' not found`);
    const target = [...this.w.channels.values()].find((c) => c.name === request.channel && c.corp === corp);
    if (!target) throw new PbxError('not_found', `Channel '${request.channel}' not found`);
    const ch = this.spyCalls.start(corp, ext, target, request.mode, request.callerId, 30);
    this.kick();
    return { channelId: ch.id };
  }

  /**
   * Record on demand (G-REC), as MixMonitor does: from now on the call's recording is written with its
   * cdr row (under the name given); a call already recorded (the demo records every answered call)
   * keeps its one recording. Off: the recording stays what it has (the simulated audio is a tone).
   */
  async record(request: RecordRequest): Promise<void> {
    this.sync();
    const ch = this.w.channels.get(request.channelId);
    if (!ch || ch.corp.corpId !== request.corpId) throw new PbxError('not_found', `Channel '${request.channelId}' not found`);
    if (request.on && ch.call.recording === '') {
      ch.call.recording = request.name;
      this.w.varset(ch, 'MIXMONITOR_FILENAME', request.name);
    }
    this.kick();
  }

  /** a channel of the corp by id; PbxError 'not_found' when it is gone or another corp's */
  private channelOf(corpId: number, channelId: string): SimChannel {
    const ch = this.w.channels.get(channelId);
    if (!ch || ch.corp.corpId !== corpId) throw new PbxError('not_found', `Channel '${channelId}' not found`);
    return ch;
  }

  /**
   * Blind transfer (G-XFR-01, G-XFR-03), as Asterisk's Redirect: the channel (a waiting caller, or a party
   * of an answered two-party call) leaves its call and runs `exten` of its corp's internal context
   * (transfers.ts); the party left behind hangs up. PbxError 'conflict' for a channel in no such call.
   */
  async redirect(request: RedirectRequest): Promise<void> {
    this.sync();
    this.transfers.redirect(this.channelOf(request.corpId, request.channelId), request.exten);
    this.kick();
  }

  /** the consulting leg of an attended transfer (G-XFR-02): `from`'s phone rings, busy or not, then dials `exten` */
  async consult(request: ConsultRequest): Promise<{ channelId: string }> {
    this.sync();
    const ext = this.w.corps.get(request.corpId)?.exts.get(request.from);
    if (!ext || ext.removed) throw new PbxError('not_found', `Extension '${request.from}' not found`);
    const ch = this.transfers.consult(ext.corp, ext, request.exten, request.timeoutSec ?? 30);
    this.kick();
    return { channelId: ch.id };
  }

  async completeTransfer(request: CompleteTransferRequest): Promise<void> {
    this.sync();
    const ch = this.channelOf(request.corpId, request.channelId);
    const consult = this.channelOf(request.corpId, request.consultId);
    this.transfers.complete(ch, consult, request.exten);
    this.kick();
  }

  async queueMembers(): Promise<PbxQueueMember[]> {
    this.sync();
    return this.members.all();
  }

  async pauseMember(request: PauseRequest): Promise<void> {
    this.sync();
    this.members.pause(request);
    this.kick();
  }
}

export function createSimulator(options: SimulatorOptions): CallCentreSimulator {
  return new CallCentreSimulator(options);
}
