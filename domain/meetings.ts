import { z } from 'zod';
import { idParam, MAX_ID, NO_NUL } from './resources/fields';
import { CEILING, withinCeiling } from './level-ceilings';
import type { Level } from './levels';
import { localDay } from './time-zone';
import { msg } from './validation';

/**
 * Callboard's own meeting service (issue 11; spec 1 §7 "Meeting service", E-ROOM, E-CAL, E-MEET,
 * C-CORP-15/16): rooms and scheduled meetings ("date rooms") of a corp, served by our backend under
 * `/api/v1/meet/` with the spec's paths and body shapes. The corp, the user and the creator always
 * come from the token (ARCHITECTURE "Tenancy"); a `corpId` or `userId` a body carries is checked
 * against it, never trusted.
 */

/** The software id our own backend answers `softwares/check-ip` with (E-ROOM-01). */
export const MEETING_SOFTWARE_ID = 1;
/** The software id a client sets when `softwares/check-ip` fails: the meeting service is unavailable, rooms are off (E-ROOM-02). */
export const SOFTWARE_UNAVAILABLE = -10;
/** System parameter: the meeting site's host, the first part of a scheduled meeting's link (E-CAL-22); empty: the link is a path. */
export const MEETING_HOST_PARAM = 'meetinghost';
/** System parameter: `no` switches the meeting service off (every meet route answers 503, so clients set -10). */
export const MEETING_SERVICE_PARAM = 'meetingservice';

/**
 * Room name length (E-ROOM-11, two readings: 4-50 or 4-249). We take 4-50: the hint the form shows
 * says 4 to 50, a name travels in the room's link (E-ROOM-18) and is the key of edit and delete, and
 * every other name in Callboard stops at 50; a name the form's own hint refuses should not pass the server.
 */
export const ROOM_NAME_MIN = 4;
export const ROOM_NAME_MAX = 50;
/** A meeting's name (its topic, E-CAL-16) is in its link too (E-CAL-22): the same limit, at least 1 character. */
export const MEETING_NAME_MAX = 50;
/** A meeting's description (`topic` on the wire). */
export const MEETING_TOPIC_MAX = 500;
/** A meeting starting today within this many minutes shows red / with an alert (E-CAL-11, E-MEET-04, first reading). */
export const MEETING_ALERT_MINUTES = 30;

/** The day view's start-hour selector: 0 to 23, 7 by default (E-CAL-04, spec 1 §9). */
export const DAY_START_HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h);
export const DAY_START_HOUR_DEFAULT = 7;
/** The day view's slot interval in minutes: 15, 30 or 60, 30 by default (E-CAL-05, spec 1 §9). */
export const DAY_INTERVALS = [15, 30, 60] as const;
export type DayInterval = (typeof DAY_INTERVALS)[number];
export const DAY_INTERVAL_DEFAULT: DayInterval = 30;

/** Who is in a room or meeting (E-ROOM-10, E-CAL-16): everyone of the corp, or the selected users. */
export const USER_OPTIONS = ['allUsers', 'selectUser'] as const;
export type UserOption = (typeof USER_OPTIONS)[number];

/** Levels that can be participants (E-CAL-10: levels 1 and 5 are excluded from participant lists). */
export const PARTICIPANT_LEVELS = [2, 3, 4] as const;

/** A room's link (E-ROOM-18): `{corpId}/{softwareId}/2/{name}`. */
export function roomLink(corpId: number, softwareId: number, name: string): string {
  return `${corpId}/${softwareId}/2/${encodeURIComponent(name)}`;
}

/** A scheduled meeting's link (E-CAL-22): `{meeting host}/{softwareId}/{corpId}/1/{name}`. */
export function meetingLink(host: string, softwareId: number, corpId: number, name: string): string {
  return `${host.trim().replace(/\/+$/, '')}/${softwareId}/${corpId}/1/${encodeURIComponent(name)}`;
}

/** The UTC day of an instant, as `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The date rules of a meeting (E-CAL-13/14): its day may not be before today (UTC), and it must
 * start before it ends; both break with the same message (spec 1 §5: "the same dateBeforeNow message").
 */
export function meetingDateIssue(start: Date, end: Date, now: Date): string | null {
  if (utcDay(start) < utcDay(now)) return 'validation.dateBeforeNow';
  if (start.getTime() >= end.getTime()) return 'validation.dateBeforeNow';
  return null;
}

/**
 * Whether a meeting shows red / with the alert icon (E-CAL-11, E-MEET-04 first reading): it starts
 * today within the next MEETING_ALERT_MINUTES minutes, today being the corp's day (its zone, J-TZ-01),
 * the same day the popup's "today" lists.
 */
export function meetingStartsSoon(fromDate: string | Date, now: Date, timeZone: string, minutes = MEETING_ALERT_MINUTES): boolean {
  const start = new Date(fromDate).getTime();
  const ahead = start - now.getTime();
  return localDay(start, timeZone) === localDay(now.getTime(), timeZone) && ahead >= 0 && ahead <= minutes * 60_000;
}

export const userOptionSchema = z.enum(USER_OPTIONS, { error: 'validation.required' });
/** The chosen participants' ids (empty with allUsers). */
export const participantIdsSchema = z.array(idParam).max(500).default([]);
/** The software id a body or query names: ours (anything else: this service does not know it). */
export const softwareIdField = z.coerce.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).min(-MAX_ID).max(MAX_ID);
const optionalCorp = idParam.optional();

function nameOf(min: number, max: number) {
  const rule = min > 1 ? msg('validation.lengthBetween', { min, max }) : msg('validation.maxLength', { max });
  return z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .min(min, { error: rule })
    .max(max, { error: rule })
    .regex(NO_NUL, { error: 'validation.characters' })
    // a name is a segment of the link: no slash
    .regex(/^[^/\\]*$/, { error: 'validation.characters' });
}
export const roomNameSchema = nameOf(ROOM_NAME_MIN, ROOM_NAME_MAX);
export const meetingNameSchema = nameOf(1, MEETING_NAME_MAX);

/** 'usersError' (E-ROOM-12): specific participants chosen, none selected. */
export function usersChosen<T extends { userOption: UserOption }>(value: T, list: readonly number[], path: string, ctx: z.RefinementCtx): void {
  if (value.userOption === 'selectUser' && list.length === 0) ctx.addIssue({ code: 'custom', path: [path], message: 'validation.usersError' });
}

/** `POST rooms` (E-ROOM-15) with the participant option the form requires (E-ROOM-12). */
export const roomCreateSchema = z
  .object({ name: roomNameSchema, corpId: optionalCorp, softwareId: softwareIdField, userOption: userOptionSchema, userId: participantIdsSchema })
  .superRefine((v, ctx) => usersChosen(v, v.userId, 'userId', ctx));
/** `PUT rooms` (E-ROOM-16): the room by its name, its new name. */
export const roomUpdateSchema = z
  .object({ name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(ROOM_NAME_MAX * 2), newName: roomNameSchema, corpId: optionalCorp, softwareId: softwareIdField, userOption: userOptionSchema, userId: participantIdsSchema })
  .superRefine((v, ctx) => usersChosen(v, v.userId, 'userId', ctx));
/** `DELETE rooms` body, `POST rooms/users` (E-ROOM-14/17), `POST DateRooms/date-rooms` and `DELETE DateRooms/` (E-CAL-18/21). */
export const byNameSchema = z.object({ name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(ROOM_NAME_MAX * 2), corpId: optionalCorp, softwareId: softwareIdField });
/** `GET rooms?corpId,softwareId,userId` (E-ROOM-13): userId is the token's user, whatever the query says. */
export const roomListQuery = z.object({ corpId: optionalCorp, softwareId: softwareIdField, userId: z.string().max(20).optional() });

const instant = z.coerce.date({ error: 'validation.required' }).refine((d) => !Number.isNaN(d.getTime()), { error: 'validation.invalid' });
export const meetingFields = {
  name: meetingNameSchema,
  topic: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required', abort: true }).max(MEETING_TOPIC_MAX, { error: msg('validation.maxLength', { max: MEETING_TOPIC_MAX }) }).regex(NO_NUL, { error: 'validation.characters' }),
  start: instant,
  end: instant,
  userOption: userOptionSchema,
  /** the room it is held in, if any (one of the corp's rooms) */
  roomId: idParam.nullable().optional(),
};
/** The date rules, checked against `now` (the server's clock at the request). */
export function datesRule(now: () => Date) {
  return (v: { start: Date; end: Date }, ctx: z.RefinementCtx) => {
    const issue = meetingDateIssue(v.start, v.end, now());
    if (issue) ctx.addIssue({ code: 'custom', path: [utcDay(v.start) < utcDay(now()) ? 'start' : 'end'], message: issue });
  };
}

/** `POST DateRooms/create` (E-CAL-19, E-CAL-12/13/14): the creator is the token's user. */
export function meetingCreateSchema(now: () => Date = () => new Date()) {
  return z
    .object({ ...meetingFields, corpId: optionalCorp, softwareId: softwareIdField, userIds: participantIdsSchema, creator: z.unknown().optional() })
    .superRefine(datesRule(now))
    .superRefine((v, ctx) => usersChosen(v, v.userIds, 'userIds', ctx));
}
/** `PUT DateRooms/edit` (E-CAL-20): roomOld names the meeting, roomNew holds its new fields, listUser its users. */
export function meetingEditSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      roomOld: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(MEETING_NAME_MAX * 2),
      roomNew: z.object(meetingFields).superRefine(datesRule(now)),
      listUser: participantIdsSchema,
      corpId: optionalCorp,
      softwareId: softwareIdField,
      creator: z.unknown().optional(),
    })
    .superRefine((v, ctx) => usersChosen(v.roomNew, v.listUser, 'listUser', ctx));
}
/** `POST DateRooms/rooms-from-date` and `rooms-by-date` (E-CAL-17): a UTC day `YYYY-MM-DD` (or an instant: its UTC day). */
export const meetingDateQuery = z.object({
  corpId: optionalCorp,
  softwareId: softwareIdField,
  userId: z.unknown().optional(),
  date: z
    .string({ error: 'validation.required' })
    .max(40)
    .refine((s) => !Number.isNaN(new Date(s).getTime()), { error: 'validation.invalid' }),
});
/** `POST softwares/check-ip` (E-ROOM-01) and `POST corps/check-corpId` (E-ROOM-03). */
export const checkIpSchema = z.object({ ip: z.string().max(64).optional() });
export const checkCorpSchema = z.object({ corpId: idParam, ip: z.string().max(64).optional() });
/** `GET corps/corps/permitRooms` and `DELETE corps/corps` (E-ROOM-04/06). */
export const corpQuery = z.object({ corpId: idParam, softwareId: softwareIdField });
/** `POST corps` (E-ROOM-06, C-CORP-15): registers a corp; corpName is the spec's, our corp row has the name. */
export const corpRegisterSchema = z.object({ corpId: idParam, corpName: z.string().max(100).optional(), softwareId: softwareIdField });

export type RoomCreate = z.infer<typeof roomCreateSchema>;
export type MeetingCreate = z.infer<ReturnType<typeof meetingCreateSchema>>;

/** A room as listed (E-ROOM-10/13). selectedUsers: the participants' ids (empty with allUsers). */
export interface RoomRow {
  id: number;
  name: string;
  link: string;
  userOption: UserOption;
  selectedUsers: number[];
}

/** A scheduled meeting as listed (E-CAL-16/17): name is the topic, topic the description, src the link. */
export interface MeetingRow {
  id: number;
  name: string;
  topic: string;
  fromDate: string;
  toDate: string;
  src: string;
  userOption: UserOption;
  /** the creator's nick ('' once that user is gone) and id (null then) */
  creator: string;
  creatorId: number | null;
  roomId: number | null;
  selectedUsers: number[];
}

/** A possible participant (levels 2-4 of the corp) or a member of a room or meeting (E-ROOM-14, E-CAL-18). */
export interface MeetingUser {
  id: number;
  nick: string;
  name: string;
}

/**
 * Who manages rooms and reads member lists (E-ROOM-09, E-CAL-07): the ceiling `meetingsManage` of
 * level-ceilings.ts (J-ONE-01), where the meeting service's other ceilings are declared too.
 */
export function canManageRooms(level: Level): boolean {
  return withinCeiling(level, CEILING.meetingsManage);
}
