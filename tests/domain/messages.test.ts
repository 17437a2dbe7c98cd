import { describe, expect, it } from 'vitest';
import { currencyFor, decodeMessage, isSaveFailure, loginFormSchema, loginSafe, msg, passwordStrength, pickLanguage, saveMessageKey } from '../../domain';

describe('save status mapping', () => {
  it('F-ERR-03 0, undefined, null, 400 and 500 show the default error', () => {
    for (const s of [0, undefined, null, 400, 500]) expect(saveMessageKey(s, 'create')).toEqual({ key: 'errors.default', ok: false });
  });
  it('F-ERR-04..16 each spec code shows its own message', () => {
    const expected: [number, string][] = [
      [405, 'errors.methodNotAllowed'], [406, 'errors.duplicate'], [520, 'errors.inUseByTrunk'], [521, 'errors.inUseByQueue'],
      [522, 'errors.inUseByTime'], [523, 'errors.inUseByIvr'], [525, 'errors.inUseBySipRoute'], [526, 'errors.corpHasExtensions'],
      [530, 'errors.inUseByCorp'], [540, 'errors.urlUsed'], [550, 'errors.maxExtensions'], [551, 'errors.extensionExists'], [-5, 'errors.restrictionExists'],
    ];
    for (const [status, key] of expected) expect(saveMessageKey(status, 'update')).toEqual({ key, ok: false });
  });
  it('F-ERR-17 other statuses are success: created or updated', () => {
    expect(saveMessageKey(201, 'create')).toEqual({ key: 'messages.created', ok: true });
    expect(saveMessageKey(200, 'update')).toEqual({ key: 'messages.updated', ok: true });
  });
  it('F-DLG-03 the dialog stays open from status 400', () => {
    expect(isSaveFailure(399)).toBe(false);
    expect(isSaveFailure(400)).toBe(true);
    expect(isSaveFailure(551)).toBe(true);
    expect(isSaveFailure(-5)).toBe(true);
    expect(isSaveFailure(200)).toBe(false);
  });
});

describe('login rules', () => {
  const issues = (v: unknown) => {
    const r = loginFormSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message.split('|')[0]}`);
  };
  it('A-LOG-07 user name is required and at least 4 characters', () => {
    expect(issues({ nick: '', pass: 'abc' })).toContain('nick:validation.required');
    expect(issues({ nick: 'abc', pass: 'abc' })).toContain('nick:validation.minLength');
    expect(issues({ nick: 'abcd', pass: 'abc' })).toEqual([]);
  });
  it('A-LOG-08 password is required and at least 3 characters', () => {
    expect(issues({ nick: 'abcd', pass: '' })).toContain('pass:validation.required');
    expect(issues({ nick: 'abcd', pass: 'ab' })).toContain('pass:validation.minLength');
  });
  it('A-LOG-09 a value with unusual characters is sent empty', () => {
    expect(loginSafe('admin.user@acme')).toBe('admin.user@acme');
    expect(loginSafe('João 1')).toBe('João 1');
    expect(loginSafe('bad\u0000nick')).toBe('');
    expect(loginSafe('tab\there')).toBe('');
  });
});

describe('shared helpers', () => {
  it('F-DLG-06 password strength: 10 points a character, 25 for voicemail, capped at 100', () => {
    expect(passwordStrength('abc')).toEqual({ score: 30, tone: 'danger' });
    expect(passwordStrength('abcd')).toEqual({ score: 40, tone: 'warning' });
    expect(passwordStrength('abcdefgh')).toEqual({ score: 80, tone: 'success' });
    expect(passwordStrength('a'.repeat(20)).score).toBe(100);
    expect(passwordStrength('123', 'voicemail')).toEqual({ score: 75, tone: 'warning' });
    expect(passwordStrength('1234', 'voicemail').score).toBe(100);
  });
  it('A-I18N-02 stored wins, then route, then browser en/es, else pt', () => {
    expect(pickLanguage('es', 'en', 'pt-BR')).toBe('es');
    expect(pickLanguage(null, 'en', 'pt-BR')).toBe('en');
    expect(pickLanguage(null, 'xx', 'es-AR')).toBe('es');
    expect(pickLanguage(undefined, undefined, 'en-US')).toBe('en');
    expect(pickLanguage(undefined, undefined, 'fr-FR')).toBe('pt');
    expect(pickLanguage(undefined, undefined, undefined)).toBe('pt');
  });
  it('A-I18N-04 currency from the exchange locale', () => {
    expect(currencyFor('pt-BR')).toBe('R$');
    expect(currencyFor('AR')).toBe('$');
    expect(currencyFor('EN')).toBe('U$D');
  });
  it('messages with parameters survive the round trip', () => {
    expect(decodeMessage(msg('validation.range', { min: 1, max: 5 }))).toEqual({ key: 'validation.range', params: { min: 1, max: 5 } });
    expect(decodeMessage('validation.required')).toEqual({ key: 'validation.required', params: {} });
  });
});
