/**
 * The log monitor's buffer (spec 3 §2.3, B-LOG-02..04): pure and DOM-free so it is unit-tested in node.
 *
 * - Newest first (B-LOG-03), never more than `limit` entries (default 1,000): the oldest fall off.
 * - Paused: new events go to `pending` (also bounded) and are counted in `pendingCount` (every one,
 *   even those that fell off), but `entries` — what the screen shows — does not change.
 *   Resuming puts the pending ones on top.
 * - The twelve type toggles filter at display time (`visibleEntries`), so switching a type back on
 *   shows its entries again.
 */
import type { HubPushes, LogEventType } from '../../../domain/realtime';

export const LOG_LIMIT = 1000;

export type LogPayload = HubPushes['LogMon'];

export interface LogEntry extends LogPayload {
  /** a running number, the row key */
  id: number;
}

export interface LogBuffer {
  readonly entries: readonly LogEntry[];
  readonly pending: readonly LogEntry[];
  readonly pendingCount: number;
  readonly paused: boolean;
  readonly nextId: number;
}

export const EMPTY_LOG: LogBuffer = { entries: [], pending: [], pendingCount: 0, paused: false, nextId: 1 };

/** Adds one event on top (or to the pending list while paused). */
export function pushLog(buffer: LogBuffer, payload: LogPayload, limit: number = LOG_LIMIT): LogBuffer {
  const entry: LogEntry = { ...payload, id: buffer.nextId };
  const nextId = buffer.nextId + 1;
  if (buffer.paused) {
    return { ...buffer, pending: [entry, ...buffer.pending].slice(0, limit), pendingCount: buffer.pendingCount + 1, nextId };
  }
  return { ...buffer, entries: [entry, ...buffer.entries].slice(0, limit), nextId };
}

/** Pauses or resumes; resuming shows the pending events on top (still bounded). */
export function setPaused(buffer: LogBuffer, paused: boolean, limit: number = LOG_LIMIT): LogBuffer {
  if (paused === buffer.paused) return buffer;
  if (paused) return { ...buffer, paused: true };
  return { ...buffer, paused: false, entries: [...buffer.pending, ...buffer.entries].slice(0, limit), pending: [], pendingCount: 0 };
}

/** Empties the shown list (and the pending one). */
export function clearLog(buffer: LogBuffer): LogBuffer {
  return { ...buffer, entries: [], pending: [], pendingCount: 0 };
}

/** The entries whose type is switched on, newest first. */
export function visibleEntries(buffer: LogBuffer, enabled: ReadonlySet<LogEventType>): LogEntry[] {
  return buffer.entries.filter((e) => enabled.has(e.type));
}
