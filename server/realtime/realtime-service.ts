/**
 * The live state of every corp, kept from the PBX adapter's ARI events, and the hub pushes that tell
 * the browsers about it (ARCHITECTURE "Real time", spec 1 §4 and §7, spec 3 §2.3 and §7). This file
 * is the service's lifecycle and its connection to the PBX; the parts it wires together:
 *
 * - state.ts: the records (the bottom; nothing below it);
 * - calls.ts: channels, calls and bridges from the channel events, and the call pushes;
 * - extension-status.ts, browser-mirror.ts, extensions.ts: an extension's state derived from its
 *   channels, what the browsers hold, and the DeviceStateChanged that puts them right;
 * - queues.ts: queue callers and today's counters (restored from queue_log after a start);
 * - events.ts: one event, routed to its corp; snapshot.ts: the state rebuilt from a PBX snapshot;
 * - directory-sync.ts: the configuration over the state; publisher.ts, views.ts: the pushes.
 *
 * Connection: the PBX's reachability is part of the live state (PbxStatus push to every corp when it
 * changes, issue 12 defect 4). After every (re)connect a snapshot is read (retried a few times while
 * the PBX is still starting), the events that arrive meanwhile wait in a buffer and are applied after it.
 */
import { callKey, runtimeTimeZone, type ActiveCall, type LiveChannel, type LiveContact, type LiveExtension, type LiveQueue } from '../../domain';
import type { LiveSource } from '../hub';
import { PbxError, type AriEvent, type PbxAdapter, type PbxMemberEvent, type PbxQueueMember, type PbxSnapshot } from '../pbx';
import { AgentTracker } from './agents';
import { CallTracker } from './calls';
import { applyDirectory } from './directory-sync';
import { EventRouter } from './events';
import { ExtensionTracker } from './extensions';
import { Publisher } from './publisher';
import { QueueTracker } from './queues';
import { rebuildFromSnapshot } from './snapshot';
import { LiveState, partyNumber, type CallRecord, type ChannelRecord, type CorpState } from './state';
import {
  SYSTEM_TIMERS,
  type DirectoryProvider,
  type PbxReachability,
  type PublishFn,
  type QueueDayCounters,
  type QueueHistory,
  type RealtimeLogger,
  type RealtimeStats,
  type Timers,
} from './types';
import { activeCallsView, channelsView, contactsView, extensionsView, queuesView } from './views';

export interface RealtimeOptions {
  adapter: PbxAdapter;
  /** the backplane's publish */
  publish: PublishFn;
  directory: DirectoryProvider;
  /** where today's queue counters come from after a start or a reconnect (queue_log); without it they live in memory only */
  history?: QueueHistory;
  /** false when no PBX is configured (PBX=none): the PBX state is 'none' rather than 'down' */
  pbxConfigured?: boolean;
  /** server clock for `ts` and state times (default Date.now) */
  now?: () => number;
  /** default: Node timers (unref'd) */
  timers?: Timers;
  /** ActiveCalls / AllContacts: at most one per corp per this many ms (default 100) */
  coalesceMs?: number;
  /** IANA zone of "today" for a corp the directory gives no zone (default: the server's zone) */
  timeZone?: string;
  /** whether LogMon pushes go out for a corp (default: always) */
  logMonitor?: (corpId: number) => boolean;
  /** events kept while a snapshot loads (default 20 000; more are dropped and counted) */
  maxBuffered?: number;
  /** a snapshot that fails is tried again this often while connected (default 4), `snapshotRetryMs` apart (default 250) */
  snapshotRetries?: number;
  snapshotRetryMs?: number;
  log?: RealtimeLogger;
}

export interface RealtimeService extends LiveSource {
  /** the LiveSource reads answer at once (the state is in memory) */
  getExtensions(corpId: number): LiveExtension[];
  getChannels(corpId: number): LiveChannel[];
  getContacts(corpId: number): LiveContact[];
  getQueues(corpId: number): LiveQueue[];
  /** whether the PBX is reached now, and since when */
  getPbxStatus(): PbxReachability;
  /** hangs up the newest call in progress between caller and receiver (either way round); false when none */
  hangUp(corpId: number, caller: string, receiver: string): Promise<boolean>;
  /** an extension's call now (the answered one first), its channel and the call's other ones; null when in none */
  callOf(corpId: number, number: string): LiveCallParties | null;
  /** marks the current call of `number` as recorded on demand (G-REC) or not (null): active calls show it */
  markRecording(corpId: number, number: string, recording: string | null): void;
  recordingOf(corpId: number, number: string): { channelId: string; name: string } | null;
  /** a caller waiting in a queue now, by its channel id; null when it is not waiting */
  waitingCaller(corpId: number, channelId: string): { queueId: number; channelId: string } | null;
  /** loads the directory and follows the adapter; resolves once the first snapshot (if connected) is applied */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** reads the directory again (after configuration changes) and publishes AllExtensions and AllQueues */
  reload(): Promise<void>;
  /** resolves when no snapshot is loading */
  whenSynced(): Promise<void>;
  /**
   * Today's queue counters read again from the history (queue_log) and published: for records written
   * behind the live state (a first demo start fills the day behind, server/live/history-backfill.ts).
   */
  refreshDayCounters(): Promise<void>;
  /** publishes the coalesced pushes that are waiting */
  flush(): void;
  /** the current active calls of a corp, as the ActiveCalls push carries them */
  getActiveCalls(corpId: number): ActiveCall[];
  /** publishes PbxStatus, AllExtensions, AllChannels, AllContacts, AllQueues and ActiveCalls to one corp, or to all */
  publishSnapshots(corpId?: number): void;
  stats(): RealtimeStats;
}

/** An extension's call as the call actions need it (spy, record, transfer: server/live/call-actions.ts). */
export interface LiveCallParties {
  /** the call's id (its first channel's, Asterisk's linkedid) */
  callId: string;
  /** the call's first channel: the caller's leg, whose cdr row is the call's */
  origin: string;
  /** the extension's own channel in it: its id and name */
  own: { id: string; name: string };
  /** the other channels of the call (the other party first) */
  others: { id: string; name: string; number: string }[];
  answered: boolean;
}

export function createRealtimeService(options: RealtimeOptions): RealtimeService {
  return new RealtimeServiceImpl(options);
}

class RealtimeServiceImpl implements RealtimeService {
  private readonly adapter: PbxAdapter;
  private readonly directory: DirectoryProvider;
  private readonly history: QueueHistory | undefined;
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly maxBuffered: number;
  private readonly snapshotRetries: number;
  private readonly snapshotRetryMs: number;
  private readonly log: RealtimeLogger;
  private readonly state = new LiveState();
  private readonly out: Publisher;
  private readonly queues: QueueTracker;
  private readonly extensions: ExtensionTracker;
  private readonly calls: CallTracker;
  private readonly agents: AgentTracker;
  private readonly router: EventRouter;
  /** member changes that came while a snapshot loaded, applied after it */
  private memberBuffer: PbxMemberEvent[] = [];
  private membersWarned = false;
  private pbx: PbxReachability;
  private rebuilds = 0;
  private connected = false;
  private loading: Promise<void> | null = null;
  /** a snapshot is loading: events wait in the buffer */
  private syncing = false;
  private buffer: AriEvent[] = [];
  private generation = 0;
  private stopped = false;
  private started = false;
  private subscriptions: { unsubscribe(): void }[] = [];
  private reloading: Promise<void> = Promise.resolve();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: RealtimeOptions) {
    this.adapter = options.adapter;
    this.directory = options.directory;
    this.history = options.history;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? SYSTEM_TIMERS;
    this.maxBuffered = options.maxBuffered ?? 20_000;
    this.snapshotRetries = options.snapshotRetries ?? 4;
    this.snapshotRetryMs = options.snapshotRetryMs ?? 250;
    this.log = options.log ?? { warn: () => undefined };
    this.pbx = { state: options.pbxConfigured === false ? 'none' : 'down', since: this.now() };
    this.out = new Publisher({
      state: this.state,
      publish: options.publish,
      now: this.now,
      timers: this.timers,
      coalesceMs: options.coalesceMs ?? 100,
      log: this.log,
      pbx: () => this.pbx,
      beforeQueues: () => this.queues.roll(),
    });
    this.queues = new QueueTracker(this.state, this.out, this.now, this.timers, options.timeZone ?? runtimeTimeZone());
    this.extensions = new ExtensionTracker(this.state, this.out);
    this.agents = new AgentTracker(this.state, this.out, this.now, this.timers);
    this.calls = new CallTracker(this.state, this.out, this.extensions, this.queues, this.agents);
    this.router = new EventRouter({
      state: this.state,
      calls: this.calls,
      queues: this.queues,
      extensions: this.extensions,
      out: this.out,
      now: this.now,
      logMonitor: options.logMonitor ?? (() => true),
      log: this.log,
    });
  }

  // ================================================================ lifecycle

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    this.applyDirectory(await this.directory.corps(), this.now());
    this.queues.start();
    this.subscriptions.push(
      this.adapter.events$.subscribe({
        next: (event) => this.onEvent(event),
        error: (error: unknown) => this.log.warn('realtime: adapter events failed', { error: String(error) }),
      }),
    );
    this.subscriptions.push(
      this.adapter.members$.subscribe({
        next: (event) => this.onMember(event),
        error: (error: unknown) => this.log.warn('realtime: member events failed', { error: String(error) }),
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
    this.out.clear();
    this.queues.stop();
    this.agents.clear();
    this.memberBuffer = [];
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.buffer = [];
    this.syncing = false;
    this.loading = null;
  }

  reload(): Promise<void> {
    const next = this.reloading.then(async () => {
      const list = await this.directory.corps();
      if (this.stopped) return;
      const at = this.now();
      const zonesMoved = this.applyDirectory(list, at);
      for (const corp of this.state.corps.values()) {
        this.extensions.reconcile(corp, at);
        this.out.send(corp.corpId, 'AllExtensions', { corpId: corp.corpId, extensions: extensionsView(corp), ts: at });
        this.queues.roll();
        this.out.send(corp.corpId, 'AllQueues', { corpId: corp.corpId, queues: queuesView(corp), ts: at });
      }
      // a corp given another zone has another today: its counters are read again for it
      if (zonesMoved) await this.refreshDayCounters().catch((error: unknown) => this.log.warn("realtime: today's queue counters not read again after a zone change", { error: String(error) }));
    });
    this.reloading = next.catch((error: unknown) => this.log.warn('realtime: directory reload failed', { error: String(error) }));
    return next;
  }

  /**
   * the configuration over the state; the agents' DND and pause reasons with it (the snapshots that
   * follow tell them), and the corps' zones; true when a known corp's zone changed
   */
  private applyDirectory(list: Awaited<ReturnType<DirectoryProvider['corps']>>, at: number): boolean {
    applyDirectory(this.state, this.out, list, at);
    for (const cfg of list) {
      const corp = this.state.corps.get(cfg.corpId);
      if (corp) this.agents.applyDirectory(corp, cfg, true);
    }
    return this.queues.setZones(list);
  }

  async refreshDayCounters(): Promise<void> {
    if (!this.history || this.stopped) return;
    const counters = await this.queues.restore(this.history, this.now());
    if (this.stopped) return;
    this.queues.applyCounters(counters);
    this.publishSnapshots();
  }

  async whenSynced(): Promise<void> {
    while (this.loading) await this.loading;
  }

  flush(): void {
    this.out.flush();
  }

  stats(): RealtimeStats {
    return {
      events: this.router.events,
      dropped: { ...this.state.dropped },
      published: this.out.published,
      sizes: { ...this.state.sizes(), buffered: this.buffer.length },
      rebuilds: this.rebuilds,
      connected: this.connected,
      corrections: this.extensions.pushes,
    };
  }

  // ================================================================ LiveSource

  getExtensions(corpId: number): LiveExtension[] {
    return extensionsView(this.state.corps.get(corpId));
  }

  getChannels(corpId: number): LiveChannel[] {
    return channelsView(this.state.corps.get(corpId));
  }

  getContacts(corpId: number): LiveContact[] {
    return contactsView(this.state.corps.get(corpId));
  }

  getQueues(corpId: number): LiveQueue[] {
    this.queues.roll();
    return queuesView(this.state.corps.get(corpId));
  }

  getActiveCalls(corpId: number): ActiveCall[] {
    return activeCallsView(this.state.corps.get(corpId));
  }

  getPbxStatus(): PbxReachability {
    return { ...this.pbx };
  }

  async hangUp(corpId: number, caller: string, receiver: string): Promise<boolean> {
    const corp = this.state.corps.get(corpId);
    const found = corp ? this.calls.findCall(corp, caller, receiver) : null;
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

  callOf(corpId: number, number: string): LiveCallParties | null {
    const corp = this.state.corps.get(corpId);
    const best = corp ? this.currentCall(corp, number) : null;
    if (!corp || !best) return null;
    const { rec, call } = best;
    const ids = [...(call.talking.size > 0 ? call.talking : call.channels), ...call.channels].filter((id, i, all) => id !== rec.id && all.indexOf(id) === i);
    const others = ids.flatMap((id) => {
      const other = corp.channels.get(id);
      return other && !other.hangingUp ? [{ id, name: other.name, number: partyNumber(other) }] : [];
    });
    return { callId: call.id, origin: call.origin, own: { id: rec.id, name: rec.name }, others, answered: call.answeredAt !== null };
  }

  markRecording(corpId: number, number: string, recording: string | null): void {
    const corp = this.state.corps.get(corpId);
    const found = corp ? this.currentCall(corp, number) : null;
    if (!corp || !found) return;
    // every live record of the call's key: its legs may hold records of their own (the row shown is the
    // earliest), and the stop may name the other party's extension (Active calls names the receiver)
    let changed = false;
    for (const call of this.sameCall(corp, found.call)) {
      if (call.recording === recording) continue;
      call.recording = recording;
      changed = true;
    }
    if (!changed) return;
    this.out.callsChanged(corpId);
    // not a PBX event, whose handler settles the publisher after it: without this the row changes
    // only with the floor's next event (seconds on a quiet floor)
    this.out.settle();
  }

  /** the recording running on an extension's call: the channel it was started on and its name */
  recordingOf(corpId: number, number: string): { channelId: string; name: string } | null {
    const corp = this.state.corps.get(corpId);
    const found = corp ? this.currentCall(corp, number) : null;
    if (!corp || !found) return null;
    const held = this.sameCall(corp, found.call).find((call) => call.recording !== null);
    return held?.recording ? { channelId: held.origin, name: held.recording } : null;
  }

  private sameCall(corp: CorpState, call: CallRecord): CallRecord[] {
    const key = callKey(call.id);
    return [...corp.calls.values()].filter((other) => !other.ended && callKey(other.id) === key);
  }

  /** an extension's channel and call now: the talking call first (a second one may be ringing beside it) */
  private currentCall(corp: CorpState, number: string): { rec: ChannelRecord; call: CallRecord } | null {
    let best: { rec: ChannelRecord; call: CallRecord } | null = null;
    for (const rec of this.state.channelsOf(corp, number)) {
      if (rec.hangingUp) continue;
      const call = this.calls.liveCall(corp, rec);
      if (!call) continue;
      // the talking call first (a second one may be ringing beside it)
      const rank = (c: CallRecord, r: ChannelRecord) => (c.talking.has(r.id) ? 2 : r.upAt !== null ? 1 : 0);
      if (!best || rank(call, rec) > rank(best.call, best.rec)) best = { rec, call };
    }
    return best;
  }

  waitingCaller(corpId: number, channelId: string): { queueId: number; channelId: string } | null {
    const rec = this.state.corps.get(corpId)?.channels.get(channelId);
    return rec && rec.queued !== null && !rec.hangingUp ? { queueId: rec.queued, channelId } : null;
  }

  publishSnapshots(corpId?: number): void {
    this.out.snapshots(corpId === undefined ? [...this.state.corps.keys()] : [corpId]);
  }

  // ================================================================ connection and snapshots

  private onConnected(up: boolean): void {
    this.connected = up;
    if (this.pbx.state !== 'none') this.setPbx(up ? 'up' : 'down');
    if (!up || this.stopped) {
      // a snapshot still loading belongs to the connection that was lost
      if (!up) this.generation++;
      if (this.syncing) this.replay();
      return;
    }
    const generation = ++this.generation;
    this.buffer = [];
    this.syncing = true;
    const loading = this.resync(generation).finally(() => {
      if (this.loading === loading) this.loading = null;
    });
    this.loading = loading;
  }

  private setPbx(state: 'up' | 'down'): void {
    if (this.pbx.state === state) return;
    this.pbx = { state, since: this.now() };
    // 'up' goes out with the fresh snapshots once the state is rebuilt (or alone, when it cannot be)
    if (state === 'down') this.publishPbxStatus();
  }

  private publishPbxStatus(): void {
    for (const corpId of this.state.corps.keys()) this.out.send(corpId, 'PbxStatus', this.out.pbxStatus(corpId));
  }

  private async resync(generation: number): Promise<void> {
    let snapshot: PbxSnapshot | null = null;
    for (let attempt = 0; ; attempt++) {
      try {
        snapshot = await this.adapter.snapshot();
        break;
      } catch (error) {
        if (generation !== this.generation || this.stopped) return;
        if (attempt >= this.snapshotRetries) {
          this.log.warn('realtime: snapshot failed; continuing from events', { error: String(error) });
          this.replay();
          this.publishPbxStatus();
          return;
        }
        // a PBX that is still starting: tried again shortly (wall-clock time, whatever clock the state runs on)
        await new Promise<void>((resolve) => {
          this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            resolve();
          }, this.snapshotRetryMs);
        });
        if (generation !== this.generation || this.stopped) return;
      }
    }
    let members: PbxQueueMember[] | null = null;
    try {
      members = await this.adapter.queueMembers();
    } catch (error) {
      // the live view goes on without the pauses (with Asterisk: AMI not reached); said once per outage
      if (!this.membersWarned) this.log.warn('realtime: queue members not read from the PBX; pauses show from their next change', { error: String(error) });
      this.membersWarned = true;
    }
    if (members) this.membersWarned = false;
    let counters: QueueDayCounters[] | null = null;
    if (this.history) {
      try {
        counters = await this.queues.restore(this.history, snapshot.time);
      } catch (error) {
        this.log.warn("realtime: today's queue counters not read from queue_log; kept as they are", { error: String(error) });
      }
    }
    if (generation !== this.generation || this.stopped) return;
    rebuildFromSnapshot(this.state, this.calls, this.extensions, snapshot, this.now());
    if (members) this.agents.restore(members, this.now());
    if (counters) this.queues.applyCounters(counters);
    this.out.clear();
    this.rebuilds++;
    this.replay();
    this.publishSnapshots();
  }

  /**
   * Applies, in order, the events that arrived while the snapshot loaded. Some may be older than the
   * snapshot (the PBX's clock and ours may differ, so their timestamps cannot tell): replaying a
   * contiguous run of events in order on top of the snapshot still ends in the current state (a
   * channel created in the run is destroyed in it if it ended), and the steps that could count twice
   * are guarded (a queue entry of a channel already talking, a second connect).
   */
  private replay(): void {
    const buffered = this.buffer;
    const members = this.memberBuffer;
    this.buffer = [];
    this.memberBuffer = [];
    this.syncing = false;
    for (const event of buffered) this.router.apply(event);
    for (const event of members) this.agents.onMember(event);
    this.out.settle();
  }

  // ================================================================ events

  private onMember(event: PbxMemberEvent): void {
    if (this.stopped) return;
    if (this.syncing) {
      if (this.memberBuffer.length < this.maxBuffered) this.memberBuffer.push(event);
      return;
    }
    this.agents.onMember(event);
  }

  private onEvent(event: AriEvent): void {
    if (this.stopped) return;
    if (this.syncing) {
      if (this.buffer.length < this.maxBuffered) this.buffer.push(event);
      else this.state.drop('overflow');
      return;
    }
    this.router.apply(event);
    this.out.settle();
  }
}
