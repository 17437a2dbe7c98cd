import { z } from 'zod';

/**
 * Dialer campaigns' rules shared by the resource and the campaign engine (C-DIA): the weekly window
 * (days 0-6 = Monday..Sunday, hours as integers hhmm: 930 is 09:30) and the statuses.
 */
export const DIALER_STATUSES = ['stopped', 'running', 'finished'] as const;
export type DialerStatus = (typeof DIALER_STATUSES)[number];

/** C-DIA: the statistics row action's figures. */
export interface CampaignStats {
  /** numbers tried at least once */
  dialed: number;
  answered: number;
  /** out of tries (busy, no answer, failed) */
  failed: number;
  /** not tried yet, or to be tried again */
  pending: number;
  /** in progress now */
  live: number;
  total: number;
}

/** C-DIA-11: defaults. */
export const DIALER_DEFAULTS = { timeout: 30, callLimit: 0, retries: 0, soundReq: 'sound' } as const;
/** the most numbers one campaign's CSV may hold */
export const DIALER_MAX_NUMBERS = 20_000;

/** C-DIA-13: 930 → '09:30'. */
export function hhmmText(value: number): string {
  const h = Math.floor(value / 100);
  const m = value % 100;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** '09:30' (or 930, '930') → 930; null when it is no time of day. */
export function parseHhmm(value: unknown): number | null {
  const text = typeof value === 'number' ? hhmmText(value) : String(value ?? '').trim();
  const match = /^([01]?\d|2[0-3]):?([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}

/** C-DIA-12: a list of days 0-6, or their comma list '0,1,4' → the sorted comma list. */
export const dialerDaysSchema = z
  .union([z.string(), z.array(z.union([z.number(), z.string()]))], { error: 'validation.required' })
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((d) => d.trim()).filter((d) => d !== ''))
  .refine((list) => list.every((d) => /^[0-6]$/.test(d)), { error: 'validation.option' })
  .transform((list) => [...new Set(list.map(Number))].sort((a, b) => a - b).join(','))
  .refine((v) => v !== '', { error: 'validation.daysRequired' });

/** A time of day as hhmm: from the form's 'HH:MM' or an integer (C-DIA-13). */
export const hhmmSchema = z
  .union([z.string(), z.number()], { error: 'validation.required' })
  .transform((v, ctx) => {
    const parsed = parseHhmm(v);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: v === '' ? 'validation.required' : 'validation.timeOfDay' });
      return z.NEVER;
    }
    return parsed;
  });

/** Whether a moment falls in a campaign's window: its weekday is a campaign day (Monday 0) and its time within [from, to). */
export function inDialerWindow(window: { days: string; horaDesde: number; horaHasta: number }, weekdayMonday0: number, hhmm: number): boolean {
  return window.days.split(',').map(Number).includes(weekdayMonday0) && hhmm >= window.horaDesde && hhmm < window.horaHasta;
}
