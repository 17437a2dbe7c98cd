import { z } from 'zod';
import { CEILING } from '../level-ceilings';
import { datesRule, meetingFields, participantIdsSchema, usersChosen, type MeetingRow } from '../meetings';
import { defineResource } from './define';
import { PARTICIPANT_FIELDS } from './room';

/**
 * A meeting's row as written (E-CAL-12..16, E-CAL-19/20): name, description (topic), start before end
 * and not on a day before today (UTC), the room it is held in if any, who is in it (E-ROOM-12).
 */
export function meetingBodySchema(now: () => Date = () => new Date()) {
  return z
    .object({ ...meetingFields, userIds: participantIdsSchema })
    .superRefine(datesRule(now))
    .superRefine((v, ctx) => usersChosen(v, v.userIds, 'userIds', ctx));
}

export type MeetingBody = z.output<ReturnType<typeof meetingBodySchema>>;

/** The meeting as the server reads it: the wire row (MeetingRow) and the corp it belongs to (never sent). */
export interface MeetingRecordRow extends MeetingRow {
  corpId: number;
}

/**
 * A corp's scheduled meetings, "date rooms" (E-CAL-08..22; on the registry since issue 24, J-ONE-02).
 * Written through the one write pipeline (the participants beside the row in meeting_user; the
 * creator is the token's user, and only the creator edits or deletes it, E-CAL-08, the binding's
 * guard), served only at the spec's own calls (`/meet/DateRooms/...`): the generic router mounts
 * nothing for it. Levels 1-4 read and create (CEILING.meetings); `view` as for rooms (never asked).
 */
export const meetingResource = defineResource({
  name: 'meeting',
  path: 'meet/DateRooms',
  view: 'home',
  levels: { read: CEILING.meetings, create: CEILING.meetings, update: CEILING.meetings, delete: CEILING.meetings },
  idField: 'id',
  corpScoped: true,
  workingCorpRequired: true,
  schema: () => meetingBodySchema(),
  defaults: () => ({ name: '', topic: '', userOption: 'allUsers', roomId: null, userIds: [] }),
  columns: [
    { key: 'name', labelKey: 'calendar.topic' },
    { key: 'fromDate', labelKey: 'calendar.start' },
    { key: 'creator', labelKey: 'calendar.creator' },
  ],
  fields: [
    { name: 'name', kind: 'text', labelKey: 'calendar.topic' },
    { name: 'topic', kind: 'text', labelKey: 'calendar.description', wide: true },
    { name: 'start', kind: 'custom', component: 'instant', labelKey: 'calendar.start' },
    { name: 'end', kind: 'custom', component: 'instant', labelKey: 'calendar.end' },
    // the room is checked by the binding (one of the corp's rooms, 'validation.option'), after the participants
    { name: 'roomId', kind: 'number', labelKey: 'calendar.room', hintKey: 'calendar.roomHint' },
    ...PARTICIPANT_FIELDS,
  ],
  searchFields: ['name', 'topic'],
  sort: { key: 'fromDate' },
});
