import { describe, expect, it } from 'vitest';
import { extensionSchema, isWeakSipPassword, SIP_PASSWORD_STRONG_MIN, sipPasswordWeakness, type SchemaContext } from '../../domain';

const corp = { id: 2, extLen: 3, extMax: 100, maxContacts: 3 };
const admin = { id: 3, level: 3 as const, corpId: 2 };
const issuesOf = (ctx: SchemaContext, body: Record<string, unknown>) => {
  const parsed = extensionSchema(ctx).safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const WEAK = `pass: validation.sipPasswordWeak|{"min":${SIP_PASSWORD_STRONG_MIN}}`;

describe('I-SEC-01 strong SIP passwords (domain/sip-password.ts)', () => {
  it('I-SEC-01 the demo pattern, short, number-like, the extension number and repeats are weak; a random secret is not', () => {
    expect(sipPasswordWeakness('acme-201', '201')).toBe('short');
    expect(sipPasswordWeakness('globex-1001', '1001')).toBe('extension');
    expect(sipPasswordWeakness('201', '201')).toBe('short');
    expect(sipPasswordWeakness('Xq7-pass-201-zz', '201')).toBe('extension');
    expect(sipPasswordWeakness('2024-0101-9988', '201')).toBe('numeric');
    expect(sipPasswordWeakness('1234567890', '201')).toBe('numeric');
    expect(sipPasswordWeakness('aaaaaaaaaaaa', '201')).toBe('repetitive');
    expect(sipPasswordWeakness('acmeacmeacme', '201')).toBe('repetitive');
    expect(sipPasswordWeakness('Tr0ub4dor-horse', '201')).toBeNull();
    expect(sipPasswordWeakness('kD9_xv2LqP0a', '201')).toBeNull();
    expect(isWeakSipPassword('kD9_xv2LqP0a', '201')).toBe(false);
    expect(isWeakSipPassword('acme-201', '201')).toBe(true);
  });

  it('I-SEC-01 the extension schema refuses a weak password only where Asterisk reads it (strongSipPasswords)', () => {
    const body = { number: '241', pass: 'acme-241' };
    // the spec's rule alone (C-EXT-17) on the simulator
    expect(issuesOf({ mode: 'create', actor: admin, corp }, body)).toEqual([]);
    expect(issuesOf({ mode: 'create', actor: admin, corp, strongSipPasswords: true }, body)).toEqual([WEAK]);
    expect(issuesOf({ mode: 'create', actor: admin, corp, strongSipPasswords: true }, { number: '241', pass: 'kD9_xv2LqP0a' })).toEqual([]);
    // the password holding the number is refused for that number only
    expect(issuesOf({ mode: 'create', actor: admin, corp, strongSipPasswords: true }, { number: '241', pass: 'kD9_241qP0a' })).toEqual([WEAK]);
    expect(issuesOf({ mode: 'create', actor: admin, corp, strongSipPasswords: true }, { number: '242', pass: 'kD9_241qP0a' })).toEqual([]);
  });

  it('I-SEC-01 on update a weak stored password sent back unchanged, or left blank, is kept; a new weak one is refused', () => {
    const existing = { number: '201', pass: 'acme-201' };
    const ctx: SchemaContext = { mode: 'update', actor: admin, corp, strongSipPasswords: true, existing };
    expect(issuesOf(ctx, { number: '201', pass: '' })).toEqual([]);
    expect(issuesOf(ctx, { number: '201', pass: 'acme-201' })).toEqual([]);
    expect(issuesOf(ctx, { number: '201', pass: 'acme-2019' })).toEqual([WEAK]);
    expect(issuesOf(ctx, { number: '201', pass: 'kD9_xv2LqP0a' })).toEqual([]);
  });
});
