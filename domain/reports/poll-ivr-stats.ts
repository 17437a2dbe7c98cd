import { z } from 'zod';
import { reportId, windowed } from './window';

/**
 * Poll statistics (D-PST) from `poll_answer` (a caller's digit 0-9 for a question, after a queue
 * call with the agent's extension) and IVR statistics (D-IST) from `ivr_log` (one row per choice:
 * a digit, 't' a timeout, 'i' an invalid key). `moda` is the most chosen digit (the lowest on a tie,
 * null when there is none), `media` the mean of the digits, `cantidad` how many answers or choices.
 */
export const POLL_OPTIONS = 10;
/** D-PST-04: the pie has the options 0 to 9 */
export const POLL_DIGITS = Array.from({ length: POLL_OPTIONS }, (_, i) => i);
/** an IVR choice that is no digit */
export const IVR_NON_DIGITS = ['t', 'i'] as const;
export const IVR_CHOICES = [...POLL_DIGITS.map(String), ...IVR_NON_DIGITS] as const;

/** The extension path segment of a poll search: digits, or 0 for every extension (D-RPT-05). */
export const ANY_EXTEN = '0';
const extenParam = z
  .string()
  .trim()
  .max(10, { error: 'validation.invalid' })
  .regex(/^[0-9]+$/, { error: 'validation.digits' });

/** D-PST-03: POST {poll}/{question}/{exten}, body from, to, summarized. */
export const pollStatsParamsSchema = z.object({ poll: reportId.refine((v) => v > 0, { error: 'validation.required' }), question: reportId.refine((v) => v > 0, { error: 'validation.required' }), exten: extenParam });
export const pollStatsBodySchema = windowed({ summarized: z.boolean({ error: 'validation.invalid' }).default(true) });
/** D-PST-04: the question's pie, POST by questionId with from, to, summarized, exten. */
export const pollChartParamsSchema = z.object({ question: reportId.refine((v) => v > 0, { error: 'validation.required' }) });
export const pollChartBodySchema = windowed({ summarized: z.boolean({ error: 'validation.invalid' }).default(true), exten: extenParam.default(ANY_EXTEN) });
export type PollStatsBody = z.infer<typeof pollStatsBodySchema>;
export type PollChartBody = z.infer<typeof pollChartBodySchema>;

/** D-PST-03: a row; summarised: one per question (exten ''), else one per question and extension. */
export const pollStatsRowSchema = z.object({ questionId: z.number().int(), cantidad: z.number().int(), exten: z.string(), moda: z.number().int().nullable(), media: z.number().nullable() });
export type PollStatsRow = z.infer<typeof pollStatsRowSchema>;

/** A pie's slice: an option and how many chose it. */
export const optionCountSchema = z.object({ option: z.string(), count: z.number().int() });
export type OptionCount = z.infer<typeof optionCountSchema>;

/** D-IST-01/02/03: POST per IVR id with from, to. */
export const ivrStatsParamsSchema = z.object({ ivr: reportId.refine((v) => v > 0, { error: 'validation.required' }) });
export const ivrStatsBodySchema = windowed({});
export const ivrStatsRowSchema = z.object({ ivrId: z.number().int(), nombre: z.string(), moda: z.string().nullable(), media: z.number().nullable(), cantidad: z.number().int() });
export type IvrStatsRow = z.infer<typeof ivrStatsRowSchema>;

/** Fills the missing options of a pie with 0, in the options' order (D-PST-04: always 0-9). */
export function completeOptions(counts: readonly OptionCount[], options: readonly string[]): OptionCount[] {
  const by = new Map(counts.map((c) => [c.option, c.count]));
  return options.map((option) => ({ option, count: by.get(option) ?? 0 }));
}
