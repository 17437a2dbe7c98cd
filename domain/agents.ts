/**
 * An agent's state beside its phone's (issue 21, G-AGS): wrap-up after a queue call, a pause with its
 * reason, do-not-disturb. The phone's status (EXT_STATUS, the spec's codes 0-5) stays what the PBX's
 * device says; these states show on top of it while the phone is idle, so every screen reads one rule
 * (`shownStatus`): the panel cards and list, the kiosk tiles and floor, the legend and the totals.
 */
import { EXT_STATUS, type AgentState, type ExtStatus } from './realtime';

/** The states an idle agent shows instead of "available" (codes after the spec's 0-5). */
export const AGENT_STATUS = {
  wrapUp: 6,
  paused: 7,
  dnd: 8,
} as const;
export type AgentStatusCode = (typeof AGENT_STATUS)[keyof typeof AGENT_STATUS];

/** What a tile or card shows: the phone's status, or the agent's state while the phone is idle. */
export type ShownStatus = ExtStatus | AgentStatusCode;
export const SHOWN_STATUSES: readonly ShownStatus[] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

export const NO_AGENT_STATE: AgentState = Object.freeze({ dndSince: null, pause: null, wrapUp: null }) as AgentState;

/**
 * The one rule of what shows. A phone that is not idle shows its own status (a call, ringing, offline,
 * the brief hangup): what the agent is doing now. An idle phone shows, first to last: DND (the phone
 * will not ring at all), paused (two readings: paused in all its queues or in any; we read any, since
 * a supervisor who paused an agent in one queue expects to see it, and the member lists say which),
 * wrap-up while it lasts at `now`, else available.
 */
export function shownStatus(status: ExtStatus, agent: AgentState | null | undefined, now: number): ShownStatus {
  if (status !== EXT_STATUS.online || !agent) return status;
  if (agent.dndSince !== null) return AGENT_STATUS.dnd;
  if (agent.pause) return AGENT_STATUS.paused;
  if (agent.wrapUp && now < agent.wrapUp.until) return AGENT_STATUS.wrapUp;
  return status;
}

/** When the timer of a shown agent state starts (ms), null for the phone's own states. */
export function agentTimerStart(shown: ShownStatus, agent: AgentState | null | undefined): number | null {
  if (!agent) return null;
  if (shown === AGENT_STATUS.dnd) return agent.dndSince;
  if (shown === AGENT_STATUS.paused) return agent.pause?.since ?? null;
  if (shown === AGENT_STATUS.wrapUp) return agent.wrapUp?.since ?? null;
  return null;
}

/** G-PAU-05: a pause that has lasted past its reason's maximum at `now`. */
export function pauseOverdue(agent: AgentState | null | undefined, now: number): boolean {
  const pause = agent?.pause;
  return !!pause && pause.warnAfterMs !== null && now - pause.since > pause.warnAfterMs;
}

/** Whether the agent is paused in this queue (the member lists). */
export function pausedIn(agent: AgentState | null | undefined, queueId: number): boolean {
  return !!agent?.pause && agent.pause.queues.includes(queueId);
}

/** Two states that show the same (pushes and renders are skipped when nothing changed). */
export function sameAgentState(a: AgentState | null | undefined, b: AgentState | null | undefined): boolean {
  const x = a ?? NO_AGENT_STATE;
  const y = b ?? NO_AGENT_STATE;
  if (x.dndSince !== y.dndSince) return false;
  if ((x.wrapUp?.since ?? null) !== (y.wrapUp?.since ?? null) || (x.wrapUp?.until ?? null) !== (y.wrapUp?.until ?? null)) return false;
  const p = x.pause;
  const q = y.pause;
  if (!p || !q) return p === q;
  return p.reason === q.reason && p.label === q.label && p.since === q.since && p.warnAfterMs === q.warnAfterMs && p.queues.length === q.queues.length && p.queues.every((id, i) => id === q.queues[i]);
}

/** What shows now and until when it holds by itself (wrap-up's end, a pause turning overdue). */
export interface ShownState {
  status: ShownStatus;
  /** a pause past its reason's maximum (G-PAU-05): shown in the warning colour */
  overdue: boolean;
  /** when the agent state's timer starts (its start), null for the phone's own states */
  agentSince: number | null;
  /** the time at which what shows changes without an event, null when it does not */
  changesAt: number | null;
}

export function shownState(status: ExtStatus, agent: AgentState | null | undefined, now: number): ShownState {
  const shown = shownStatus(status, agent, now);
  const agentSince = agentTimerStart(shown, agent);
  if (shown === AGENT_STATUS.wrapUp) return { status: shown, overdue: false, agentSince, changesAt: agent!.wrapUp!.until };
  if (shown === AGENT_STATUS.paused) {
    const pause = agent!.pause!;
    const overdue = pauseOverdue(agent, now);
    const changesAt = !overdue && pause.warnAfterMs !== null ? pause.since + pause.warnAfterMs + 1 : null;
    return { status: shown, overdue, agentSince, changesAt };
  }
  return { status: shown, overdue: false, agentSince, changesAt: null };
}
