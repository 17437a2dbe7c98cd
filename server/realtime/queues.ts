/**
 * The queues' side of the live state: who waits in which queue (CallerInQueue, deleteCaller with the
 * positions of those behind), today's counters (answered, abandoned, answered within the service level,
 * counted as app_queue counts them: a timeout is neither), their reset at local midnight, and their
 * restore from queue_log after a start or a reconnect (issue 12, defect 7).
 */
import { parseEndpointName, type QueueCaller } from '../../domain';
import { checkTimeZone, nextMidnight } from './local-day';
import type { Publisher } from './publisher';
import type { CallRecord, ChannelRecord, CorpState, LiveState, QueueRecord } from './state';
import type { QueueDayCounters, QueueHistory, TimerHandle, Timers } from './types';
import { queuesView } from './views';

const SEC = 1000;

export type LeaveReason = 'answered' | 'abandoned' | 'timeout';

export class QueueTracker {
  private dayEndsAt: number;
  private dayTimer: TimerHandle | null = null;
  private running = false;

  constructor(
    private readonly state: LiveState,
    private readonly out: Publisher,
    private readonly now: () => number,
    private readonly timers: Timers,
    private readonly timeZone: string | undefined,
  ) {
    checkTimeZone(timeZone);
    this.dayEndsAt = nextMidnight(now(), timeZone);
  }

  /** the queue an application argument names (`{corpId}_{queueId}[,options]`), null (counted) when none of this corp */
  find(corp: CorpState, appData: string): QueueRecord | null {
    const m = /^(\d+)_(\d+)$/.exec(appData.split(',')[0].trim());
    if (!m) {
      this.state.drop('unknownQueue');
      return null;
    }
    if (Number(m[1]) !== corp.corpId) {
      this.state.drop('conflict');
      return null;
    }
    const q = corp.queues.get(Number(m[2]));
    if (!q) this.state.drop('unknownQueue');
    return q ?? null;
  }

  /**
   * A caller waits in the queue from `at`. `trunkNumber`: the number dialled through a trunk; an internal
   * caller has none (the panel labels it internal, not "Trunk: <own number>").
   */
  join(corp: CorpState, q: QueueRecord, rec: ChannelRecord, call: CallRecord, at: number, announce: boolean): void {
    call.queueName = q.cfg.name;
    call.queueId = q.cfg.queueId;
    const caller: QueueCaller = {
      corpId: corp.corpId,
      queueId: q.cfg.queueId,
      callId: rec.id,
      caller: rec.callerNumber,
      trunkNumber: call.inbound || call.trunk !== null ? call.dialed : '',
      position: q.callers.size + 1,
      since: at,
    };
    q.callers.set(rec.id, caller);
    rec.queued = q.cfg.queueId;
    if (announce) this.out.send(corp.corpId, 'CallerInQueue', { ...caller, ts: at });
  }

  leave(corp: CorpState, rec: ChannelRecord, reason: LeaveReason, at: number): void {
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
    this.out.send(corp.corpId, 'deleteCaller', { corpId: corp.corpId, queueId: q.cfg.queueId, callId: rec.id, reason, waitedMs, ts: at });
    let position = 0;
    for (const other of q.callers.values()) {
      position++;
      if (other.position === position) continue;
      other.position = position;
      this.out.send(corp.corpId, 'CallerInQueue', { ...other, ts: at });
    }
  }

  // ---------------------------------------------------------------- today

  /** the start of today (local midnight before now) */
  dayStart(): number {
    this.roll();
    return nextMidnight(this.dayEndsAt - 36 * 3_600_000, this.timeZone);
  }

  /**
   * Today's counters from queue_log up to `until` (the snapshot's time: callers who left before it are in
   * the log, those still waiting in the snapshot are counted live when they leave). Queues the log does
   * not name start at 0. Resolves false (the counters kept) when the history cannot be read.
   */
  async restore(history: QueueHistory, until: number): Promise<QueueDayCounters[] | null> {
    const from = this.dayStart();
    const levels = new Map<string, number>();
    for (const corp of this.state.corps.values()) for (const q of corp.queues.values()) levels.set(`${corp.corpId}_${q.cfg.queueId}`, q.cfg.serviceLevelSec);
    return history.counters(from, Math.max(from, until), levels);
  }

  /** applies counters read by restore() */
  applyCounters(rows: readonly QueueDayCounters[]): void {
    const byName = new Map(rows.map((r) => [r.queuename, r]));
    for (const corp of this.state.corps.values()) {
      for (const q of corp.queues.values()) {
        const row = byName.get(`${corp.corpId}_${q.cfg.queueId}`);
        q.answered = row?.answered ?? 0;
        q.abandoned = row?.abandoned ?? 0;
        q.answeredWithinSl = row?.answeredWithinSl ?? 0;
      }
    }
  }

  start(): void {
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    if (this.dayTimer !== null) this.timers.clearTimeout(this.dayTimer);
    this.dayTimer = null;
  }

  private schedule(): void {
    if (this.dayTimer !== null) this.timers.clearTimeout(this.dayTimer);
    this.dayTimer = this.timers.setTimeout(
      () => {
        this.dayTimer = null;
        this.roll();
        if (this.running) this.schedule();
      },
      Math.max(1, this.dayEndsAt - this.now()),
    );
  }

  /** at local midnight the counters start again; every corp gets the new AllQueues */
  roll(): void {
    const at = this.now();
    if (at < this.dayEndsAt) return;
    this.dayEndsAt = nextMidnight(at, this.timeZone);
    for (const corp of this.state.corps.values()) {
      for (const q of corp.queues.values()) {
        q.answered = 0;
        q.abandoned = 0;
        q.answeredWithinSl = 0;
      }
    }
    if (!this.running) return;
    for (const corp of this.state.corps.values()) this.out.send(corp.corpId, 'AllQueues', { corpId: corp.corpId, queues: queuesView(corp), ts: at });
    this.schedule();
  }
}

/** `{corpId}_{queueId}` → its parts (queue_log's queuename), null for other names */
export function parseQueueName(name: string): { corpId: number; queueId: number } | null {
  const parsed = parseEndpointName(name);
  return parsed && /^\d+$/.test(parsed.number) ? { corpId: parsed.corpId, queueId: Number(parsed.number) } : null;
}

/**
 * Today's counters from queue_log rows (reference/protocols.md §4.3), as the live counting counts:
 * CONNECT is answered (within the service level when its hold time, data1 in seconds, is at most the
 * queue's threshold, as app_queue counts callscompletedinsl), ABANDON is abandoned; a timeout, a key or
 * an empty queue (EXITWITH*) is neither. Rows of queues not in `serviceLevelSec` are left out.
 */
export function foldQueueLog(rows: Iterable<{ queuename: string; event: string; data1: string }>, serviceLevelSec: ReadonlyMap<string, number>): QueueDayCounters[] {
  const out = new Map<string, QueueDayCounters>();
  for (const row of rows) {
    const level = serviceLevelSec.get(row.queuename);
    if (level === undefined || (row.event !== 'CONNECT' && row.event !== 'ABANDON')) continue;
    let c = out.get(row.queuename);
    if (!c) {
      c = { queuename: row.queuename, answered: 0, abandoned: 0, answeredWithinSl: 0 };
      out.set(row.queuename, c);
    }
    if (row.event === 'ABANDON') c.abandoned++;
    else {
      c.answered++;
      const hold = Number(row.data1);
      if (Number.isFinite(hold) && hold <= level) c.answeredWithinSl++;
    }
  }
  return [...out.values()];
}
