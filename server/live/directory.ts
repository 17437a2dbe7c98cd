import { and, asc, eq, getTableName } from 'drizzle-orm';
import { extensionDisplayName, parseDestination } from '../../domain';
import { corpZone } from '../corp-zone';
import type { Db } from '../db/database';
import { appUser, corp, extension, ivr, poll, question, queue, queueMember, sipRoute, sipServer, timeCondition, timeOption, trunk } from '../db/schema';
import { pauseReason } from '../db/schema-agents';
import { QUEUE_STRATEGIES, type QueueStrategy, type SimCorp, type SimTimeCondition, type SimTrunk } from '../pbx';
import type { DirectoryCorp, DirectoryExtension, DirectoryProvider, DirectoryQueue } from '../realtime';

/** An extension as the PBX side needs it: also what a call to it does when unanswered or busy (C-EXT actions). */
export interface PbxDirectoryExtension extends DirectoryExtension {
  action: string;
  onbusy: string;
}

export interface PbxDirectoryQueue extends DirectoryQueue {
  /** queue.poll_id: the poll its callers answer (C-QUE-07) */
  pollId: number | null;
  /** members paused now (queue_member.paused, the PBX's write-back), by number: the simulator starts with them paused */
  paused: Record<string, { reason: string; since: number }>;
}

/** An IVR's options: [option0 (default), option1 .. option9], destination strings (domain/destinations.ts). */
export interface PbxDirectoryIvr {
  id: number;
  options: string[];
}

export interface PbxDirectoryPoll {
  id: number;
  /** question ids by order_sequencial */
  questions: number[];
}

/** The realtime service's directory plus what the simulator needs to route and record calls (trunks, time conditions, IVRs, polls, actions). */
export interface PbxDirectoryCorp extends DirectoryCorp {
  extensions: PbxDirectoryExtension[];
  queues: PbxDirectoryQueue[];
  ivrs: PbxDirectoryIvr[];
  polls: PbxDirectoryPoll[];
  /** the corp's trunks (C-TRK): their numbers and actions, where calls come in and go out (H-WARM-02) */
  trunks: SimTrunk[];
  /** the corp's time conditions (C-TC) */
  times: SimTimeCondition[];
  /** enabled SIP routes through enabled trunks (C-SIP): how numbers outside leave */
  routes: NonNullable<SimCorp['routes']>;
}

export interface PbxDirectoryProvider extends DirectoryProvider {
  corps(): Promise<PbxDirectoryCorp[]>;
}

/**
 * Every table createDbDirectory reads, once (J-ONE-03): the live directory reloads on a write-pipeline
 * change of any of them (directory-follow.ts), so a query of a new table here must name it here too
 * (tests/server/live/directory-follow.test.ts compares this list with the tables its queries read).
 */
export const DIRECTORY_TABLES = [corp, extension, appUser, queue, queueMember, pauseReason, ivr, poll, question, trunk, sipServer, timeCondition, timeOption, sipRoute] as const;

/** DIRECTORY_TABLES by their SQL names, as change events name them */
export const DIRECTORY_TABLE_NAMES: ReadonlySet<string> = new Set(DIRECTORY_TABLES.map((t) => getTableName(t)));

const IVR_OPTION_COLUMNS = ['option0', 'option1', 'option2', 'option3', 'option4', 'option5', 'option6', 'option7', 'option8', 'option9'] as const;

/**
 * The live directory from the database: per enabled corp, its time zone, its enabled extensions (named by domain
 * extensionDisplayName, as the REST list names them; with their action and busy action), its queues with their members in
 * the order they were added, the service-level threshold and the poll, and its IVRs and polls.
 */
export function createDbDirectory(db: Db): PbxDirectoryProvider {
  return {
    async corps(): Promise<PbxDirectoryCorp[]> {
      const corps = await db.select({ id: corp.id, timeZone: corp.timeZone }).from(corp).where(eq(corp.enabled, true)).orderBy(asc(corp.id));
      const exts = await db
        .select({
          corpId: extension.corpId,
          number: extension.number,
          userName: appUser.name,
          nick: appUser.nick,
          description: extension.description,
          action: extension.action,
          onbusy: extension.onbusy,
          dndSince: extension.dndSince,
        })
        .from(extension)
        .leftJoin(appUser, eq(appUser.id, extension.userId))
        .where(eq(extension.enabled, true))
        .orderBy(asc(extension.corpId), asc(extension.number));
      const queues = await db
        .select({ id: queue.id, corpId: queue.corpId, name: queue.name, strategy: queue.strategy, serviceLevel: queue.serviceLevel, pollId: queue.pollId, wrapupSec: queue.wrapupSec })
        .from(queue)
        .orderBy(asc(queue.corpId), asc(queue.id));
      const members = await db
        .select({ queueId: queueMember.queueId, number: queueMember.extenNumber, paused: queueMember.paused, reason: queueMember.reasonPaused, pausedAt: queueMember.pausedAt })
        .from(queueMember)
        .innerJoin(extension, and(eq(extension.corpId, queueMember.corpId), eq(extension.number, queueMember.extenNumber)))
        .where(eq(extension.enabled, true))
        .orderBy(asc(queueMember.uniqueId));
      const reasons = await db.select().from(pauseReason).orderBy(asc(pauseReason.corpId), asc(pauseReason.id));
      const ivrs = await db.select().from(ivr).orderBy(asc(ivr.corpId), asc(ivr.id));
      const polls = await db.select({ id: poll.id, corpId: poll.corpId }).from(poll).orderBy(asc(poll.corpId), asc(poll.id));
      const questions = await db
        .select({ id: question.id, pollId: question.pollId })
        .from(question)
        .orderBy(asc(question.pollId), asc(question.orderSequencial), asc(question.id));

      // the carrier is its server's address: Asterisk identifies a carrier's call by the address it
      // came from, whichever server row names it (ps_endpoint_id_ips, migration 0026)
      const trunks = await db
        .select({ corpId: trunk.corpId, number: trunk.number, action: trunk.action, outgoing: trunk.outgoing, preference: trunk.preference, enabled: trunk.enabled, carrier: sipServer.ip })
        .from(trunk)
        .innerJoin(sipServer, eq(sipServer.id, trunk.serverId))
        .orderBy(asc(trunk.id));
      const times = await db.select({ id: timeCondition.id, corpId: timeCondition.corpId, defaultAction: timeCondition.defaultAction }).from(timeCondition).orderBy(asc(timeCondition.id));
      const timeOptions = await db.select({ timeId: timeOption.timeId, from: timeOption.from, to: timeOption.to, days: timeOption.days, action: timeOption.action }).from(timeOption).orderBy(asc(timeOption.id));

      const routes = await db
        .select({ corpId: sipRoute.corpId, pattern: sipRoute.pattern, translation: sipRoute.translation, trunkNumber: trunk.number })
        .from(sipRoute)
        .innerJoin(trunk, eq(trunk.id, sipRoute.trunkId))
        .where(and(eq(sipRoute.enabled, true), eq(trunk.enabled, true)))
        .orderBy(asc(sipRoute.id));

      const byQueue = new Map<number, string[]>();
      const pausedByQueue = new Map<number, Record<string, { reason: string; since: number }>>();
      for (const m of members) {
        const list = byQueue.get(m.queueId) ?? [];
        list.push(m.number);
        byQueue.set(m.queueId, list);
        if (m.paused === 1) {
          const paused = pausedByQueue.get(m.queueId) ?? {};
          paused[m.number] = { reason: m.reason, since: m.pausedAt?.getTime() ?? Date.now() };
          pausedByQueue.set(m.queueId, paused);
        }
      }
      const byPoll = new Map<number, number[]>();
      for (const q of questions) {
        const list = byPoll.get(q.pollId) ?? [];
        list.push(q.id);
        byPoll.set(q.pollId, list);
      }
      const result = new Map<number, PbxDirectoryCorp>(corps.map((c) => [c.id, { corpId: c.id, timeZone: corpZone(c.timeZone), extensions: [], queues: [], ivrs: [], polls: [], pauseReasons: [], trunks: [], times: [], routes: [] }]));
      for (const e of exts) {
        const userName = extensionDisplayName({ userName: e.userName, userNick: e.nick, description: e.description });
        result.get(e.corpId)?.extensions.push({ number: e.number, userName, action: e.action, onbusy: e.onbusy, dndSince: e.dndSince?.getTime() ?? null });
      }
      for (const q of queues) {
        result.get(q.corpId)?.queues.push({
          queueId: q.id,
          name: q.name,
          strategy: q.strategy,
          members: byQueue.get(q.id) ?? [],
          serviceLevelSec: q.serviceLevel,
          wrapupSec: q.wrapupSec,
          pollId: q.pollId,
          paused: pausedByQueue.get(q.id) ?? {},
        });
      }
      for (const r of reasons) result.get(r.corpId)?.pauseReasons?.push({ code: r.code, name: r.name, maxMinutes: r.maxMinutes });
      for (const i of ivrs) result.get(i.corpId)?.ivrs.push({ id: i.id, options: IVR_OPTION_COLUMNS.map((c) => i[c]) });
      for (const p of polls) result.get(p.corpId)?.polls.push({ id: p.id, questions: byPoll.get(p.id) ?? [] });
      for (const t of trunks) result.get(t.corpId)?.trunks.push({ number: t.number, action: t.action, outgoing: t.outgoing, preference: t.preference, enabled: t.enabled, carrier: t.carrier.trim().toLowerCase() });
      for (const r of routes) result.get(r.corpId)?.routes.push({ pattern: r.pattern, translation: r.translation, trunkNumber: r.trunkNumber });
      for (const t of times) {
        const options = timeOptions.filter((o) => o.timeId === t.id).map((o) => ({ from: o.from, to: o.to, days: o.days, action: o.action }));
        result.get(t.corpId)?.times.push({ id: t.id, defaultAction: t.defaultAction, options });
      }
      // the system corp has no telephony: only corps with something to show
      return [...result.values()].filter((c) => c.extensions.length > 0 || c.queues.length > 0);
    },
  };
}

const strategyOf = (value: string): QueueStrategy => ((QUEUE_STRATEGIES as readonly string[]).includes(value) ? (value as QueueStrategy) : 'ringall');

/**
 * The IVR that leads callers to a queue and the key that does (options 1-9 naming `queue:{id}`; the
 * lowest IVR id when several do), so the simulator logs the choices its callers make (D-IST).
 */
export function ivrLeadingTo(ivrs: PbxDirectoryIvr[], queueId: number): { id: number; digit: string } | null {
  for (const i of ivrs) {
    for (let d = 1; d <= 9; d++) {
      const parsed = parseDestination(i.options[d] ?? '');
      if (parsed?.kind === 'queue' && parsed.id === queueId) return { id: i.id, digit: String(d) };
    }
  }
  return null;
}

/**
 * A corp of the directory as the simulator plays it: inbound calls per queue (`callsPerHour`) that
 * come in on the trunks that lead to it (through time conditions and IVRs, H-WARM-02), and the
 * extensions' own traffic (a fifth of that inside the corp, a third out through the trunk), so a
 * day leaves internal, outbound and voicemail records beside the queue calls for the reports. The
 * agents (queue members) are the floor; an extension in no queue is a desk phone the simulator's
 * own traffic leaves free (H-WARM-04: README's click-to-call example rings one).
 */
export function toSimCorp(c: PbxDirectoryCorp, callsPerHour: number): SimCorp {
  const polls = new Map(c.polls.map((p) => [p.id, p]));
  const agents = new Set(c.queues.flatMap((q) => q.members));
  return {
    corpId: c.corpId,
    timeZone: c.timeZone,
    trunks: c.trunks.map((t) => ({ ...t })),
    times: c.times.map((t) => ({ ...t, options: t.options.map((o) => ({ ...o })) })),
    ivrs: c.ivrs.map((i) => ({ id: i.id, options: [...i.options] })),
    routes: c.routes.map((r) => ({ ...r })),
    extensions: c.extensions.map((e) => ({ number: e.number, userName: e.userName, action: e.action, onbusy: e.onbusy, dnd: (e.dndSince ?? null) !== null, onFloor: agents.has(e.number) })),
    internalCallsPerHour: Math.round(callsPerHour / 5),
    outboundCallsPerHour: Math.round(callsPerHour / 3),
    queues: c.queues.map((q) => {
      const p = q.pollId === null ? undefined : polls.get(q.pollId);
      return {
        id: q.queueId,
        name: q.name,
        strategy: strategyOf(q.strategy),
        members: [...q.members],
        paused: { ...q.paused },
        serviceLevelSec: q.serviceLevelSec,
        wrapupSec: q.wrapupSec,
        callsPerHour,
        ivr: ivrLeadingTo(c.ivrs, q.queueId),
        poll: p && p.questions.length > 0 ? { id: p.id, questions: [...p.questions] } : null,
      };
    }),
  };
}
