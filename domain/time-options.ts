import { z } from 'zod';
import { idParam, whenValid } from './resources/fields';

/**
 * Time options of time conditions (C-TC) and extension schedules (C-ETC): on some days of the week,
 * from one time of day to a later one. Days are stored as the spec's words joined by dashes
 * (`Mon-Tue-Wed`, C-TC-11) and shown comma-separated; times as `HH:MM`.
 */
export const WEEK_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** Minutes since midnight of `HH:MM`. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** The days of a stored or typed value ('Mon-Tue', 'Mon, Tue', or a list), in week order, each once. */
export function daysOf(value: string | readonly string[]): WeekDay[] {
  const words = typeof value === 'string' ? value.split(/[-,\s]+/) : value;
  const set = new Set(words.map((w) => w.trim()));
  return WEEK_DAYS.filter((d) => set.has(d));
}

/** The stored form: days in week order joined by dashes (C-TC-11). */
export function joinDays(days: readonly string[]): string {
  return daysOf(days).join('-');
}

export interface TimeRange {
  from: string;
  to: string;
  days: string | readonly string[];
}

/** C-TC-05: two options overlap when they share a day and their hours intersect. */
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  const daysB = new Set(daysOf(b.days));
  if (!daysOf(a.days).some((d) => daysB.has(d))) return false;
  return minutesOf(a.from) < minutesOf(b.to) && minutesOf(b.from) < minutesOf(a.to);
}

/** The index of the first option that overlaps an earlier one, or -1. */
export function firstOverlap(options: readonly TimeRange[]): number {
  for (let i = 1; i < options.length; i++) {
    for (let j = 0; j < i; j++) if (rangesOverlap(options[i], options[j])) return i;
  }
  return -1;
}

export const timeOfDay = z.string({ error: 'validation.required' }).trim().regex(TIME_OF_DAY, { error: 'validation.timeOfDay' });

/** Days as a list or a dashed / comma string → the stored dashed form; at least one day. */
export const daysSchema = z
  .union([z.string(), z.array(z.string())], { error: 'validation.required' })
  .transform((v) => joinDays(daysOf(v)))
  .refine((v) => v !== '', { error: 'validation.daysRequired' });

/** One option's shape: from before to (C-TC-09, C-ETC-06). The id is kept when an existing option is sent back. */
export function timeRangeSchema<T extends z.ZodRawShape>(extra: T) {
  return z
    .object({ id: idParam.optional(), from: timeOfDay, to: timeOfDay, days: daysSchema, ...extra })
    .refine((o) => minutesOf((o as TimeRange).from) < minutesOf((o as TimeRange).to), {
      path: ['to'],
      error: 'validation.toAfterFrom',
      // only once both times read as times of day
      when: whenValid('from', 'to'),
    });
}

/**
 * A whole list of options: at least one (C-TC-06, C-ETC-07) and none overlapping another on a shared
 * day (C-TC-05: 'data exists'); the issue names the option that overlaps.
 */
export function timeOptionsSchema<S extends z.ZodType<TimeRange>>(option: S) {
  return z
    .array(option, { error: 'validation.oneOptionMin' })
    .min(1, { error: 'validation.oneOptionMin' })
    .superRefine((list, ctx) => {
      const at = firstOverlap(list as readonly TimeRange[]);
      if (at >= 0) ctx.addIssue({ code: 'custom', path: [at], message: 'validation.timeOverlap' });
    });
}
