import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam, intIn, MAX_ID, optionalId, parseId, requiredId, text } from '../../domain/resources/fields';
import { timeOptionsSchema, timeRangeSchema } from '../../domain/time-options';

/** Other spellings of 53 (and of 1) that used to reach row 53 (or 1): none is an id. */
const NOT_IDS: unknown[] = ['0x35', '53e0', '+53', '053', ' 53', '53 ', '5.3e1', '53.0', 'Infinity', '', '0', '-1', true, false, [53], { id: 53 }, 1.5, 0, -53, NaN];
const TOO_BIG: unknown[] = [MAX_ID + 1, String(MAX_ID + 1), 99_999_999_999, '99999999999', 2 ** 53];

describe('ids are positive 32-bit integers written in plain decimal (issue 13)', () => {
  it('idParam (paths, queries, headers) takes 53 and "53" only', () => {
    expect(idParam.parse(53)).toBe(53);
    expect(idParam.parse('53')).toBe(53);
    expect(idParam.parse(MAX_ID)).toBe(MAX_ID);
    expect(idParam.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const value of [...NOT_IDS, ...TOO_BIG]) expect(idParam.safeParse(value).success, JSON.stringify(value)).toBe(false);
    expect(parseId('0x35')).toBeNull();
    expect(parseId('2147483648')).toBeNull();
    expect(parseId('7')).toBe(7);
  });

  it('requiredId says required for nothing and refuses the other spellings and big ids with the same key', () => {
    expect(requiredId.parse('12')).toBe(12);
    expect(requiredId.safeParse('').error?.issues[0].message).toBe('validation.required');
    expect(requiredId.safeParse(null).error?.issues[0].message).toBe('validation.required');
    for (const value of [...NOT_IDS.filter((v) => v !== '' && v !== null), ...TOO_BIG]) expect(requiredId.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  it('C-EXT-22 optionalId: absent, null and "" are none; true is no id (it used to mean 1)', () => {
    const schema = z.object({ trunkId: optionalId });
    expect(schema.parse({}).trunkId).toBeNull();
    expect(schema.parse({ trunkId: null }).trunkId).toBeNull();
    expect(schema.parse({ trunkId: '' }).trunkId).toBeNull();
    expect(schema.parse({ trunkId: '4' }).trunkId).toBe(4);
    for (const value of [true, '0x4', '+4', '04', 0, MAX_ID + 1]) expect(schema.safeParse({ trunkId: value }).success, JSON.stringify(value)).toBe(false);
  });

  it('intIn reads plain decimal text only (a form gives text): 0x10 and 1e1 are no numbers', () => {
    const n = intIn(0, 100);
    expect(n.parse('16')).toBe(16);
    expect(n.parse(' 16 ')).toBe(16);
    expect(n.parse('-0')).toBe(0);
    for (const value of ['0x10', '1e1', '+16', '16px', true]) expect(n.safeParse(value).success, JSON.stringify(value)).toBe(false);
    expect(n.safeParse('0x10').error?.issues[0].message).toBe('validation.number');
  });
});

describe('text refuses NUL (PostgreSQL cannot store it)', () => {
  it('a NUL anywhere in a text field is validation.characters', () => {
    const name = text(20);
    expect(name.parse(' Sales ')).toBe('Sales');
    expect(name.safeParse('Sa\u0000les').error?.issues.map((i) => i.message)).toEqual(['validation.characters']);
    expect(text(20, undefined, true).safeParse('\u0000').success).toBe(false);
  });
});

describe('object rules run only on objects', () => {
  it('C-TC-09 a time option that is no object is refused, not a crash', () => {
    const schema = timeOptionsSchema(timeRangeSchema({}));
    expect(() => schema.safeParse(['x'.repeat(40)])).not.toThrow();
    expect(schema.safeParse(['x']).success).toBe(false);
    expect(schema.safeParse([{ from: '08:00', to: '09:00', days: 'Mon', id: 2 ** 31 }]).success).toBe(false);
    expect(schema.safeParse([{ from: '08:00', to: '09:00', days: 'Mon', id: 7 }]).success).toBe(true);
  });
});
