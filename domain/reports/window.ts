import { z } from 'zod';
import { localDay, zonedInstant } from '../time-zone';
import { msg } from '../validation';

/**
 * The period of every report search (D-RPT-01..03): a from and a to, each a date and a time. The form
 * holds the four fields as the user typed them, a date and time of the corp's clocks; the API receives
 * them as local date-times without an offset (`to` is the end of its minute, so 23:59 includes
 * 23:59:59) and reads them in the corp's zone (J-TZ-01): the corp's day, whatever the browser's zone.
 * An instant with its offset (what older clients send) is taken as it is. Both are checked by the one
 * rule below, so what the form accepts the server accepts.
 */
export const REPORT_LIMITS = {
  /** the longest period one search may cover: a year, and the extra day of a leap year */
  maxRangeDays: 366,
  /** years outside these are typing mistakes, not periods with calls */
  minYear: 2000,
  maxYear: 2100,
  /** rows a CSV export of the CDR search takes at most */
  exportRowsMax: 50_000,
  /** calls the queue-call dialog lists at most */
  callListMax: 5_000,
} as const;

/** D-RPT-02: the default window is today from 00:00 to 23:59. */
export const REPORT_DEFAULT_TIMES = { from: '00:00', to: '23:59' } as const;

/** Ids in paths and bodies: the database's 32-bit serials, 0 meaning "all" where a report allows it. */
export const reportId = z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** a local day lasts up to 25 hours (DST): the span rule allows for one such hour */
const MAX_SPAN_MS = REPORT_LIMITS.maxRangeDays * DAY_MS + HOUR_MS;

/** y, m, d of a real calendar date within the limits, or null (2024-02-30 is none). */
function calendarDate(value: string): { y: number; m: number; d: number } | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < REPORT_LIMITS.minYear || y > REPORT_LIMITS.maxYear) return null;
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d ? { y, m, d } : null;
}

/** Why a window's instants cannot be searched ('to' before 'from', or too long), or null. */
export function windowProblem(fromMs: number, toMs: number): 'validation.secondDate' | 'validation.rangeTooLong' | null {
  if (!(toMs > fromMs)) return 'validation.secondDate';
  if (toMs - fromMs > MAX_SPAN_MS) return 'validation.rangeTooLong';
  return null;
}

const rangeMessage = () => msg('validation.rangeTooLong', { max: REPORT_LIMITS.maxRangeDays });

// an empty field says 'Required' only, not also 'Invalid'
const dateField = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .refine((v) => v === '' || calendarDate(v) !== null, { error: 'validation.invalid' });
const timeField = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .refine((v) => v === '' || TIME.test(v), { error: 'validation.invalid' });

/**
 * A date and a time as a number to compare and subtract: the wall clock read as if it were UTC, whatever
 * the zone (the span rule allows for the hour a clock change adds), at `second` and `ms` of that minute.
 */
export function wallInstant(date: string, time: string, second = 0, ms = 0): number {
  const day = calendarDate(date);
  const clock = TIME.exec(time);
  if (!day || !clock) return Number.NaN;
  return Date.UTC(day.y, day.m - 1, day.d, Number(clock[1]), Number(clock[2]), second, ms);
}

/** The form's period fields (D-RPT-01): all four required. */
export const periodFormShape = { fromDate: dateField, fromTime: timeField, toDate: dateField, toTime: timeField };

/** The order rule of a form's period; the issue names the field to correct (D-RPT-03). */
export function checkPeriod(v: { fromDate: string; fromTime: string; toDate: string; toTime: string }, check: z.RefinementCtx): void {
  const from = wallInstant(v.fromDate, v.fromTime);
  const to = wallInstant(v.toDate, v.toTime, 59, 999);
  if (Number.isNaN(from) || Number.isNaN(to)) return;
  if (v.toDate < v.fromDate) check.addIssue({ code: 'custom', path: ['toDate'], message: 'validation.secondDate' });
  else if (v.toDate === v.fromDate && v.toTime <= v.fromTime) check.addIssue({ code: 'custom', path: ['toTime'], message: 'validation.secondHour' });
  else if (windowProblem(from, to) === 'validation.rangeTooLong') check.addIssue({ code: 'custom', path: ['toDate'], message: rangeMessage() });
}

/** A report's search form: the period plus the report's own fields, with the period rule. */
export function withPeriod<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...periodFormShape, ...shape }).superRefine((value, check) => checkPeriod(value as ReportPeriodForm, check));
}

export const reportPeriodFormSchema = withPeriod({});
export interface ReportPeriodForm {
  fromDate: string;
  fromTime: string;
  toDate: string;
  toTime: string;
}

/** D-RPT-02: today 00:00 to 23:59, today being the corp's (its zone, J-TZ-01). */
export function defaultReportPeriod(nowMs: number, timeZone: string): ReportPeriodForm {
  const today = localDay(nowMs, timeZone);
  return { fromDate: today, fromTime: REPORT_DEFAULT_TIMES.from, toDate: today, toTime: REPORT_DEFAULT_TIMES.to };
}

/** The API window of a valid form: local date-times the server reads in the corp's zone, `to` at the last millisecond of its minute. */
export function periodToWindow(form: ReportPeriodForm): ReportWindow {
  return { from: `${form.fromDate}T${form.fromTime}:00.000`, to: `${form.toDate}T${form.toTime}:59.999` };
}

/** A local date-time of the API ('YYYY-MM-DDTHH:MM[:SS[.mmm]]', no offset) → its day and time. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)$/;

/**
 * A search's window as instants (ISO, UTC): a local date-time read in the corp's zone, an instant
 * with its offset as it is. The server's one way from a request's window to the rows it covers.
 */
export function windowInZone<T extends ReportWindow>(search: T, timeZone: string): T {
  const instantOf = (value: string) => {
    const local = LOCAL_DATE_TIME.exec(value);
    return local ? new Date(zonedInstant(local[1], local[2], timeZone)).toISOString() : new Date(value).toISOString();
  };
  return { ...search, from: instantOf(search.from), to: instantOf(search.to) };
}

/** An edge of a window for the rules: an instant, or a local date-time's wall clock read as UTC (the span rule allows for a clock change's hour). */
function edgeMs(value: string): number {
  const local = LOCAL_DATE_TIME.exec(value);
  if (!local) return Date.parse(value);
  const [date, time] = [local[1], local[2]];
  return wallInstant(date, time.slice(0, 5), Number(time.slice(6, 8) || 0), Number((time.slice(9) || '0').padEnd(3, '0')));
}

const inYears = (iso: string) => {
  const year = new Date(edgeMs(iso)).getUTCFullYear();
  return year >= REPORT_LIMITS.minYear && year <= REPORT_LIMITS.maxYear;
};

/** An ISO 8601 date-time, with its offset or local (the corp's), within the years a report may cover. */
const instant = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .pipe(z.iso.datetime({ offset: true, local: true, error: 'validation.invalid' }))
  .refine(inYears, { error: 'validation.invalid' })
  .describe("An ISO 8601 date-time: with an offset, that instant; without one ('2026-03-29T00:00'), the corp's clock time (its time zone)");

export const reportWindowShape = { from: instant, to: instant };
export interface ReportWindow {
  from: string;
  to: string;
}

/** The order and span rule of an API window, as an object refinement (issues on `to`). */
export function checkWindow(value: ReportWindow, check: z.RefinementCtx): void {
  // an instant its own field refused has its issue already
  if (!inYears(value.from) || !inYears(value.to)) return;
  const problem = windowProblem(edgeMs(value.from), edgeMs(value.to));
  if (problem) check.addIssue({ code: 'custom', path: ['to'], message: problem === 'validation.rangeTooLong' ? rangeMessage() : problem });
}

/** An API body: the window plus a report's own fields, with the window rule (zod cannot extend a refined object). */
export function windowed<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...reportWindowShape, ...shape }).superRefine((value, check) => checkWindow(value as ReportWindow, check));
}

export const reportWindowSchema = windowed({});
