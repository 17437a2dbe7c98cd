import { z } from 'zod';

/**
 * The one zone rule (ARCHITECTURE "Data": "each corp's day boundaries come from one zone rule in
 * domain/, with the corp's zone", J-TZ-01): the local day, hour, weekday and midnights of an instant
 * in an IANA time zone, and the instant of a wall-clock time there. Today's queue counters, the
 * dashboards, the report windows, the kiosk trend, campaign windows, meetings and the demo's history
 * all read the corp's days through these functions, on the server and in the browser alike.
 *
 * The zone's offsets come from the runtime's Intl data. A local day lasts 23 to 25 hours across a
 * clock change; where the clocks jump at midnight (Santiago, São Paulo before 2019) the day starts at
 * 01:00: its first instant is what counts, never an instant that belongs to another day.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Intl names of the weekdays, Monday first (the campaigns' and time conditions' day 0). */
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone (building one costs far more than using it); throws a RangeError for an unknown zone. */
function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** What the clocks of a zone read at an instant. */
export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday .. 6 = Sunday */
  weekday: number;
}

/** The wall clock of an instant (ms) in a zone. */
export function wallClock(ms: number, timeZone: string): WallClock {
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: 0 };
  for (const part of wallFormat(timeZone).formatToParts(ms)) {
    switch (part.type) {
      case 'year':
        out.year = Number(part.value);
        break;
      case 'month':
        out.month = Number(part.value);
        break;
      case 'day':
        out.day = Number(part.value);
        break;
      case 'hour':
        // some engines still say 24 for midnight
        out.hour = Number(part.value) % 24;
        break;
      case 'minute':
        out.minute = Number(part.value);
        break;
      case 'second':
        out.second = Number(part.value);
        break;
      case 'weekday':
        out.weekday = WEEKDAYS.indexOf(part.value);
        break;
    }
  }
  return out;
}

/** How far the zone's clocks are ahead of UTC at an instant (ms; São Paulo −3 h, Kolkata +5:30). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // the formatter drops the milliseconds: the offset is of whole seconds
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** Whether a string names a time zone this runtime knows. */
export function isTimeZone(value: string): boolean {
  try {
    wallFormat(value);
    return true;
  } catch {
    return false;
  }
}

/** The zone the runtime runs in: the server's own zone on the server, the browser's in a browser. */
export function runtimeTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The zones a corp may take, for the corp form's list: the runtime's IANA names, with UTC (which
 * some runtimes list only as Etc/UTC).
 */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? [...names] : ['UTC', ...names];
}

/** An IANA name (Area/Location, Etc/GMT+3, UTC): letters, digits and _ + - /; never an offset like +05:30, which Asterisk would not read. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
const ZONE_NAME_MAX = 64;

/** A corp's zone (J-TZ-01): an IANA name this runtime knows. */
export const timeZoneNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(ZONE_NAME_MAX, { error: 'validation.timeZone', abort: true })
  .regex(IANA_NAME, { error: 'validation.timeZone', abort: true })
  .refine(isTimeZone, { error: 'validation.timeZone' });

/**
 * A zone query parameter (the dashboards' `tz`, the queue service level's): an IANA name, known to
 * the runtime; default UTC. The server reads the corp's days in the corp's own zone: the parameter is
 * accepted (older clients send it) and checked, but the corp's zone wins.
 */
export const timeZoneSchema = z
  .string()
  .max(ZONE_NAME_MAX, { error: 'validation.invalid' })
  .regex(IANA_NAME, { error: 'validation.invalid' })
  .refine(isTimeZone, { error: 'validation.invalid' })
  .default('UTC');

// ---- days ------------------------------------------------------------------------------------------

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;

/** 'YYYY-MM-DD' of an instant in a zone: the key of the corp's day. */
export function localDay(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The hour of the day (0-23) of an instant in a zone (the queue service level by hour, G-RPT-02). */
export function localHour(ms: number, timeZone: string): number {
  return wallClock(ms, timeZone).hour;
}

/** The local weekday (0 = Monday) and hhmm of an instant in a zone (campaign windows, C-DIA-12/13). */
export function localDayAndTime(ms: number, timeZone: string): { day: number; hhmm: number } {
  const w = wallClock(ms, timeZone);
  return { day: w.weekday, hhmm: w.hour * 100 + w.minute };
}

/** The day key `days` days after (or before) a 'YYYY-MM-DD' key: calendar arithmetic, whatever the zone. */
export function addDays(day: string, days: number): string {
  const match = DAY_KEY.exec(day);
  if (!match) throw new RangeError(`not a day: ${day}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * The instant (ms) at which the clocks of a zone read `time` ('HH:MM', 'HH:MM:SS' or 'HH:MM:SS.mmm')
 * on `day` ('YYYY-MM-DD'); NaN when either is malformed. A time the clocks skip (the hour lost in
 * spring) is read with the offset before the change, so it lands as far past the change (02:30 on a
 * night that jumps from 02:00 to 03:00 is 03:30, as JavaScript's Date reads it); a time the clocks
 * show twice (the hour repeated in autumn) is its first occurrence.
 */
export function zonedInstant(day: string, time: string, timeZone: string): number {
  const d = DAY_KEY.exec(day);
  const t = TIME_OF_DAY.exec(time);
  if (!d || !t) return Number.NaN;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0), Number((t[4] ?? '0').padEnd(3, '0')));
  // the offsets a day either side: the instant lies between them, and a zone changes at most once in between
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  const fits = (offset: number) => zoneOffsetMs(wall - offset, timeZone) === offset;
  const candidates = [wall - before, wall - after].filter((ms, i) => fits(i === 0 ? before : after));
  // both fit: the repeated hour, its first occurrence; none: the skipped hour, read with the offset before
  return candidates.length > 0 ? Math.min(...candidates) : wall - before;
}

/** The first instant (ms) of the local day that contains `ms`. */
export function startOfLocalDay(ms: number, timeZone: string): number {
  return zonedInstant(localDay(ms, timeZone), '00:00', timeZone);
}

/** The first instant of the local day after the one containing `ms`: the corp's next midnight. */
export function startOfNextLocalDay(ms: number, timeZone: string): number {
  return zonedInstant(addDays(localDay(ms, timeZone), 1), '00:00', timeZone);
}

/**
 * The boundaries of `count` local days ending with the one `offset` days before today: count + 1
 * instants, oldest first; day i is [b[i], b[i + 1]).
 */
export function localDayBoundaries(nowMs: number, timeZone: string, count: number, offset = 0): number[] {
  const today = localDay(nowMs, timeZone);
  const out: number[] = [];
  for (let i = count; i >= 0; i--) out.push(zonedInstant(addDays(today, 1 - offset - i), '00:00', timeZone));
  return out;
}
