/**
 * The kiosk Heatmap board (H-HMAP-01): agents by queues, each cell the calls the agent answered in that
 * queue over the last hour and his talk share there (the share of the hour he spent talking on that
 * queue's calls). `GET /api/v1/kiosk/heatmap` folds the queue_log rows of the hour (foldHeatmap); the
 * board bins the share into HEATMAP.levels colours and fits the rows it can show at a type size read
 * from 5 m on a 55-inch TV (heatmapFit). No schema library here: the TV's chunk imports this file (the
 * answer's schema is kiosk-heatmap-schema.ts, for the server).
 */

export const HEATMAP = {
  /** the window: the last hour */
  windowMs: 3_600_000,
  /** a call is looked for this far before the window: a call answered before it may still talk inside it */
  callMaxMs: 2 * 3_600_000,
  /** colour steps of the talk share (0 is its own: no talk) */
  levels: 5,
  /**
   * Type read from 5 m: a 55-inch 16:9 TV is 68.5 cm high; text 2.4 cm high (about 1/200 of the
   * distance, the usual sign-legibility rule) is 3.5 % of the screen's height. A row holds one line.
   */
  minTextShareOfHeight: 0.035,
  rowShareOfText: 1.6,
  /** the board refreshes every minute while it shows */
  refreshMs: 60_000,
} as const;

/** queue_log rows the fold reads (CONNECT: answered by `agent`; COMPLETEAGENT/COMPLETECALLER: talk in data2, s). */
export interface HeatmapLogRow {
  queuename: string;
  callid: string;
  agent: string;
  event: string;
  /** epoch ms */
  at: number;
  data2: string;
}

export interface HeatmapCell {
  queueId: number;
  agent: string;
  /** calls the agent answered in the queue within the window */
  calls: number;
  /** seconds he talked on the queue's calls within the window (calls in progress count up to now) */
  talkSec: number;
}

export interface KioskHeatmap {
  windowMs: number;
  queues: { queueId: number; name: string }[];
  agents: { number: string; name: string }[];
  cells: HeatmapCell[];
  asOf: number;
}

const TALK_END = new Set(['COMPLETEAGENT', 'COMPLETECALLER']);

/** `{corpId}_{queueId}` → queueId, null for other names. */
export function heatmapQueueId(queuename: string, corpId: number): number | null {
  const m = /^(\d+)_(\d+)$/.exec(queuename);
  return m && Number(m[1]) === corpId ? Number(m[2]) : null;
}

/** 'PJSIP/2_201', 'Local/201@...', '201' → '201' */
export function heatmapAgent(agent: string): string {
  const m = /(?:^|\/)(?:\d+_)?(\d+)(?:@.*)?$/.exec(agent.trim());
  return m ? m[1] : agent.trim();
}

/**
 * Cells of [to − windowMs, to] from the queue_log rows of the calls (rows from before the window are
 * needed for calls answered before it). A call counts in the window when it was answered in it; its
 * talk counts for the part inside the window, from the answer to the end (the answer plus COMPLETE's
 * talk seconds), or to `to` while it lasts.
 */
export function foldHeatmap(rows: readonly HeatmapLogRow[], corpId: number, to: number, windowMs: number = HEATMAP.windowMs): HeatmapCell[] {
  const from = to - windowMs;
  const calls = new Map<string, { queueId: number; agent: string; answeredAt: number; talkSec: number | null }>();
  for (const r of [...rows].sort((a, b) => a.at - b.at)) {
    const queueId = heatmapQueueId(r.queuename, corpId);
    if (queueId === null) continue;
    const key = `${r.queuename} ${r.callid}`;
    if (r.event === 'CONNECT') calls.set(key, { queueId, agent: heatmapAgent(r.agent), answeredAt: r.at, talkSec: null });
    else if (TALK_END.has(r.event)) {
      const call = calls.get(key);
      const talk = Number(r.data2);
      if (call) call.talkSec = Number.isFinite(talk) && talk >= 0 ? talk : Math.max(0, (r.at - call.answeredAt) / 1000);
    }
  }
  const cells = new Map<string, HeatmapCell>();
  for (const call of calls.values()) {
    const end = call.talkSec === null ? to : call.answeredAt + call.talkSec * 1000;
    const talkMs = Math.max(0, Math.min(end, to) - Math.max(call.answeredAt, from));
    const answeredInside = call.answeredAt >= from && call.answeredAt <= to;
    if (!answeredInside && talkMs === 0) continue;
    const key = `${call.queueId} ${call.agent}`;
    const cell = cells.get(key) ?? { queueId: call.queueId, agent: call.agent, calls: 0, talkSec: 0 };
    if (answeredInside) cell.calls += 1;
    cell.talkSec += talkMs / 1000;
    cells.set(key, cell);
  }
  return [...cells.values()].map((c) => ({ ...c, talkSec: Math.round(c.talkSec) })).sort((a, b) => a.queueId - b.queueId || a.agent.localeCompare(b.agent, undefined, { numeric: true }));
}

/** The talk share of a cell (0-1) over the window. */
export const talkShare = (cell: Pick<HeatmapCell, 'talkSec'>, windowMs: number = HEATMAP.windowMs) => Math.min(1, cell.talkSec / (windowMs / 1000));

/** The colour step of a share: 0 for no talk at all, else 1..levels−1 by equal parts of the hour. */
export function heatLevel(share: number, levels: number = HEATMAP.levels): number {
  if (!(share > 0)) return 0;
  return Math.min(levels - 1, 1 + Math.floor(share * (levels - 1)));
}

export interface HeatmapRowView {
  number: string;
  name: string;
  /** per queue of the board, in its order: the cell or null (no call, no talk) */
  cells: (HeatmapCell | null)[];
  totalCalls: number;
  totalTalkSec: number;
}

/**
 * The board's rows: the agents with a call or talk in some queue of the hour, busiest first (talk,
 * then calls), then the queue members without any (the board shows who took nothing too).
 */
export function heatmapRows(map: KioskHeatmap): HeatmapRowView[] {
  const byAgent = new Map<string, HeatmapCell[]>();
  for (const cell of map.cells) byAgent.set(cell.agent, [...(byAgent.get(cell.agent) ?? []), cell]);
  const names = new Map(map.agents.map((a) => [a.number, a.name]));
  const numbers = [...new Set([...byAgent.keys(), ...map.agents.map((a) => a.number)])];
  return numbers
    .map((number) => {
      const cells = byAgent.get(number) ?? [];
      return {
        number,
        name: names.get(number) ?? '',
        cells: map.queues.map((q) => cells.find((c) => c.queueId === q.queueId) ?? null),
        totalCalls: cells.reduce((s, c) => s + c.calls, 0),
        totalTalkSec: cells.reduce((s, c) => s + c.talkSec, 0),
      };
    })
    .sort((a, b) => b.totalTalkSec - a.totalTalkSec || b.totalCalls - a.totalCalls || a.number.localeCompare(b.number, undefined, { numeric: true }));
}

/**
 * How many rows fit a board `heightPx` high with `reservedRows` of header and legend at the readable
 * type size: the rows shown, the font size (px, never under the readable size) and the row height.
 */
export function heatmapFit(heightPx: number, screenHeightPx: number, rows: number, reservedRows = 2.5): { rows: number; fontPx: number; rowPx: number } {
  const minFont = HEATMAP.minTextShareOfHeight * screenHeightPx;
  const minRow = minFont * HEATMAP.rowShareOfText;
  const capacity = Math.max(1, Math.floor(heightPx / minRow - reservedRows));
  const shown = Math.min(rows, capacity);
  // fewer rows than fit: larger type, up to twice the minimum
  const rowPx = Math.min(2 * minRow, heightPx / (Math.max(1, shown) + reservedRows));
  return { rows: shown, fontPx: Math.max(minFont, rowPx / HEATMAP.rowShareOfText), rowPx: Math.max(minRow, rowPx) };
}
