import { and, gte, lt, or, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MEETING_SERVICE_PARAM, type Level, type MeetingRecordRow, type MeetingRow, type MeetingUser, type RoomRecordRow, type RoomRow } from '../../domain';
import { CEILING, withinCeiling } from '../../domain/level-ceilings';
import type { CorpData } from '../crud/tenant';
import type { Db } from '../db/database';
import { meeting, meetingRoom, meetingRoomUser, meetingUser } from '../db/schema-meetings';
import { notFound } from '../errors';
import { parameterValue } from '../resources/meeting';
import { participants, withoutCorp } from '../resources/meeting-people';

/**
 * The reads of our meeting service (issue 11) that the spec's calls make beyond a row by id: who sees
 * which room and meeting, rows by name, members. Every one reads through the request's CorpData (the
 * one tenant-scoped accessor) and the room and meeting resources: a row of another corp is simply not
 * there (404). The writes are the resources' pipelines (server/resources/room.ts, meeting.ts).
 */

type Viewer = { userId: number; level: Level };

/** Whether the meeting service is on (system parameter `meetingservice` is not `no`). */
export async function serviceOn(db: Db): Promise<boolean> {
  return (await parameterValue(db, MEETING_SERVICE_PARAM)).trim().toLowerCase() !== 'no';
}

const lowerEq = (column: PgColumn, name: string) => sql`lower(${column}) = lower(${name})`;

// ---- rooms ---------------------------------------------------------------------------------------

/** A room a level-4 user sees (E-ROOM-13): one open to all or naming the user; levels 1-3 see every room. */
function roomVisibleTo(viewer: Viewer): SQL | undefined {
  if (withinCeiling(viewer.level, CEILING.meetingsSeeAll)) return undefined;
  return or(eq(meetingRoom.allUsers, true), sql`exists (select 1 from ${meetingRoomUser} where ${meetingRoomUser.roomId} = ${meetingRoom.id} and ${meetingRoomUser.userId} = ${viewer.userId})`);
}

/** The rooms a user sees (E-ROOM-13), by name. */
export async function listRooms(data: CorpData, viewer: Viewer): Promise<RoomRow[]> {
  return (await data.list<RoomRecordRow>('room', roomVisibleTo(viewer))).map(withoutCorp);
}

/** A room of the corp by name (case-insensitive), or 404. */
export async function roomByName(data: CorpData, name: string): Promise<RoomRecordRow> {
  const [row] = await data.list<RoomRecordRow>('room', lowerEq(meetingRoom.name, name));
  if (!row) throw notFound();
  return row;
}

/** Who is in a room (E-ROOM-14): everyone who may be a participant with allUsers, else the selected ones. */
export async function roomMembers(data: CorpData, room: RoomRow): Promise<MeetingUser[]> {
  return room.userOption === 'allUsers' ? participants(data) : participants(data, room.selectedUsers);
}

// ---- meetings ("date rooms") ---------------------------------------------------------------------

/** A meeting a level-4 user may see: one open to all, one naming them, or one they created. */
function meetingVisibleTo(viewer: Viewer): SQL | undefined {
  if (withinCeiling(viewer.level, CEILING.meetingsSeeAll)) return undefined;
  return or(
    eq(meeting.allUsers, true),
    eq(meeting.creatorId, viewer.userId),
    sql`exists (select 1 from ${meetingUser} where ${meetingUser.meetingId} = ${meeting.id} and ${meetingUser.userId} = ${viewer.userId})`,
  );
}

/** The meetings a user sees from `from` (and before `to`), sorted by start (E-CAL-17, E-MEET-03). */
export async function listMeetings(data: CorpData, viewer: Viewer, from: Date, to?: Date): Promise<MeetingRow[]> {
  return (await data.list<MeetingRecordRow>('meeting', and(gte(meeting.startsAt, from), to ? lt(meeting.startsAt, to) : undefined, meetingVisibleTo(viewer)))).map(withoutCorp);
}

/** A meeting of the corp the user sees, by name (case-insensitive), or 404. */
export async function meetingByName(data: CorpData, viewer: Viewer, name: string): Promise<MeetingRecordRow> {
  const [row] = await data.list<MeetingRecordRow>('meeting', and(lowerEq(meeting.name, name), meetingVisibleTo(viewer)));
  if (!row) throw notFound();
  return row;
}

/** Who is in a meeting (E-CAL-18): everyone who may be a participant with allUsers, else the selected ones. */
export async function meetingMembers(data: CorpData, row: MeetingRow): Promise<MeetingUser[]> {
  return row.userOption === 'allUsers' ? participants(data) : participants(data, row.selectedUsers);
}
