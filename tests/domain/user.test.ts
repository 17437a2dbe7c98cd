import { describe, expect, it } from 'vitest';
import { grantableLevels, userSchema, type SchemaContext } from '../../domain';

const ctx = (level: 1 | 2 | 3 | 4, mode: 'create' | 'update' = 'create'): SchemaContext => ({ mode, actor: { id: 9, level, corpId: 2 } });
const base = { nick: 'maria', name: 'Maria', mail: 'maria@acme.test', level: 4, enabled: true, corpId: 2, roleGroupId: null, pass: 'abcd', passConfirm: 'abcd' };
const issuesOf = (c: SchemaContext, input: unknown) => {
  const r = userSchema(c).safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message.split('|')[0]}`);
};

describe('user schema', () => {
  it('C-USR-04 nick is required and 4 to 16 characters', () => {
    expect(issuesOf(ctx(3), { ...base, nick: '' })).toContain('nick:validation.required');
    expect(issuesOf(ctx(3), { ...base, nick: 'abc' })).toContain('nick:validation.lengthBetween');
    expect(issuesOf(ctx(3), { ...base, nick: 'abcd' })).toEqual([]);
    expect(issuesOf(ctx(3), { ...base, nick: 'a'.repeat(16) })).toEqual([]);
    expect(issuesOf(ctx(3), { ...base, nick: 'a'.repeat(17) })).toContain('nick:validation.lengthBetween');
  });

  it('C-USR-05 password is required on create and at least 4 characters', () => {
    expect(issuesOf(ctx(3), { ...base, pass: '', passConfirm: '' })).toContain('pass:validation.required');
    expect(issuesOf(ctx(3), { ...base, pass: 'abc', passConfirm: 'abc' })).toContain('pass:validation.minLength');
    expect(issuesOf(ctx(3), { ...base, pass: 'abcd', passConfirm: 'abcd' })).toEqual([]);
  });

  it('C-USR-06 confirmation must match the password', () => {
    expect(issuesOf(ctx(3), { ...base, pass: 'abcd', passConfirm: 'abce' })).toContain('passConfirm:validation.passwordsDiffer');
  });

  it('C-USR-03 on edit the password is only checked with the new-password switch on', () => {
    expect(issuesOf(ctx(3, 'update'), { ...base, pass: '', passConfirm: '', newPassword: false })).toEqual([]);
    expect(issuesOf(ctx(3, 'update'), { ...base, pass: '', passConfirm: '', newPassword: true })).toContain('pass:validation.required');
  });

  it('C-USR-07 level is required and must be 1 to 5', () => {
    expect(issuesOf(ctx(1), { ...base, level: undefined })).toContain('level:validation.required');
    expect(issuesOf(ctx(1), { ...base, level: 6 })).toContain('level:validation.required');
  });

  it('C-USR-10 administrators grant levels 3-5, the supervisor also 1 and 2', () => {
    expect(grantableLevels(1)).toEqual([1, 2, 3, 4, 5]);
    expect(grantableLevels(3)).toEqual([3, 4, 5]);
    expect(grantableLevels(4)).toEqual([]);
    expect(issuesOf(ctx(3), { ...base, level: 1 })).toContain('level:validation.levelNotAllowed');
    expect(issuesOf(ctx(3), { ...base, level: 2 })).toContain('level:validation.levelNotAllowed');
    expect(issuesOf(ctx(3), { ...base, level: 5 })).toEqual([]);
    expect(issuesOf(ctx(1), { ...base, level: 1, corpId: null })).toEqual([]);
  });

  it('C-USR-08 corp is required when the actor is level 1 or 2 and the chosen level is not 1', () => {
    expect(issuesOf(ctx(1), { ...base, level: 3, corpId: null })).toContain('corpId:validation.required');
    expect(issuesOf(ctx(2), { ...base, level: 4, corpId: null })).toContain('corpId:validation.required');
    expect(issuesOf(ctx(3), { ...base, level: 4, corpId: null })).toEqual([]);
  });

  it('C-USR-13 an invalid email is refused, an empty one allowed', () => {
    expect(issuesOf(ctx(3), { ...base, mail: 'not-mail' })).toContain('mail:validation.email');
    expect(issuesOf(ctx(3), { ...base, mail: '' })).toEqual([]);
  });
});
