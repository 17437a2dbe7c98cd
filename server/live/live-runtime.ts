/**
 * The real-time side of the app, composed (ARCHITECTURE "Real time", "Several instances"): each part is
 * its own module; this file only builds them in order and wires their starts and stops to the app's.
 * - the PBX side while this instance leads (pbx-side.ts: the adapter by PBX, realtime, jobs, history)
 * - the live operations, the leader's (leader-ops.ts) served to and forwarded from the others (live-ops.ts)
 * - the hub on the app's server and its negotiate route (live-hub.ts), the ended sessions (sessions.ts)
 * - what follows configuration changes: the live directory (directory-follow.ts), the generated dialplan
 *   (generated-dialplan.ts), what phones change (phone-changes.ts)
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PbxState } from '../../domain';
import { sessionStillValid } from '../auth/guard';
import type { AppContext } from '../context';
import type { CampaignControl } from '../dialer/campaign-control';
import type { CampaignEngine } from '../dialer/campaign-engine';
import { createKioskFleet, deployedVersionReader, type KioskFleet } from '../fleet/fleet';
import { createKioskTicker, type KioskTicker } from '../fleet/ticker';
import { connectHubToBackplane, InProcessBackplane, RedisBackplane, type AgentActions, type Backplane, type CallActions, type HubServer } from '../hub';
import type { CallCentreSimulator, PbxAdapter } from '../pbx';
import type { RealtimeService } from '../realtime';
import { createDbRecordSink, type DbRecordSink } from '../records';
import { createAgentActions } from './agent-actions';
import { createAttendedTransfers } from './attended-transfer';
import { createCallActions } from './call-actions';
import { createLocalCluster, createRedisCluster, type Cluster } from './cluster';
import { sweepConsultations } from './consultation-sweep';
import { createConsultationTable } from './consultations';
import { createDbDirectory } from './directory';
import { followDirectoryChanges } from './directory-follow';
import { createGeneratedDialplan } from './generated-dialplan';
import { createLeaderOps } from './leader-ops';
import { createLiveHub, negotiateRoute } from './live-hub';
import { liveLog } from './live-log';
import type { LiveOptions } from './live-options';
import { shareOps, type LiveOps } from './live-ops';
import { askPbxHealth } from './pbx-health';
import { describePbx } from './pbx-by-kind';
import { createPbxSide } from './pbx-side';
import { followPhoneChanges } from './phone-changes';
import { createSessionEnder, type SessionEnder } from './sessions';

export type { LiveOptions } from './live-options';
export { pbxStatus } from './pbx-http-status';

/** rows per record INSERT on PGlite (db-record-sink statementRows) */
const PGLITE_STATEMENT_ROWS = 25;

/** What the app runs for real time; `app.live` (null without the live option). */
export interface LiveRuntime {
  readonly kind: LiveOptions['pbx'];
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

/**
 * Builds the real-time side of the app (nothing runs until the app is ready): the record sink, the
 * backplane, the cluster (Redis leader lock, or this instance alone), the hub on the app's server with
 * `POST /hub/negotiate`, and while leading the PBX adapter by `PBX` with the realtime service. Starts
 * on ready (realtime, then the adapter); closes before the server (hub Close with allowReconnect) and
 * after it (realtime, adapter, cluster, sink, backplane).
 */
export async function createLiveRuntime(app: FastifyInstance, ctx: AppContext, options: LiveOptions): Promise<LiveRuntime> {
  const log = liveLog(app.log);
  const { warn, info } = log;
  const directory = createDbDirectory(ctx.db);
  const dataDir = ctx.config.dataDir;
  const recordingsDir = options.recordingsDir !== undefined ? options.recordingsDir : dataDir === ':memory:' ? null : path.join(dataDir, 'recordings');
  // PGlite writes on this thread: short statements, so hub pushes do not wait behind a whole batch
  const sink = createDbRecordSink({ db: ctx.db, recordingsDir, files: ctx.files, log: app.log, flushMs: options.recordFlushMs, statementRows: ctx.database.kind === 'pglite' ? PGLITE_STATEMENT_ROWS : undefined });
  const prefix = options.redisPrefix ?? 'callboard';
  const backplane: Backplane = options.redisUrl ? new RedisBackplane({ url: options.redisUrl, channel: `${prefix}:hub`, log: { warn } }) : new InProcessBackplane({ warn });
  const cluster = options.redisUrl ? createRedisCluster({ url: options.redisUrl, prefix, log: { warn, info } }) : createLocalCluster();

  const side = createPbxSide({ ctx, options, directory, sink, cluster, backplane, app: prefix, log });
  /** attended transfers (G-XFR-02), their consultations in the database so a new leader goes on with them */
  const transfers = createAttendedTransfers(createConsultationTable(ctx.db), () => side.require());
  const dialplan = createGeneratedDialplan(ctx, options, cluster, log);
  const ops = shareOps(createLeaderOps({ side: () => side.require(), transfers, recordingsDir, reload: side.reload, dialplan }), cluster, log);
  const agents = createAgentActions({ db: ctx.db, ops, backplane, log: app.log });
  const calls = createCallActions({ db: ctx.db, ops, backplane, log: app.log });
  // the TVs of every instance report here; each instance sweeps for dark ones (server/fleet/fleet.ts)
  const ticker = createKioskTicker({ db: ctx.db, backplane });
  const fleet = createKioskFleet({ db: ctx.db, backplane, ticker, deployedVersion: deployedVersionReader(ctx.config.clientDir), log: { warn, info } });
  app.addHook('onReady', async () => fleet.start());
  app.addHook('onClose', async () => fleet.stop());

  const hub = createLiveHub(app, ctx, { ops, agents, calls, fleet, log });
  const disconnect = connectHubToBackplane(hub, backplane, { live: ops, log: { warn } });
  const sessions = createSessionEnder({ hub, backplane, stillValid: (principalId, session) => sessionStillValid(ctx, principalId, session), log: { warn, info } });
  // leading starts the PBX side, losing the lead stops it (one change at a time)
  const leading = side.follow(cluster.leader$);

  const runtime: LiveRuntime = {
    kind: options.pbx,
    get adapter() {
      return side.current()?.adapter ?? null;
    },
    get simulator() {
      return side.current()?.simulator ?? null;
    },
    get realtime() {
      return side.current()?.realtime ?? null;
    },
    get campaigns() {
      return side.current()?.campaigns ?? null;
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
    summary: describePbx(options),
    reload: () => ops.reload(),
    historyFilled: () => side.historyFilled(),
    pbxHealth: (timeoutMs = 1000) => askPbxHealth(options.pbx, ops, timeoutMs),
  };

  // what follows the configuration, on every instance (a replica's reload or rewrite goes to the leader)
  dialplan?.follow(app, () => ops.syncDialplan());
  sweepConsultations(app, transfers, () => side.current() !== null, warn);
  // the live directory follows every configuration write of a table it reads (J-ONE-03)
  const unfollow = followDirectoryChanges(ctx.configChanges, () => ops.reload(), warn);
  app.addHook('onClose', async () => unfollow());
  followPhoneChanges(app, ctx.database, () => ops.reload(), log);

  await app.register(negotiateRoute(hub));
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
    await side.settled();
  });
  // before the server closes: every client gets Close with allowReconnect and reconnects elsewhere
  app.addHook('preClose', async () => {
    await hub.shutdown('Server is restarting');
  });
  app.addHook('onClose', async () => {
    disconnect();
    sessions.stop();
    leading.unsubscribe();
    await side.settled();
    await side.stop();
    await cluster.close();
    await sink.close();
    await backplane.close();
  });
  return runtime;
}
