import { z } from 'zod';
import { msg } from '../validation';

/** Reusable zod pieces with the spec's message keys. */
export const required = (s: z.ZodString) => s.min(1, { error: 'validation.required' });

/** A 0/1 or boolean flag (the spec sends 0/1), always a boolean once parsed. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: 'validation.option' })
  .transform((v) => v === true || v === 1 || v === '1');

/**
 * A flag that also reads the words people type in a spreadsheet (bulk CSV, C-EXT-12: enabled arrives as
 * a translated yes/no): true/false, yes/no, sí/no, sim/não, in any case.
 */
export const looseFlag = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const word = v.trim().toLowerCase();
  if (['true', 'yes', 'si', 'sí', 'sim', 'y', 's'].includes(word)) return true;
  if (['false', 'no', 'não', 'nao', 'n'].includes(word)) return false;
  return v;
}, flag);

/** `schema` with its default also for '' and null (empty form inputs, empty bulk cells). */
export function orDefault<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyToUndefined, schema);
}

/**
 * An integer from a number or a numeric string (form inputs give strings). '' and null are no value
 * ('required'), not 0: an empty input must not quietly become the smallest choice (C-FOL-02).
 */
export function intIn(min: number, max: number) {
  return z.preprocess(
    // a form's or multipart's text becomes a number here, so that absent stays absent ('required');
    // only plain decimal text is a number ('0x10', '1e1' and '' are not)
    (v) => {
      const present = emptyToUndefined(v);
      return typeof present === 'string' ? decimalText(present.trim()) : present;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') })
      .int({ error: 'validation.integer' })
      .min(min, { error: msg('validation.range', { min, max }) })
      .max(max, { error: msg('validation.range', { min, max }) }),
  );
}

/** The largest id PostgreSQL's integer and serial columns hold (2^31-1): beyond it a query fails. */
export const MAX_ID = 2_147_483_647;
/** An id written as text: plain decimal, no sign, no leading zero, no exponent, hex or spaces. */
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/** Text as a number when it is plain decimal (an optional minus, digits), else NaN (refused as no number). */
function decimalText(text: string): number {
  // (+ 0: '-0' is 0)
  return /^-?[0-9]{1,16}$/.test(text) ? Number(text) + 0 : NaN;
}

/**
 * A row id: a positive 32-bit integer, as a JSON number or as plain decimal text (paths, headers,
 * form selects). One spelling per id: '0x35', '53e0', '+53', '053' and `true` are no ids (they all
 * used to reach row 53 or 1), and an id past 2^31-1 is refused here instead of failing in the database.
 */
function idOf(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (ID_TEXT.test(v) ? Number(v) : NaN) : v),
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message }),
  );
}

/** An id in a path, a query or a header; the same rule as every id of a body. */
export const idParam = idOf('validation.invalid');

/** `text` as an id, or null: the one reading of an id written in a header (`x-working-corp`). */
export function parseId(text: string | undefined): number | null {
  const parsed = idParam.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/** '' and null count as absent (empty form inputs, empty bulk cells). */
export const emptyToUndefined = (v: unknown): unknown => (v === '' || v === null ? undefined : v);

/**
 * A `when` for object-level refinements: zod skips them once any field failed; this runs them as
 * soon as the fields they read parsed cleanly, so a form shows every error at once.
 */
export function whenValid(...fields: string[]) {
  return (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }): boolean =>
    // a value that is no object at all (a string where a row belongs) has none of the fields to read
    isObject(payload.value) && payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text without a NUL character: PostgreSQL's text types cannot store one (the query fails). */
// eslint-disable-next-line no-control-regex -- matching the NUL character is the point of this rule
export const NO_NUL = /^[^\u0000]*$/;

/**
 * A trimmed text with a length limit (the column's) and optionally a character rule; required unless
 * `optional`. Most text fields of spec 2 are exactly this.
 */
export function text(max: number, rule?: { pattern: RegExp; message: string }, optional = false) {
  let schema = z.string({ error: 'validation.required' }).trim();
  // an empty value says 'required' only: the later rules would all complain about nothing
  if (!optional) schema = schema.min(1, { error: 'validation.required', abort: true });
  schema = schema.max(max, { error: msg('validation.maxLength', { max }) }).regex(NO_NUL, { error: 'validation.characters' });
  if (rule) schema = schema.regex(rule.pattern, { error: rule.message });
  return optional ? z.preprocess((v) => (v === null || v === undefined ? '' : v), schema) : schema;
}

/** A required reference to another row: a positive id (form selects give numbers or strings). */
export const requiredId = z.preprocess(emptyToUndefined, idOf('validation.required'));

/** An optional reference: null, '' or absent is none; otherwise a positive id (C-EXT-22: 0 is not a choice). */
export const optionalId = z
  .preprocess((v) => (v === '' || v === undefined ? null : v), idOf('validation.invalid').nullable())
  .optional()
  .transform((v) => v ?? null);

/** A small integer choice from a fixed set (permit 0/1/2, destination type 1-4). */
export function oneOf<const T extends readonly number[]>(values: T) {
  return z.coerce
    .number({ error: 'validation.required' })
    .refine((v): v is T[number] => values.includes(v), { error: 'validation.option' })
    .transform((v) => v as T[number]);
}
