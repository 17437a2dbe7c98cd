import { sql, type SQL } from 'drizzle-orm';
import {
  ALL_QUEUES,
  foldPresence,
  occupancyPct,
  PRESENCE_EVENTS,
  type AgentPresence,
  type AgentReportResult,
  type AgentReportRow,
  type AgentReportSearch,
  type MemberKey,
  type PresenceEvent,
  type PresenceEventName,
} from '../../../domain';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/sql';
import { callsOf, inPeriod, queueIdOf } from './queue-stats-queries';
import { agentOf, int, type CorpReport } from './report-scope';

/**
 * The agent report (G-RPT-01; the rules are in domain/reports/agent-report.ts and agent-presence.ts).
 * Four reads at once: the answered calls per agent (the queue statistics' calls), the log-in and
 * pause rows of every queue member (for each, its last row before the period and its rows inside it,
 * through the partial index queue_log_member_idx, migration 0019), the queues' members now (static
 * members log nothing) and the extensions' names. The domain folds the rows, a few per member and day.
 */

// written out, not bound: the partial index's predicate must be seen in the query to be used
const PRESENCE = sql.raw(PRESENCE_EVENTS.map((e) => `'${e}'`).join(', '));

const queueOf = (corpId: number, queue: number): SQL => (queue === ALL_QUEUES ? sql`` : sql`and q.queuename = ${`${corpId}_${queue}`}`);

/**
 * The rows of every member of the corp's queues (or one queue): its last before `from`, however old,
 * and those of [from, to]. The members are found by skipping through the index (a loose index scan:
 * one probe per member, not a read of the corp's whole history).
 */
async function presenceRows(db: Db, corpId: number, search: AgentReportSearch): Promise<PresenceEvent[]> {
  const queue = queueOf(corpId, search.queue);
  const rows = await queryRows<{ queuename: string; agent: string; event: string; data1: string; ms: string | number }>(
    db,
    sql`with recursive members(queuename, agent) as (
      (select q.queuename, q.agent from queue_log q
        where q.corp_id = ${corpId} and q.event in (${PRESENCE}) ${queue}
        order by q.queuename, q.agent limit 1)
      union all
      (select n.queuename, n.agent from members m cross join lateral (
        select q.queuename, q.agent from queue_log q
        where q.corp_id = ${corpId} and q.event in (${PRESENCE}) ${queue} and (q.queuename, q.agent) > (m.queuename, m.agent)
        order by q.queuename, q.agent limit 1) n)
    )
    select m.queuename, m.agent, e.event, e.data1, (extract(epoch from e.time) * 1000)::bigint as ms
    from members m cross join lateral (
      -- the last row before the period: its instant first (one backward probe of the index), then the
      -- last row of that instant (ordering the member's whole history by time and id would sort it all)
      (select q.time, q.id, q.event, q.data1 from queue_log q
        where q.corp_id = ${corpId} and q.event in (${PRESENCE}) and q.queuename = m.queuename and q.agent = m.agent
          and q.time = (select max(b.time) from queue_log b
            where b.corp_id = ${corpId} and b.event in (${PRESENCE}) and b.queuename = m.queuename and b.agent = m.agent and b.time < ${search.from}::timestamptz)
        order by q.id desc limit 1)
      union all
      (select q.time, q.id, q.event, q.data1 from queue_log q
        where q.corp_id = ${corpId} and q.event in (${PRESENCE}) and q.queuename = m.queuename and q.agent = m.agent
          and q.time >= ${search.from}::timestamptz and q.time <= ${search.to}::timestamptz)
    ) e
    order by m.queuename, m.agent, e.time, e.id`,
  );
  return rows.flatMap((r) => {
    const agent = agentOf(r.agent);
    return agent ? [{ queue: r.queuename, agent, at: Number(r.ms), event: r.event as PresenceEventName, data1: r.data1 }] : [];
  });
}

/** The queues' members now, by the queue_log names of queue and member. */
async function membersNow(db: Db, corpId: number, queue: number): Promise<MemberKey[]> {
  const one = queue === ALL_QUEUES ? sql`` : sql`and qu.id = ${queue}`;
  return queryRows<MemberKey>(
    db,
    sql`select qu.corp_id::text || '_' || qu.id::text as queue, m.exten_number as agent
    from queue_member m join queue qu on qu.id = m.queue_id
    where qu.corp_id = ${corpId} ${one}`,
  );
}

interface AgentCalls {
  answered: number;
  talk: number;
  hold: number;
  wrapup: number;
}

/** The calls each agent answered in the period, with talk, hold and their queues' wrap-up. */
async function callsPerAgent(db: Db, corpId: number, search: AgentReportSearch): Promise<Map<string, AgentCalls>> {
  const rows = await queryRows<{ agent: string | null; answered: string | number; talk: string | number; hold: string | number; wrapup: string | number }>(
    db,
    sql`with calls as (${callsOf(corpId, search)})
    select c.agent, count(*) as answered, coalesce(sum(c.talk), 0) as talk, coalesce(sum(c.hold), 0) as hold, coalesce(sum(qu.wrapup_sec), 0) as wrapup
    from calls c
    left join queue qu on qu.id = ${queueIdOf} and qu.corp_id = ${corpId}
    where c.attended and ${inPeriod(search)}
    group by c.agent`,
  );
  const out = new Map<string, AgentCalls>();
  for (const r of rows) {
    // 'PJSIP/2_201' and '201' are one agent
    const agent = agentOf(r.agent ?? '');
    if (!agent) continue;
    const sum = out.get(agent) ?? { answered: 0, talk: 0, hold: 0, wrapup: 0 };
    out.set(agent, { answered: sum.answered + int(r.answered), talk: sum.talk + int(r.talk), hold: sum.hold + int(r.hold), wrapup: sum.wrapup + int(r.wrapup) });
  }
  return out;
}

/** The names of the corp's extensions, read beside the rest (not after it: one round trip less). */
async function extensionNames(db: Db, corpId: number): Promise<Map<string, string>> {
  const rows = await queryRows<{ number: string; name: string }>(
    db,
    // the name the report selectors give an extension (selectors-routes.ts): its user's, else its description
    sql`select e.number, coalesce(nullif(u.name, ''), e.description) as name from extension e left join app_user u on u.id = e.user_id where e.corp_id = ${corpId}`,
  );
  return new Map(rows.map((r) => [r.number, r.name]));
}

const secondsOf = (ms: number) => Math.round(ms / 1000);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function rowOf(agent: string, name: string, calls: AgentCalls | undefined, presence: AgentPresence | undefined): AgentReportRow {
  const c = calls ?? { answered: 0, talk: 0, hold: 0, wrapup: 0 };
  const loggedInSec = secondsOf(presence?.loggedInMs ?? 0);
  const pauseSec = secondsOf(presence?.pauseMs ?? 0);
  return {
    agent,
    name,
    answered: c.answered,
    talkSec: c.talk,
    holdSec: c.hold,
    wrapupSec: c.wrapup,
    loggedInSec,
    pauseSec,
    pauses: Object.entries(presence?.pauseByReason ?? {}).map(([code, ms]) => ({ code, seconds: secondsOf(ms) })),
    occupancyPct: occupancyPct(c.talk, c.wrapup, loggedInSec, pauseSec),
    firstLogin: iso(presence?.firstLoginAt ?? null),
    lastLogout: iso(presence?.lastLogoutAt ?? null),
  };
}

export async function agentReport(db: Db, { corpId }: Pick<CorpReport, 'corpId'>, search: AgentReportSearch, now: () => number = Date.now): Promise<AgentReportResult> {
  const [calls, events, statics, names] = await Promise.all([callsPerAgent(db, corpId, search), presenceRows(db, corpId, search), membersNow(db, corpId, search.queue), extensionNames(db, corpId)]);
  // `to` is the last millisecond of the period; a period that reaches into the future (today's) ends
  // now: who is logged in is logged in until now, not until midnight
  const presence = foldPresence(events, { from: Date.parse(search.from), end: Math.min(Date.parse(search.to) + 1, now()) }, statics);
  const byAgent = new Map(presence.map((p) => [p.agent, p]));
  const agents = [...new Set([...calls.keys(), ...byAgent.keys()])].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const rows = agents.map((agent) => rowOf(agent, names.get(agent) ?? '', calls.get(agent), byAgent.get(agent)));
  const reasons = [...new Set(rows.flatMap((r) => r.pauses.map((p) => p.code)))].sort();
  return { rows, reasons };
}
