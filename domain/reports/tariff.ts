import { z } from 'zod';
import { msg } from '../validation';
import { reportId } from './window';

/**
 * A corp's tariff (the rating of outgoing calls): per destination group, a price per minute, a
 * minimum billed time and a billing increment, in seconds. Level 1 sets it. The database rates a
 * call when its row is written (migration 0007, `cdr_rate_cost`), whoever writes it (the simulator's
 * record sink or Asterisk's cdr_pgsql): an answered outgoing call of `billsec` seconds bills
 *   max(minimum, ceil(billsec / increment) × increment) seconds (billsec itself when increment is 0)
 * at pricePerMinute / 60 each, rounded to 4 decimals; an unanswered one costs 0; a call no tariff
 * covers stays unrated (null). That rule lives in the database only: it must hold for rows Asterisk
 * inserts itself.
 */
export const TARIFF_LIMITS = { priceMax: 100_000, secondsMax: 3_600, entriesMax: 100 } as const;

const seconds = z.coerce
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(0, { error: msg('validation.range', { min: 0, max: TARIFF_LIMITS.secondsMax }) })
  .max(TARIFF_LIMITS.secondsMax, { error: msg('validation.range', { min: 0, max: TARIFF_LIMITS.secondsMax }) });

export const tariffEntrySchema = z.object({
  groupId: reportId.refine((v) => v > 0, { error: 'validation.required' }),
  pricePerMinute: z.coerce
    .number({ error: 'validation.number' })
    .min(0, { error: msg('validation.range', { min: 0, max: TARIFF_LIMITS.priceMax }) })
    .max(TARIFF_LIMITS.priceMax, { error: msg('validation.range', { min: 0, max: TARIFF_LIMITS.priceMax }) }),
  minimumSec: seconds,
  incrementSec: seconds,
});
export type TariffEntry = z.infer<typeof tariffEntrySchema>;

/** The whole tariff of a corp, one entry per group. */
export const tariffSchema = z
  .array(tariffEntrySchema, { error: 'validation.invalid' })
  .max(TARIFF_LIMITS.entriesMax, { error: 'validation.invalid' })
  .superRefine((entries, check) => {
    const seen = new Set<number>();
    entries.forEach((e, i) => {
      if (seen.has(e.groupId)) check.addIssue({ code: 'custom', path: [i, 'groupId'], message: 'validation.duplicateGroup' });
      seen.add(e.groupId);
    });
  });

/** Spend is shown in R$ (spec 3 §1), formatted for the locale of GET getExchange. */
export const SPEND_CURRENCY = 'BRL';
