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
