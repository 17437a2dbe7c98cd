import { z } from 'zod';
import { msg } from '../validation';

/** Reusable zod pieces with the spec's message keys. */
export const required = (s: z.ZodString) => s.min(1, { error: 'validation.required' });

/** A 0/1 or boolean flag (the spec sends 0/1), always a boolean once parsed. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => v === true || v === 1 || v === '1');

/** An integer from a number or a numeric string (form inputs give strings). */
export function intIn(min: number, max: number) {
  return z.coerce
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(min, { error: msg('validation.range', { min, max }) })
    .max(max, { error: msg('validation.range', { min, max }) });
}

export const idParam = z.coerce.number().int().positive();

/** '' and null count as absent (empty form inputs, empty bulk cells). */
export const emptyToUndefined = (v: unknown): unknown => (v === '' || v === null ? undefined : v);

/**
 * A `when` for object-level refinements: zod skips them once any field failed; this runs them as
 * soon as the fields they read parsed cleanly, so a form shows every error at once.
 */
export function whenValid(...fields: string[]) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
}
