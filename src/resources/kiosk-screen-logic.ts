import { KIOSK_BOARDS, type KioskBoard, type KioskThresholds } from '../../domain/resources/kiosk-screen';

/** The boards of a form value that we know, in their order, each once (anything else is dropped). */
export function asBoards(value: unknown): KioskBoard[] {
  if (!Array.isArray(value)) return [];
  const out: KioskBoard[] = [];
  for (const v of value) if ((KIOSK_BOARDS as readonly unknown[]).includes(v) && !out.includes(v as KioskBoard)) out.push(v as KioskBoard);
  return out;
}

/** One line of the board picker: the chosen boards in playlist order first, then the others. */
export interface BoardLine {
  board: KioskBoard;
  /** 0-based place in the playlist, null when not chosen */
  position: number | null;
  canMoveUp: boolean;
  canMoveDown: boolean;
}

export function boardLines(selected: readonly KioskBoard[]): BoardLine[] {
  const chosen = selected.map((board, i) => ({ board, position: i, canMoveUp: i > 0, canMoveDown: i < selected.length - 1 }));
  const rest = KIOSK_BOARDS.filter((b) => !selected.includes(b)).map((board) => ({ board, position: null, canMoveUp: false, canMoveDown: false }));
  return [...chosen, ...rest];
}

/** Ticking appends the board to the end of the playlist; unticking takes it out. */
export function toggleBoard(selected: readonly KioskBoard[], board: KioskBoard, on: boolean): KioskBoard[] {
  const without = selected.filter((b) => b !== board);
  return on ? [...without, board] : without;
}

/** Moves a chosen board one place up (-1) or down (+1); unchanged at the ends or when not chosen. */
export function moveBoard(selected: readonly KioskBoard[], board: KioskBoard, delta: -1 | 1): KioskBoard[] {
  const from = selected.indexOf(board);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= selected.length) return [...selected];
  const next = [...selected];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** The address a TV opens: {origin}/kiosk/{corp url name}/{screen id}?key={key} (one builder, the kiosk's). */
export { kioskUrl } from '../../kiosk/kiosk-url';

/** The screen and its key from a create or rotate answer (the row plus `key`), or null without a key. */
export function keyOfAnswer(data: unknown): { id: number; name: string; key: string } | null {
  if (!data || typeof data !== 'object') return null;
  const row = data as Record<string, unknown>;
  if (typeof row.key !== 'string' || !row.key || row.id === undefined || row.id === null) return null;
  return { id: Number(row.id), name: typeof row.name === 'string' ? row.name : '', key: row.key };
}

/** The rows of the thresholds grid (metric, key suffix) and its columns (levels), in reading order. */
export const THRESHOLD_METRICS = [
  { metric: 'waiting', suffix: '' },
  { metric: 'longestWait', suffix: 'Sec' },
  { metric: 'serviceLevel', suffix: 'Pct' },
] as const;
export const THRESHOLD_LEVELS = ['Warning', 'Critical', 'ClearWarning', 'ClearCritical'] as const;
export type ThresholdMetric = (typeof THRESHOLD_METRICS)[number];
export type ThresholdLevel = (typeof THRESHOLD_LEVELS)[number];

/** The key in KioskThresholds of one cell, e.g. longestWait + ClearWarning → longestWaitClearWarningSec. */
export function thresholdKey(row: ThresholdMetric, level: ThresholdLevel): keyof KioskThresholds {
  return `${row.metric}${level}${row.suffix}` as keyof KioskThresholds;
}

/** The thresholds object with one cell changed; an empty or unreadable input becomes NaN (the schema says 'a number'). */
export function withThreshold(value: unknown, key: keyof KioskThresholds, input: string): Record<string, unknown> {
  const current = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const n = input.trim() === '' ? Number.NaN : Number(input);
  return { ...current, [key]: n };
}

/** What an input shows for a cell: the number, or empty for a missing or unreadable one. */
export function thresholdText(value: unknown, key: keyof KioskThresholds): string {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v : '';
}
