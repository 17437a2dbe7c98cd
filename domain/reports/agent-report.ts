import { z } from 'zod';
import { reportId, windowed } from './window';

/**
 * The agent report (G-RPT-01): per agent (the queue member's extension number and its name) over a
 * period, from queue_log. A call counts for the agent and the period as in the queue statistics
 * (domain/reports/queue-stats.ts): when it was answered (CONNECT), with its talk time from the row that
 * ended it, looked for up to a day after the period.
 * - answered: the calls the agent answered; talk: their talk time (COMPLETEAGENT / COMPLETECALLER
 *   data2, a transfer's data4); hold: Asterisk's holdtime of those calls, the caller's wait before
 *   this agent answered (CONNECT data1);
 * - wrap-up: per answered call, the wrap-up seconds its queue has configured (queue.wrapup_sec; a
 *   change of the setting applies to the past too: queue_log does not log it);
 * - logged-in and pause time (per reason code, and in total), first log-in and last log-out: the
 *   presence fold (agent-presence.ts), up to the period's end or now, whichever comes first (today's
 *   report at noon has an agent logged in since midnight for twelve hours, not twenty-four);
 * - occupancy = (talk + wrap-up) / (logged in − paused), in percent (0.1), null with no such time.
 * The queue filter (0 = all) limits calls and presence to one queue, as the queue statistics' does.
 */
export const agentReportSearchSchema = windowed({ queue: reportId });
export type AgentReportSearch = z.infer<typeof agentReportSearchSchema>;

const seconds = z.number().int();

export const agentPauseSchema = z.object({
  /** the pause reason's code as logged (PAUSE data1), '' when none was given */
  code: z.string(),
  seconds,
});
export type AgentPause = z.infer<typeof agentPauseSchema>;

export const agentReportRowSchema = z.object({
  agent: z.string(),
  /** the extension's name, '' when the extension is gone */
  name: z.string(),
  answered: z.number().int(),
  talkSec: seconds,
  holdSec: seconds,
  wrapupSec: seconds,
  loggedInSec: seconds,
  pauseSec: seconds,
  pauses: z.array(agentPauseSchema),
  occupancyPct: z.number().nullable(),
  /** ISO instant; null when the agent was logged in at the period's start, or never */
  firstLogin: z.string().nullable(),
  /** ISO instant; null when the agent is still logged in at the period's end, or never was */
  lastLogout: z.string().nullable(),
});
export type AgentReportRow = z.infer<typeof agentReportRowSchema>;

export const agentReportResultSchema = z.object({
  rows: z.array(agentReportRowSchema),
  /** every pause reason code of the rows, sorted ('' first), one column each */
  reasons: z.array(z.string()),
});
export type AgentReportResult = z.infer<typeof agentReportResultSchema>;

/** Occupancy in percent, 0.1 steps: the time on calls and their wrap-up over the time available. */
export function occupancyPct(talkSec: number, wrapupSec: number, loggedInSec: number, pauseSec: number): number | null {
  const available = loggedInSec - pauseSec;
  if (available <= 0) return null;
  return Math.round((1000 * (talkSec + wrapupSec)) / available) / 10;
}
