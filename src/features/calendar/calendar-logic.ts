import {
  DAY_INTERVALS,
  DAY_START_HOURS,
  meetingCreateSchema,
  meetingDateIssue,
  meetingStartsSoon,
  utcDay,
  type DayInterval,
  type MeetingRow,
  type UserOption,
} from '../../../domain/meetings';
import { localDay, startOfLocalDay, startOfNextLocalDay } from '../../../domain/time-zone';

/**
 * DOM-free rules of the Calendar, the day view, the meeting dialog and the top bar's Meetings popup
 * (spec 1 §2 "Calendar", E-CAL-01..16, E-MEET-02..04).
 *
 * The calendar's days are the browser's local days (a meeting at 09:00 shows at 09:00 where the user
 * sits); "today" of the popup and the 30-minute alert are the corp's (its zone, J-TZ-01). The rules the
 * server checks (date not before today UTC, start before end, E-CAL-13/14) are the domain's own
 * functions applied to the instants the form builds, so client and server agree.
 */

// ---- days ------------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of an instant as `YYYY-MM-DD` (the key of a calendar cell and of the dayCalendar route). */
export function dayKey(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Local midnight of a `YYYY-MM-DD` key; null when the key is not a real day. */
export function parseDayKey(key: string | undefined | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key ?? '');
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(y, m, d);
  return date.getFullYear() === y && date.getMonth() === m && date.getDate() === d ? date : null;
}

/** The same local day `delta` days later (DST-safe: calendar arithmetic, not 24-hour steps). */
export function addDays(day: Date, delta: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + delta);
}

export function startOfDay(at: Date): Date {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate());
}

/** The UTC day to ask `rooms-from-date` for so that every meeting of the local day `from` comes back. */
export function fetchFrom(from: Date): string {
  return utcDay(startOfDay(from));
}

export interface Month {
  year: number;
  /** 0-11 */
  month: number;
}

export function monthOf(at: Date): Month {
  return { year: at.getFullYear(), month: at.getMonth() };
}

/** Previous / next month (E-CAL-01). */
export function shiftMonth(m: Month, delta: number): Month {
  const d = new Date(m.year, m.month + delta, 1);
  return { year: d.getFullYear(), month: d.getMonth() };
}

/** A month as `YYYY-MM` (the calendar's `month` search parameter) and back. */
export function monthParam(m: Month): string {
  return `${m.year}-${pad(m.month + 1)}`;
}
export function parseMonthParam(value: string | null | undefined): Month | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const month = Number(match[2]) - 1;
  return month >= 0 && month <= 11 ? { year: Number(match[1]), month } : null;
}

export interface DayCell {
  key: string;
  date: Date;
  /** false for the days of the previous / next month that fill the first and last week */
  inMonth: boolean;
  today: boolean;
}

/**
 * The month grid (E-CAL-01): whole weeks from the week holding the 1st to the week holding the last
 * day, `weekStartsOn` 0 = Sunday; 4 to 6 rows.
 */
export function monthGrid(m: Month, today: Date, weekStartsOn = 0): DayCell[][] {
  const first = new Date(m.year, m.month, 1);
  const last = new Date(m.year, m.month + 1, 0);
  const start = addDays(first, -((first.getDay() - weekStartsOn + 7) % 7));
  const todayKey = dayKey(today);
  const weeks: DayCell[][] = [];
  for (let day = start; day <= last || weeks.length === 0 || weeks[weeks.length - 1].length < 7; ) {
    if (weeks.length === 0 || weeks[weeks.length - 1].length === 7) weeks.push([]);
    const key = dayKey(day);
    weeks[weeks.length - 1].push({ key, date: day, inMonth: day.getMonth() === m.month, today: key === todayKey });
    day = addDays(day, 1);
  }
  return weeks;
}

/** The meetings by local day of their start, each day's sorted by start (E-CAL-01). */
export function meetingsByDay(meetings: readonly MeetingRow[]): Map<string, MeetingRow[]> {
  const byDay = new Map<string, MeetingRow[]>();
  for (const m of [...meetings].sort(byStart)) {
    const key = dayKey(new Date(m.fromDate));
    const list = byDay.get(key);
    if (list) list.push(m);
    else byDay.set(key, [m]);
  }
  return byDay;
}

export function byStart(a: MeetingRow, b: MeetingRow): number {
  return new Date(a.fromDate).getTime() - new Date(b.fromDate).getTime() || a.id - b.id;
}

// ---- event colour (E-CAL-11) -----------------------------------------------------------------------

export type EventTone = 'soon' | 0 | 1 | 2 | 3;

/**
 * One of the four blue/purple shades of an event. The spec says "at random"; we make it stable per
 * meeting id (a multiplicative hash, its top two bits), so a meeting keeps its colour across renders,
 * views and reloads instead of flickering: random to the eye, the same every time.
 */
export function eventShade(id: number): 0 | 1 | 2 | 3 {
  return (Math.imul(id, 0x9e3779b1) >>> 30) as 0 | 1 | 2 | 3;
}

/** Red when the meeting starts today (the corp's day) within the next 30 minutes (domain meetingStartsSoon), else its shade. */
export function eventTone(meeting: Pick<MeetingRow, 'id' | 'fromDate'>, now: Date, timeZone: string): EventTone {
  return meetingStartsSoon(meeting.fromDate, now, timeZone) ? 'soon' : eventShade(meeting.id);
}

// ---- day view (E-CAL-04/05) ------------------------------------------------------------------------

export function isStartHour(value: number): boolean {
  return DAY_START_HOURS.includes(value);
}
export function isInterval(value: number): value is DayInterval {
  return (DAY_INTERVALS as readonly number[]).includes(value);
}

export interface Slot {
  /** minutes after local midnight */
  minute: number;
  label: string;
  meetings: MeetingRow[];
}

/** `HH:MM` of minutes after midnight. */
export function minuteLabel(minute: number): string {
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/**
 * The day's slots from the start hour to midnight, `interval` minutes each, with the meetings of that
 * local day placed in the slot their start falls in; meetings that start before the start hour come
 * back as `earlier` (they are shown above the first slot rather than hidden).
 */
export function daySlots(meetings: readonly MeetingRow[], day: Date, startHour: number, interval: DayInterval): { earlier: MeetingRow[]; slots: Slot[] } {
  const key = dayKey(day);
  const slots: Slot[] = [];
  for (let minute = startHour * 60; minute < 24 * 60; minute += interval) slots.push({ minute, label: minuteLabel(minute), meetings: [] });
  const earlier: MeetingRow[] = [];
  for (const m of [...meetings].sort(byStart)) {
    const start = new Date(m.fromDate);
    if (dayKey(start) !== key) continue;
    const minute = start.getHours() * 60 + start.getMinutes();
    if (minute < startHour * 60) earlier.push(m);
    else slots[Math.floor((minute - startHour * 60) / interval)].meetings.push(m);
  }
  return { earlier, slots };
}

// ---- Meetings popup (E-MEET-02..04) ----------------------------------------------------------------

/**
 * Today's meetings (all of them, also the ones already over: the badge counts them) and the upcoming
 * ones after today, both sorted by start (E-MEET-02/03). Today is the corp's day (its zone, J-TZ-01),
 * the one the 30-minute alert reads too.
 */
export function popupGroups(meetings: readonly MeetingRow[], now: Date, timeZone: string): { today: MeetingRow[]; upcoming: MeetingRow[] } {
  const todayKey = localDay(now.getTime(), timeZone);
  const tomorrow = startOfNextLocalDay(now.getTime(), timeZone);
  const sorted = [...meetings].sort(byStart);
  return {
    today: sorted.filter((m) => localDay(new Date(m.fromDate).getTime(), timeZone) === todayKey),
    upcoming: sorted.filter((m) => new Date(m.fromDate).getTime() >= tomorrow),
  };
}

/** The UTC day to ask `rooms-from-date` for so that every meeting of the corp's today comes back (the popup). */
export function corpTodayFetchFrom(now: Date, timeZone: string): string {
  return utcDay(new Date(startOfLocalDay(now.getTime(), timeZone)));
}

/**
 * The alert icon of the popup (E-MEET-04). The spec has two readings (30 minutes, or a 145-minute
 * offset check); we take the 30-minute one, the domain's MEETING_ALERT_MINUTES, so the popup's alert
 * and the calendar's red event (E-CAL-11) always agree.
 */
export function showsAlert(meeting: Pick<MeetingRow, 'fromDate'>, now: Date, timeZone: string): boolean {
  return meetingStartsSoon(meeting.fromDate, now, timeZone);
}

// ---- the meeting form (E-CAL-09, E-CAL-12..16) -----------------------------------------------------

export interface MeetingFormValues {
  /** the topic (`name` on the wire) */
  name: string;
  /** the description (`topic` on the wire) */
  topic: string;
  /** local day `YYYY-MM-DD` */
  date: string;
  /** local `HH:MM` */
  startTime: string;
  endTime: string;
  /** '' for no room, else a room id */
  roomId: string;
  /** '' until one is chosen: the option is required */
  userOption: UserOption | '';
  userIds: number[];
}

export const MEETING_FORM_FIELDS = ['name', 'topic', 'date', 'startTime', 'endTime', 'roomId', 'userOption', 'userIds'] as const;
export type MeetingFormField = (typeof MEETING_FORM_FIELDS)[number];

function timeOf(at: Date): string {
  return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The form's start: an edit shows the meeting's values; a new meeting starts on `day` (a slot of the
 * day view also gives the start, and the end one interval later), otherwise with empty times.
 */
export function meetingFormDefaults(meeting: MeetingRow | null, start?: { day: Date; minute?: number; interval?: number }): MeetingFormValues {
  if (meeting) {
    const from = new Date(meeting.fromDate);
    const to = new Date(meeting.toDate);
    return {
      name: meeting.name,
      topic: meeting.topic,
      date: dayKey(from),
      startTime: timeOf(from),
      endTime: timeOf(to),
      roomId: meeting.roomId === null ? '' : String(meeting.roomId),
      userOption: meeting.userOption,
      userIds: meeting.userOption === 'selectUser' ? [...meeting.selectedUsers] : [],
    };
  }
  const minute = start?.minute;
  const end = minute === undefined ? undefined : Math.min(minute + (start?.interval ?? 30), 24 * 60 - 1);
  return {
    name: '',
    topic: '',
    date: start ? dayKey(start.day) : '',
    startTime: minute === undefined ? '' : minuteLabel(minute),
    endTime: end === undefined ? '' : minuteLabel(end),
    roomId: '',
    userOption: '',
    userIds: [],
  };
}

/** The local instant of a `YYYY-MM-DD` day and a `HH:MM` time; null when either is missing or wrong. */
export function localInstant(date: string, time: string): Date | null {
  const day = parseDayKey(date);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  if (h > 23 || m > 59) return null;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m);
}

/** What `POST DateRooms/create` carries (E-CAL-19); the corp and the creator come from the token. */
export interface MeetingBody {
  name: string;
  topic: string;
  start: string;
  end: string;
  userOption: UserOption;
  userIds: number[];
  roomId: number | null;
  softwareId: number;
}

/**
 * Which form field an issue belongs to, for the client's own check and for the server's 400 issues of
 * create (`userIds`) and edit (`roomNew.*`, `listUser`): `start` is the day rule (shown on the date),
 * `end` the start-before-end rule (shown on the end time).
 */
export function meetingIssueField(path: string): MeetingFormField | null {
  const field = path.replace(/^roomNew\./, '').split('.')[0];
  switch (field) {
    case 'start':
      return 'date';
    case 'end':
      return 'endTime';
    case 'listUser':
    case 'userIds':
      return 'userIds';
    default:
      return (MEETING_FORM_FIELDS as readonly string[]).includes(field) ? (field as MeetingFormField) : null;
  }
}

export type MeetingCheck = { ok: true; body: MeetingBody } | { ok: false; errors: Partial<Record<MeetingFormField, string>> };

/**
 * The form checked with the domain's own create schema (E-CAL-12..14; 'usersError' with selectUser and
 * nobody, as rooms): every field's first message at once, so the user sees all that is missing.
 */
export function checkMeetingForm(values: MeetingFormValues, softwareId: number, now: Date): MeetingCheck {
  const errors: Partial<Record<MeetingFormField, string>> = {};
  const put = (field: MeetingFormField | null, message: string) => {
    if (field && !errors[field]) errors[field] = message;
  };
  for (const field of ['date', 'startTime', 'endTime'] as const) if (!values[field]) put(field, 'validation.required');
  const start = localInstant(values.date, values.startTime);
  const end = localInstant(values.date, values.endTime);
  if (values.date && !parseDayKey(values.date)) put('date', 'validation.invalid');
  if (values.startTime && !start && !errors.date) put('startTime', 'validation.invalid');
  if (values.endTime && !end && !errors.date) put('endTime', 'validation.invalid');

  const candidate = {
    name: values.name,
    topic: values.topic,
    start: start ?? undefined,
    end: end ?? undefined,
    userOption: values.userOption || undefined,
    userIds: values.userIds,
    roomId: values.roomId ? Number(values.roomId) : null,
    softwareId,
  };
  const parsed = meetingCreateSchema(() => now).safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = meetingIssueField(issue.path.map(String).join('.'));
      // a missing or wrong day or time already has its own message on its own field
      if ((field === 'date' || field === 'endTime') && (!start || !end)) continue;
      put(field, issue.message);
    }
  }
  // zod skips an object's refinements once a field failed: the date and participant rules still show
  if (start && end) {
    const issue = meetingDateIssue(start, end, now);
    if (issue) put(utcDay(start) < utcDay(now) ? 'date' : 'endTime', issue);
  }
  if (values.userOption === 'selectUser' && values.userIds.length === 0) put('userIds', 'validation.usersError');

  if (!parsed.success || Object.keys(errors).length > 0 || !start || !end) return { ok: false, errors };
  const data = parsed.data;
  return {
    ok: true,
    body: {
      name: data.name,
      topic: data.topic,
      start: data.start.toISOString(),
      end: data.end.toISOString(),
      userOption: data.userOption,
      userIds: data.userOption === 'selectUser' ? data.userIds : [],
      roomId: data.roomId ?? null,
      softwareId,
    },
  };
}

/** The snackbar of a failed meeting call (E-CAL-15): the default error, with the server's reason when it names one we know. */
export function meetingFailureKeys(status: number, message: string | undefined): string[] {
  const reason =
    status === 406 ? 'errors.duplicate' : status === 503 ? 'errors.meetingUnavailable' : message && /^errors\.(roomsDisabled|notFound|notCreator|forbidden)$/.test(message) ? message : null;
  return reason ? ['errors.default', reason] : ['errors.default'];
}

// ---- the detail route (E-CAL-03) -------------------------------------------------------------------

/** Where the detail's Back goes: a calendar route it came from (`salas/...`), else the month view. */
export function backRoute(route: string | null | undefined, fallback: string): string {
  return route && /^salas\/[A-Za-z0-9/_-]*(\?[A-Za-z0-9=&_-]*)?$/.test(route) ? route : fallback;
}

/** The search of the detail route (InfoMeet with selectedEvent and route, E-CAL-03), plus the meeting's UTC day to read it with. */
export function detailSearch(meeting: Pick<MeetingRow, 'id' | 'fromDate'>, route: string): string {
  return `?${new URLSearchParams({ selectedEvent: String(meeting.id), date: utcDay(new Date(meeting.fromDate)), route }).toString()}`;
}
