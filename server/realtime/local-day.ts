/**
 * "Today" for the queue counters: the counters reset at local midnight, in the given IANA time zone
 * or, without one, in the server's own zone.
 */

const HOUR = 3_600_000;

function dayKeyFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** The first instant (ms) after `ms` that belongs to the next local day. */
export function nextMidnight(ms: number, timeZone?: string): number {
  if (!timeZone) {
    const d = new Date(ms);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
  }
  const format = dayKeyFormat(timeZone);
  const today = format.format(ms);
  // days are 23 to 25 hours long: step by hours to the next day, then bisect to the millisecond
  let lo = ms;
  let hi = ms + HOUR;
  while (format.format(hi) === today) {
    lo = hi;
    hi += HOUR;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (format.format(mid) === today) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** Throws a RangeError for an unknown zone (checked once at start). */
export function checkTimeZone(timeZone: string | undefined): void {
  if (timeZone) dayKeyFormat(timeZone);
}
