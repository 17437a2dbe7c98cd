/**
 * The PBX side: what runs only while this instance leads (ARCHITECTURE "Several instances"): the
 * adapter by PBX behind the fence, the realtime service over it, the jobs beside it and the day behind a
 * demo start. Taking the lead starts it (realtime, then the adapter), losing it stops it, one change at
 * a time; a reload of the directory runs on the started side.
 */
import type { Observable, Subscription } from 'rxjs';
import type { AppContext } from '../context';
import type { CampaignEngine } from '../dialer/campaign-engine';
import type { Backplane } from '../hub';
import { PbxError, type CallCentreSimulator, type PbxAdapter } from '../pbx';
import { createRealtimeService, type RealtimeService } from '../realtime';
import type { DbRecordSink } from '../records';
import type { Cluster } from './cluster';
import { coalescedRuns } from './coalesced-runs';
import { createDemoHistory } from './demo-history';
import { toSimCorp, type PbxDirectoryProvider } from './directory';
import { fencedAdapter } from './fencing';
import { startLeaderJobs, type LeaderJobs } from './leader-jobs';
import type { LiveLog } from './live-log';
import type { LiveOptions } from './live-options';
import { openPbx } from './pbx-by-kind';
import { createDbQueueHistory } from './queue-history';

/** The PBX side while this instance leads. */
export interface PbxSide {
  readonly adapter: PbxAdapter;
  readonly simulator: CallCentreSimulator | null;
  readonly realtime: RealtimeService;
  readonly campaigns: CampaignEngine | null;
}

export interface PbxSideControl {
  /** the side while this instance leads, else null */
  current(): PbxSide | null;
  /** the side; PbxError 'unavailable' when this instance does not drive the PBX */
  require(): PbxSide;
  /** starts the side when `leader$` says this instance leads, stops it when it no longer does */
  follow(leader$: Observable<boolean>): Subscription;
  /** resolves when the start or stop in progress is done */
  settled(): Promise<void>;
  /** reads the directory again: the realtime service and the simulator's corps follow (serialised, coalesced) */
  reload(): Promise<void>;
  /** stops the side (the app closes) */
  stop(): Promise<void>;
  /** resolves when the day behind a first demo start is filled (at once when there is none to fill) */
  historyFilled(): Promise<void>;
}

export interface PbxSideOptions {
  ctx: Pick<AppContext, 'db' | 'database' | 'files'>;
  options: LiveOptions;
  directory: PbxDirectoryProvider;
  sink: DbRecordSink;
  /** the leader lock: every PBX command is fenced by it (I-INST-08) */
  cluster: Pick<Cluster, 'fence'>;
  backplane: Pick<Backplane, 'publish'>;
  /** the Stasis application name (the Redis prefix) */
  app: string;
  log: LiveLog;
}

interface Term extends PbxSide {
  readonly jobs: LeaderJobs;
  /** corps the simulator was given */
  known: Set<number>;
}

export function createPbxSide({ ctx, options, directory, sink, cluster, backplane, app, log }: PbxSideOptions): PbxSideControl {
  const { warn } = log;
  const history = createDemoHistory({ db: ctx.db, sink, options, log });
  let term: Term | null = null;
  /** the start or stop of the side in progress (follow); resolved when none */
  let transition: Promise<void> = Promise.resolve();

  async function start(): Promise<void> {
    if (term) return;
    const corps = await directory.corps();
    const simCorps = corps.map((c) => toSimCorp(c, options.callsPerHour));
    const startTime = Date.now();
    // the day behind a first demo start (or what an earlier start left of it): decided before the live floor writes a record
    const plan = options.pbx === 'simulator' ? await history.plan(simCorps, startTime) : null;
    const opened = openPbx(options, { corps: simCorps, startTime, sink, app, log });
    const simulator = opened.simulator;
    // every command checks the lock right before it goes out (I-INST-08): a paused old leader cannot act
    const adapter = fencedAdapter(opened.adapter, () => cluster.fence());
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
    const jobs = await startLeaderJobs(ctx, options, { adapter, simulator }, log);
    term = { adapter, simulator, realtime, campaigns: jobs.campaigns, jobs, known: new Set(corps.map((c) => c.corpId)) };
    if (simulator && plan) {
      history.fill(plan, simCorps, async () => {
        // the side that started the fill is still the running one: today's counters read the day's rows
        if (term?.realtime !== realtime) return;
        await sink.flush();
        await realtime.refreshDayCounters();
      });
    }
    // another instance led before: every client's snapshots come from this one now
    if (options.redisUrl) realtime.publishSnapshots();
  }

  async function stop(): Promise<void> {
    const current = term;
    if (!current) return;
    term = null;
    await history.abort();
    await current.jobs.stop();
    await current.realtime.stop();
    await current.adapter.stop();
    await sink.flush();
  }

  async function reloadOnce(): Promise<void> {
    // a lead just taken: its start reads the directory and may have read it before the write that asks
    // for this reload committed; the reload runs on the started side, not skipped for want of one
    await transition;
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

  return {
    current: () => term,
    require() {
      if (!term) throw new PbxError('unavailable', 'This instance does not drive the PBX');
      return term;
    },
    follow: (leader$) =>
      leader$.subscribe((lead) => {
        transition = transition
          .then(() => (lead ? start() : stop()))
          .catch((error: unknown) => log.error(lead ? 'live: could not start the PBX side' : 'live: could not stop the PBX side', { err: error }));
      }),
    settled: () => transition,
    reload: coalescedRuns(reloadOnce, (error) => log.error('live: reload failed', { err: error })),
    stop,
    historyFilled: () => history.filled(),
  };
}
