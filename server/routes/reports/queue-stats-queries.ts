import { sql, type SQL } from 'drizzle-orm';
import {
  ALL_QUEUES,
  QUEUE_ATTENDED_EVENT,
  QUEUE_CALL_MAX_MS,
  QUEUE_CALLS_MAX,
  QUEUE_END_EVENTS,
  QUEUE_ESTADO,
  QUEUE_NEGLECTED_EVENTS,
  type QueueCallRow,
  type QueueCallsResult,
  type QueueStatsResult,
  type QueueStatsSearch,
  type QueueSummaryRow,
} from '../../../domain';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/sql';
import { agentOf, int, type CorpReport } from './report-scope';

/**
 * Queue statistics from queue_log (the rules are in domain/reports/queue-stats.ts). One pass over the
 * corp's rows of the period (and a day after it, for the ends of calls answered in it) groups them
 * into calls; the calls whose outcome lies in the period are summed per queue. Rows come from the
 * (corp_id, time) index, or (queuename, time) for one queue.
 */
const OUTCOME_EVENTS = [QUEUE_ATTENDED_EVENT, ...QUEUE_NEGLECTED_EVENTS];
const EVENTS = [...OUTCOME_EVENTS, ...QUEUE_END_EVENTS];
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** A data field as seconds, or null: Asterisk writes digits, anything else is not trusted. */
const seconds = (column: string) => sql.raw(`(case when q.${column} ~ '^[0-9]{1,9}$' then q.${column}::int end)`);

/** The queue name `{corpId}_{queueId}` of one queue, or every queue of the corp. */
function queueCondition(corpId: number, queue: number): SQL {
  return queue === ALL_QUEUES ? sql`true` : sql`q.queuename = ${`${corpId}_${queue}`}`;
}

/**
 * The calls of the period: one row per queue and callid, with its outcome, hold, talk and agent; with
 * `callers`, also the caller of ENTERQUEUE, looked for up to a day before the period (a call may wait
 * across its start). The agent report and the service level by hour read the same calls (G-RPT).
 */
export function callsOf(corpId: number, search: QueueStatsSearch, callers = false): SQL {
  const until = new Date(Date.parse(search.to) + QUEUE_CALL_MAX_MS).toISOString();
  const since = callers ? new Date(Date.parse(search.from) - QUEUE_CALL_MAX_MS).toISOString() : search.from;
  const events = callers ? [...EVENTS, 'ENTERQUEUE'] : EVENTS;
  return sql`select q.queuename, q.callid,
      min(q.time) filter (where q.event in (${list(OUTCOME_EVENTS)})) as outcome_at,
      bool_or(q.event = ${QUEUE_ATTENDED_EVENT}) as attended,
      max(case when q.event = ${QUEUE_ATTENDED_EVENT} then ${seconds('data1')}
               when q.event in ('ABANDON', 'EXITWITHTIMEOUT', 'EXITEMPTY') then ${seconds('data3')}
               when q.event = 'EXITWITHKEY' then ${seconds('data4')} end) as hold,
      max(case when q.event in ('COMPLETEAGENT', 'COMPLETECALLER') then ${seconds('data2')}
               when q.event in ('BLINDTRANSFER', 'ATTENDEDTRANSFER') then ${seconds('data4')} end) as talk,
      max(q.agent) filter (where q.event = ${QUEUE_ATTENDED_EVENT}) as agent,
      max(q.data2) filter (where q.event = 'ENTERQUEUE') as caller,
      (array_agg(q.event order by q.time desc, q.id desc) filter (where q.event in (${list([...OUTCOME_EVENTS, ...QUEUE_END_EVENTS])})))[1] as status
    from queue_log q
    where q.corp_id = ${corpId} and ${queueCondition(corpId, search.queue)}
      and q.time >= ${since}::timestamptz and q.time <= ${until}::timestamptz
      and q.event in (${list(events)})
    group by q.queuename, q.callid`;
}

export const inPeriod = (search: QueueStatsSearch) => sql`c.outcome_at >= ${search.from}::timestamptz and c.outcome_at <= ${search.to}::timestamptz`;

/** `{corpId}_{id}` → id, and the queue's name (the queue_log name when the queue is gone). */
export const queueIdOf = sql`(case when c.queuename ~ '^[0-9]+_[0-9]{1,9}$' then split_part(c.queuename, '_', 2)::int end)`;

export async function queueStats(db: Db, { corpId }: Pick<CorpReport, 'corpId'>, search: QueueStatsSearch): Promise<QueueStatsResult> {
  const rows = await queryRows<Record<string, string | number | null>>(
    db,
    sql`with calls as (${callsOf(corpId, search)})
    select c.queuename, ${queueIdOf} as queue_id, coalesce(max(qu.name), c.queuename) as name,
      count(*) as total,
      count(*) filter (where c.attended) as attended,
      coalesce(sum(c.talk) filter (where c.attended), 0) as talk_sum,
      coalesce(max(c.talk) filter (where c.attended), 0) as talk_max,
      coalesce(sum(c.hold), 0) as hold_sum,
      coalesce(max(c.hold), 0) as hold_max
    from calls c
    left join queue qu on qu.id = ${queueIdOf} and qu.corp_id = ${corpId}
    where ${inPeriod(search)}
    group by c.queuename
    order by 2 nulls last, c.queuename`,
  );
  const sP1: QueueSummaryRow[] = rows.map((r) => {
    const total = int(r.total);
    const attended = int(r.attended);
    const talk = int(r.talk_sum);
    const hold = int(r.hold_sum);
    return {
      queue: int(r.queue_id),
      name: String(r.name),
      totalCalls: total,
      callduration: talk,
      holdtime: hold,
      avgcallduration: attended > 0 ? Math.round((talk / attended) * 100) / 100 : 0,
      avgholdtime: total > 0 ? Math.round((hold / total) * 100) / 100 : 0,
      maxcallduration: int(r.talk_max),
      maxholdtime: int(r.hold_max),
      attended,
      neglected: total - attended,
    };
  });
  const sP2 = sP1.flatMap((q) => [
    { estado: QUEUE_ESTADO.attended, callcount: q.attended, queue: q.queue },
    { estado: QUEUE_ESTADO.neglected, callcount: q.neglected, queue: q.queue },
  ]);
  return { sP1, sP2 };
}

/** D-QST-05: the calls of one queue, newest first, each with its recording's CDR row when there is one. */
export async function queueCalls(db: Db, { corpId }: Pick<CorpReport, 'corpId'>, search: QueueStatsSearch): Promise<QueueCallsResult> {
  const rows = await queryRows<{ ms: string | number; callid: string; caller: string | null; talk: number | null; hold: number | null; status: string | null; agent: string | null; audio: string | number | null }>(
    db,
    sql`with calls as (${callsOf(corpId, search, true)})
    select (extract(epoch from c.outcome_at) * 1000)::bigint as ms, c.callid, c.caller, c.talk, c.hold, c.status, c.agent,
      (select d.id from cdr d where d.uniqueid = c.callid and d.corp_id = ${corpId} and d.recordingfile <> '' order by d.id limit 1) as audio
    from calls c
    where ${inPeriod(search)}
    order by c.outcome_at desc, c.callid
    limit ${QUEUE_CALLS_MAX + 1}`,
  );
  const calls: QueueCallRow[] = rows.slice(0, QUEUE_CALLS_MAX).map((r) => ({
    timestamp: new Date(Number(r.ms)).toISOString(),
    callerId: r.caller ?? '',
    callduration: int(r.talk),
    holdtime: int(r.hold),
    status: r.status ?? '',
    exten: agentOf(r.agent ?? ''),
    audio: r.audio === null ? null : int(r.audio),
    callid: r.callid,
  }));
  return { rows: calls, truncated: rows.length > QUEUE_CALLS_MAX };
}
