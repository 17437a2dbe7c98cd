import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BehaviorSubject, NEVER } from 'rxjs';
import type { PbxState } from '../../domain';
import { sessionOfToken, sessionStillValid } from '../auth/guard';
import { purposeKey } from '../auth/tokens';
import type { LiveEnvironment } from '../config';
import type { AppContext } from '../context';
import { connectHubToBackplane, createHubServer, createLiveMethods, InProcessBackplane, RedisBackplane, type Backplane, type HubServer } from '../hub';
import type { CampaignControl } from '../dialer/campaign-control';
import { createCampaignEngine, SYSTEM_CLOCK, type CampaignEngine } from '../dialer/campaign-engine';
import { startVoicemailImport } from '../asterisk/voicemail-import';
import { createAriAdapter, createSimulator, PbxError, type CallCentreSimulator, type PbxAdapter, type TrafficOptions } from '../pbx';
import { createRealtimeService, type RealtimeService } from '../realtime';
import { createDbRecordSink, type DbRecordSink } from '../records';
import { createDialplanSync, dialplanFileFromEnv, type DialplanSync } from '../asterisk/dialplan-sync';
import { createLocalCluster, createRedisCluster, type Cluster } from './cluster';
import { coalescedRuns } from './coalesced-runs';
import { createAgentActions, type AgentActions } from './agent-actions';
import { createCallActions, type CallActions } from './call-actions';
import { forwardOps, serveOps, type LiveOps } from './live-ops';
import { createSessionEnder, type SessionEnder } from './sessions';
import { fencedAdapter } from './fencing';
import { createDbDirectory, toSimCorp } from './directory';
import { planBackfill, runBackfill, type BackfillPlan } from './history-backfill';
import { createDbQueueHistory } from './queue-history';
import { createKioskFleet, deployedVersionReader, type KioskFleet } from '../fleet/fleet';
import { createFleetMethods } from '../fleet/fleet-methods';
import { createKioskTicker, type KioskTicker } from '../fleet/ticker';

/** how long the realtime simulator's floor runs before the start (H-WARM-01): several mean handle times (~195 s) */
const WARM_UP_MS = 15 * 60_000;
/** rows per record INSERT on PGlite (db-record-sink statementRows) */
const PGLITE_STATEMENT_ROWS = 25;

/** The NOTIFY channel of queue logins and logouts written by Asterisk (migration 0015). */
export const QUEUE_MEMBERS_CHANNEL = 'callboard_queue_members';
/** The NOTIFY channel of do-not-disturb set from a phone (migration 0018, view cb_dnd). */
export const DND_CHANNEL = 'callboard_dnd';
/** A burst of logins (a team starting its shift) is one reload. */
const MEMBER_RELOAD_DEBOUNCE_MS = 300;
/** an attended transfer's legs may be missing from the live state this long after its start (their events on the way) */
const TRANSFER_GRACE_MS = 5000;

export interface LiveOptions extends LiveEnvironment {
  /** 'realtime' (default) paces the simulator to the wall clock; 'manual' moves only with advance() (tests) */
  driver?: 'realtime' | 'manual';
  /** recordings folder; default `{DATA_DIR}/recordings`, none when DATA_DIR is ':memory:' */
  recordingsDir?: string | null;
  /** the record sink's flush period (ms), default 500 */
  recordFlushMs?: number;
  /** the simulator's traffic model, over its defaults (tests: no phones offline, every call answered) */
  traffic?: Partial<TrafficOptions>;
  /** how often the campaign engine looks at the running campaigns (ms), default 5000 */
  campaignTickMs?: number;
  /**
   * With the simulator: on a start with no record since yesterday, simulate yesterday and today up to
   * now first, so the reports have a day to show (history-backfill.ts). Default off (tests).
   */
  history?: boolean;
  /**
   * With the simulator: the floor runs this long before the start, silently, so it starts in its
   * steady state (H-WARM-01: calls in progress, callers waiting). Default 15 min with the realtime
   * driver (what `npm start` runs), 0 with the manual one (tests start from an empty floor).
   */
  warmUpMs?: number;
  /**
   * PBX=ari: the dialplan file Asterisk includes (extensions_callboard.conf), rewritten from the database
   * and reloaded through ARI after configuration writes; default ASTERISK_DIALPLAN_FILE, null: none
   */
  dialplanFile?: string | null;
}

/** What the app runs for real time; `app.live` (null without the live option). */
export interface LiveRuntime {
  readonly kind: LiveEnvironment['pbx'];
  /** the PBX adapter while this instance leads (always, without Redis), else null */
  readonly adapter: PbxAdapter | null;
  /** the simulator when PBX=simulator and this instance leads */
  readonly simulator: CallCentreSimulator | null;
  readonly realtime: RealtimeService | null;
  /** the dialer campaigns' engine while this instance leads and a PBX is configured, else null */
  readonly campaigns: CampaignEngine | null;
  /** the live state and PBX commands wherever they are (here or at the leader) */
  readonly ops: LiveOps;
  /** pause, queue log-in and DND of agents, checked and logged (REST and hub alike) */
  readonly agents: AgentActions;
  /** listen, whisper, barge, record and transfer live calls, checked and logged (REST and hub alike) */
  readonly calls: CallActions;
  /** the wall TVs' heartbeats, states and dark alerts (H-FLEET-01, H-FLEET-02) */
  readonly fleet: KioskFleet;
  /** the TVs' ticker band (H-TICK-01) */
  readonly ticker: KioskTicker;
  readonly cluster: Cluster;
  readonly hub: HubServer;
  readonly backplane: Backplane;
  /** ends a principal's sessions on every instance (I-INST-05) */
  readonly sessions: SessionEnder;
  readonly sink: DbRecordSink;
  /** one line for the console: what drives the PBX */
  readonly summary: string;
  /** = ops.reload() */
  reload(): Promise<void>;
  /**
   * The PBX as the live state sees it, for the health route: 'up', 'down' (not reached now), 'none' (no
   * PBX configured), or 'unknown' when no instance leading the PBX answered within `timeoutMs`.
   */
  pbxHealth(timeoutMs?: number): Promise<{ state: PbxState | 'unknown'; since: number | null }>;
  /** resolves when the day behind a first demo start is filled (at once when there is none to fill) */
  historyFilled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveRuntime | null;
  }
}

/** A PBX that is not there (PBX=none): no events, never connected, commands answer 'unavailable'. */
function createIdleAdapter(): PbxAdapter {
  const unavailable = async (): Promise<never> => {
    throw new PbxError('unavailable', 'No PBX is configured');
  };
  return {
    events$: NEVER,
    connected$: new BehaviorSubject(false),
    members$: NEVER,
    snapshot: unavailable,
    hangup: unavailable,
    originate: unavailable,
    dialOut: unavailable,
    addQueueMember: unavailable,
    removeQueueMember: unavailable,
    queueMembers: unavailable,
    pauseMember: unavailable,
    spy: unavailable,
    record: unavailable,
    redirect: unavailable,
    consult: unavailable,
    completeTransfer: unavailable,
    start: async () => undefined,
    stop: async () => undefined,
  };
}

/** The PBX side while this instance leads: created on taking the lead, stopped on losing it. */
interface Term {
  adapter: PbxAdapter;
  simulator: CallCentreSimulator | null;
  realtime: RealtimeService;
  campaigns: CampaignEngine | null;
  /** with Asterisk: stops copying the audio of messages left (server/asterisk/voicemail-import.ts) */
  stopVoicemail: (() => Promise<void>) | null;
  /** corps the simulator was given */
  known: Set<number>;
}

/**
 * Builds the real-time side of the app (nothing runs until the app is ready): the record sink, the
 * backplane, the cluster (Redis leader lock, or this instance alone), the hub on the app's server with
 * `POST /hub/negotiate`, and while leading the PBX adapter by `PBX` with the realtime service. Starts
 * on ready (realtime, then the adapter); closes before the server (hub Close with allowReconnect) and
 * after it (realtime, adapter, cluster, sink, backplane).
 */
export async function createLiveRuntime(app: FastifyInstance, ctx: AppContext, options: LiveOptions): Promise<LiveRuntime> {
  const log = app.log;
  const warn = (msg: string, data?: Record<string, unknown>) => log.warn(data ?? {}, msg);
  const info = (msg: string, data?: Record<string, unknown>) => log.info(data ?? {}, msg);
  const directory = createDbDirectory(ctx.db);
  const dataDir = ctx.config.dataDir;
  const recordingsDir = options.recordingsDir !== undefined ? options.recordingsDir : dataDir === ':memory:' ? null : path.join(dataDir, 'recordings');
  // PGlite writes on this thread: short statements, so hub pushes do not wait behind a whole batch
  const sink = createDbRecordSink({ db: ctx.db, recordingsDir, files: ctx.files, log, flushMs: options.recordFlushMs, statementRows: ctx.database.kind === 'pglite' ? PGLITE_STATEMENT_ROWS : undefined });
  const prefix = options.redisPrefix ?? 'callboard';
  const backplane: Backplane = options.redisUrl ? new RedisBackplane({ url: options.redisUrl, channel: `${prefix}:hub`, log: { warn } }) : new InProcessBackplane({ warn });
  const cluster = options.redisUrl ? createRedisCluster({ url: options.redisUrl, prefix, log: { warn, info } }) : createLocalCluster();

  let summary: string;
  if (options.pbx === 'simulator') {
    const factor = options.timeFactor === 1 ? '' : `, ${options.timeFactor}x time`;
    const load = options.traffic?.memberLoad;
    // the busy floor sizes each queue's calls from its agents; a fixed rate otherwise
    const rate = load ? `busy floor, ${load} Erlang per queue agent` : `${options.callsPerHour} calls/h per queue`;
    summary = `PBX: simulator (seed ${options.seed}, ${rate}${factor})`;
  } else if (options.pbx === 'ari' && options.ari) summary = `PBX: ari at ${options.ari.url}`;
  else summary = 'PBX: none';

  let term: Term | null = null;
  /** the day behind a first demo start, filled once per process beside the live simulator */
  let backfill: { abort: AbortController; done: Promise<void> } | null = null;

  async function startTerm(): Promise<void> {
    if (term) return;
    let simulator: CallCentreSimulator | null = null;
    let adapter: PbxAdapter;
    const corps = await directory.corps();
    const simCorps = corps.map((c) => toSimCorp(c, options.callsPerHour));
    /** the day behind a first demo start (or what an earlier start left of it): decided before the live floor writes a record */
    let history: BackfillPlan | null = null;
    if (options.pbx === 'simulator') {
      const driver = options.driver ?? 'realtime';
      const startTime = Date.now();
      const warmUpMs = options.warmUpMs ?? (driver === 'realtime' ? WARM_UP_MS : 0);
      if (options.history && !backfill) {
        history = await planBackfill({ db: ctx.db, corps: simCorps, now: startTime }).catch((error: unknown) => {
          warn('live: the day behind was not planned', { error: String(error) });
          return null;
        });
      }
      simulator = createSimulator({
        seed: options.seed,
        corps: simCorps,
        driver,
        timeFactor: options.timeFactor,
        startTime,
        warmUpMs,
        traffic: options.traffic,
        sink,
        log: { warn },
      });
      // H-WARM-01: the floor's minutes before now, run before the live state listens (it reads the
      // result from the snapshot); they write no records (the backfill's or the previous run's)
      simulator.warmUp();
      adapter = simulator;
    } else if (options.pbx === 'ari' && options.ari) {
      // one Stasis app name per deployment (the Redis prefix) and instance: another client under the
      // same name would take the event stream (issue 12, defect 1)
      adapter = createAriAdapter({ ...options.ari, app: prefix, log: { warn, info } });
      info('live: ARI application', { app: (adapter as ReturnType<typeof createAriAdapter>).app });
    } else {
      adapter = createIdleAdapter();
    }
    // every command checks the lock right before it goes out (I-INST-08): a paused old leader cannot act
    adapter = fencedAdapter(adapter, () => cluster.fence());
    const realtime = createRealtimeService({
      adapter,
      publish: (corpId, push, payload) => backplane.publish(corpId, push, payload),
      directory,
      // today's queue counters survive a restart: read back from queue_log
      history: createDbQueueHistory(ctx.db),
      pbxConfigured: options.pbx !== 'none',
      log: { warn },
    });
    await realtime.start();
    await adapter.start();
    // campaigns run where the PBX is driven; on the simulator's clock, so their times match its calls'
    const sim = simulator;
    const campaigns =
      options.pbx === 'none'
        ? null
        : createCampaignEngine({
            db: ctx.db,
            adapter,
            soundsRoot: ctx.files.root,
            tickMs: options.campaignTickMs,
            clock: sim ? { ...SYSTEM_CLOCK, now: () => sim.now() } : SYSTEM_CLOCK,
            log: { warn, info },
          });
    campaigns?.start();
    // with Asterisk, the audio of a message left comes from its spool (the simulator writes its own rows and files)
    const stopVoicemail =
      options.pbx === 'ari'
        ? await startVoicemailImport({ db: ctx.db, database: ctx.database, files: ctx.files, log: { info, warn } }).catch((error: unknown) => {
            warn('live: cannot LISTEN for voicemail left on Asterisk; those messages stay without audio', { error: String(error) });
            return null;
          })
        : null;
    term = { adapter, simulator, realtime, campaigns, stopVoicemail, known: new Set(corps.map((c) => c.corpId)) };
    if (simulator && history && !backfill) {
      const abort = new AbortController();
      const done = runBackfill(history, { db: ctx.db, sink, corps: simCorps, seed: options.seed, traffic: options.traffic, now: history.to, signal: abort.signal, log: { info, warn } })
        .then(async (rows) => {
          if (rows === 0 || term?.realtime !== realtime) return;
          await sink.flush();
          await realtime.refreshDayCounters();
        })
        .catch((error: unknown) => warn('live: the day behind was not filled', { error: String(error) }));
      backfill = { abort, done };
    }
    // another instance led before: every client's snapshots come from this one now
    if (options.redisUrl) realtime.publishSnapshots();
  }

  async function stopTerm(): Promise<void> {
    const current = term;
    if (!current) return;
    term = null;
    backfill?.abort.abort();
    await backfill?.done;
    await current.campaigns?.stop();
    await current.stopVoicemail?.();
    await current.realtime.stop();
    await current.adapter.stop();
    await sink.flush();
  }

  function requireTerm(): Term {
    if (!term) throw new PbxError('unavailable', 'This instance does not drive the PBX');
    return term;
  }

  async function reloadOnce(): Promise<void> {
    const current = term;
    if (!current) return;
    await current.realtime.reload();
    if (!current.simulator) return;
    const corps = await directory.corps();
    const wanted = new Set(corps.map((c) => c.corpId));
    for (const c of corps) current.simulator.setCorp(toSimCorp(c, options.callsPerHour));
    for (const id of current.known) if (!wanted.has(id)) current.simulator.removeCorp(id);
    current.known = wanted;
  }

  /**
   * Attended transfers in progress at this leader (G-XFR-02), by `{corpId}:{number}`: the transferred
   * party, the consulting leg and where it dials. One whose consultation or transferred party is gone is
   * over (after a few seconds: a leg just originated may not be in the live state yet); so the map holds
   * at most one entry per extension in a call.
   */
  const transfers = new Map<string, { corpId: number; transferee: string; consult: string; exten: string; callId: string; since: number }>();
  function pruneTransfers(realtime: RealtimeService): void {
    const now = Date.now();
    for (const [key, t] of transfers) {
      if (now - t.since < TRANSFER_GRACE_MS) continue;
      const alive = new Set(realtime.getChannels(t.corpId).map((c) => c.id));
      if (!alive.has(t.consult) || !alive.has(t.transferee)) transfers.delete(key);
    }
  }

  /** the generated dialplan's rewriter (PBX=ari with ASTERISK_DIALPLAN_FILE), set below; only the leader's writes */
  let dialplan: DialplanSync | null = null;
  /** the leader's answers; forwarded to it from the other instances (live-ops.ts) */
  const reloadCoalesced = coalescedRuns(reloadOnce, (error) => log.error({ err: error }, 'live: reload failed'));
  const local: LiveOps = {
    getExtensions: (corpId) => requireTerm().realtime.getExtensions(corpId),
    getChannels: (corpId) => requireTerm().realtime.getChannels(corpId),
    getActiveCalls: (corpId) => requireTerm().realtime.getActiveCalls(corpId),
    getContacts: (corpId) => requireTerm().realtime.getContacts(corpId),
    getQueues: (corpId) => requireTerm().realtime.getQueues(corpId),
    hangUp: (corpId, caller, receiver) => requireTerm().realtime.hangUp(corpId, caller, receiver),
    originate: (request) => requireTerm().adapter.originate(request),
    addQueueMember: (request) => requireTerm().adapter.addQueueMember(request),
    removeQueueMember: (request) => requireTerm().adapter.removeQueueMember(request),
    pauseMember: (request) => requireTerm().adapter.pauseMember(request),
    async spyOn({ corpId, number, from, mode }) {
      const { realtime, adapter } = requireTerm();
      const call = realtime.callOf(corpId, number);
      if (!call || !call.answered) throw new PbxError('conflict', `${number} is in no call`);
      const { channelId } = await adapter.spy({ corpId, from, channel: call.own.name, mode, callerId: number });
      return { callId: call.callId, channelId };
    },
    async recordCall({ corpId, number, on }) {
      const { realtime, adapter } = requireTerm();
      const call = realtime.callOf(corpId, number);
      if (!call || !call.answered) throw new PbxError('conflict', `${number} is in no call`);
      // the call's first leg: its cdr row is the call's, and it hears both parties; a stop goes to the
      // channel the recording runs on (the stop may name the other party of the call)
      const running = on ? null : realtime.recordingOf(corpId, number);
      const channelId = running?.channelId ?? call.origin;
      const name = running?.name ?? `${corpId}/${new Date().toISOString().slice(0, 10).replaceAll('-', '')}/${call.origin}.wav`;
      await adapter.record({ corpId, channelId, on, name, file: recordingsDir ? path.join(recordingsDir, name) : null });
      // ARI says nothing of MixMonitor: the live state learns it from the request that started it
      realtime.markRecording(corpId, number, on ? name : null);
      return { callId: call.callId, recording: name };
    },
    async transferCall({ corpId, number, callId, exten }) {
      const { realtime, adapter } = requireTerm();
      if (callId !== undefined) {
        const waiting = realtime.waitingCaller(corpId, callId);
        if (!waiting) throw new PbxError('conflict', `${callId} is not waiting in a queue`);
        await adapter.redirect({ corpId, channelId: callId, exten });
        return { callId };
      }
      const call = number !== undefined ? realtime.callOf(corpId, number) : null;
      const other = call?.others[0];
      if (!call || !call.answered || !other) throw new PbxError('conflict', `${String(number)} is in no call`);
      await adapter.redirect({ corpId, channelId: other.id, exten });
      return { callId: call.callId };
    },
    async attendedTransfer(request) {
      const { realtime, adapter } = requireTerm();
      const { corpId, number } = request;
      pruneTransfers(realtime);
      const key = `${corpId}:${number}`;
      const current = transfers.get(key);
      if (request.step === 'start') {
        if (current) return { ok: false, reason: 'transferPending' };
        const call = realtime.callOf(corpId, number);
        const other = call?.others[0];
        if (!call || !call.answered || !other) return { ok: false, reason: 'noCall' };
        const { channelId } = await adapter.consult({ corpId, from: request.from, exten: request.exten, callerId: other.number });
        transfers.set(key, { corpId, transferee: other.id, consult: channelId, exten: request.exten, callId: call.callId, since: Date.now() });
        return { ok: true, result: { callId: call.callId, channelId } };
      }
      if (!current) return { ok: false, reason: 'noTransfer' };
      transfers.delete(key);
      if (request.step === 'complete') await adapter.completeTransfer({ corpId, channelId: current.transferee, consultId: current.consult, exten: current.exten });
      else {
        await adapter.hangup(current.consult).catch((error: unknown) => {
          // the consultation ended by itself meanwhile: cancelled all the same
          if (!(error instanceof PbxError && error.code === 'not_found')) throw error;
        });
      }
      return { ok: true, result: { callId: current.callId, channelId: current.consult } };
    },
    reload: reloadCoalesced,
    syncDialplan: async () => dialplan?.schedule(),
    getPbxStatus: () => requireTerm().realtime.getPbxStatus(),
  };
  serveOps(local, cluster);
  const forwarded = forwardOps(local, cluster);
  // a reload after a write is the leader's; its failure is logged, never thrown at the writer
  const ops: LiveOps = { ...forwarded, reload: () => forwarded.reload().catch((error: unknown) => log.warn({ err: error }, 'live: reload not forwarded')) };
  const agents = createAgentActions({ db: ctx.db, ops, backplane, log });
  const calls = createCallActions({ db: ctx.db, ops, backplane, log });
  // the TVs of every instance report here; each instance sweeps for dark ones (server/fleet/fleet.ts)
  const ticker = createKioskTicker({ db: ctx.db, backplane });
  const fleet = createKioskFleet({ db: ctx.db, backplane, ticker, deployedVersion: deployedVersionReader(ctx.config.clientDir), log: { warn, info } });
  app.addHook('onReady', async () => fleet.start());
  app.addHook('onClose', async () => fleet.stop());

  const hub = createHubServer({
    server: app.server,
    authenticate: async (token) => {
      const found = await sessionOfToken(ctx, token);
      if (!found) return null;
      const user = found.principal;
      return { userId: user.userId, nick: user.nick, level: user.level, corpId: user.corpId, views: user.views, liveActions: user.liveActions, session: found.session };
    },
    methods: { ...createLiveMethods(ops, { agents, calls }), ...createFleetMethods(fleet) },
    // one key on every instance (JWT_SECRET): a negotiate on one, the WebSocket on another (I-INST-04)
    negotiateKey: purposeKey(ctx.key, 'hub-negotiate'),
    log: { warn, info },
  });
  const disconnect = connectHubToBackplane(hub, backplane, { live: ops, log: { warn } });
  const sessions = createSessionEnder({ hub, backplane, stillValid: (principalId, session) => sessionStillValid(ctx, principalId, session), log: { warn, info } });

  // leading starts the PBX side, losing the lead stops it; one change at a time
  let transition: Promise<void> = Promise.resolve();
  const leading = cluster.leader$.subscribe((lead) => {
    transition = transition
      .then(() => (lead ? startTerm() : stopTerm()))
      .catch((error: unknown) => log.error({ err: error }, lead ? 'live: could not start the PBX side' : 'live: could not stop the PBX side'));
  });

  const runtime: LiveRuntime = {
    kind: options.pbx,
    get adapter() {
      return term?.adapter ?? null;
    },
    get simulator() {
      return term?.simulator ?? null;
    },
    get realtime() {
      return term?.realtime ?? null;
    },
    get campaigns() {
      return term?.campaigns ?? null;
    },
    ops,
    agents,
    calls,
    fleet,
    ticker,
    cluster,
    hub,
    backplane,
    sessions,
    sink,
    summary,
    reload: () => ops.reload(),
    historyFilled: async () => backfill?.done,
    async pbxHealth(timeoutMs = 1000) {
      if (options.pbx === 'none') return { state: 'none', since: null };
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
        timer.unref();
      });
      try {
        const status = await Promise.race([Promise.resolve(ops.getPbxStatus()), late]);
        return status ?? { state: 'unknown', since: null };
      } catch {
        return { state: 'unknown', since: null };
      } finally {
        clearTimeout(timer);
      }
    },
  };

  // ---- the generated dialplan follows every change (PBX=ari with ASTERISK_DIALPLAN_FILE; server/asterisk/dialplan-sync.ts):
  // every write of the write pipeline (ctx.configChanges), on whichever instance, rewrites the included
  // file from the database (debounced; only a changed text is written) and reloads pbx_config through
  // ARI; only the PBX leader writes (I-INST-07): a replica forwards the change to it (syncDialplan),
  // the write is fenced like a PBX command, and a new leader rewrites once (a change made while none led)
  const dialplanFile = options.dialplanFile !== undefined ? options.dialplanFile : dialplanFileFromEnv();
  if (options.pbx === 'ari' && options.ari && dialplanFile) {
    const sync = createDialplanSync({ db: ctx.db, file: dialplanFile, ari: options.ari, soundsRoot: ctx.files.root, fence: () => cluster.fence(), log: { info, warn } });
    dialplan = sync;
    info('live: the dialplan follows configuration changes', { file: dialplanFile });
    const unsubscribe = ctx.configChanges.subscribe(() => void ops.syncDialplan().catch((error: unknown) => warn('live: a dialplan rewrite was not forwarded to the leader', { error: String(error) })));
    const onLead = cluster.leader$.subscribe((lead) => {
      if (lead) sync.schedule();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      onLead.unsubscribe();
    });
    app.addHook('onClose', async () => sync.close());
  }

  // ---- what a phone changes in the configuration: a queue login or logout (Asterisk writes the realtime
  // view queue_members, migration 0015) and do-not-disturb (its feature code writes cb_dnd, migration
  // 0018); their triggers NOTIFY and the live directory reloads (debounced) so the panel and the boards
  // show it at once, not at the next configuration write
  let memberTimer: NodeJS.Timeout | null = null;
  const stops: (() => Promise<void>)[] = [];
  const reloadSoon = (what: string) => (detail: string) => {
    if (memberTimer) return;
    memberTimer = setTimeout(() => {
      memberTimer = null;
      info(`live: ${what} changed in the PBX, reloading the directory`, { detail });
      ops.reload().catch((error: unknown) => warn(`live: reload after a ${what} change failed`, { error: String(error) }));
    }, MEMBER_RELOAD_DEBOUNCE_MS);
  };
  app.addHook('onReady', async () => {
    for (const [channel, what] of [
      [QUEUE_MEMBERS_CHANNEL, 'queue membership'],
      [DND_CHANNEL, 'do-not-disturb'],
    ] as const) {
      const stop = await ctx.database.listen(channel, reloadSoon(what)).catch((error: unknown) => {
        warn(`live: cannot LISTEN for ${what} changes made on phones; the panel shows them at the next configuration write`, { error: String(error) });
        return null;
      });
      if (stop) stops.push(stop);
    }
  });
  app.addHook('onClose', async () => {
    if (memberTimer) clearTimeout(memberTimer);
    for (const stop of stops) await stop();
  });

  // the negotiate route: the official client posts text/plain (or nothing); the body is ignored
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    scope.post(`${hub.path}/negotiate`, { schema: { hide: true } }, async (request, reply) => {
      const answer = await hub.handleNegotiate({ method: request.method, url: request.raw.url, headers: request.headers });
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  });

  app.addHook('onReady', async () => {
    // app.ts sets ctx.live once this runtime is built; the campaigns join it here, before any request,
    // as a getter: the engine exists only while this instance leads (null on a replica, see CampaignControl)
    if (ctx.live) {
      Object.defineProperty(ctx.live, 'campaigns', {
        get: (): CampaignControl | null => runtime.campaigns,
        enumerable: true,
        configurable: true,
      });
    }
    await cluster.start();
    // the first lead (if any) is running before the app answers
    await transition;
  });
  // before the server closes: every client gets Close with allowReconnect and reconnects elsewhere
  app.addHook('preClose', async () => {
    await hub.shutdown('Server is restarting');
  });
  app.addHook('onClose', async () => {
    disconnect();
    sessions.stop();
    leading.unsubscribe();
    await transition;
    await stopTerm();
    await cluster.close();
    await sink.close();
    await backplane.close();
  });
  return runtime;
}

/** PbxError → the API status it answers as. */
export function pbxStatus(error: PbxError): number {
  switch (error.code) {
    case 'not_found':
      return 404;
    case 'invalid':
      return 400;
    case 'conflict':
      return 409;
    default:
      return 503;
  }
}
