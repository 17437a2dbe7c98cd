import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { DEFAULT_THROTTLE } from '../../server/auth/login-throttle';
import { userTokenKey } from '../../server/auth/tokens';
import { appUser } from '../../server/db/schema';
import { CALLERS, describeEachDatabase, TEST_SECRET } from './fixtures/test-app';

const appKey = new TextEncoder().encode(TEST_SECRET);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

describeEachDatabase('login and tokens', (t) => {
  const login = (body: object, remoteAddress = '10.0.0.1') => t().request({ method: 'POST', url: '/api/v1/login', payload: body, remoteAddress });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** the key a user's tokens are signed with: the app key bound to the user's password hash */
  const userKey = async (id: number) => {
    const [row] = await t().db.select({ hash: appUser.passHash }).from(appUser).where(eq(appUser.id, id));
    return userTokenKey(appKey, row.hash);
  };

  it('A-LOG-10 login returns token and expiration (8 h ahead, ISO)', async () => {
    const res = await login({ nick: 'admin', pass: 'callboard', corpoName: 'acme' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { token: string; expiration: string };
    expect(body.token.split('.')).toHaveLength(3);
    const ms = Date.parse(body.expiration) - Date.now();
    expect(ms).toBeGreaterThan(8 * 3600_000 - 60_000);
    expect(ms).toBeLessThanOrEqual(8 * 3600_000 + 1000);
    const me = await t().get('/api/v1/myuser', null, bearer(body.token));
    expect(me.json()).toMatchObject({ nick: 'admin', corpName: 'Acme', level: 3 });
  });

  it('A-LOG-01 the nick is looked up inside the corp of corpoName (default supervisor)', async () => {
    const globex = await login({ nick: 'admin', pass: 'callboard', corpoName: 'globex' });
    const me = await t().get('/api/v1/myuser', null, bearer((globex.json() as { token: string }).token));
    expect(me.json()).toMatchObject({ corpUrl: 'globex' });
    // no corpoName: supervisor, where there is no admin
    expect((await login({ nick: 'admin', pass: 'callboard' })).statusCode).toBe(401);
    expect((await login({ nick: 'super', pass: 'callboard' })).statusCode).toBe(200);
  });

  it('A-LOG-12 bad password, unknown nick or unknown corp answer 401 errors.credentials', async () => {
    for (const body of [
      { nick: 'admin', pass: 'wrong', corpoName: 'acme' },
      { nick: 'nobody', pass: 'callboard', corpoName: 'acme' },
      { nick: 'admin', pass: 'callboard', corpoName: 'initech' },
    ]) {
      const res = await login(body, '10.0.1.1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, error: 'Unauthorized', message: 'errors.credentials' });
    }
  });

  it('A-LOG-10 a malformed login body answers 400 with issues', async () => {
    const res = await login({ pass: 'x' }, '10.0.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, issues: [{ path: 'nick', message: 'validation.required' }] });
  });

  it('issue 13 login throttle: failures slow down one user at one address (a backoff), never the right password from another address', async () => {
    const owner = (pass: string, ip: string) => login({ nick: 'owner', pass, corpoName: 'acme' }, ip);
    for (let i = 0; i < 5; i++) expect((await owner('bad', '10.1.0.1')).statusCode).toBe(401);
    // the pair waits now, even with the right password, and is told for how long
    const waiting = await owner('callboard', '10.1.0.1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({ status: 429, error: 'Too Many Requests', message: 'errors.tooManyRequests' });
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // the same user from another address is not refused: nobody can lock a user out by failing on purpose
    expect((await owner('callboard', '10.1.0.2')).statusCode).toBe(200);
    // nor is the same nick in another corp, nor another user at the first address
    expect((await login({ nick: 'admin', pass: 'callboard', corpoName: 'globex' }, '10.1.0.1')).statusCode).toBe(200);
    expect((await login({ nick: 'agent', pass: 'callboard', corpoName: 'acme' }, '10.1.0.1')).statusCode).toBe(200);
  });

  it('issue 13 login throttle: failures from one address against many users lock out no other user behind it', async () => {
    for (let i = 0; i < 12; i++) expect((await login({ nick: `user${i}x`, pass: 'bad', corpoName: 'acme' }, '10.2.0.1')).statusCode).toBe(401);
    expect((await login({ nick: 'agent', pass: 'callboard', corpoName: 'acme' }, '10.2.0.1')).statusCode).toBe(200);
  });

  it('issue 13 login throttle: a success at an address forgets that pair\'s failures', async () => {
    for (let i = 0; i < 4; i++) await login({ nick: 'wall', pass: 'bad', corpoName: 'acme' }, '10.3.0.1');
    expect((await login({ nick: 'wall', pass: 'callboard', corpoName: 'acme' }, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ nick: 'wall', pass: 'bad', corpoName: 'acme' }, '10.3.0.1')).statusCode).toBe(401);
    expect((await login({ nick: 'wall', pass: 'callboard', corpoName: 'acme' }, '10.3.0.1')).statusCode).toBe(200);
  });

  it('issue 13 A-LOG-12 the per-address ceiling counts every login attempt, malformed ones too, and answers 429 with Retry-After', async () => {
    const ip = '10.5.0.1';
    const perMinute = DEFAULT_THROTTLE.perAddressPerMinute;
    const statuses: number[] = [];
    for (let i = 0; i < perMinute; i++) statuses.push((await login(i % 2 === 0 ? { nick: 'x' } : { nick: `nobody${i}`, pass: 'bad', corpoName: 'acme' }, ip)).statusCode);
    expect(new Set(statuses)).toEqual(new Set([400, 401]));
    const over = await login({ nick: 'agent', pass: 'callboard', corpoName: 'acme' }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: 429, message: 'errors.tooManyRequests' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not concerned
    expect((await login({ nick: 'agent', pass: 'callboard', corpoName: 'acme' }, '10.5.0.2')).statusCode).toBe(200);
  });

  it('A-SES-05 no token, a garbage token or a tampered token answer 401', async () => {
    expect((await t().get('/api/v1/myuser', null)).statusCode).toBe(401);
    expect((await t().get('/api/v1/myuser', null, { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    const token = await t().login('admin', 'acme');
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${b64({ ...claims, lvl: 1 })}.${s}`;
    const res = await t().get('/api/v1/myuser', null, bearer(forged));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, error: 'Unauthorized', message: 'errors.unauthorized' });
  });

  it('an expired token (exp in the past, right secret) answers 401', async () => {
    const key = await userKey(t().ids.user.admin);
    const token = await new SignJWT({ corp: t().ids.corp.acme, lvl: 3, kind: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(t().ids.user.admin))
      .setIssuedAt(now() - 9 * 3600)
      .setExpirationTime(now() - 3600)
      .sign(key);
    expect((await t().get('/api/v1/myuser', null, bearer(token))).statusCode).toBe(401);
  });

  it('tokens with alg none or HS512 are refused (algorithm allowlist HS256)', async () => {
    const claims = { sub: String(t().ids.user.super), corp: t().ids.corp.supervisor, lvl: 1, kind: 'user', iat: now(), exp: now() + 3600 };
    const key = await userKey(t().ids.user.super);
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect((await t().get('/api/v1/myuser', null, bearer(none))).statusCode).toBe(401);
    const hs512 = await new SignJWT({ corp: claims.corp, lvl: 1, kind: 'user' }).setProtectedHeader({ alg: 'HS512' }).setSubject(claims.sub).setExpirationTime('1h').sign(key);
    expect((await t().get('/api/v1/myuser', null, bearer(hs512))).statusCode).toBe(401);
    const good = await new SignJWT({ corp: claims.corp, lvl: 1, kind: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setExpirationTime('1h').sign(key);
    expect((await t().get('/api/v1/myuser', null, bearer(good))).statusCode).toBe(200);
    // signed with the app key alone (not bound to the password): refused
    const unbound = await new SignJWT({ corp: claims.corp, lvl: 1, kind: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setExpirationTime('1h').sign(appKey);
    expect((await t().get('/api/v1/myuser', null, bearer(unbound))).statusCode).toBe(401);
  });

  it('a token without exp is refused', async () => {
    const key = await userKey(t().ids.user.super);
    const token = await new SignJWT({ corp: t().ids.corp.supervisor, lvl: 1, kind: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(t().ids.user.super)).sign(key);
    expect((await t().get('/api/v1/myuser', null, bearer(token))).statusCode).toBe(401);
  });

  it('B-PNL-27 refresh gives a new token and expiration', async () => {
    const res = await t().post('/api/v1/refresh', CALLERS.agent);
    expect(res.statusCode).toBe(200);
    const { token, expiration } = res.json() as { token: string; expiration: string };
    expect(Date.parse(expiration)).toBeGreaterThan(Date.now());
    expect((await t().get('/api/v1/myuser', null, bearer(token))).json()).toMatchObject({ nick: 'agent' });
    expect((await t().post('/api/v1/refresh', null)).statusCode).toBe(401);
  });

  it('a disabled user cannot log in and their token stops working', async () => {
    const create = await t().post('/api/v1/user', CALLERS.admin, { nick: 'temp1', name: 'Temp', level: 4, pass: 'abcd', passConfirm: 'abcd' });
    expect(create.statusCode).toBe(201);
    const id = (create.json() as { id: number }).id;
    const ok = await login({ nick: 'temp1', pass: 'abcd', corpoName: 'acme' }, '10.4.0.1');
    const token = (ok.json() as { token: string }).token;
    expect((await t().get('/api/v1/myuser', null, bearer(token))).statusCode).toBe(200);

    const disable = await t().patch(`/api/v1/user/${id}`, CALLERS.admin, { enabled: 0 });
    expect(disable.statusCode).toBe(200);
    expect((await t().get('/api/v1/myuser', null, bearer(token))).statusCode).toBe(401);
    const refused = await login({ nick: 'temp1', pass: 'abcd', corpoName: 'acme' }, '10.4.0.2');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: 'errors.credentials' });

    await t().patch(`/api/v1/user/${id}`, CALLERS.admin, { enabled: 1 });
    expect((await t().get('/api/v1/myuser', null, bearer(token))).statusCode).toBe(200);
    expect((await t().del(`/api/v1/user/${id}`, CALLERS.admin)).statusCode).toBe(200);
    // a deleted user's token
    expect((await t().get('/api/v1/myuser', null, bearer(token))).statusCode).toBe(401);
  });
});
