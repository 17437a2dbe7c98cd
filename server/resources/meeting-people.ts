import { and, eq, inArray } from 'drizzle-orm';
import { PARTICIPANT_LEVELS, type MeetingUser, type UserOption, type UserRow } from '../../domain';
import type { TenantData } from '../crud/tenant-data';
import { appUser } from '../db/schema';
import { invalid } from '../errors';

/**
 * What the room and meeting bindings and the meeting routes share about people (issue 11, spec 1 §7):
 * who may take part, and how a row keeps its corp on the server.
 */

export const userOptionOf = (allUsers: boolean): UserOption => (allUsers ? 'allUsers' : 'selectUser');

/**
 * The corp's possible participants (E-CAL-10: enabled users of levels 2-4, never levels 1 and 5), by
 * nick, read through the user resource of the accessor's corp; `only` narrows them to these ids.
 */
export async function participants(data: TenantData, only?: readonly number[]): Promise<MeetingUser[]> {
  if (only && only.length === 0) return [];
  const rows = await data.list<UserRow>('user', and(inArray(appUser.level, [...PARTICIPANT_LEVELS]), eq(appUser.enabled, true), only ? inArray(appUser.id, [...only]) : undefined));
  // by nick in code-unit order, the same on every database whatever its collation
  return rows.map(({ id, nick, name }) => ({ id, nick, name })).sort((a, b) => (a.nick < b.nick ? -1 : a.nick > b.nick ? 1 : a.id - b.id));
}

/** The chosen participants, each a possible participant of the corp (400 'validation.option' at `{path}.{index}` on the first that is not). */
export async function checkParticipants(data: TenantData, ids: readonly number[], path: string): Promise<void> {
  const known = new Set((await participants(data, [...new Set(ids)])).map((u) => u.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalid([{ path: `${path}.${index}`, message: 'validation.option' }]);
}

/** The wire row of a room or meeting: the corp it belongs to stays on the server. */
export function withoutCorp<TRow extends { corpId: number }>(row: TRow): TRow {
  const wire: Omit<TRow, 'corpId'> & { corpId?: number } = { ...row };
  delete wire.corpId;
  // present() keeps the binding's row type; what leaves is the wire row (RoomRow, MeetingRow)
  return wire as TRow;
}
