/**
 * Inputs and outputs of the realtime service: the configuration it reads (the directory), how it
 * publishes, the clock and timers it runs on, and its counters.
 */
import type { HubPushes, HubPushName, PbxState } from '../../domain';

export interface DirectoryExtension {
  number: string;
  userName: string;
  /** do-not-disturb since (ms), null or absent when off (G-AGS-03) */
  dndSince?: number | null;
}

export interface DirectoryQueue {
  queueId: number;
  name: string;
  strategy: string;
  /** member extension numbers */
  members: string[];
  /** service-level threshold (s); Asterisk's default is 60 */
  serviceLevelSec: number;
  /** Asterisk's wrapuptime (s): an agent rests this long after a call of this queue (G-AGS-01); absent 0 */
  wrapupSec?: number;
}

/** A corp's pause reason as the wall shows it (G-PAU-01): its code is what app_queue keeps. */
export interface DirectoryPauseReason {
  code: string;
  name: string;
  /** minutes after which the pause warns, null never */
  maxMinutes: number | null;
}

export interface DirectoryCorp {
  corpId: number;
  /** the IANA zone of the corp's days: its queue counters start again at its midnight (J-TZ-01); absent: the service's default */
  timeZone?: string;
  extensions: DirectoryExtension[];
  queues: DirectoryQueue[];
  /** absent: none */
  pauseReasons?: DirectoryPauseReason[];
}

/** The configuration from the database, injected. Called at start and on every `reload()`. */
export interface DirectoryProvider {
  corps(): Promise<DirectoryCorp[]> | DirectoryCorp[];
}

/** Today's counters of one queue (`{corpId}_{queueId}`), as its queue_log tells them. */
export interface QueueDayCounters {
  queuename: string;
  answered: number;
  abandoned: number;
  answeredWithinSl: number;
}

/**
 * Where today's queue counters come from after a start (issue 12, defect 7: they lived only in memory
 * and began at 0 on every restart): the queue_log rows of [from, to] (ms) folded as the live counting
 * does (server/live/queue-history.ts reads them from the database). `serviceLevelSec` by queuename.
 */
export interface QueueHistory {
  counters(from: number, to: number, serviceLevelSec: ReadonlyMap<string, number>): Promise<QueueDayCounters[]>;
}

/** The PBX as the realtime service sees it (the PbxStatus push, the health route). */
export interface PbxReachability {
  state: PbxState;
  /** when it last changed (ms) */
  since: number;
}

/** The backplane's publish (`(c, p, x) => backplane.publish(c, p, x)`). */
export type PublishFn = <K extends HubPushName>(corpId: number, push: K, payload: HubPushes[K]) => void;

export type TimerHandle = unknown;

/** Timers for coalescing and the midnight reset; replaceable with a virtual clock in tests. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const SYSTEM_TIMERS: Timers = {
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RealtimeLogger {
  warn(msg: string, data?: Record<string, unknown>): void;
}

/** Why an adapter event was not applied (counted, never forwarded). */
export type DropReason =
  /** nothing in the event names a corp (no `{corpId}_` endpoint, accountcode or `c{corpId}-` context) */
  | 'unattributed'
  /** the event names two different corps */
  | 'conflict'
  /** the corp is not in the directory */
  | 'unknownCorp'
  /** a queue `{corpId}_{queueId}` the directory does not hold */
  | 'unknownQueue'
  /** the event refers to a channel we do not know (e.g. destroyed before we saw it) */
  | 'unknownChannel'
  /** events that arrived while a snapshot was loading beyond the buffer's limit */
  | 'overflow';

export interface RealtimeStats {
  events: number;
  dropped: Record<DropReason, number>;
  published: number;
  /** sizes of the internal maps (bounded by the calls in progress and the configuration) */
  sizes: {
    corps: number;
    extensions: number;
    contacts: number;
    channels: number;
    calls: number;
    bridges: number;
    queueCallers: number;
    devices: number;
    /** ids of channels destroyed lately (capped) */
    recent: number;
    buffered: number;
  };
  /** how many snapshots rebuilt the state */
  rebuilds: number;
  connected: boolean;
  /** DeviceStateChanged pushes sent to put a browser's view of an extension right (its channels say otherwise) */
  corrections: number;
}
