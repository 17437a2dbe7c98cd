import { asc, eq, inArray, sql } from 'drizzle-orm';
import { MEETING_SOFTWARE_ID, roomLink, roomResource, type RoomBody, type RoomRecordRow } from '../../domain';
import { bindResource } from '../crud/binding';
import { meetingRoom, meetingRoomUser } from '../db/schema-meetings';
import { checkParticipants, userOptionOf, withoutCorp } from './meeting-people';

/**
 * A corp's meeting rooms (E-ROOM-09..18, J-ONE-02): the row in meeting_room, its chosen participants
 * beside it in meeting_room_user (written after the row in the same transaction). A name is unique in
 * its corp whatever its case (406, the pipeline's duplicate). Served at the spec's calls only
 * (server/routes/meetings.ts); who may write is decided there by the definition's levels.
 */
export const roomBinding = bindResource<RoomRecordRow, RoomBody>({
  definition: roomResource,
  table: meetingRoom,
  idColumn: meetingRoom.id,
  corpColumn: meetingRoom.corpId,
  async load(db, where) {
    const records = await db
      .select()
      .from(meetingRoom)
      .where(where)
      .orderBy(asc(sql`lower(${meetingRoom.name})`), asc(meetingRoom.id));
    const chosen = records.filter((r) => !r.allUsers).map((r) => r.id);
    const members = chosen.length ? await db.select().from(meetingRoomUser).where(inArray(meetingRoomUser.roomId, chosen)) : [];
    return records.map((r) => ({
      id: r.id,
      name: r.name,
      link: roomLink(r.corpId, MEETING_SOFTWARE_ID, r.name),
      userOption: userOptionOf(r.allUsers),
      selectedUsers: members.filter((m) => m.roomId === r.id).map((m) => m.userId),
      corpId: r.corpId,
    }));
  },
  rowCorpId: (row) => row.corpId,
  fieldColumns: { name: meetingRoom.name },
  present: withoutCorp,

  toValues: (input) => ({ name: input.name, allUsers: input.userOption === 'allUsers' }),

  async check(input, op) {
    // with allUsers a list sent beside it is not read
    if (input.userOption === 'selectUser') await checkParticipants(op.data, input.userIds, 'userIds');
  },

  /** the chosen participants replace the room's (none with allUsers) */
  async afterWrite(db, id, input) {
    await db.delete(meetingRoomUser).where(eq(meetingRoomUser.roomId, id));
    if (input.userOption === 'selectUser' && input.userIds.length > 0) await db.insert(meetingRoomUser).values([...new Set(input.userIds)].map((userId) => ({ roomId: id, userId })));
  },
});
