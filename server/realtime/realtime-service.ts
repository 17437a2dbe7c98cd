/**
 * The live state of every corp, kept from the PBX adapter's ARI events, and the hub pushes that tell
 * the browsers about it (ARCHITECTURE "Real time", spec 1 §4 and §7, spec 3 §2.3 and §7).
 *
 * - State per corp: extensions (status codes, call start, peer), channels, contacts, calls (legs tied
 *   together by Dial caller → peer and by bridges), queue callers and today's queue counters.
 * - Pushes: Ringing, CallConnected, DeviceStateChanged, Hangup, CallerInQueue, deleteCaller and LogMon
 *   as things happen; ActiveCalls and AllContacts coalesced (at most one per `coalesceMs` per corp);
 *   AllExtensions/AllChannels/AllContacts/AllQueues/ActiveCalls after every (re)connect and reload.
 * - Tenancy: an event is applied to the one corp its endpoint names, accountcode and context agree
 *   on; anything else is dropped and counted. Every push is checked to carry the corp it is sent to.
 * - Memory: finished calls and destroyed channels are removed; nothing grows with the number of calls.
 */
import {
  EXT_STATUS,
  LOG_EVENT_TYPES,
  callKey,
  parseEndpointName,
  statusFromDeviceState,
  type ActiveCall,
  type CallProfile,
  type ExtStatus,
  type HubPushes,
  type HubPushName,
  type LiveChannel,
  type LiveContact,
  type LiveExtension,
  type LiveQueue,
  type LogEventType,
  type QueueCaller,
} from '../../domain';
import type { LiveSource } from '../hub';
import { PbxError, parseAriTimestamp, type AriChannel, type AriEvent, type DialEvent, type PbxAdapter, type PbxSnapshot } from '../pbx';
import { attribute, channelCorp, channelEndpoint } from './attribution';
import { Coalescer } from './coalescer';
import {
  connectExtension,
  deviceStatus,
  hangupExtension,
  newExtension,
  ringExtension,
  toLiveExtension,
  type ExtensionRecord,
} from './extension-status';
import { checkTimeZone, nextMidnight } from './local-day';
import {
  SYSTEM_TIMERS,
  type DirectoryCorp,
  type DirectoryProvider,
  type DirectoryQueue,
  type DropReason,
  type PublishFn,
  type RealtimeLogger,
  type RealtimeStats,
  type TimerHandle,
  type Timers,
} from './types';

export interface RealtimeOptions {
  adapter: PbxAdapter;
  /** the backplane's publish */
  publish: PublishFn;
  directory: DirectoryProvider;
  /** server clock for `ts` and state times (default Date.now) */
  now?: () => number;
  /** default: Node timers (unref'd) */
  timers?: Timers;
  /** ActiveCalls / AllContacts: at most one per corp per this many ms (default 100) */
  coalesceMs?: number;
  /** IANA zone of "today" for the queue counters (default: the server's zone) */
  timeZone?: string;
  /** whether LogMon pushes go out for a corp (default: always) */
  logMonitor?: (corpId: number) => boolean;
  /** events kept while a snapshot loads (default 20 000; more are dropped and counted) */
  maxBuffered?: number;
  log?: RealtimeLogger;
}

export interface RealtimeService extends LiveSource {
  /** the LiveSource reads answer at once (the state is in memory) */
  getExtensions(corpId: number): LiveExtension[];
  getChannels(corpId: number): LiveChannel[];
  getContacts(corpId: number): LiveContact[];
  getQueues(corpId: number): LiveQueue[];
  /** hangs up the newest call in progress between caller and receiver (either way round); false when none */
  hangUp(corpId: number, caller: string, receiver: string): Promise<boolean>;
  /** loads the directory and follows the adapter; resolves once the first snapshot (if connected) is applied */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** reads the directory again (after configuration changes) and publishes AllExtensions and AllQueues */
  reload(): Promise<void>;
  /** resolves when no snapshot is loading */
  whenSynced(): Promise<void>;
  /** publishes the coalesced pushes that are waiting */
  flush(): void;
  /** the current active calls of a corp, as the ActiveCalls push carries them */
  getActiveCalls(corpId: number): ActiveCall[];
  /** publishes AllExtensions, AllChannels, AllContacts, AllQueues and ActiveCalls to one corp, or to all */
  publishSnapshots(corpId?: number): void;
  stats(): RealtimeStats;
}

interface ChannelRecord {
  id: string;
  corpId: number;
  name: string;
  state: string;
  callerNumber: string;
  connectedNumber: string;
  /** endpoint resource (`2_1001`, `2_trunk`), null when the name has none */
  endpoint: string | null;
  /** the part after `{corpId}_` */
  number: string | null;
  /** an extension's channel (a number of the directory, or digits), else a trunk or other */
  isExt: boolean;
  context: string;
  exten: string;
  app: string;
  created: number;
  call: number | null;
  bridge: string | null;
  onHold: boolean;
  queued: number | null;
}

interface CallRecord {
  key: number;
  /** the first channel's id (Asterisk's linkedid) */
  id: string;
  corpId: number;
  origin: string;
  channels: Set<string>;
  time: number;
  caller: string;
  dialed: string;
  /** the party rung last (before an answer) or connected */
  receiver: string | null;
  answeredAt: number | null;
  /** the two channels in conversation */
  talking: Set<string>;
  trunk: string | null;
  inbound: boolean;
  queueName: string | null;
  /** extension numbers this call rang or connected */
  parties: Set<string>;
  ended: boolean;
}

interface QueueRecord {
  cfg: DirectoryQueue;
  /** by caller channel id, in order of arrival */
  callers: Map<string, QueueCaller>;
  answered: number;
  abandoned: number;
  answeredWithinSl: number;
}

interface CorpState {
  corpId: number;
  exts: Map<string, ExtensionRecord>;
  queues: Map<number, QueueRecord>;
  contacts: Map<string, LiveContact>;
  channels: Map<string, ChannelRecord>;
  calls: Map<number, CallRecord>;
}

interface BridgeRecord {
  corpId: number;
  channels: Set<string>;
}

const LOG_TYPES: ReadonlySet<string> = new Set(LOG_EVENT_TYPES);
const RECENT_LIMIT = 1024;
const SEC = 1000;

const inCall = (status: ExtStatus) => status === EXT_STATUS.inUse || status === EXT_STATUS.onHold;
const isExtNumber = (number: string, corp: CorpState) => corp.exts.has(number) || /^\d+$/.test(number);

/** `sip:1001@10.2.0.10:5060;transport=udp` → address and port */
export function contactAddress(uri: string): { addr: string | null; port: number | null } {
  const m = /^sips?:(?:[^@]*@)?(\[[^\]]+\]|[^:;>]+)(?::(\d+))?/.exec(uri);
  return m ? { addr: m[1], port: m[2] ? Number(m[2]) : null } : { addr: null, port: null };
}

export function createRealtimeService(options: RealtimeOptions): RealtimeService {
  return new RealtimeServiceImpl(options);
}

class RealtimeServiceImpl implements RealtimeService {
  private readonly adapter: PbxAdapter;
  private readonly publishFn: PublishFn;
  private readonly directory: DirectoryProvider;
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly timeZone: string | undefined;
  private readonly logMonitor: (corpId: number) => boolean;
  private readonly maxBuffered: number;
  private readonly log: RealtimeLogger;
  private readonly corps = new Map<number, CorpState>();
  private readonly bridges = new Map<string, BridgeRecord>();
  /** last device status of the corps' extension endpoints, `{corpId}_{number}` (for extensions added later) */
  private readonly devices = new Map<string, ExtStatus>();
  /** ids of channels destroyed lately: late events about them do not bring them back */
  private readonly recent = new Set<string>();
  private readonly activeCalls: Coalescer;
  private readonly contactsOut: Coalescer;
  private readonly dropped: Record<DropReason, number> = { unattributed: 0, conflict: 0, unknownCorp: 0, unknownQueue: 0, unknownChannel: 0, overflow: 0 };
  private events = 0;
  private published = 0;
  private rebuilds = 0;
  private callSeq = 0;
  private connected = false;
  private loading: Promise<void> | null = null;
  /** a snapshot is loading: events wait in the buffer */
  private syncing = false;
  private buffer: AriEvent[] = [];
  private generation = 0;
  private stopped = false;
  private started = false;
  private subscriptions: { unsubscribe(): void }[] = [];
  private dayEndsAt: number;
  private dayTimer: TimerHandle | null = null;
  private reloading: Promise<void> = Promise.resolve();

  constructor(options: RealtimeOptions) {
    this.adapter = options.adapter;
    this.publishFn = options.publish;
    this.directory = options.directory;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? SYSTEM_TIMERS;
    checkTimeZone(options.timeZone);
    this.timeZone = options.timeZone;
    this.logMonitor = options.logMonitor ?? (() => true);
    this.maxBuffered = options.maxBuffered ?? 20_000;
    this.log = options.log ?? { warn: () => undefined };
    const coalesceMs = options.coalesceMs ?? 100;
    this.activeCalls = new Coalescer(coalesceMs, this.now, this.timers, (corpId) => this.publishActiveCalls(corpId));
    this.contactsOut = new Coalescer(coalesceMs, this.now, this.timers, (corpId) => this.publishContacts(corpId));
    this.dayEndsAt = nextMidnight(this.now(), this.timeZone);
  }

  // ================================================================ lifecycle

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    this.applyDirectory(await this.directory.corps());
    this.scheduleDay();
    this.subscriptions.push(
      this.adapter.events$.subscribe({
        next: (event) => this.onEvent(event),
        error: (error: unknown) => this.log.warn('realtime: adapter events failed', { error: String(error) }),
      }),
    );
    this.subscriptions.push(this.adapter.connected$.subscribe((up) => this.onConnected(up)));
    await this.whenSynced();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.started = false;
    this.generation++;
    for (const s of this.subscriptions) s.unsubscribe();
    this.subscriptions = [];
    this.activeCalls.clear();
    this.contactsOut.clear();
    if (this.dayTimer !== null) this.timers.clearTimeout(this.dayTimer);
    this.dayTimer = null;
    this.buffer = [];
    this.syncing = false;
    this.loading = null;
  }

  reload(): Promise<void> {
    const next = this.reloading.then(async () => {
      const list = await this.directory.corps();
      if (this.stopped) return;
      this.applyDirectory(list);
      for (const corp of this.corps.values()) {
        const ts = this.now();
        this.send(corp.corpId, 'AllExtensions', { corpId: corp.corpId, extensions: this.getExtensions(corp.corpId), ts });
        this.send(corp.corpId, 'AllQueues', { corpId: corp.corpId, queues: this.getQueues(corp.corpId), ts });
      }
    });
    this.reloading = next.catch((error: unknown) => this.log.warn('realtime: directory reload failed', { error: String(error) }));
    return next;
  }

  async whenSynced(): Promise<void> {
    while (this.loading) await this.loading;
  }

  flush(): void {
    this.activeCalls.flush();
    this.contactsOut.flush();
  }

  stats(): RealtimeStats {
    const sizes = { corps: this.corps.size, extensions: 0, contacts: 0, channels: 0, calls: 0, bridges: this.bridges.size, queueCallers: 0, devices: this.devices.size, recent: this.recent.size, buffered: this.buffer.length };
    for (const corp of this.corps.values()) {
      sizes.extensions += corp.exts.size;
      sizes.contacts += corp.contacts.size;
      sizes.channels += corp.channels.size;
      sizes.calls += corp.calls.size;
      for (const q of corp.queues.values()) sizes.queueCallers += q.callers.size;
    }
    return { events: this.events, dropped: { ...this.dropped }, published: this.published, sizes, rebuilds: this.rebuilds, connected: this.connected };
  }

  // ================================================================ LiveSource

  getExtensions(corpId: number): LiveExtension[] {
    const corp = this.corps.get(corpId);
    return corp ? [...corp.exts.values()].map(toLiveExtension) : [];
  }

  getChannels(corpId: number): LiveChannel[] {
    const corp = this.corps.get(corpId);
    if (!corp) return [];
    return [...corp.channels.values()].map((c) => ({
      id: c.id,
      corpId: c.corpId,
      name: c.name,
      state: c.state,
      callerNumber: c.callerNumber,
      connectedNumber: c.connectedNumber,
      extension: c.isExt ? c.number : null,
      created: c.created,
    }));
  }

  getContacts(corpId: number): LiveContact[] {
    const corp = this.corps.get(corpId);
    return corp ? [...corp.contacts.values()].map((c) => ({ ...c })) : [];
  }

  getQueues(corpId: number): LiveQueue[] {
    this.rollDay();
    const corp = this.corps.get(corpId);
    if (!corp) return [];
    return [...corp.queues.values()].map((q) => ({
      corpId,
      queueId: q.cfg.queueId,
      name: q.cfg.name,
      strategy: q.cfg.strategy,
      members: [...q.cfg.members],
      answered: q.answered,
      abandoned: q.abandoned,
      answeredWithinSl: q.answeredWithinSl,
      serviceLevelSec: q.cfg.serviceLevelSec,
      callers: [...q.callers.values()].map((c) => ({ ...c })),
    }));
  }

  getActiveCalls(corpId: number): ActiveCall[] {
    const corp = this.corps.get(corpId);
    if (!corp) return [];
    // one row per call key (spec 1 §9): of two calls with one key, the earliest stays
    const byKey = new Map<string, ActiveCall>();
    for (const call of corp.calls.values()) {
      if (call.ended) continue;
      const row = this.activeCall(corp, call);
      const key = callKey(row.callId);
      const held = byKey.get(key);
      if (!held || row.time < held.time || (row.time === held.time && row.callId < held.callId)) byKey.set(key, row);
    }
    return [...byKey.values()].sort((a, b) => b.time - a.time || (a.callId < b.callId ? -1 : a.callId > b.callId ? 1 : 0));
  }

  async hangUp(corpId: number, caller: string, receiver: string): Promise<boolean> {
    const corp = this.corps.get(corpId);
    if (!corp) return false;
    let found: CallRecord | null = null;
    for (const call of corp.calls.values()) {
      if (call.ended) continue;
      const to = [call.receiver ?? call.dialed, call.dialed];
      const match = (call.caller === caller && to.includes(receiver)) || (call.caller === receiver && to.includes(caller));
      if (match && (!found || call.time >= found.time)) found = call;
    }
    if (!found) return false;
    const channelId = found.channels.has(found.origin) ? found.origin : found.channels.values().next().value;
    if (channelId === undefined) return false;
    try {
      await this.adapter.hangup(channelId);
      return true;
    } catch (error) {
      if (error instanceof PbxError && error.code === 'not_found') return false;
      throw error;
    }
  }

  publishSnapshots(corpId?: number): void {
    const targets = corpId === undefined ? [...this.corps.keys()] : this.corps.has(corpId) ? [corpId] : [];
    for (const id of targets) {
      const ts = this.now();
      this.send(id, 'AllExtensions', { corpId: id, extensions: this.getExtensions(id), ts });
      this.send(id, 'AllChannels', { corpId: id, channels: this.getChannels(id), ts });
      this.send(id, 'AllContacts', { corpId: id, contacts: this.getContacts(id), ts });
      this.send(id, 'AllQueues', { corpId: id, queues: this.getQueues(id), ts });
      this.send(id, 'ActiveCalls', { corpId: id, calls: this.getActiveCalls(id), ts });
      this.activeCalls.published(id);
      this.contactsOut.published(id);
    }
  }

  // ================================================================ publishing

  private send<K extends HubPushName>(corpId: number, push: K, payload: HubPushes[K]): void {
    if (payload.corpId !== corpId) {
      // never happens by construction; refuse rather than leak across tenants
      this.dropped.conflict++;
      return;
    }
    this.published++;
    try {
      this.publishFn(corpId, push, payload);
    } catch (error) {
      this.log.warn('realtime: publish failed', { corpId, push, error: String(error) });
    }
  }

  private publishActiveCalls(corpId: number): void {
    if (!this.corps.has(corpId)) return;
    this.send(corpId, 'ActiveCalls', { corpId, calls: this.getActiveCalls(corpId), ts: this.now() });
  }

  private publishContacts(corpId: number): void {
    if (!this.corps.has(corpId)) return;
    this.send(corpId, 'AllContacts', { corpId, contacts: this.getContacts(corpId), ts: this.now() });
  }

  private activeCall(corp: CorpState, call: CallRecord): ActiveCall {
    const profile: CallProfile = call.inbound ? 'entrante' : call.trunk !== null ? 'saliente' : 'internal';
    const receiver = call.receiver ?? call.dialed;
    return {
      corpId: corp.corpId,
      callId: call.id,
      time: call.time,
      profile,
      caller: call.caller,
      destination: call.queueName ?? call.dialed,
      dialed: call.dialed,
      receiver,
      trunk: call.trunk,
    };
  }

  // ================================================================ directory

  private applyDirectory(list: DirectoryCorp[]): void {
    const at = this.now();
    const wanted = new Map(list.map((c) => [c.corpId, c]));
    for (const corpId of [...this.corps.keys()]) {
      if (wanted.has(corpId)) continue;
      this.corps.delete(corpId);
      this.activeCalls.forget(corpId);
      this.contactsOut.forget(corpId);
      for (const [id, b] of this.bridges) if (b.corpId === corpId) this.bridges.delete(id);
      const prefix = `${corpId}_`;
      for (const key of [...this.devices.keys()]) if (key.startsWith(prefix)) this.devices.delete(key);
    }
    for (const cfg of list) {
      let corp = this.corps.get(cfg.corpId);
      if (!corp) {
        corp = { corpId: cfg.corpId, exts: new Map(), queues: new Map(), contacts: new Map(), channels: new Map(), calls: new Map() };
        this.corps.set(cfg.corpId, corp);
      }
      const numbers = new Map(cfg.extensions.map((e) => [e.number, e]));
      for (const number of [...corp.exts.keys()]) if (!numbers.has(number)) corp.exts.delete(number);
      for (const e of cfg.extensions) {
        const ext = corp.exts.get(e.number);
        if (ext) ext.userName = e.userName;
        else {
          const device = this.devices.get(`${cfg.corpId}_${e.number}`) ?? null;
          const created = newExtension(cfg.corpId, e.number, e.userName, device ?? EXT_STATUS.offline, at);
          created.device = device;
          corp.exts.set(e.number, created);
        }
      }
      const queues = new Map(cfg.queues.map((q) => [q.queueId, q]));
      for (const [queueId, q] of [...corp.queues]) {
        if (queues.has(queueId)) continue;
        for (const callerId of q.callers.keys()) {
          const ch = corp.channels.get(callerId);
          if (ch) ch.queued = null;
        }
        corp.queues.delete(queueId);
      }
      for (const qc of cfg.queues) {
        const q = corp.queues.get(qc.queueId);
        const copy = { ...qc, members: [...qc.members] };
        if (q) q.cfg = copy;
        else corp.queues.set(qc.queueId, { cfg: copy, callers: new Map(), answered: 0, abandoned: 0, answeredWithinSl: 0 });
      }
    }
  }

  // ================================================================ today

  private scheduleDay(): void {
    if (this.dayTimer !== null) this.timers.clearTimeout(this.dayTimer);
    this.dayTimer = this.timers.setTimeout(
      () => {
        this.dayTimer = null;
        this.rollDay();
        if (!this.stopped) this.scheduleDay();
      },
      Math.max(1, this.dayEndsAt - this.now()),
    );
  }

  /** at local midnight the counters start again; every corp gets the new AllQueues */
  private rollDay(): void {
    const at = this.now();
    if (at < this.dayEndsAt) return;
    this.dayEndsAt = nextMidnight(at, this.timeZone);
    for (const corp of this.corps.values()) {
      for (const q of corp.queues.values()) {
        q.answered = 0;
        q.abandoned = 0;
        q.answeredWithinSl = 0;
      }
    }
    if (this.started) {
      for (const corp of this.corps.values()) this.send(corp.corpId, 'AllQueues', { corpId: corp.corpId, queues: this.getQueues(corp.corpId), ts: at });
      this.scheduleDay();
    }
  }

  // ================================================================ connection and snapshots

  private onConnected(up: boolean): void {
    this.connected = up;
    if (!up || this.stopped) return;
    const generation = ++this.generation;
    this.buffer = [];
    this.syncing = true;
    const loading = this.resync(generation).finally(() => {
      if (this.loading === loading) this.loading = null;
    });
    this.loading = loading;
  }

  private async resync(generation: number): Promise<void> {
    let snapshot: PbxSnapshot;
    try {
      snapshot = await this.adapter.snapshot();
    } catch (error) {
      this.log.warn('realtime: snapshot failed; continuing from events', { error: String(error) });
      if (generation === this.generation) this.replay();
      return;
    }
    if (generation !== this.generation || this.stopped) return;
    this.rebuild(snapshot);
    this.rebuilds++;
    this.replay();
    this.publishSnapshots();
  }

  /**
   * Applies, in order, the events that arrived while the snapshot loaded. Some may be older than the
   * snapshot (the PBX's clock and ours may differ, so their timestamps cannot tell): replaying a
   * contiguous run of events in order on top of the snapshot still ends in the current state (the last
   * device state wins, a channel created in the run is destroyed in it if it ended), and the steps that
   * could count twice are guarded (a queue entry of a channel already talking, a second connect).
   */
  private replay(): void {
    const buffered = this.buffer;
    this.buffer = [];
    this.syncing = false;
    for (const event of buffered) this.apply(event);
    this.settle();
  }

  private rebuild(snapshot: PbxSnapshot): void {
    const at = this.now();
    this.bridges.clear();
    this.recent.clear();
    const previous = new Map<number, Map<string, ExtensionRecord>>();
    for (const corp of this.corps.values()) {
      previous.set(corp.corpId, new Map([...corp.exts].map(([n, e]) => [n, { ...e }])));
      corp.channels.clear();
      corp.calls.clear();
      corp.contacts.clear();
      for (const q of corp.queues.values()) q.callers.clear();
    }
    // devices and extension statuses
    for (const d of snapshot.deviceStates) {
      const parsed = d.name.startsWith('PJSIP/') ? parseEndpointName(d.name) : null;
      const corp = parsed ? this.corps.get(parsed.corpId) : undefined;
      if (!parsed || !corp || !isExtNumber(parsed.number, corp)) continue;
      this.devices.set(`${parsed.corpId}_${parsed.number}`, statusFromDeviceState(d.state));
    }
    for (const corp of this.corps.values()) {
      const before = previous.get(corp.corpId);
      for (const ext of corp.exts.values()) {
        const status = this.devices.get(`${corp.corpId}_${ext.number}`) ?? EXT_STATUS.offline;
        const old = before?.get(ext.number);
        ext.device = status;
        ext.call = null;
        if (old && old.status === status) {
          ext.since = old.since;
          ext.callStart = inCall(status) ? old.callStart : null;
          ext.peer = inCall(status) ? old.peer : null;
        } else {
          ext.status = status;
          ext.since = at;
          ext.callStart = inCall(status) ? at : null;
          ext.peer = null;
        }
      }
    }
    // contacts
    for (const c of snapshot.contacts) {
      const parsed = parseEndpointName(c.endpoint);
      const corp = parsed ? this.corps.get(parsed.corpId) : undefined;
      if (!parsed || !corp || !isExtNumber(parsed.number, corp)) continue;
      const fromUri = contactAddress(c.uri);
      const gone = c.contact_status === 'Removed';
      corp.contacts.set(parsed.number, {
        corpId: corp.corpId,
        endpoint: c.endpoint,
        number: parsed.number,
        viaAddr: gone ? null : (c.via_addr ?? fromUri.addr),
        viaPort: gone ? null : (c.via_port ?? fromUri.port),
        status: c.contact_status,
      });
    }
    // channels
    const channels: ChannelRecord[] = [];
    for (const ch of snapshot.channels) {
      const who = channelCorp(ch);
      const corp = 'corpId' in who ? this.corps.get(who.corpId) : undefined;
      const rec = corp ? this.upsertChannel(corp, ch, at) : null;
      if (rec) channels.push(rec);
    }
    channels.sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    // bridged channels are answered calls
    for (const b of snapshot.bridges) {
      let owner: CorpState | undefined;
      const members: ChannelRecord[] = [];
      for (const id of b.channels) {
        for (const corp of this.corps.values()) {
          const rec = corp.channels.get(id);
          if (!rec || (owner && owner !== corp)) continue;
          owner = corp;
          members.push(rec);
        }
      }
      if (!owner || members.length === 0) continue;
      this.bridges.set(b.id, { corpId: owner.corpId, channels: new Set(members.map((m) => m.id)) });
      for (const m of members) m.bridge = b.id;
      if (members.length < 2) continue;
      members.sort((x, y) => x.created - y.created || (x.id < y.id ? -1 : 1));
      const call = this.newCall(owner, members[0], members[0].created);
      for (const m of members.slice(1)) this.addLeg(owner, call, m);
      const answered = parseAriTimestamp(b.creationtime);
      call.answeredAt = Number.isFinite(answered) ? answered : snapshot.time;
      call.talking = new Set([members[0].id, members[1].id]);
      call.receiver = this.partyNumber(members[1]);
      for (const m of members) {
        const ext = m.isExt && m.number ? owner.exts.get(m.number) : undefined;
        if (!ext || !inCall(ext.status)) continue;
        ext.call = call.key;
        ext.peer ??= m === members[0] ? call.receiver : call.caller;
        ext.callStart ??= call.answeredAt;
      }
    }
    // the rest: a leg being rung belongs to the call whose caller it shows as connected party
    for (const rec of channels) {
      if (rec.call !== null) continue;
      const corp = this.corps.get(rec.corpId)!;
      let match: CallRecord | null = null;
      for (const call of corp.calls.values()) {
        if (call.answeredAt !== null || call.ended || call.origin === rec.id) continue;
        if (call.caller !== '' && call.caller === rec.connectedNumber && call.time <= rec.created) match = call;
      }
      if (!match) {
        this.newCall(corp, rec, rec.created);
        continue;
      }
      this.addLeg(corp, match, rec);
      if (rec.state === 'Ringing') {
        match.receiver = this.partyNumber(rec);
        const ext = rec.isExt && rec.number ? corp.exts.get(rec.number) : undefined;
        if (ext && ext.status === EXT_STATUS.ringing) {
          ext.call = match.key;
          ext.peer = match.caller;
        }
      }
    }
    // queue callers: channels in the Queue application that are not in a conversation
    for (const rec of channels) {
      if (rec.app !== 'Queue') continue;
      const corp = this.corps.get(rec.corpId)!;
      const call = rec.call !== null ? corp.calls.get(rec.call) : undefined;
      if (call?.answeredAt !== null && call?.answeredAt !== undefined) continue;
      const data = snapshot.channels.find((c) => c.id === rec.id)?.dialplan.app_data ?? '';
      this.enterQueue(corp, rec, data, rec.created, false);
    }
    this.activeCalls.clear();
    this.contactsOut.clear();
  }

  // ================================================================ events

  private onEvent(event: AriEvent): void {
    if (this.stopped) return;
    if (this.syncing) {
      if (this.buffer.length < this.maxBuffered) this.buffer.push(event);
      else this.dropped.overflow++;
      return;
    }
    this.apply(event);
    this.settle();
  }

  private settle(): void {
    this.activeCalls.settle();
    this.contactsOut.settle();
  }

  private drop(reason: DropReason): void {
    this.dropped[reason]++;
  }

  private apply(event: AriEvent): void {
    this.events++;
    this.rollDay();
    if (event.type === 'BridgeDestroyed') {
      this.forgetBridge(event.bridge.id);
      return;
    }
    if (event.type === 'BridgeCreated') return;
    const who = attribute(event);
    if ('drop' in who) {
      this.drop(who.drop);
      return;
    }
    const corp = this.corps.get(who.corpId);
    if (!corp) {
      this.drop('unknownCorp');
      return;
    }
    const at = this.now();
    try {
      this.applyToCorp(corp, event, at);
    } catch (error) {
      this.log.warn('realtime: event failed', { type: event.type, error: String(error) });
    }
    if (LOG_TYPES.has(event.type) && this.logMonitor(corp.corpId)) this.logMon(corp, event, at);
  }

  private applyToCorp(corp: CorpState, event: AriEvent, at: number): void {
    switch (event.type) {
      case 'ChannelCreated': {
        const rec = this.upsertChannel(corp, event.channel, at);
        if (rec && rec.call === null && rec.state !== 'Down') this.ensureCall(corp, rec, at);
        return;
      }
      case 'ChannelStateChange': {
        const rec = this.upsertChannel(corp, event.channel, at);
        if (rec && rec.call === null && rec.state !== 'Down') this.ensureCall(corp, rec, at);
        return;
      }
      case 'ChannelDialplan': {
        const rec = this.upsertChannel(corp, event.channel, at);
        if (!rec) return;
        // leaving the queue shows as an answer, a hang-up or QUEUESTATUS (app_queue sets it before the
        // dialplan goes on); a later application alone is not read as a leave, so an old event replayed
        // after a snapshot cannot take a waiting caller out
        if (event.dialplan_app === 'Queue') this.enterQueue(corp, rec, event.dialplan_app_data, at, true);
        const call = this.liveCall(corp, rec);
        if (call && call.origin === rec.id && event.dialplan_app === 'Dial' && rec.exten !== 's' && call.dialed !== rec.exten && call.answeredAt === null) {
          call.dialed = rec.exten;
          this.activeCalls.mark(corp.corpId);
        }
        return;
      }
      case 'ChannelVarset': {
        const rec = event.channel ? this.upsertChannel(corp, event.channel, at) : null;
        if (rec && event.variable === 'QUEUESTATUS' && rec.queued !== null) this.leaveQueue(corp, rec, 'timeout', at);
        return;
      }
      case 'ChannelCallerId':
      case 'ChannelConnectedLine': {
        const rec = this.upsertChannel(corp, event.channel, at);
        const call = rec ? this.liveCall(corp, rec) : undefined;
        // an outside caller's number may come late; an extension keeps its own number as the caller
        if (rec && call && call.origin === rec.id && !rec.isExt && rec.callerNumber !== '' && call.caller !== rec.callerNumber) {
          call.caller = rec.callerNumber;
          this.activeCalls.mark(corp.corpId);
        }
        return;
      }
      case 'ChannelHangupRequest':
      case 'ChannelDestroyed': {
        const rec = corp.channels.get(event.channel.id);
        if (!rec) {
          if (!this.recent.has(event.channel.id)) this.drop('unknownChannel');
          return;
        }
        this.channelGone(corp, rec, event.cause ?? 16, event.type === 'ChannelDestroyed', at);
        return;
      }
      case 'ChannelHold':
      case 'ChannelUnhold': {
        const rec = this.upsertChannel(corp, event.channel, at);
        if (!rec) return;
        rec.onHold = event.type === 'ChannelHold';
        const ext = rec.isExt && rec.number ? corp.exts.get(rec.number) : undefined;
        if (ext && inCall(ext.status)) deviceStatus(ext, rec.onHold ? EXT_STATUS.onHold : EXT_STATUS.inUse, at);
        return;
      }
      case 'ChannelEnteredBridge': {
        const rec = event.channel ? this.upsertChannel(corp, event.channel, at) : null;
        if (rec) this.enterBridge(corp, rec, event.bridge.id, at);
        return;
      }
      case 'ChannelLeftBridge': {
        const rec = corp.channels.get(event.channel.id);
        if (rec) this.leaveBridge(rec);
        return;
      }
      case 'Dial':
        this.onDial(corp, event, at);
        return;
      case 'DeviceStateChanged':
        this.onDevice(corp, event.device_state.name, event.device_state.state, at);
        return;
      case 'ContactStatusChange': {
        const parsed = parseEndpointName(event.endpoint.resource);
        if (!parsed || parsed.corpId !== corp.corpId || !isExtNumber(parsed.number, corp)) return;
        const status = event.contact_info.contact_status;
        const gone = status === 'Removed';
        const { addr, port } = contactAddress(event.contact_info.uri);
        corp.contacts.set(parsed.number, {
          corpId: corp.corpId,
          endpoint: event.endpoint.resource,
          number: parsed.number,
          viaAddr: gone ? null : addr,
          viaPort: gone ? null : port,
          status,
        });
        this.contactsOut.mark(corp.corpId);
        return;
      }
      default:
        return;
    }
  }

  private logMon(corp: CorpState, event: AriEvent, at: number): void {
    let device = '';
    let state = '';
    if (event.type === 'DeviceStateChanged') {
      device = event.device_state.name;
      state = event.device_state.state;
    } else if (event.type === 'Dial') {
      device = event.peer.name;
      state = event.dialstatus || event.peer.state;
    } else if ('channel' in event && event.channel) {
      device = event.channel.name;
      state = event.channel.state;
    }
    this.send(corp.corpId, 'LogMon', { corpId: corp.corpId, type: event.type as LogEventType, timestamp: event.timestamp, device, state, event, ts: at });
  }

  // ---------------------------------------------------------------- channels

  private upsertChannel(corp: CorpState, ch: AriChannel, at: number): ChannelRecord | null {
    const known = corp.channels.get(ch.id);
    if (known) {
      known.name = ch.name;
      known.state = ch.state;
      known.callerNumber = ch.caller?.number ?? known.callerNumber;
      known.connectedNumber = ch.connected?.number ?? known.connectedNumber;
      if (ch.dialplan) {
        known.context = ch.dialplan.context;
        known.exten = ch.dialplan.exten;
        known.app = ch.dialplan.app_name;
      }
      return known;
    }
    if (this.recent.has(ch.id)) return null;
    const endpoint = channelEndpoint(ch.name);
    const number = endpoint && endpoint.corpId === corp.corpId ? endpoint.number : null;
    const created = parseAriTimestamp(ch.creationtime);
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
      created: Number.isFinite(created) ? created : at,
      call: null,
      bridge: null,
      onHold: false,
      queued: null,
    };
    corp.channels.set(ch.id, rec);
    return rec;
  }

  private channelGone(corp: CorpState, rec: ChannelRecord, cause: number, destroyed: boolean, at: number): void {
    if (rec.queued !== null) this.leaveQueue(corp, rec, 'abandoned', at);
    const call = rec.call !== null ? corp.calls.get(rec.call) : undefined;
    if (call && !call.ended) {
      const ends = call.answeredAt !== null ? call.talking.has(rec.id) : rec.id === call.origin;
      if (ends) this.endCall(corp, call, cause, at);
    }
    if (!destroyed) return;
    if (rec.bridge !== null) this.leaveBridge(rec);
    corp.channels.delete(rec.id);
    this.remember(rec.id);
    if (call) {
      call.channels.delete(rec.id);
      if (call.channels.size === 0) {
        if (!call.ended) this.endCall(corp, call, cause, at);
        corp.calls.delete(call.key);
      }
    }
  }

  private remember(id: string): void {
    this.recent.add(id);
    if (this.recent.size > RECENT_LIMIT) this.recent.delete(this.recent.values().next().value as string);
  }

  /** the number a channel stands for: the extension, or the outside party */
  private partyNumber(rec: ChannelRecord): string {
    if (rec.isExt && rec.number) return rec.number;
    return rec.callerNumber || rec.exten || rec.name;
  }

  // ---------------------------------------------------------------- calls

  private liveCall(corp: CorpState, rec: ChannelRecord): CallRecord | undefined {
    const call = rec.call !== null ? corp.calls.get(rec.call) : undefined;
    return call && !call.ended ? call : undefined;
  }

  private ensureCall(corp: CorpState, rec: ChannelRecord, at: number): CallRecord {
    const live = this.liveCall(corp, rec);
    if (live) return live;
    const fresh = rec.call === null;
    if (!fresh) this.detach(corp, rec, at);
    return this.newCall(corp, rec, fresh ? rec.created : at);
  }

  private newCall(corp: CorpState, origin: ChannelRecord, time: number): CallRecord {
    const call: CallRecord = {
      key: ++this.callSeq,
      id: origin.id,
      corpId: corp.corpId,
      origin: origin.id,
      channels: new Set([origin.id]),
      time,
      // an outside caller without a number is 'anonymous' (not the number it dialed)
      caller: origin.isExt && origin.number ? origin.number : origin.callerNumber || 'anonymous',
      // an originated call waits in `s` with the destination as its connected line
      dialed: origin.exten === 's' ? origin.connectedNumber : origin.exten,
      receiver: null,
      answeredAt: null,
      talking: new Set(),
      trunk: origin.isExt ? null : origin.endpoint,
      // from a trunk endpoint, or through an inbound context
      inbound: (origin.endpoint !== null && !origin.isExt) || /-inbound$/.test(origin.context),
      queueName: null,
      parties: new Set(origin.isExt && origin.number ? [origin.number] : []),
      ended: false,
    };
    origin.call = call.key;
    corp.calls.set(call.key, call);
    this.activeCalls.mark(corp.corpId);
    return call;
  }

  private addLeg(corp: CorpState, call: CallRecord, rec: ChannelRecord): void {
    if (rec.call === call.key) return;
    if (rec.call !== null) this.detach(corp, rec, this.now());
    call.channels.add(rec.id);
    rec.call = call.key;
    if (!rec.isExt && call.trunk === null) call.trunk = rec.endpoint;
    if (rec.isExt && rec.number) call.parties.add(rec.number);
    this.activeCalls.mark(corp.corpId);
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

  private onDial(corp: CorpState, event: DialEvent, at: number): void {
    const peer = this.upsertChannel(corp, event.peer, at);
    if (!peer) return;
    const caller = event.caller ? this.upsertChannel(corp, event.caller, at) : null;
    if (!caller) {
      // an originate: the first leg rings the extension itself
      const call = this.ensureCall(corp, peer, at);
      if (event.dialstatus === 'RINGING') this.ringing(corp, call, peer, at);
      return;
    }
    const call = this.ensureCall(corp, caller, at);
    this.addLeg(corp, call, peer);
    if (event.dialstatus === 'RINGING') this.ringing(corp, call, peer, at);
    else if (event.dialstatus === 'ANSWER') this.connect(corp, call, caller, peer, at);
  }

  private ringing(corp: CorpState, call: CallRecord, peer: ChannelRecord, at: number): void {
    const receiver = this.partyNumber(peer);
    if (call.answeredAt === null && call.receiver !== receiver) {
      call.receiver = receiver;
      this.activeCalls.mark(corp.corpId);
    }
    if (peer.isExt && peer.number) call.parties.add(peer.number);
    this.send(corp.corpId, 'Ringing', { corpId: corp.corpId, callId: call.id, caller: call.caller, receiver, ts: at });
    const callerExt = corp.exts.get(call.caller);
    if (callerExt) ringExtension(callerExt, 'caller', receiver, call.key, at);
    const receiverExt = receiver !== call.caller ? corp.exts.get(receiver) : undefined;
    if (receiverExt) ringExtension(receiverExt, 'receiver', call.caller, call.key, at);
  }

  private connect(corp: CorpState, call: CallRecord, caller: ChannelRecord | null, peer: ChannelRecord, at: number): void {
    if (call.answeredAt !== null && call.talking.has(peer.id) && (!caller || call.talking.has(caller.id))) return;
    call.answeredAt ??= at;
    call.talking = new Set(caller ? [caller.id, peer.id] : [peer.id]);
    const receiver = this.partyNumber(peer);
    call.receiver = receiver;
    if (peer.isExt && peer.number) call.parties.add(peer.number);
    this.activeCalls.mark(corp.corpId);
    this.send(corp.corpId, 'CallConnected', { corpId: corp.corpId, callId: call.id, caller: call.caller, receiver, ts: at });
    const callerExt = corp.exts.get(call.caller);
    if (callerExt) connectExtension(callerExt, receiver, call.key, at);
    const receiverExt = receiver !== call.caller ? corp.exts.get(receiver) : undefined;
    if (receiverExt) connectExtension(receiverExt, call.caller, call.key, at);
    for (const rec of [caller, peer]) if (rec && rec.queued !== null) this.leaveQueue(corp, rec, 'answered', at);
  }

  private endCall(corp: CorpState, call: CallRecord, cause: number, at: number): void {
    call.ended = true;
    this.activeCalls.mark(corp.corpId);
    const receiver = call.receiver ?? call.dialed;
    const duration = call.answeredAt === null ? 0 : Math.max(0, Math.round((at - call.answeredAt) / SEC));
    this.send(corp.corpId, 'Hangup', { corpId: corp.corpId, callId: call.id, caller: call.caller, receiver, cause, duration, ts: at });
    const numbers = new Set([...call.parties, call.caller, receiver]);
    for (const number of numbers) {
      const ext = corp.exts.get(number);
      if (ext) hangupExtension(ext, call.key, number === call.caller || number === receiver, at);
    }
  }

  // ---------------------------------------------------------------- bridges

  private enterBridge(corp: CorpState, rec: ChannelRecord, bridgeId: string, at: number): void {
    let bridge = this.bridges.get(bridgeId);
    if (!bridge) {
      bridge = { corpId: corp.corpId, channels: new Set() };
      this.bridges.set(bridgeId, bridge);
    }
    if (bridge.corpId !== corp.corpId) {
      this.drop('conflict');
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
        this.addLeg(corp, joined, rec);
        found = joined;
      } else found = this.ensureCall(corp, rec, at);
    }
    const call = found;
    const partner = others.find((o) => o.call === call.key);
    if (!partner) return;
    if (call.answeredAt === null || !call.talking.has(rec.id)) {
      const [a, b] = rec.id === call.origin || (partner.id !== call.origin && rec.created <= partner.created) ? [rec, partner] : [partner, rec];
      this.connect(corp, call, a, b, at);
    }
  }

  private leaveBridge(rec: ChannelRecord): void {
    const id = rec.bridge;
    rec.bridge = null;
    if (id === null) return;
    const bridge = this.bridges.get(id);
    if (!bridge) return;
    bridge.channels.delete(rec.id);
    if (bridge.channels.size === 0) this.bridges.delete(id);
  }

  private forgetBridge(id: string): void {
    const bridge = this.bridges.get(id);
    if (!bridge) return;
    this.bridges.delete(id);
    const corp = this.corps.get(bridge.corpId);
    for (const channelId of bridge.channels) {
      const rec = corp?.channels.get(channelId);
      if (rec && rec.bridge === id) rec.bridge = null;
    }
  }

  // ---------------------------------------------------------------- devices

  private onDevice(corp: CorpState, name: string, state: string, at: number): void {
    const parsed = name.startsWith('PJSIP/') ? parseEndpointName(name) : null;
    if (!parsed || parsed.corpId !== corp.corpId || !isExtNumber(parsed.number, corp)) return;
    const status = statusFromDeviceState(state);
    this.devices.set(`${corp.corpId}_${parsed.number}`, status);
    const ext = corp.exts.get(parsed.number);
    if (!ext || ext.device === status) return;
    ext.device = status;
    deviceStatus(ext, status, at);
    this.send(corp.corpId, 'DeviceStateChanged', { corpId: corp.corpId, number: parsed.number, status, ts: at });
  }

  // ---------------------------------------------------------------- queues

  private enterQueue(corp: CorpState, rec: ChannelRecord, appData: string, at: number, announce: boolean): void {
    const m = /^(\d+)_(\d+)$/.exec(appData.split(',')[0].trim());
    if (!m) {
      this.drop('unknownQueue');
      return;
    }
    if (Number(m[1]) !== corp.corpId) {
      this.drop('conflict');
      return;
    }
    const q = corp.queues.get(Number(m[2]));
    if (!q) {
      this.drop('unknownQueue');
      return;
    }
    if (rec.queued === q.cfg.queueId) return;
    const current = this.liveCall(corp, rec);
    if (current && current.answeredAt !== null && current.talking.has(rec.id)) return; // an old event replayed
    if (rec.queued !== null) this.leaveQueue(corp, rec, 'timeout', at);
    const call = this.ensureCall(corp, rec, at);
    call.queueName = q.cfg.name;
    this.activeCalls.mark(corp.corpId);
    const caller: QueueCaller = {
      corpId: corp.corpId,
      queueId: q.cfg.queueId,
      callId: rec.id,
      caller: rec.callerNumber,
      trunkNumber: call.dialed,
      position: q.callers.size + 1,
      since: at,
    };
    q.callers.set(rec.id, caller);
    rec.queued = q.cfg.queueId;
    if (announce) this.send(corp.corpId, 'CallerInQueue', { ...caller, ts: at });
  }

  private leaveQueue(corp: CorpState, rec: ChannelRecord, reason: 'answered' | 'abandoned' | 'timeout', at: number): void {
    const queueId = rec.queued;
    rec.queued = null;
    const q = queueId !== null ? corp.queues.get(queueId) : undefined;
    const caller = q?.callers.get(rec.id);
    if (!q || !caller) return;
    q.callers.delete(rec.id);
    const waitedMs = Math.max(0, at - caller.since);
    if (reason === 'answered') {
      q.answered++;
      if (waitedMs <= q.cfg.serviceLevelSec * SEC) q.answeredWithinSl++;
    } else if (reason === 'abandoned') q.abandoned++;
    this.send(corp.corpId, 'deleteCaller', { corpId: corp.corpId, queueId: q.cfg.queueId, callId: rec.id, reason, waitedMs, ts: at });
    let position = 0;
    for (const other of q.callers.values()) {
      position++;
      if (other.position === position) continue;
      other.position = position;
      this.send(corp.corpId, 'CallerInQueue', { ...other, ts: at });
    }
  }
}
