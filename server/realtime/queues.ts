/**
 * The queues' side of the live state: who waits in which queue (CallerInQueue, deleteCaller with the
 * positions of those behind), today's counters (answered, abandoned, answered within the service level,
 * counted as app_queue counts them: a timeout is neither), their reset at each corp's own midnight (its
 * time zone, J-TZ-01), and their restore from queue_log of the corp's today after a start or a
 * reconnect (issue 12, defect 7).
 */
import { isTimeZone, parseEndpointName, startOfLocalDay, startOfNextLocalDay, type QueueCaller } from '../../domain';
import type { Publisher } from './publisher';
import type { CallRecord, ChannelRecord, CorpState, LiveState, QueueRecord } from './state';
import type { DirectoryCorp, QueueDayCounters, QueueHistory, TimerHandle, Timers } from './types';
import { queuesView } from './views';

const SEC = 1000;

/** A corp's today: its zone and the instant its next day begins. */
interface CorpDay {
  timeZone: string;
  endsAt: number;
}

export type LeaveReason = 'answered' | 'abandoned' | 'timeout';

export class QueueTracker {
  /** each corp's today, by corp id (a corp the directory brings in gets one at once) */
  private readonly days = new Map<number, CorpDay>();
  private dayTimer: TimerHandle | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private running = false;

  /** `defaultZone`: the zone of a corp the directory gives none (an IANA name; checked here, at start) */
  constructor(
    private readonly state: LiveState,
    private readonly out: Publisher,
    private readonly now: () => number,
    private readonly timers: Timers,
    private readonly defaultZone: string,
  ) {
    if (!isTimeZone(defaultZone)) throw new RangeError(`unknown time zone: ${defaultZone}`);
  }

  /**
   * The corps' zones from the directory. A corp whose zone changed starts its day over in the new zone
   * (its counters are today's of the old one until restored); returns whether any existing corp's did.
   */
  setZones(list: readonly Pick<DirectoryCorp, 'corpId' | 'timeZone'>[]): boolean {
    const at = this.now();
    const wanted = new Set(list.map((c) => c.corpId));
    for (const corpId of [...this.days.keys()]) if (!wanted.has(corpId)) this.days.delete(corpId);
    let changed = false;
    for (const c of list) {
      const timeZone = c.timeZone ?? this.defaultZone;
      const day = this.days.get(c.corpId);
      if (day?.timeZone === timeZone) continue;
      if (day) changed = true;
      this.days.set(c.corpId, { timeZone, endsAt: startOfNextLocalDay(at, timeZone) });
    }
    if (this.running) this.schedule();
    return changed;
  }

  /** a corp's today (one the directory did not name yet: in the default zone) */
  private dayOf(corpId: number): CorpDay {
    let day = this.days.get(corpId);
    if (!day) {
      day = { timeZone: this.defaultZone, endsAt: startOfNextLocalDay(this.now(), this.defaultZone) };
      this.days.set(corpId, day);
    }
    return day;
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

  /** the start of a corp's today (its local midnight before now) */
  dayStart(corpId: number): number {
    this.roll();
    return startOfLocalDay(this.now(), this.dayOf(corpId).timeZone);
  }

  /**
   * Today's counters from queue_log up to `until` (the snapshot's time: callers who left before it are in
   * the log, those still waiting in the snapshot are counted live when they leave), each corp's from its
   * own midnight: one read per distinct midnight. Queues the log does not name start at 0. Rejects (the
   * counters kept) when the history cannot be read.
   */
  async restore(history: QueueHistory, until: number): Promise<QueueDayCounters[]> {
    const byStart = new Map<number, Map<string, number>>();
    for (const corp of this.state.corps.values()) {
      const from = this.dayStart(corp.corpId);
      const levels = byStart.get(from) ?? new Map<string, number>();
      for (const q of corp.queues.values()) levels.set(`${corp.corpId}_${q.cfg.queueId}`, q.cfg.serviceLevelSec);
      byStart.set(from, levels);
    }
    const parts = await Promise.all([...byStart].map(([from, levels]) => history.counters(from, Math.max(from, until), levels)));
    return parts.flat();
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
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  /** one timer, for the first corp's midnight to come */
  private schedule(): void {
    let next = Number.POSITIVE_INFINITY;
    for (const corpId of this.state.corps.keys()) next = Math.min(next, this.dayOf(corpId).endsAt);
    if (next === this.timerAt && this.dayTimer !== null) return;
    if (this.dayTimer !== null) this.timers.clearTimeout(this.dayTimer);
    this.dayTimer = null;
    this.timerAt = next;
    if (next === Number.POSITIVE_INFINITY) return;
    this.dayTimer = this.timers.setTimeout(
      () => {
        this.dayTimer = null;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.roll();
        if (this.running) this.schedule();
      },
      Math.max(1, next - this.now()),
    );
  }

  /** at a corp's midnight its counters start again and it gets the new AllQueues */
  roll(): void {
    const at = this.now();
    let rolled = false;
    for (const corp of this.state.corps.values()) {
      const day = this.dayOf(corp.corpId);
      if (at < day.endsAt) continue;
      day.endsAt = startOfNextLocalDay(at, day.timeZone);
      rolled = true;
      for (const q of corp.queues.values()) {
        q.answered = 0;
        q.abandoned = 0;
        q.answeredWithinSl = 0;
      }
      if (this.running) this.out.send(corp.corpId, 'AllQueues', { corpId: corp.corpId, queues: queuesView(corp), ts: at });
    }
    if (rolled && this.running) this.schedule();
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
