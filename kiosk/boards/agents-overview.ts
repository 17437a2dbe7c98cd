/**
 * What the Agents board needs of the whole floor, recomputed on each tick of the shared clock rather
 * than on every event (500 changes a second must not re-render the grid): the extensions to show (all,
 * or all but offline ones) and the count per status for the totals header. Pure.
 */
import { AGENT_STATUS, type ShownStatus } from '../../domain/agents';
import { EXT_STATUS } from '../../domain/realtime';

/** The strip of totals, left to right: who takes calls, who is on one, who is away (G-AGS-05 counts the agent states). */
export const STATUS_ORDER: readonly ShownStatus[] = [
  EXT_STATUS.online,
  EXT_STATUS.ringing,
  EXT_STATUS.inUse,
  EXT_STATUS.onHold,
  AGENT_STATUS.wrapUp,
  AGENT_STATUS.paused,
  AGENT_STATUS.dnd,
  EXT_STATUS.hangup,
  EXT_STATUS.offline,
];

export interface AgentsOverview {
  /** extension numbers on the board, in the snapshot's order */
  visible: string[];
  /** extensions per shown status code (index = code: the phone's 0-5, the agent's 6-8) */
  totals: number[];
  /** every extension of the corp */
  total: number;
  /** characters of the longest visible number (for the auto-fit) */
  numberChars: number;
  /** identity of the overview: equal keys, equal overviews */
  key: string;
}

export function agentsOverview(entries: Iterable<{ number: string; status: ShownStatus }>, hideOffline: boolean): AgentsOverview {
  const totals = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const visible: string[] = [];
  let total = 0;
  let numberChars = 1;
  for (const { number, status } of entries) {
    total += 1;
    totals[status] = (totals[status] ?? 0) + 1;
    if (hideOffline && status === EXT_STATUS.offline) continue;
    visible.push(number);
    numberChars = Math.max(numberChars, number.length);
  }
  return { visible, totals, total, numberChars, key: `${visible.join(',')}|${totals.join(',')}` };
}

/** Two lists of extension numbers hold the same numbers in the same order (the board's lists are new arrays on every tick). */
export const sameNumbers = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((n, i) => n === b[i]);

/** Pages of an overflowing board: which slice to show at `now` when each page stays `pageMs`. */
export function pageAt(now: number, count: number, perPage: number, pageMs: number): { page: number; pages: number; start: number; end: number } {
  const pages = perPage > 0 ? Math.max(1, Math.ceil(count / perPage)) : 1;
  const page = pages > 1 ? Math.floor(now / pageMs) % pages : 0;
  return { page, pages, start: page * perPage, end: Math.min(count, (page + 1) * perPage) };
}
