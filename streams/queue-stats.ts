/**
 * Queue aggregates for the wallboard (ARCHITECTURE layout: streams/ "queue aggregates"): a pure function
 * of the typed hub events and the shared clock, `(events$, clock$, options) => Observable<QueueStats[]>`.
 *
 * - Baseline: the AllQueues snapshot (callers waiting and today's counters from queue_log). A new
 *   snapshot replaces everything (it is authoritative, e.g. after a reconnect). Nothing is emitted
 *   before the first snapshot; queue events for queues the snapshot does not hold are dropped.
 * - CallerInQueue adds (or updates) a waiting caller; deleteCaller removes it and counts it:
 *   `answered` (within the service level when waitedMs ≤ threshold, as app_queue counts
 *   callscompletedinsl with `holdtime <= servicelevel`), `abandoned`; a `timeout` exit is counted in
 *   neither, as app_queue counts it in neither `Completed` nor `Abandoned`.
 * - longestWaitMs = now − the earliest `since` of the waiting callers, `now` being the shared clock (until
 *   its first tick, the newest event's ts); 0 when nobody waits.
 * - Agents are not counted here: the live feed's extension registry already runs the extension
 *   machine for every extension (kiosk/boards/queue-agents.ts counts the members from it), and a second
 *   run of the machines here was a parallel pipeline nobody read (removed, issue 12).
 *
 * Service level, the formula we chose: **serviceLevelPct = 100 × answeredWithinSl / (answered + abandoned)**
 * ('offered', the default): every caller who left the queue by answer or hang-up counts, and an
 * abandoned caller counts against the service level. Asterisk's QueueParams `ServicelevelPerf` reads
 * `100 × callscompletedinsl / callscompleted` (answered calls only; abandoned calls do not lower it) and
 * is available as `formula: 'asterisk'`; Asterisk's `ServicelevelPerf2` also counts calls abandoned within
 * the threshold as good, which we do not offer (the AllQueues baseline carries no abandoned-within-threshold
 * counter to start from). Rounded to 0.1 like Asterisk's `%2.1f`; null while the
 * denominator is 0 (Asterisk prints 0.0, a board shows "—").
 *
 * A list is emitted only when a record in it changed: a clock tick with nobody waiting emits nothing.
 */
import { Observable, defer, distinctUntilChanged, filter, map, merge, scan } from 'rxjs';
import { HUB, type LiveQueue, type QueueCaller } from '../domain/realtime';
import { deepEqual } from './deep-equal';
import { ofCorp, type HubEvent } from './hub-events';

export type ServiceLevelFormula = 'offered' | 'asterisk';

export interface QueueStatsOptions {
  corpId: number;
  /** threshold in seconds for live updates; defaults to each queue's own serviceLevelSec, else HUB.serviceLevelSec */
  serviceLevelSec?: number;
  formula?: ServiceLevelFormula;
}

export interface QueueStats {
  corpId: number;
  queueId: number;
  name: string;
  waiting: number;
  longestWaitMs: number;
  answered: number;
  abandoned: number;
  answeredWithinSl: number;
  serviceLevelSec: number;
  /** see the formula above; null before any call was answered or abandoned */
  serviceLevelPct: number | null;
}

interface QueueAcc {
  queue: Omit<LiveQueue, 'callers'>;
  callers: Record<string, QueueCaller>;
}
interface Acc {
  ready: boolean;
  queues: QueueAcc[];
  /** whether the last input can have changed the stats (else nothing is recomputed) */
  dirty: boolean;
  /** last clock tick, null before the first */
  tick: number | null;
  /** newest event ts */
  lastTs: number;
}

type Input = { kind: 'event'; event: HubEvent } | { kind: 'tick'; now: number };

export function serviceLevelPct(q: { answered: number; abandoned: number; answeredWithinSl: number }, formula: ServiceLevelFormula = 'offered'): number | null {
  const denominator = formula === 'asterisk' ? q.answered : q.answered + q.abandoned;
  if (denominator <= 0) return null;
  return Math.round((1000 * q.answeredWithinSl) / denominator) / 10;
}

function byCallId(callers: readonly QueueCaller[]): Record<string, QueueCaller> {
  return Object.fromEntries(callers.map((c) => [c.callId, c]));
}

function reduceEvent(acc: Acc, event: HubEvent, options: QueueStatsOptions): Acc {
  const lastTs = Math.max(acc.lastTs, event.payload.ts);
  switch (event.name) {
    case 'AllQueues': {
      const queues = event.payload.queues
        .filter((q) => q.corpId === options.corpId)
        .map(({ callers, ...queue }) => ({ queue, callers: byCallId(callers.filter((c) => c.corpId === options.corpId)) }));
      return { ...acc, ready: true, queues, lastTs, dirty: true };
    }
    case 'CallerInQueue': {
      const { ts: _ts, ...caller } = event.payload;
      return { ...acc, lastTs, dirty: true, queues: updateQueue(acc.queues, caller.queueId, (q) => ({ ...q, callers: { ...q.callers, [caller.callId]: caller } })) };
    }
    case 'deleteCaller': {
      const { queueId, callId, reason, waitedMs } = event.payload;
      return {
        ...acc,
        lastTs,
        dirty: true,
        queues: updateQueue(acc.queues, queueId, (q) => {
          const { [callId]: _left, ...callers } = q.callers;
          const thresholdMs = (options.serviceLevelSec ?? q.queue.serviceLevelSec ?? HUB.serviceLevelSec) * 1000;
          const queue = { ...q.queue };
          if (reason === 'answered') {
            queue.answered += 1;
            if (waitedMs <= thresholdMs) queue.answeredWithinSl += 1;
          } else if (reason === 'abandoned') {
            queue.abandoned += 1;
          }
          return { queue, callers };
        }),
      };
    }
    default:
      // the other pushes (1,000 a second on a busy floor) only move `now` before the first tick
      if (acc.tick !== null) return acc.dirty ? { ...acc, dirty: false } : acc;
      return { ...acc, lastTs, dirty: waitingAnywhere(acc) };
  }
}

const waitingAnywhere = (acc: Acc) => acc.queues.some((q) => Object.keys(q.callers).length > 0);

function updateQueue(queues: QueueAcc[], queueId: number, update: (q: QueueAcc) => QueueAcc): QueueAcc[] {
  return queues.some((q) => q.queue.queueId === queueId) ? queues.map((q) => (q.queue.queueId === queueId ? update(q) : q)) : queues;
}

function queueStatsAt(queue: QueueAcc['queue'], callers: QueueAcc['callers'], now: number, options: QueueStatsOptions): QueueStats {
  const waiting = Object.values(callers);
  const earliest = waiting.reduce((min, c) => Math.min(min, c.since), Number.POSITIVE_INFINITY);
  return {
      corpId: queue.corpId,
      queueId: queue.queueId,
      name: queue.name,
      waiting: waiting.length,
      longestWaitMs: waiting.length ? Math.max(0, now - earliest) : 0,
      answered: queue.answered,
      abandoned: queue.abandoned,
      answeredWithinSl: queue.answeredWithinSl,
    serviceLevelSec: options.serviceLevelSec ?? queue.serviceLevelSec,
    serviceLevelPct: serviceLevelPct(queue, options.formula),
  };
}

/**
 * The stats of every queue, reusing the previous record of a queue whose state did not change (and,
 * while somebody waits in it, whose clock did not move) or came out deep-equal: one caller entering a
 * queue makes one new record, not one per queue, and the emitted list is new only when a record is.
 */
function statsUpdater(options: QueueStatsOptions): (acc: Acc) => QueueStats[] {
  let last: { queues: QueueAcc[]; now: number; stats: QueueStats[] } | null = null;
  return (acc) => {
    const now = acc.tick ?? acc.lastTs;
    const before = last;
    const stats = acc.queues.map((q, i) => {
      const old = before && before.queues[i]?.queue.queueId === q.queue.queueId ? before.stats[i] : undefined;
      if (old && before?.queues[i] === q && (old.waiting === 0 || before.now === now)) return old;
      const fresh = queueStatsAt(q.queue, q.callers, now, options);
      return old && deepEqual(old, fresh) ? old : fresh;
    });
    const unchanged = before !== null && before.stats.length === stats.length && stats.every((q, i) => q === before.stats[i]);
    last = { queues: acc.queues, now, stats: unchanged ? before.stats : stats };
    return last.stats;
  };
}

export function queueStats(events$: Observable<HubEvent>, clock$: Observable<number>, options: QueueStatsOptions): Observable<QueueStats[]> {
  const inputs$ = merge(
    events$.pipe(
      filter(ofCorp(options.corpId)),
      map((event): Input => ({ kind: 'event', event })),
    ),
    clock$.pipe(map((now): Input => ({ kind: 'tick', now }))),
  );
  // a tick changes the stats only while somebody waits (the longest wait grows), or the first one
  const onTick = (acc: Acc, now: number): Acc => ({ ...acc, tick: now, dirty: acc.tick === null || waitingAnywhere(acc) });
  return defer(() => {
    const initial: Acc = { ready: false, queues: [], dirty: false, tick: null, lastTs: 0 };
    return inputs$.pipe(
      scan((acc: Acc, input: Input): Acc => (input.kind === 'tick' ? onTick(acc, input.now) : reduceEvent(acc, input.event, options)), initial),
      filter((acc) => acc.ready && acc.dirty),
      map(statsUpdater(options)),
      // the updater returns the same list while no record changed
      distinctUntilChanged(),
    );
  });
}

/** One queue's record, for a tile that shows one queue only (emits only its own changes). */
export function queueStatsOf(stats$: Observable<QueueStats[]>, queueId: number): Observable<QueueStats | null> {
  return stats$.pipe(
    map((all) => all.find((q) => q.queueId === queueId) ?? null),
    distinctUntilChanged(deepEqual),
  );
}
