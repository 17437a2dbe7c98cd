import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  MEETING_HOST_PARAM,
  MEETING_SERVICE_PARAM,
  MEETING_SOFTWARE_ID,
  meetingLink,
  PARTICIPANT_LEVELS,
  roomLink,
  type MeetingRow,
  type MeetingUser,
  type RoomRow,
  type Level,
  type UserOption,
} from '../../domain';
import { CEILING, withinCeiling } from '../../domain/level-ceilings';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CorpData } from '../crud/tenant';
import { databaseError, UNIQUE_VIOLATION, type Db } from '../db/database';
import { appUser, parameter } from '../db/schema';
import { meeting, meetingRoom, meetingRoomUser, meetingUser } from '../db/schema-meetings';
import { ApiFailure, invalid } from '../errors';

/**
 * The data side of our meeting service (issue 11): every read and write of the meeting tables goes
 * through the request's CorpData (the one tenant-scoped accessor): `data.where(corpColumn)` is the
 * tenancy condition, so a room or meeting of another corp is simply not there (404).
 */

/** A system parameter's value ('' when absent). */
export async function parameterValue(db: Db, key: string): Promise<string> {
  const [row] = await db.select({ value: parameter.value }).from(parameter).where(eq(parameter.key, key)).limit(1);
  return row?.value ?? '';
}

/** Whether the meeting service is on (system parameter `meetingservice` is not `no`). */
export async function serviceOn(db: Db): Promise<boolean> {
  return (await parameterValue(db, MEETING_SERVICE_PARAM)).trim().toLowerCase() !== 'no';
}

const userOptionOf = (allUsers: boolean): UserOption => (allUsers ? 'allUsers' : 'selectUser');
const lowerEq = (column: PgColumn, name: string) => sql`lower(${column}) = lower(${name})`;

/** The corp's possible participants: enabled users of levels 2-4 (E-CAL-10: never levels 1 and 5). */
export async function participants(data: CorpData, only?: readonly number[]): Promise<MeetingUser[]> {
  if (only && only.length === 0) return [];
  return data.db
    .select({ id: appUser.id, nick: appUser.nick, name: appUser.name })
    .from(appUser)
    .where(and(data.where(appUser.corpId), inArray(appUser.level, [...PARTICIPANT_LEVELS]), eq(appUser.enabled, true), only ? inArray(appUser.id, [...only]) : undefined))
    .orderBy(asc(appUser.nick));
}

/** The chosen participants, each one a possible participant of the corp (400 'validation.option' on the first that is not). */
export async function checkParticipants(data: CorpData, ids: readonly number[], path: string): Promise<number[]> {
  const unique = [...new Set(ids)];
  const known = new Set((await participants(data, unique)).map((u) => u.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalid([{ path: `${path}.${index}`, message: 'validation.option' }]);
  return unique;
}

/** A unique violation → 406 data already exists (spec 1 §8); anything else is thrown as it is. */
export function duplicateOf(error: unknown): unknown {
  const db = databaseError(error);
  return db?.code === UNIQUE_VIOLATION ? new ApiFailure(406, 'errors.duplicate') : error;
}

// ---- rooms ---------------------------------------------------------------------------------------

type RoomRecord = typeof meetingRoom.$inferSelect;

async function roomRows(data: CorpData, records: RoomRecord[]): Promise<RoomRow[]> {
  const ids = records.filter((r) => !r.allUsers).map((r) => r.id);
  const members = ids.length ? await data.db.select().from(meetingRoomUser).where(inArray(meetingRoomUser.roomId, ids)) : [];
  return records.map((r) => ({
    id: r.id,
    name: r.name,
    link: roomLink(r.corpId, MEETING_SOFTWARE_ID, r.name),
    userOption: userOptionOf(r.allUsers),
    selectedUsers: members.filter((m) => m.roomId === r.id).map((m) => m.userId),
  }));
}

/** The rooms a user sees (E-ROOM-13): all of the corp for levels 1-3, else those open to all or naming the user. */
export async function listRooms(data: CorpData, viewer: { userId: number; level: Level }): Promise<RoomRow[]> {
  const visible =
    withinCeiling(viewer.level, CEILING.meetingsSeeAll)
      ? undefined
      : or(eq(meetingRoom.allUsers, true), sql`exists (select 1 from ${meetingRoomUser} where ${meetingRoomUser.roomId} = ${meetingRoom.id} and ${meetingRoomUser.userId} = ${viewer.userId})`);
  const records = await data.db
    .select()
    .from(meetingRoom)
    .where(and(data.where(meetingRoom.corpId), visible))
    .orderBy(asc(sql`lower(${meetingRoom.name})`));
  return roomRows(data, records);
}

/** A room of the corp by name (case-insensitive), or 404. */
export async function roomByName(data: CorpData, name: string): Promise<RoomRecord> {
  const [row] = await data.db
    .select()
    .from(meetingRoom)
    .where(and(data.where(meetingRoom.corpId), lowerEq(meetingRoom.name, name)))
    .limit(1);
  if (!row) throw new ApiFailure(404, 'errors.notFound');
  return row;
}

export async function roomRow(data: CorpData, id: number): Promise<RoomRow> {
  const records = await data.db
    .select()
    .from(meetingRoom)
    .where(and(data.where(meetingRoom.corpId), eq(meetingRoom.id, id)));
  if (records.length === 0) throw new ApiFailure(404, 'errors.notFound');
  return (await roomRows(data, records))[0];
}

/** Writes a room (create when `id` is null) and its participants in one transaction. */
export async function saveRoom(data: CorpData, corpId: number, id: number | null, values: { name: string; allUsers: boolean; users: number[] }): Promise<number> {
  try {
    return await data.db.transaction(async (tx) => {
      let roomId: number;
      if (id === null) {
        const [row] = await tx.insert(meetingRoom).values({ corpId, name: values.name, allUsers: values.allUsers }).returning({ id: meetingRoom.id });
        roomId = row.id;
      } else {
        await tx
          .update(meetingRoom)
          .set({ name: values.name, allUsers: values.allUsers })
          .where(and(eq(meetingRoom.id, id), data.where(meetingRoom.corpId)));
        await tx.delete(meetingRoomUser).where(eq(meetingRoomUser.roomId, id));
        roomId = id;
      }
      if (!values.allUsers && values.users.length > 0) await tx.insert(meetingRoomUser).values(values.users.map((userId) => ({ roomId, userId })));
      return roomId;
    });
  } catch (error) {
    throw duplicateOf(error);
  }
}

export async function deleteRoom(data: CorpData, id: number): Promise<void> {
  await data.db.delete(meetingRoom).where(and(eq(meetingRoom.id, id), data.where(meetingRoom.corpId)));
}

/** Who is in a room (E-ROOM-14): everyone who may be a participant with allUsers, else the selected ones. */
export async function roomMembers(data: CorpData, room: RoomRecord): Promise<MeetingUser[]> {
  if (room.allUsers) return participants(data);
  const ids = (await data.db.select({ userId: meetingRoomUser.userId }).from(meetingRoomUser).where(eq(meetingRoomUser.roomId, room.id))).map((r) => r.userId);
  return participants(data, ids);
}

// ---- meetings ("date rooms") ---------------------------------------------------------------------

type MeetingRecord = typeof meeting.$inferSelect;

/** A meeting a level-4 user may see: one open to all, one naming them, or one they created. */
function meetingVisibleTo(viewer: { userId: number; level: Level }): SQL | undefined {
  if (withinCeiling(viewer.level, CEILING.meetingsSeeAll)) return undefined;
  return or(
    eq(meeting.allUsers, true),
    eq(meeting.creatorId, viewer.userId),
    sql`exists (select 1 from ${meetingUser} where ${meetingUser.meetingId} = ${meeting.id} and ${meetingUser.userId} = ${viewer.userId})`,
  );
}

async function meetingRows(data: CorpData, records: MeetingRecord[]): Promise<MeetingRow[]> {
  if (records.length === 0) return [];
  const host = await parameterValue(data.db, MEETING_HOST_PARAM);
  const ids = records.map((r) => r.id);
  const members = await data.db.select().from(meetingUser).where(inArray(meetingUser.meetingId, ids));
  const creatorIds = [...new Set(records.map((r) => r.creatorId).filter((id): id is number => id !== null))];
  const creators = creatorIds.length ? await data.db.select({ id: appUser.id, nick: appUser.nick }).from(appUser).where(inArray(appUser.id, creatorIds)) : [];
  return records.map((r) => ({
    id: r.id,
    name: r.name,
    topic: r.topic,
    fromDate: r.startsAt.toISOString(),
    toDate: r.endsAt.toISOString(),
    src: meetingLink(host, MEETING_SOFTWARE_ID, r.corpId, r.name),
    userOption: userOptionOf(r.allUsers),
    creator: creators.find((c) => c.id === r.creatorId)?.nick ?? '',
    creatorId: r.creatorId,
    roomId: r.roomId,
    selectedUsers: members.filter((m) => m.meetingId === r.id).map((m) => m.userId),
  }));
}

/** The meetings a user sees from `from` (and before `to`), sorted by start (E-CAL-17, E-MEET-03). */
export async function listMeetings(data: CorpData, viewer: { userId: number; level: Level }, from: Date, to?: Date): Promise<MeetingRow[]> {
  const records = await data.db
    .select()
    .from(meeting)
    .where(and(data.where(meeting.corpId), gte(meeting.startsAt, from), to ? lt(meeting.startsAt, to) : undefined, meetingVisibleTo(viewer)))
    .orderBy(asc(meeting.startsAt), asc(meeting.id));
  return meetingRows(data, records);
}

/** A meeting of the corp the user sees, by name (case-insensitive), or 404. */
export async function meetingByName(data: CorpData, viewer: { userId: number; level: Level }, name: string): Promise<MeetingRecord> {
  const [row] = await data.db
    .select()
    .from(meeting)
    .where(and(data.where(meeting.corpId), lowerEq(meeting.name, name), meetingVisibleTo(viewer)))
    .limit(1);
  if (!row) throw new ApiFailure(404, 'errors.notFound');
  return row;
}

export async function meetingRow(data: CorpData, id: number): Promise<MeetingRow> {
  const records = await data.db
    .select()
    .from(meeting)
    .where(and(data.where(meeting.corpId), eq(meeting.id, id)));
  if (records.length === 0) throw new ApiFailure(404, 'errors.notFound');
  return (await meetingRows(data, records))[0];
}

export interface MeetingValues {
  name: string;
  topic: string;
  start: Date;
  end: Date;
  allUsers: boolean;
  roomId: number | null;
  users: number[];
}

/** A room id a meeting names must be a room of the corp (400 otherwise). */
export async function checkRoomId(data: CorpData, roomId: number | null | undefined, path: string): Promise<number | null> {
  if (roomId === null || roomId === undefined) return null;
  const [row] = await data.db
    .select({ id: meetingRoom.id })
    .from(meetingRoom)
    .where(and(eq(meetingRoom.id, roomId), data.where(meetingRoom.corpId)))
    .limit(1);
  if (!row) throw invalid([{ path, message: 'validation.option' }]);
  return row.id;
}

/** Writes a meeting (create when `id` is null; the creator only on create) and its participants in one transaction. */
export async function saveMeeting(data: CorpData, corpId: number, id: number | null, creatorId: number, values: MeetingValues): Promise<number> {
  const row = { name: values.name, topic: values.topic, startsAt: values.start, endsAt: values.end, allUsers: values.allUsers, roomId: values.roomId };
  try {
    return await data.db.transaction(async (tx) => {
      let meetingId: number;
      if (id === null) {
        const [inserted] = await tx
          .insert(meeting)
          .values({ ...row, corpId, creatorId })
          .returning({ id: meeting.id });
        meetingId = inserted.id;
      } else {
        await tx
          .update(meeting)
          .set(row)
          .where(and(eq(meeting.id, id), data.where(meeting.corpId)));
        await tx.delete(meetingUser).where(eq(meetingUser.meetingId, id));
        meetingId = id;
      }
      if (!values.allUsers && values.users.length > 0) await tx.insert(meetingUser).values(values.users.map((userId) => ({ meetingId, userId })));
      return meetingId;
    });
  } catch (error) {
    throw duplicateOf(error);
  }
}

export async function deleteMeeting(data: CorpData, id: number): Promise<void> {
  await data.db.delete(meeting).where(and(eq(meeting.id, id), data.where(meeting.corpId)));
}

/** Who is in a meeting (E-CAL-18): everyone who may be a participant with allUsers, else the selected ones. */
export async function meetingMembers(data: CorpData, record: MeetingRecord): Promise<MeetingUser[]> {
  if (record.allUsers) return participants(data);
  const ids = (await data.db.select({ userId: meetingUser.userId }).from(meetingUser).where(eq(meetingUser.meetingId, record.id))).map((r) => r.userId);
  return participants(data, ids);
}
