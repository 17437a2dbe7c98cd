import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { userOfToken } from '../../server/auth/guard';
import { kioskScreen } from '../../server/db/schema';
import { CALLERS, describeEachDatabase, type Caller, type TestApp } from './fixtures/test-app';

interface Screen {
  id: number;
  corpId: number;
  name: string;
  boards: string[];
  secondsPerBoard: number;
  revoked: boolean;
  keyHint: string;
  thresholds: Record<string, number>;
  key?: string;
}
interface Session {
  token: string;
  expiration: string;
  corpId: number;
  screen: { id: number; name: string; boards: string[]; secondsPerBoard: number; hideOffline: boolean; privacy: boolean; thresholds: Record<string, number> };
}

const body = (name: string) => ({ name, boards: ['queues', 'agents'], secondsPerBoard: 15, privacy: true });

describeEachDatabase('kiosk screens', (t) => {
  const create = async (app: TestApp, name: string, as: Caller = CALLERS.admin) => {
    const res = await app.post('/api/v1/kiosk', as, body(name));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Screen & { key: string };
  };
  const session = (app: TestApp, corp: string, screen: string | number, key: string) => app.post('/api/v1/kiosk/session', null, { corp, screen, key });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('an admin creates a screen: the key (32 bytes base64url) is in the 201 body once, never in a GET', async () => {
    const created = await create(t(), 'Floor 1');
    expect(created).toMatchObject({ name: 'Floor 1', boards: ['queues', 'agents'], secondsPerBoard: 15, hideOffline: false, privacy: true, revoked: false, corpId: t().ids.corp.acme });
    expect(created.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.key, 'base64url')).toHaveLength(32);
    expect(created.keyHint).toBe(created.key.slice(-4));
    expect(created.thresholds).toMatchObject({ waitingWarning: 3, serviceLevelWarningPct: 80 });

    const one = await t().get(`/api/v1/kiosk/${created.id}`, CALLERS.admin);
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty('key');
    expect(one.body).not.toContain(created.key);
    const list = await t().get('/api/v1/kiosk', CALLERS.admin);
    expect(list.body).not.toContain(created.key);
    expect(list.body).not.toContain('keyHash');
    // an update keeps the key and does not hand it out
    const updated = await t().put(`/api/v1/kiosk/${created.id}`, CALLERS.admin, { ...body('Floor 1'), secondsPerBoard: 30 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ secondsPerBoard: 30, keyHint: created.keyHint });
    expect(updated.json()).not.toHaveProperty('key');
    // only the digest is stored
    const [stored] = await t().db.select().from(kioskScreen).where(eq(kioskScreen.id, created.id));
    expect(stored.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.key);
  });

  it('validation boundaries answer 400 with the field; a duplicate name in the corp (any case) is 406', async () => {
    const bad = async (patch: Record<string, unknown>, path: string) => {
      const res = await t().post('/api/v1/kiosk', CALLERS.admin, { ...body('Valid'), ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect((res.json() as { issues: { path: string }[] }).issues.map((e) => e.path)).toContain(path);
    };
    await bad({ name: '' }, 'name');
    await bad({ name: 'x'.repeat(51) }, 'name');
    await bad({ name: 'a/b' }, 'name');
    await bad({ boards: [] }, 'boards');
    await bad({ boards: ['weather'] }, 'boards.0');
    await bad({ secondsPerBoard: 4 }, 'secondsPerBoard');
    await bad({ secondsPerBoard: 3601 }, 'secondsPerBoard');
    await bad({ thresholds: { waitingWarning: 3, waitingClearWarning: 3 } }, 'thresholds.waitingClearWarning');
    expect((await t().post('/api/v1/kiosk', CALLERS.admin, { ...body('x'.repeat(50)), secondsPerBoard: 5 })).statusCode).toBe(201);
    expect((await t().post('/api/v1/kiosk', CALLERS.admin, { ...body('Edge 3600'), secondsPerBoard: 3600 })).statusCode).toBe(201);

    await create(t(), 'Dup Name');
    const dup = await t().post('/api/v1/kiosk', CALLERS.owner, body('dup name'));
    expect(dup.statusCode).toBe(406);
    expect(dup.json()).toMatchObject({ message: 'errors.duplicate' });
    // the same name in another corp is fine
    expect((await t().post('/api/v1/kiosk', CALLERS.globexAdmin, body('Dup Name'))).statusCode).toBe(201);
  });

  it('who may: level 5 lists its corp’s screens, level 4 is refused, level 5 never writes; tenancy is 404', async () => {
    const acme = await create(t(), 'Tenancy A');
    const globex = await create(t(), 'Tenancy G', CALLERS.globexAdmin);
    const wallList = await t().get('/api/v1/kiosk', CALLERS.wall);
    expect(wallList.statusCode).toBe(200);
    const names = (wallList.json() as Screen[]).map((s) => s.name);
    expect(names).toContain('Tenancy A');
    expect(names).not.toContain('Tenancy G');
    expect((await t().get(`/api/v1/kiosk/${acme.id}`, CALLERS.wall)).statusCode).toBe(200);
    expect((await t().get('/api/v1/kiosk', CALLERS.agent)).statusCode).toBe(403);
    expect((await t().post('/api/v1/kiosk', CALLERS.agent, body('Nope'))).statusCode).toBe(403);
    expect((await t().post('/api/v1/kiosk', CALLERS.wall, body('Nope'))).statusCode).toBe(403);
    expect((await t().put(`/api/v1/kiosk/${acme.id}`, CALLERS.wall, body('Nope'))).statusCode).toBe(403);
    expect((await t().del(`/api/v1/kiosk/${acme.id}`, CALLERS.wall)).statusCode).toBe(403);
    expect((await t().post(`/api/v1/kiosk/${acme.id}/revoke`, CALLERS.wall)).statusCode).toBe(403);
    expect((await t().post(`/api/v1/kiosk/${acme.id}/rotate`, CALLERS.agent)).statusCode).toBe(403);
    expect((await t().post(`/api/v1/kiosk/${acme.id}/revoke`, null)).statusCode).toBe(401);

    // acme's admin cannot see, change, revoke or rotate globex's screen
    expect((await t().get(`/api/v1/kiosk/${globex.id}`, CALLERS.admin)).statusCode).toBe(404);
    expect((await t().put(`/api/v1/kiosk/${globex.id}`, CALLERS.admin, body('Taken'))).statusCode).toBe(404);
    expect((await t().post(`/api/v1/kiosk/${globex.id}/revoke`, CALLERS.admin)).statusCode).toBe(404);
    expect((await t().post(`/api/v1/kiosk/${globex.id}/rotate`, CALLERS.admin)).statusCode).toBe(404);
    expect((await t().del(`/api/v1/kiosk/${globex.id}`, CALLERS.admin)).statusCode).toBe(404);
    expect((await session(t(), 'globex', globex.id, globex.key)).statusCode).toBe(200);

    // level 1 manages any corp's screens (working corp or corpId in the body)
    const sup = await t().post('/api/v1/kiosk', CALLERS.super, { ...body('By Super'), corpId: t().ids.corp.globex });
    expect(sup.statusCode).toBe(201);
    expect(sup.json()).toMatchObject({ corpId: t().ids.corp.globex });
    expect((await t().post(`/api/v1/kiosk/${globex.id}/revoke`, CALLERS.super)).statusCode).toBe(200);
    expect((await t().del(`/api/v1/kiosk/${acme.id}`, CALLERS.admin)).statusCode).toBe(200);
  });

  it('the session exchange: the right key gives a 60 s kiosk token and the screen; wrong key, corp or screen is 401 errors.kioskKey', async () => {
    const screen = await create(t(), 'Session Floor');
    const before = Math.floor(Date.now() / 1000);
    const res = await session(t(), 'ACME', screen.id, screen.key);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as Session;
    expect(s.corpId).toBe(t().ids.corp.acme);
    expect(s.screen).toEqual({ id: screen.id, name: 'Session Floor', boards: ['queues', 'agents'], secondsPerBoard: 15, hideOffline: false, privacy: true, thresholds: screen.thresholds, noc: false });
    const claims = decodeJwt(s.token);
    expect(claims).toMatchObject({ kind: 'kiosk', corp: t().ids.corp.acme, lvl: 5, sub: String(screen.id) });
    expect(claims.exp! - claims.iat!).toBe(60);
    expect(claims.exp!).toBeGreaterThanOrEqual(before + 60);
    expect(Date.parse(s.expiration) / 1000).toBe(claims.exp);
    // by name (any case), or the id as text from the URL
    expect((await session(t(), 'acme', 'session floor', screen.key)).statusCode).toBe(200);
    expect((await session(t(), 'acme', String(screen.id), screen.key)).statusCode).toBe(200);

    for (const [corp, which, key] of [
      ['acme', screen.id, screen.key.slice(0, -1) + (screen.key.endsWith('A') ? 'B' : 'A')],
      ['globex', screen.id, screen.key],
      ['nowhere', screen.id, screen.key],
      ['acme', 999999, screen.key],
      ['acme', 'No Such Screen', screen.key],
    ] as const) {
      const wrong = await session(t(), corp, which, key);
      expect(wrong.statusCode, `${corp} ${which}`).toBe(401);
      expect(wrong.json()).toMatchObject({ status: 401, message: 'errors.kioskKey' });
    }
    expect((await t().post('/api/v1/kiosk/session', null, { corp: 'acme' })).statusCode).toBe(400);

    // GET /kiosk/self with the token: the screen; with a user token or none: 401
    const self = await t().get('/api/v1/kiosk/self', null, bearer(s.token));
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ screen: { id: screen.id, name: 'Session Floor' }, corpId: t().ids.corp.acme, revoked: false });
    expect((await t().get('/api/v1/kiosk/self', CALLERS.wall)).statusCode).toBe(401);
    expect((await t().get('/api/v1/kiosk/self', null)).statusCode).toBe(401);
  });

  it('revoke: the key answers 410 errors.kioskRevoked, issued tokens are refused at once (401 errors.kioskRevoked); rotate gives a new key once and the old one stops', async () => {
    const screen = await create(t(), 'Revoke Floor');
    const token = ((await session(t(), 'acme', screen.id, screen.key)).json() as Session).token;
    expect((await t().get('/api/v1/kiosk/self', null, bearer(token))).statusCode).toBe(200);

    const revoked = await t().post(`/api/v1/kiosk/${screen.id}/revoke`, CALLERS.admin);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: screen.id, revoked: true });
    expect(revoked.json()).not.toHaveProperty('key');
    expect((await t().get(`/api/v1/kiosk/${screen.id}`, CALLERS.wall)).json()).toMatchObject({ revoked: true });
    const refresh = await session(t(), 'acme', screen.id, screen.key);
    expect(refresh.statusCode).toBe(410);
    expect(refresh.json()).toMatchObject({ status: 410, message: 'errors.kioskRevoked' });
    const self = await t().get('/api/v1/kiosk/self', null, bearer(token));
    expect(self.statusCode).toBe(401);
    expect(self.json()).toMatchObject({ message: 'errors.kioskRevoked' });
    expect(await userOfToken(t().app.ctx, token)).toBeNull();
    // revoking twice is harmless
    expect((await t().post(`/api/v1/kiosk/${screen.id}/revoke`, CALLERS.owner)).statusCode).toBe(200);

    const rotated = await t().post(`/api/v1/kiosk/${screen.id}/rotate`, CALLERS.admin);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json() as Screen & { key: string };
    expect(fresh.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh.key).not.toBe(screen.key);
    expect(fresh).toMatchObject({ revoked: false, keyHint: fresh.key.slice(-4) });
    expect((await t().get(`/api/v1/kiosk/${screen.id}`, CALLERS.admin)).body).not.toContain(fresh.key);
    const old = await session(t(), 'acme', screen.id, screen.key);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ message: 'errors.kioskKey' });
    expect((await session(t(), 'acme', screen.id, fresh.key)).statusCode).toBe(200);
  });

  it('rotate: a token issued before the rotate is refused at once (401), on the kiosk routes and the hub; a token of the new key works', async () => {
    const screen = await create(t(), 'Rotate Floor');
    const before = ((await session(t(), 'acme', screen.id, screen.key)).json() as Session).token;
    expect((await t().get('/api/v1/kiosk/self', null, bearer(before))).statusCode).toBe(200);

    const rotated = await t().post(`/api/v1/kiosk/${screen.id}/rotate`, CALLERS.admin);
    expect(rotated.statusCode).toBe(200);
    const stale = await t().get('/api/v1/kiosk/self', null, bearer(before));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ message: 'errors.unauthorized' });
    expect(await userOfToken(t().app.ctx, before)).toBeNull();

    const after = ((await session(t(), 'acme', screen.id, (rotated.json() as { key: string }).key)).json() as Session).token;
    expect((await t().get('/api/v1/kiosk/self', null, bearer(after))).statusCode).toBe(200);
    expect(await userOfToken(t().app.ctx, after)).toMatchObject({ userId: -screen.id, level: 5 });
    // a second rotate retires that one too
    expect((await t().post(`/api/v1/kiosk/${screen.id}/rotate`, CALLERS.owner)).statusCode).toBe(200);
    expect((await t().get('/api/v1/kiosk/self', null, bearer(after))).statusCode).toBe(401);
  });

  it('a kiosk token is read-only and wallboard-only: every other route answers 401, writes included', async () => {
    const screen = await create(t(), 'Matrix Floor');
    const token = ((await session(t(), 'acme', screen.id, screen.key)).json() as Session).token;
    const ids = t().ids;
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/v1/myuser'],
      ['POST', '/api/v1/refresh'],
      ['GET', '/api/v1/user/getTheme'],
      ['GET', '/api/v1/user/getLang'],
      ['PUT', '/api/v1/user/profile', {}],
      ['GET', '/api/v1/getExchange'],
      ['GET', '/api/v1/getAllParams'],
      ['POST', '/api/v1/getAllParams', []],
      ['GET', '/api/v1/getAllParamsMail'],
      ['GET', '/api/v1/exten/datapc'],
      ['GET', '/api/v1/lookandfeel'],
      ['PUT', '/api/v1/lookandfeel', {}],
      ['GET', '/api/v1/corp'],
      ['GET', `/api/v1/corp/${ids.corp.acme}`],
      ['POST', '/api/v1/corp', {}],
      ['PUT', `/api/v1/corp/${ids.corp.acme}`, {}],
      ['DELETE', `/api/v1/corp/${ids.corp.acme}`],
      ['GET', '/api/v1/user'],
      ['GET', `/api/v1/user/${ids.user.agent}`],
      ['POST', '/api/v1/user', {}],
      ['PUT', `/api/v1/user/${ids.user.agent}`, {}],
      ['DELETE', `/api/v1/user/${ids.user.agent}`],
      ['GET', '/api/v1/rolegroup'],
      ['POST', '/api/v1/rolegroup', {}],
      ['DELETE', `/api/v1/rolegroup/${ids.roleGroup.agents}`],
      ['GET', '/api/v1/extension'],
      ['GET', `/api/v1/extension/${ids.extension.acme201}`],
      ['POST', '/api/v1/extension', {}],
      ['PUT', `/api/v1/extension/${ids.extension.acme201}`, { action: 'nope' }],
      ['DELETE', `/api/v1/extension/${ids.extension.acme201}`],
      ['GET', '/api/v1/queue'],
      ['GET', `/api/v1/queue/${ids.queue.sales}`],
      ['POST', '/api/v1/queue', {}],
      ['PUT', `/api/v1/queue/${ids.queue.sales}`, {}],
      ['DELETE', `/api/v1/queue/${ids.queue.sales}`],
      ['GET', '/api/v1/kiosk'],
      ['GET', `/api/v1/kiosk/${screen.id}`],
      ['POST', '/api/v1/kiosk', body('From The TV')],
      ['PUT', `/api/v1/kiosk/${screen.id}`, body('Renamed')],
      ['DELETE', `/api/v1/kiosk/${screen.id}`],
      ['POST', `/api/v1/kiosk/${screen.id}/revoke`],
      ['POST', `/api/v1/kiosk/${screen.id}/rotate`],
    ];
    const mismatches: string[] = [];
    for (const [method, url, payload] of routes) {
      const res = await t().request({ method: method as 'GET', url, payload: payload as object | undefined, headers: bearer(token) });
      if (res.statusCode !== 401) mismatches.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(mismatches).toEqual([]);
    // nothing changed
    expect((await t().get(`/api/v1/kiosk/${screen.id}`, CALLERS.admin)).json()).toMatchObject({ name: 'Matrix Floor', revoked: false });
    expect((await t().get('/api/v1/kiosk/self', null, bearer(token))).statusCode).toBe(200);
  });

  it('the hub’s authentication takes a kiosk token as a read-only level-5 principal of its corp', async () => {
    const screen = await create(t(), 'Hub Floor');
    const token = ((await session(t(), 'acme', screen.id, screen.key)).json() as Session).token;
    const principal = await userOfToken(t().app.ctx, token);
    expect(principal).toEqual({
      userId: -screen.id,
      nick: 'kiosk:Hub Floor',
      liveActions: [],
      level: 5,
      corpId: t().ids.corp.acme,
      views: [
        { name: 'panel', actions: ['read'] },
        { name: 'kiosk', actions: ['read'] },
      ],
    });
    // a deleted screen's token names nobody
    expect((await t().del(`/api/v1/kiosk/${screen.id}`, CALLERS.admin)).statusCode).toBe(200);
    expect(await userOfToken(t().app.ctx, token)).toBeNull();
    expect((await t().get('/api/v1/kiosk/self', null, bearer(token))).statusCode).toBe(401);
  });
});
