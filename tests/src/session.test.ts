import { afterEach, describe, expect, it, vi } from 'vitest';
import { corpOfPath, loginPathFor, withLanguage } from '../../src/app/login-redirect';
import { clearSession, readSession, refreshDelayMs, startPeriodicRefresh, STORAGE_KEYS, writeSession, type KeyValueStore } from '../../src/app/session-store';
import { parseWorkingCorp, workingCorpCookies } from '../../src/app/working-corp';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('session storage', () => {
  it('A-SES-01 token and expiry live in localStorage under token and expiration', () => {
    const store = memoryStore();
    writeSession(store, { token: 'abc', expiration: '2030-01-01T00:00:00.000Z' });
    expect(store.data.get('token')).toBe('abc');
    expect(store.data.get('expiration')).toBe('2030-01-01T00:00:00.000Z');
    expect(readSession(store)).toEqual({ token: 'abc', expiration: '2030-01-01T00:00:00.000Z' });
  });

  it('A-SES-02 a session resumes only when both token and expiry exist', () => {
    const store = memoryStore();
    store.setItem('token', 'abc');
    expect(readSession(store)).toBeNull();
  });

  it('A-SES-04 sign-out removes token, expiry and the web phone flag, and keeps the language', () => {
    const store = memoryStore();
    writeSession(store, { token: 'abc', expiration: 'x' });
    store.setItem(STORAGE_KEYS.webphone, '1');
    store.setItem(STORAGE_KEYS.lang, 'es');
    clearSession(store);
    expect([...store.data.keys()]).toEqual(['lang']);
  });

  it('the token is refreshed two minutes before expiry, never within 5 s, never beyond a day', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(refreshDelayMs('2030-01-01T01:00:00Z', now)).toBe(58 * 60_000);
    expect(refreshDelayMs('2030-01-01T00:01:00Z', now)).toBe(5_000);
    expect(refreshDelayMs('2030-03-01T00:00:00Z', now)).toBe(86_400_000);
    expect(refreshDelayMs('not a date', now)).toBeNull();
  });
});

describe('sign-out target and url helpers', () => {
  it('A-SES-04 sign-out goes to the login page of the corp in the url, default supervisor', () => {
    expect(loginPathFor('/acme/en/configuration/user')).toBe('/login/acme');
    expect(loginPathFor('/login/globex')).toBe('/login/globex');
    expect(loginPathFor('/login')).toBe('/login/supervisor');
    expect(loginPathFor('/')).toBe('/login/supervisor');
    expect(corpOfPath('/foo')).toBe('supervisor');
  });

  it('A-RTE-01 the lang segment is replaced in place', () => {
    expect(withLanguage('/acme/en/configuration/user', 'pt')).toBe('/acme/pt/configuration/user');
    expect(withLanguage('/acme/xx', 'es')).toBe('/acme/es');
    expect(withLanguage('/login/acme', 'es')).toBe('/login/acme');
  });
});

describe('working corp cookies', () => {
  it('A-SES-07 selecting stores corpId and corpName for one day', () => {
    const now = new Date('2030-01-01T10:00:00Z');
    const cookies = workingCorpCookies({ id: 7, name: 'Acme Inc' }, now);
    expect(cookies[0]).toMatch(/^corpId=7; expires=Wed, 02 Jan 2030 10:00:00 GMT; path=\//);
    expect(cookies[1]).toMatch(/^corpName=Acme%20Inc; expires=Wed, 02 Jan 2030 10:00:00 GMT; path=\//);
  });

  it('A-SES-08 deselecting stores id 0, which reads back as no selection', () => {
    const cookies = workingCorpCookies(null, new Date('2030-01-01T00:00:00Z'));
    expect(cookies[0]).toMatch(/^corpId=0;/);
    expect(parseWorkingCorp('corpId=0; corpName=')).toBeNull();
  });

  it('A-SES-07 the selection is read back from document.cookie', () => {
    expect(parseWorkingCorp('theme=1; corpId=7; corpName=Acme%20Inc')).toEqual({ id: 7, name: 'Acme Inc' });
    expect(parseWorkingCorp('')).toBeNull();
    expect(parseWorkingCorp('corpId=abc')).toBeNull();
  });
});

describe('B-PNL-27 periodic token refresh', () => {
  afterEach(() => vi.useRealTimers());

  it('B-PNL-27 refreshes every 60 s while open and once more on leaving, keeping the newest token', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    writeSession(store, { token: 't0', expiration: '2026-11-22T10:00:00.000Z' });
    let n = 0;
    const refresh = vi.fn(async () => ({ token: `t${++n}`, expiration: `2026-11-22T1${n}:00:00.000Z` }));
    const stop = startPeriodicRefresh({ periodMs: 60_000, refresh, store, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(readSession(store)?.token).toBe('t3');
    stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(4);
    expect(readSession(store)?.token).toBe('t4');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it('B-PNL-27 a failed refresh is reported, and nothing is refreshed on leaving after a sign-out', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    writeSession(store, { token: 't0', expiration: '2026-11-22T10:00:00.000Z' });
    const errors: unknown[] = [];
    const refresh = vi.fn(() => Promise.reject(new Error('offline')));
    const stop = startPeriodicRefresh({ periodMs: 60_000, refresh, store, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(errors).toHaveLength(1);
    expect(readSession(store)?.token).toBe('t0');
    clearSession(store);
    stop();
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
