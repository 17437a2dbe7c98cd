/**
 * Which PBX this deployment drives (PBX: simulator, ari or none): the adapter a new lead opens, and
 * the console's one line that says which. A new kind of PBX changes this file.
 */
import { BehaviorSubject, NEVER } from 'rxjs';
import { createAriAdapter, createSimulator, PbxError, type CallCentreSimulator, type PbxAdapter, type SimCorp } from '../pbx';
import type { DbRecordSink } from '../records';
import type { LiveLog } from './live-log';
import type { LiveOptions } from './live-options';

/** how long the realtime simulator's floor runs before the start (H-WARM-01): several mean handle times (~195 s) */
const WARM_UP_MS = 15 * 60_000;

export interface OpenedPbx {
  adapter: PbxAdapter;
  /** the same adapter when it is the simulator, else null */
  simulator: CallCentreSimulator | null;
}

export interface OpenPbxContext {
  /** the corps the simulator runs */
  corps: SimCorp[];
  /** the simulator's start (its warm-up ends here, the day behind ends here) */
  startTime: number;
  /** where the simulator writes its records */
  sink: DbRecordSink;
  /** the Stasis application name (the Redis prefix) */
  app: string;
  log: LiveLog;
}

/** The adapter of `options.pbx`, not started yet; the simulator already warmed up. */
export function openPbx(options: LiveOptions, o: OpenPbxContext): OpenedPbx {
  const { warn, info } = o.log;
  if (options.pbx === 'simulator') {
    const driver = options.driver ?? 'realtime';
    const simulator = createSimulator({
      seed: options.seed,
      corps: o.corps,
      driver,
      timeFactor: options.timeFactor,
      startTime: o.startTime,
      warmUpMs: options.warmUpMs ?? (driver === 'realtime' ? WARM_UP_MS : 0),
      traffic: options.traffic,
      sink: o.sink,
      log: { warn },
    });
    // H-WARM-01: the floor's minutes before now, run before the live state listens (it reads the
    // result from the snapshot); they write no records (the backfill's or the previous run's)
    simulator.warmUp();
    return { adapter: simulator, simulator };
  }
  if (options.pbx === 'ari' && options.ari) {
    // one Stasis app name per deployment (the Redis prefix) and instance: another client under the
    // same name would take the event stream (issue 12, defect 1)
    const adapter = createAriAdapter({ ...options.ari, app: o.app, log: { warn, info } });
    info('live: ARI application', { app: adapter.app });
    return { adapter, simulator: null };
  }
  return { adapter: createIdleAdapter(), simulator: null };
}

/** One line for the console: what drives the PBX. */
export function describePbx(options: LiveOptions): string {
  if (options.pbx === 'simulator') {
    const factor = options.timeFactor === 1 ? '' : `, ${options.timeFactor}x time`;
    const load = options.traffic?.memberLoad;
    // the busy floor sizes each queue's calls from its agents; a fixed rate otherwise
    const rate = load ? `busy floor, ${load} Erlang per queue agent` : `${options.callsPerHour} calls/h per queue`;
    return `PBX: simulator (seed ${options.seed}, ${rate}${factor})`;
  }
  if (options.pbx === 'ari' && options.ari) return `PBX: ari at ${options.ari.url}`;
  return 'PBX: none';
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
