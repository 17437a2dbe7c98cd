/**
 * The Panel's pure logic (B-PNL): status → colour token and icon, extension filters, search and
 * paging, the caller grid, and the astqueue member payload. DOM-free, unit tested in node.
 */
import { EXT_STATUS, type QueueCaller } from '../../../domain/realtime';

/** Extension cards per page (spec 1 §9). */
export const EXTENSIONS_PER_PAGE = 20;
/** Callers per page: a grid of 2 rows by 5 (B-PNL-07). */
export const CALLER_COLUMNS = 5;
export const CALLER_ROWS = 2;
export const CALLERS_PER_PAGE = CALLER_COLUMNS * CALLER_ROWS;

// The status look (colour token, icon, label) is shared with the kiosk: src/ui/ext-status.ts.
export { EXT_STATUS_TOKENS as PANEL_STATUS_TOKENS, STATUS_LOOK, statusLook, type StatusIcon, type StatusLook, type StatusTone } from '../../ui/ext-status';

/** B-PNL-16: online when the status is not 0. */
export const isOnline = (status: number): boolean => status !== EXT_STATUS.offline;

export type PresenceFilter = 'all' | 'online' | 'offline';
export const PRESENCE_FILTERS: readonly PresenceFilter[] = ['all', 'online', 'offline'];

export interface ExtensionRow {
  number: string;
  userName: string;
  status: number;
}

export function matchesPresence(status: number, filter: PresenceFilter): boolean {
  if (filter === 'all') return true;
  return filter === 'online' ? isOnline(status) : !isOnline(status);
}

const norm = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();

/** B-PNL-02: by number or user name, case and accent insensitive; an empty query matches all. */
export function matchesSearch(row: Pick<ExtensionRow, 'number' | 'userName'>, query: string): boolean {
  const q = norm(query);
  if (!q) return true;
  return norm(row.number).includes(q) || norm(row.userName ?? '').includes(q);
}

export function filterExtensions<T extends ExtensionRow>(rows: readonly T[], filter: PresenceFilter, query: string): T[] {
  return rows.filter((row) => matchesPresence(row.status, filter) && matchesSearch(row, query));
}

export interface Page<T> {
  items: T[];
  /** 0-based, clamped to the last page */
  page: number;
  pageCount: number;
  total: number;
}

/** One page of `rows`; a page past the end shows the last page, there is always at least one page. */
export function paginate<T>(rows: readonly T[], page: number, perPage: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(Math.max(0, Math.floor(page)), pageCount - 1);
  return { items: rows.slice(current * perPage, current * perPage + perPage), page: current, pageCount, total: rows.length };
}

/** B-PNL-07: waiting callers by caller or trunk number, longest waiting first. */
export function filterCallers<T extends Pick<QueueCaller, 'caller' | 'trunkNumber' | 'since'>>(callers: readonly T[], query: string): T[] {
  const q = norm(query);
  return callers.filter((c) => !q || norm(c.caller).includes(q) || norm(c.trunkNumber).includes(q)).sort((a, b) => a.since - b.since);
}

/** The waiting callers of a set of live queues, with the queue name. */
export function waitingCallers<Q extends { name: string; callers: QueueCaller[] }>(queues: readonly Q[]): (QueueCaller & { queueName: string })[] {
  return queues.flatMap((q) => q.callers.map((c) => ({ ...c, queueName: q.name })));
}

export interface AstQueueBody {
  membername: string;
  _interface: string;
  penalty: 1;
  paused: 0;
  queue_name: string;
}

/** B-PNL-09: the POST astqueue body of adding extension `number` to queue `queueId` of `corpId`. */
export function memberAddPayload(corpId: number, queueId: number, number: string): AstQueueBody {
  return { membername: number, _interface: `PJSIP/${corpId}_${number}`, penalty: 1, paused: 0, queue_name: `${corpId}_${queueId}` };
}

/** Extensions that may still join a queue: those of the corp that are not members yet, by number. */
export function addableMembers(all: readonly string[], members: readonly string[]): string[] {
  const taken = new Set(members);
  return [...new Set(all)].filter((n) => !taken.has(n)).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

/** B-PNL-05: `ip:port` strings (IPv6 in brackets keeps its colons) → parts. */
export function parseAddress(value: string): { ip: string; port: string } {
  const v6 = /^\[(.+)\]:(\d+)$/.exec(value);
  if (v6) return { ip: v6[1], port: v6[2] };
  const at = value.lastIndexOf(':');
  if (at <= 0 || value.indexOf(':') !== at) return { ip: value, port: '' };
  return { ip: value.slice(0, at), port: value.slice(at + 1) };
}
