import { z } from 'zod';

/**
 * Local days of an IANA time zone, for the dashboards' periods and their day-by-day points. The
 * browser sends its zone; the server finds the midnights (a day lasts 23 to 25 hours across DST, and
 * where DST starts at midnight the day starts at 01:00: its first instant is what counts).
 */
const HOUR_MS = 3_600_000;

const formats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether a string names a time zone this runtime knows. */
export function isTimeZone(value: string): boolean {
  try {
    dayFormat(value);
    return true;
  } catch {
    return false;
  }
}

/** A zone query parameter: an IANA name (letters, digits, _ + - /), known to the runtime; default UTC. */
export const timeZoneSchema = z
  .string()
  .max(64, { error: 'validation.invalid' })
  .regex(/^[A-Za-z0-9_+\-/]+$/, { error: 'validation.invalid' })
  .refine(isTimeZone, { error: 'validation.invalid' })
  .default('UTC');

/** 'YYYY-MM-DD' of an instant in a zone. */
export function localDay(ms: number, timeZone: string): string {
  return dayFormat(timeZone).format(ms);
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The hour of the day (0-23) of an instant in a zone (the queue service level by hour, G-RPT-02). */
export function localHour(ms: number, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(ms)) % 24;
}

/** The first instant (ms) of the local day that contains `ms`. */
export function startOfLocalDay(ms: number, timeZone: string): number {
  const day = localDay(ms, timeZone);
  // step back by hours out of the day, then bisect to the millisecond
  let inside = ms;
  let outside = ms - HOUR_MS;
  while (localDay(outside, timeZone) === day) {
    inside = outside;
    outside -= HOUR_MS;
  }
  while (inside - outside > 1) {
    const mid = Math.floor((inside + outside) / 2);
    if (localDay(mid, timeZone) === day) inside = mid;
    else outside = mid;
  }
  return inside;
}

/** The first instant of the next local day after the one containing `ms`. */
export function startOfNextLocalDay(ms: number, timeZone: string): number {
  // 26 h past the day's start is always inside the next day (a day lasts 23 to 25 h)
  return startOfLocalDay(startOfLocalDay(ms, timeZone) + 26 * HOUR_MS, timeZone);
}

/**
 * The boundaries of `count` local days ending with the one `offset` days before today: count + 1
 * instants, oldest first; day i is [b[i], b[i + 1]).
 */
export function localDayBoundaries(nowMs: number, timeZone: string, count: number, offset = 0): number[] {
  let end = startOfNextLocalDay(nowMs, timeZone);
  for (let i = 0; i < offset; i++) end = startOfLocalDay(end - 1, timeZone);
  const out = [end];
  for (let i = 0; i < count; i++) out.unshift(startOfLocalDay(out[0] - 1, timeZone));
  return out;
}
