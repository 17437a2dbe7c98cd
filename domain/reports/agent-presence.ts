/**
 * An agent's presence over a report period (G-RPT-01), folded from Asterisk's queue_log rows of a
 * member (reference/protocols.md §4.3): ADDMEMBER / REMOVEMEMBER log the member in to or out of ONE
 * queue (ADDMEMBER data1 'PAUSED' when it joins paused), PAUSE / UNPAUSE pause it in one queue (PAUSE
 * data1 the reason's code, maybe ''). PAUSEALL / UNPAUSEALL (queue NONE) are not read: the per-queue
 * rows carry the same facts.
 *
 * Per queue and member the rows become intervals; per agent the intervals of every queue are merged
 * (logged in to three queues for the same hour is one hour logged in), and so are the pauses, per
 * reason and in total. Everything is clipped to the period [from, end).
 *
 * The state at the period's start, in this order:
 * 1. the member's last row before the period (the server reads it however old it is) says it;
 * 2. else its first row inside the period does: a REMOVEMEMBER, PAUSE or UNPAUSE means it was a
 *    member already (an UNPAUSE: paused, reason unknown ''), an ADDMEMBER that it was not;
 * 3. else, with no row at all, a member the queue has now (queue_member) is a static member, which
 *    Asterisk loads without logging an ADDMEMBER: we read it as logged in for the whole period (the
 *    reading picked: queue_log cannot tell since when a static member exists, and a configured member
 *    is one the queue rings all along).
 * A PAUSE or UNPAUSE for a queue the fold thought the agent was out of says it is a member from then
 * (a static member re-added by a reload, which Asterisk does not log).
 */
export const PRESENCE_EVENTS = ['ADDMEMBER', 'REMOVEMEMBER', 'PAUSE', 'UNPAUSE'] as const;
export type PresenceEventName = (typeof PRESENCE_EVENTS)[number];

export interface PresenceEvent {
  /** the queue_log queuename, `{corpId}_{queueId}` */
  queue: string;
  /** the member: its extension number */
  agent: string;
  at: number;
  event: PresenceEventName;
  data1: string;
}

export interface MemberKey {
  queue: string;
  agent: string;
}

export interface AgentPresence {
  agent: string;
  loggedInMs: number;
  /** every pause, whatever its reason, merged */
  pauseMs: number;
  /** per reason code as logged ('' when none was given) */
  pauseByReason: Record<string, number>;
  /** when the agent first logged in, null when it was logged in at the period's start (or never) */
  firstLoginAt: number | null;
  /** when the agent last logged out, null when it is still logged in at the period's end (or never was) */
  lastLogoutAt: number | null;
}

type Interval = [number, number];

interface MemberIntervals {
  member: Interval[];
  pauses: { reason: string; at: Interval }[];
  atStart: boolean;
  atEnd: boolean;
}

/** Intervals of one queue member; `events` in time order. */
function memberIntervals(events: readonly PresenceEvent[], from: number, end: number, isStatic: boolean): MemberIntervals {
  const out: MemberIntervals = { member: [], pauses: [], atStart: false, atEnd: false };
  const clip = (a: number, b: number): Interval | null => {
    const lo = Math.max(a, from);
    const hi = Math.min(b, end);
    return hi > lo ? [lo, hi] : null;
  };
  let memberSince: number | null = null;
  let pause: { since: number; reason: string } | null = null;
  const closeMember = (at: number) => {
    if (memberSince === null) return;
    const interval = clip(memberSince, at);
    if (interval) out.member.push(interval);
    memberSince = null;
  };
  const closePause = (at: number) => {
    if (pause === null) return;
    const interval = clip(pause.since, at);
    if (interval) out.pauses.push({ reason: pause.reason, at: interval });
    pause = null;
  };

  const before = events.filter((e) => e.at < from);
  const inside = events.filter((e) => e.at >= from && e.at < end);
  if (before.length === 0) {
    const first = inside[0];
    if (!first) {
      if (isStatic) memberSince = from;
    } else if (first.event !== 'ADDMEMBER') {
      memberSince = from;
      if (first.event === 'UNPAUSE') pause = { since: from, reason: '' };
    }
  }

  const apply = (e: PresenceEvent) => {
    switch (e.event) {
      case 'ADDMEMBER':
        if (memberSince !== null) break; // logged in already: nothing new
        memberSince = e.at;
        if (e.data1 === 'PAUSED') pause = { since: e.at, reason: '' };
        break;
      case 'REMOVEMEMBER':
        closePause(e.at);
        closeMember(e.at);
        break;
      case 'PAUSE':
        memberSince ??= e.at;
        // a new reason while paused ends the pause of the old one
        if (pause !== null && pause.reason !== e.data1) closePause(e.at);
        pause ??= { since: e.at, reason: e.data1 };
        break;
      case 'UNPAUSE':
        memberSince ??= e.at;
        closePause(e.at);
        break;
    }
  };
  before.forEach(apply);
  out.atStart = memberSince !== null;
  inside.forEach(apply);
  out.atEnd = memberSince !== null;
  closePause(end);
  closeMember(end);
  return out;
}

/** The union of intervals, sorted. */
function merge(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

const length = (intervals: readonly Interval[]) => intervals.reduce((sum, [a, b]) => sum + (b - a), 0);
const keyOf = (k: MemberKey) => `${k.queue}\u0000${k.agent}`;

/**
 * The presence of every agent with a row (or a static membership) over [from, end): `events` may
 * hold, per queue member, its last row before the period and its rows inside it, in any order.
 */
export function foldPresence(events: readonly PresenceEvent[], period: { from: number; end: number }, staticMembers: readonly MemberKey[] = []): AgentPresence[] {
  const byMember = new Map<string, { key: MemberKey; events: PresenceEvent[] }>();
  for (const e of events) {
    const key = keyOf(e);
    const entry = byMember.get(key) ?? { key: { queue: e.queue, agent: e.agent }, events: [] };
    entry.events.push(e);
    byMember.set(key, entry);
  }
  for (const m of staticMembers) if (!byMember.has(keyOf(m))) byMember.set(keyOf(m), { key: m, events: [] });
  const statics = new Set(staticMembers.map(keyOf));

  const byAgent = new Map<string, MemberIntervals[]>();
  for (const [key, { key: member, events: rows }] of byMember) {
    const sorted = rows.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i).map((x) => x.e);
    const intervals = memberIntervals(sorted, period.from, period.end, statics.has(key));
    byAgent.set(member.agent, [...(byAgent.get(member.agent) ?? []), intervals]);
  }

  const out: AgentPresence[] = [];
  for (const [agent, members] of byAgent) {
    const loggedIn = merge(members.flatMap((m) => m.member));
    const pauses = members.flatMap((m) => m.pauses);
    const reasons = [...new Set(pauses.map((p) => p.reason))].sort();
    const pauseByReason: Record<string, number> = {};
    for (const reason of reasons) pauseByReason[reason] = length(merge(pauses.filter((p) => p.reason === reason).map((p) => p.at)));
    if (loggedIn.length === 0 && pauses.length === 0) continue;
    out.push({
      agent,
      loggedInMs: length(loggedIn),
      pauseMs: length(merge(pauses.map((p) => p.at))),
      pauseByReason,
      firstLoginAt: members.some((m) => m.atStart) || loggedIn.length === 0 ? null : loggedIn[0][0],
      lastLogoutAt: members.some((m) => m.atEnd) || loggedIn.length === 0 ? null : loggedIn[loggedIn.length - 1][1],
    });
  }
  return out.sort((a, b) => a.agent.localeCompare(b.agent, 'en', { numeric: true }));
}
