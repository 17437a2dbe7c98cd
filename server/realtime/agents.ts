/**
 * Agents' states beside their phones' (issue 21, G-AGS): pauses as the PBX announces them (app_queue's
 * QueueMemberPause, the simulator's the same), do-not-disturb as the directory holds it (the console and
 * the phone's feature code write it to the database), and wrap-up after a queue call, for the queue's
 * wrap-up time (Asterisk's wrapuptime with shared_lastcall: the rest follows the call, whatever queue
 * rings next). A change goes out as one AgentState push; the snapshots (AllExtensions) carry them all.
 *
 * After a (re)connect the pauses and the wrap-ups in progress are read back from the PBX's members
 * (AMI QueueStatus: Paused, PausedReason, LastPause, LastCall), so a restart shows them since when they
 * began, not since the restart (G-AGS-04).
 */
import { NO_AGENT_STATE, parseEndpointName, sameAgentState, type AgentState } from '../../domain';
import type { PbxMemberEvent, PbxQueueMember } from '../pbx';
import type { Publisher } from './publisher';
import type { AgentRecord, CorpState, LiveState } from './state';
import type { DirectoryCorp, Timers } from './types';

const SEC = 1000;

/** `{corpId}_{queueId}` and `PJSIP/{corpId}_{number}` of a member, null when they do not agree */
function memberKey(member: PbxQueueMember): { corpId: number; queueId: number; number: string } | null {
  const q = /^(\d+)_(\d+)$/.exec(member.queue);
  const ext = parseEndpointName(member.interface);
  if (!q || !ext || Number(q[1]) !== ext.corpId) return null;
  return { corpId: ext.corpId, queueId: Number(q[2]), number: ext.number };
}

export class AgentTracker {
  constructor(
    private readonly state: LiveState,
    private readonly out: Publisher,
    private readonly now: () => number,
    private readonly timers: Timers,
  ) {}

  /** the agent's state as the browsers read it */
  view(corp: CorpState, number: string): AgentState {
    const a = corp.agents.get(number);
    if (!a) return NO_AGENT_STATE;
    let pause: AgentState['pause'] = null;
    if (a.pauses.size > 0) {
      // the latest pause says why the agent is away now (its reason and start)
      let latest: { reason: string; since: number } | null = null;
      for (const p of a.pauses.values()) if (!latest || p.since > latest.since) latest = p;
      const reason = corp.pauseReasons.get(latest!.reason.toLowerCase());
      pause = {
        queues: [...a.pauses.keys()].sort((x, y) => x - y),
        reason: latest!.reason,
        label: reason?.name ?? latest!.reason,
        since: latest!.since,
        warnAfterMs: reason?.maxMinutes ? reason.maxMinutes * 60 * SEC : null,
      };
    }
    if (a.dndSince === null && pause === null && a.wrapUp === null) return NO_AGENT_STATE;
    return { dndSince: a.dndSince, pause, wrapUp: a.wrapUp ? { ...a.wrapUp } : null };
  }

  /** the directory's part: DND per extension, the pause reasons' names (pushes what changed) */
  applyDirectory(corp: CorpState, cfg: DirectoryCorp, quiet: boolean): void {
    corp.pauseReasons = new Map((cfg.pauseReasons ?? []).map((r) => [r.code.toLowerCase(), r]));
    const numbers = new Set(cfg.extensions.map((e) => e.number));
    for (const number of [...corp.agents.keys()]) {
      if (numbers.has(number)) continue;
      const a = corp.agents.get(number)!;
      if (a.wrapTimer !== null) this.timers.clearTimeout(a.wrapTimer);
      corp.agents.delete(number);
    }
    for (const e of cfg.extensions) {
      const dnd = e.dndSince ?? null;
      const a = corp.agents.get(e.number);
      if (a) a.dndSince = dnd;
      else if (dnd !== null) this.record(corp, e.number).dndSince = dnd;
    }
    // names and maximums may have changed too: every agent with a state is looked at again
    for (const number of corp.agents.keys()) this.publish(corp, number, quiet);
  }

  /** a member change the PBX announced */
  onMember(event: PbxMemberEvent): void {
    const key = memberKey(event.member);
    const corp = key ? this.state.corps.get(key.corpId) : undefined;
    if (!key || !corp || !corp.exts.has(key.number)) return;
    const paused = event.type === 'QueueMemberPause' && event.member.paused;
    const a = paused ? this.record(corp, key.number) : corp.agents.get(key.number);
    if (!a) return;
    if (paused) a.pauses.set(key.queueId, { reason: event.member.reason, since: event.member.lastPause || event.at });
    else if (event.type !== 'QueueMemberAdded') a.pauses.delete(key.queueId);
    this.publish(corp, key.number, false);
  }

  /**
   * The PBX's members after a (re)connect: the pauses they have now, and the wrap-ups still running
   * at `now` (a member's last call ended less than its queue's wrap-up ago). Quiet: snapshots follow.
   */
  restore(members: readonly PbxQueueMember[], now: number): void {
    for (const corp of this.state.corps.values()) for (const a of corp.agents.values()) a.pauses.clear();
    for (const m of members) {
      const key = memberKey(m);
      const corp = key ? this.state.corps.get(key.corpId) : undefined;
      if (!key || !corp || !corp.exts.has(key.number)) continue;
      if (m.paused) this.record(corp, key.number).pauses.set(key.queueId, { reason: m.reason, since: m.lastPause || now });
      const wrap = (corp.queues.get(key.queueId)?.cfg.wrapupSec ?? 0) * SEC;
      if (wrap > 0 && m.lastCall > 0 && m.lastCall + wrap > now) {
        const a = this.record(corp, key.number);
        if (!a.wrapUp || a.wrapUp.since < m.lastCall) this.startWrapUp(corp, a, m.lastCall, m.lastCall + wrap, m.lastCall + wrap - now, true);
      }
    }
    for (const corp of this.state.corps.values()) for (const number of corp.agents.keys()) this.publish(corp, number, true);
  }

  /** an agent's queue call ended at `at`: it rests for the queue's wrap-up time (G-AGS-01) */
  wrapUp(corp: CorpState, number: string, queueId: number, at: number): void {
    const wrap = (corp.queues.get(queueId)?.cfg.wrapupSec ?? 0) * SEC;
    if (wrap <= 0 || !corp.exts.has(number)) return;
    this.startWrapUp(corp, this.record(corp, number), at, at + wrap, wrap, false);
  }

  /** stops the wrap-up timers (the service stops) */
  clear(): void {
    for (const corp of this.state.corps.values()) {
      for (const a of corp.agents.values()) {
        if (a.wrapTimer !== null) this.timers.clearTimeout(a.wrapTimer);
        a.wrapTimer = null;
      }
    }
  }

  /** `leftMs`: how long it still lasts (times are the PBX's, the timer is ours) */
  private startWrapUp(corp: CorpState, a: AgentRecord, since: number, until: number, leftMs: number, quiet: boolean): void {
    if (a.wrapTimer !== null) this.timers.clearTimeout(a.wrapTimer);
    a.wrapUp = { since, until };
    a.wrapTimer = this.timers.setTimeout(
      () => {
        a.wrapTimer = null;
        if (a.wrapUp?.until !== until) return;
        a.wrapUp = null;
        this.publish(corp, a.number, false);
      },
      Math.max(0, leftMs),
    );
    this.publish(corp, a.number, quiet);
  }

  private record(corp: CorpState, number: string): AgentRecord {
    let a = corp.agents.get(number);
    if (!a) {
      a = { number, dndSince: null, pauses: new Map(), wrapUp: null, wrapTimer: null, shown: NO_AGENT_STATE };
      corp.agents.set(number, a);
    }
    return a;
  }

  /** sends AgentState when what shows changed; an agent with nothing left is forgotten */
  private publish(corp: CorpState, number: string, quiet: boolean): void {
    const a = corp.agents.get(number);
    if (!a) return;
    const view = this.view(corp, number);
    const changed = !sameAgentState(view, a.shown);
    a.shown = view;
    if (changed && !quiet) this.out.send(corp.corpId, 'AgentState', { corpId: corp.corpId, number, agent: view, ts: this.now() });
    if (view === NO_AGENT_STATE && a.wrapTimer === null) corp.agents.delete(number);
  }
}
