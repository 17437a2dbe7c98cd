import { z } from 'zod';
import { CEILING } from '../level-ceilings';
import { participantIdsSchema, roomNameSchema, usersChosen, userOptionSchema, type RoomRow } from '../meetings';
import { defineResource, type FieldDef, type StaticOption } from './define';

/** The participant option of a room or meeting (E-ROOM-10, E-CAL-16), labelled as the rooms screen does. */
export const USER_OPTION_CHOICES: readonly StaticOption[] = [
  { value: 'allUsers', labelKey: 'rooms.option.allUsers' },
  { value: 'selectUser', labelKey: 'rooms.option.selectUser' },
];

/** The participant fields of a room or meeting: the option and, with selectUser, the chosen users (levels 2-4 of the corp). */
export const PARTICIPANT_FIELDS: readonly FieldDef[] = [
  { name: 'userOption', kind: 'select', labelKey: 'rooms.participants', options: { kind: 'static', options: USER_OPTION_CHOICES } },
  { name: 'userIds', kind: 'custom', component: 'participants', labelKey: 'rooms.selectUsers', visibleWhen: (v) => v.userOption === 'selectUser' },
];

/** A room's row as written (E-ROOM-15/16): its name (4-50), who is in it (E-ROOM-12: at least one chosen with selectUser). */
export const roomBodySchema = z
  .object({ name: roomNameSchema, userOption: userOptionSchema, userIds: participantIdsSchema })
  .superRefine((v, ctx) => usersChosen(v, v.userIds, 'userIds', ctx));

export type RoomBody = z.output<typeof roomBodySchema>;

/** The room as the server reads it: the wire row (RoomRow) and the corp it belongs to (never sent). */
export interface RoomRecordRow extends RoomRow {
  corpId: number;
}

/**
 * A corp's meeting rooms (E-ROOM-09..18; on the registry since issue 24, J-ONE-02). Written through
 * the one write pipeline (tenancy, validation, transaction, change events; the participants beside
 * the row in meeting_room_user), served only at the spec's own calls (`/meet/rooms...`, server/routes/meetings.ts):
 * the generic router mounts nothing for it (SPEC_ROUTED_RESOURCES), so the spec's calls are its only doors.
 *
 * Who decides by level (spec 1 §7), not by role group: levels 1-4 read (CEILING.meetings), levels 1-3
 * write (CEILING.meetingsManage). `view` names the view every level 1-4 reads by default; the spec's
 * routes guard by these `levels` and never ask a role group.
 */
export const roomResource = defineResource({
  name: 'room',
  path: 'meet/rooms',
  view: 'home',
  levels: { read: CEILING.meetings, create: CEILING.meetingsManage, update: CEILING.meetingsManage, delete: CEILING.meetingsManage },
  idField: 'id',
  corpScoped: true,
  workingCorpRequired: true,
  schema: () => roomBodySchema,
  defaults: () => ({ name: '', userOption: 'allUsers', userIds: [] }),
  columns: [{ key: 'name', labelKey: 'rooms.name' }],
  fields: [{ name: 'name', kind: 'text', labelKey: 'rooms.name', hintKey: 'rooms.nameHint' }, ...PARTICIPANT_FIELDS],
  searchFields: ['name'],
  sort: { key: 'name' },
});
