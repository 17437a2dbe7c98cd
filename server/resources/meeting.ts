import { asc, eq, inArray } from 'drizzle-orm';
import { MEETING_HOST_PARAM, MEETING_SOFTWARE_ID, meetingLink, meetingResource, type MeetingBody, type MeetingRecordRow } from '../../domain';
import { bindResource } from '../crud/binding';
import type { Db } from '../db/database';
import { appUser, parameter } from '../db/schema';
import { meeting, meetingUser } from '../db/schema-meetings';
import { forbidden, invalid } from '../errors';
import { checkParticipants, userOptionOf, withoutCorp } from './meeting-people';

/** A system parameter's value ('' when absent). */
export async function parameterValue(db: Db, key: string): Promise<string> {
  const [row] = await db.select({ value: parameter.value }).from(parameter).where(eq(parameter.key, key)).limit(1);
  return row?.value ?? '';
}

/**
 * A corp's scheduled meetings (E-CAL-08..22, J-ONE-02): the row in meeting, its chosen participants
 * beside it in meeting_user (written after the row in the same transaction). The creator is the
 * token's user, set once on create; only the creator edits or deletes it (E-CAL-08: the guard). A row
 * carries its link (E-CAL-22, the `meetinghost` parameter) and its creator's nick.
 */
export const meetingBinding = bindResource<MeetingRecordRow, MeetingBody>({
  definition: meetingResource,
  table: meeting,
  idColumn: meeting.id,
  corpColumn: meeting.corpId,
  async load(db, where) {
    const records = await db
      .select()
      .from(meeting)
      .where(where)
      .orderBy(asc(meeting.startsAt), asc(meeting.id));
    if (records.length === 0) return [];
    const host = await parameterValue(db, MEETING_HOST_PARAM);
    const members = await db
      .select()
      .from(meetingUser)
      .where(inArray(meetingUser.meetingId, records.map((r) => r.id)));
    const creatorIds = [...new Set(records.flatMap((r) => (r.creatorId === null ? [] : [r.creatorId])))];
    const creators = creatorIds.length ? await db.select({ id: appUser.id, nick: appUser.nick }).from(appUser).where(inArray(appUser.id, creatorIds)) : [];
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
      corpId: r.corpId,
    }));
  },
  rowCorpId: (row) => row.corpId,
  fieldColumns: { name: meeting.name, topic: meeting.topic, roomId: meeting.roomId },
  present: withoutCorp,

  toValues(input, op) {
    const values: Record<string, unknown> = {
      name: input.name,
      topic: input.topic,
      startsAt: input.start,
      endsAt: input.end,
      allUsers: input.userOption === 'allUsers',
      roomId: input.roomId ?? null,
    };
    // the creator is who creates it, whatever a body says; an edit keeps it
    if (op.mode === 'create') values.creatorId = op.principal.userId;
    return values;
  },

  /** the participants first, then the room: one of the row's corp (a room of another corp is not there) */
  async check(input, op) {
    // with allUsers a list sent beside it is not read
    if (input.userOption === 'selectUser') await checkParticipants(op.data, input.userIds, 'userIds');
    if (input.roomId !== null && input.roomId !== undefined && !(await op.data.find('room', input.roomId))) throw invalid([{ path: 'roomId', message: 'validation.option' }]);
  },

  /** E-CAL-08: a meeting is edited or deleted by its creator only */
  guard(row, op) {
    if (row.creatorId !== op.principal.userId) throw forbidden('errors.notCreator');
  },

  /** the chosen participants replace the meeting's (none with allUsers) */
  async afterWrite(db, id, input) {
    await db.delete(meetingUser).where(eq(meetingUser.meetingId, id));
    if (input.userOption === 'selectUser' && input.userIds.length > 0) await db.insert(meetingUser).values([...new Set(input.userIds)].map((userId) => ({ meetingId: id, userId })));
  },
});
