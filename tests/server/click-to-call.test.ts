import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { C2C_RULES, type C2cHistoryPage, type C2cKeyCreated, type C2cKeyRow } from '../../domain';
import { clickToCallKey, clickToCallRequest } from '../../server/db/schema-click-to-call';
import { parameter } from '../../server/db/schema';
import { CALLERS, describeEachDatabase, MANUAL_SIMULATOR, type Caller, type TestApp } from './fixtures/test-app';

/** Each test calls from its own address, so the per-address limit of one test never meets another's. */
let lastAddress = 10;
const nextAddress = () => `10.0.0.${++lastAddress}`;

async function createKey(t: TestApp, as: Caller = CALLERS.admin, label = 'CRM'): Promise<C2cKeyCreated> {
  const res = await t.post('/api/v1/clicktocall/keys', as, { label });
  expect(res.statusCode).toBe(201);
  return res.json() as C2cKeyCreated;
}

function makecall(t: TestApp, body: unknown, ip: string, headers: Record<string, string> = {}) {
  return t.request({ method: 'POST', url: '/api/v1/clicktocall/makecall', payload: body as never, remoteAddress: ip, headers });
}

function form(t: TestApp, as: Caller, body: unknown, ip: string) {
  return t.request({ method: 'POST', url: '/api/v1/clicktocall/call', as, payload: body as never, remoteAddress: ip });
}

async function history(t: TestApp, as: Caller = CALLERS.admin, query = ''): Promise<C2cHistoryPage> {
  const res = await t.get(`/api/v1/clicktocall/history${query}`, as);
  expect(res.statusCode).toBe(200);
  return res.json() as C2cHistoryPage;
}

describeEachDatabase(
  'click-to-call keys, API, form and history (issue 11)',
  (t) => {
    it('E-C2C-05 a key is created by an administrator, shown once, stored hashed; the list never holds the secret', async () => {
      const created = await createKey(t(), CALLERS.admin, 'Helpdesk CRM');
      expect(created.keyId).toBe(`c2c_${created.id}`);
      expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(created.hint).toBe(created.secret.slice(-4));
      expect(created.createdBy).toBe('admin');

      const list = await t().get('/api/v1/clicktocall/keys', CALLERS.admin);
      expect(list.statusCode).toBe(200);
      const rows = list.json() as C2cKeyRow[];
      expect(rows.map((r) => r.keyId)).toContain(created.keyId);
      expect(list.body).not.toContain(created.secret);
      for (const row of rows) expect(row).not.toHaveProperty('secret');

      const [stored] = await t().db.select().from(clickToCallKey).where(eq(clickToCallKey.id, created.id));
      expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(created.secret);
    });

    it('E-C2C-05 key rights: levels 1 (working corp), 2, 3; not 4 or 5; another corp neither sees nor revokes a key (404)', async () => {
      const created = await createKey(t());
      expect((await t().post('/api/v1/clicktocall/keys', CALLERS.agent, { label: 'x' })).statusCode).toBe(403);
      expect((await t().post('/api/v1/clicktocall/keys', CALLERS.wall, { label: 'x' })).statusCode).toBe(403);
      expect((await t().get('/api/v1/clicktocall/keys', CALLERS.agent)).statusCode).toBe(403);
      expect((await t().post('/api/v1/clicktocall/keys', CALLERS.anonymous, { label: 'x' })).statusCode).toBe(401);
      // level 1: a working corp is needed; with acme's it sees acme's keys
      expect((await t().get('/api/v1/clicktocall/keys', CALLERS.super)).statusCode).toBe(400);
      const asSuper = await t().get('/api/v1/clicktocall/keys', CALLERS.super, { 'x-working-corp': String(t().ids.corp.acme) });
      expect((asSuper.json() as C2cKeyRow[]).map((r) => r.id)).toContain(created.id);
      // globex: not in its list, and its revoke is a 404
      const globexList = (await t().get('/api/v1/clicktocall/keys', CALLERS.globexAdmin)).json() as C2cKeyRow[];
      expect(globexList.map((r) => r.id)).not.toContain(created.id);
      expect((await t().post(`/api/v1/clicktocall/keys/${created.id}/revoke`, CALLERS.globexAdmin)).statusCode).toBe(404);
      expect((await t().post(`/api/v1/clicktocall/keys/${created.id}/revoke`, CALLERS.owner)).statusCode).toBe(200);
    });

    it('J-API-01 J-ONE-02 E-C2C-05 a key is never edited or deleted: PUT, PATCH and DELETE answer 404 like any route that is not there, and leave it; revoke still works', async () => {
      const created = await createKey(t(), CALLERS.admin, 'Kept CRM');
      const { secret: _secret, ...row } = created;
      const base = '/api/v1/clicktocall/keys';
      const acme = { 'x-working-corp': String(t().ids.corp.acme) };
      const writes = [
        { method: 'PUT', url: base, payload: { id: created.id, label: 'Changed' } },
        { method: 'PUT', url: `${base}/${created.id}`, payload: { label: 'Changed' } },
        { method: 'PATCH', url: `${base}/${created.id}`, payload: { label: 'Changed' } },
        { method: 'DELETE', url: `${base}/${created.id}` },
      ] as const;
      for (const write of writes) {
        for (const as of [CALLERS.admin, CALLERS.super, CALLERS.anonymous]) {
          const res = await t().request({ method: write.method, url: write.url, as, payload: 'payload' in write ? write.payload : undefined, headers: as === CALLERS.super ? acme : {} });
          expect(res.statusCode, `${write.method} ${write.url}`).toBe(404);
          expect(res.json()).toMatchObject({ status: 404, message: 'errors.notFound' });
        }
      }
      const read = await t().get(`${base}/${created.id}`, CALLERS.admin);
      expect(read.json()).toEqual(row);
      const revoked = await t().post(`${base}/${created.id}/revoke`, CALLERS.admin);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toEqual({ ...row, revokedAt: expect.any(String) });
      const [stored] = await t().db.select().from(clickToCallKey).where(eq(clickToCallKey.id, created.id));
      expect(stored.label).toBe('Kept CRM');
    });

    it('E-C2C-05 makecall with the corp key rings the extension in the simulator and is recorded', async () => {
      const key = await createKey(t());
      const res = await makecall(t(), { exten: '203', destination: '204', key: key.keyId, passwd: key.secret }, nextAddress());
      expect(res.statusCode).toBe(200);
      const answer = res.json() as { status: string; channelId: string };
      expect(answer.status).toBe('calling');
      // the PBX adapter (the simulator) now has the call's first leg, on acme's extension 203
      const snapshot = await t().app.live!.simulator!.snapshot();
      const leg = snapshot.channels.find((c) => c.id === answer.channelId);
      expect(leg?.name).toContain(`${t().ids.corp.acme}_203`);

      const page = await history(t());
      expect(page.rows[0]).toMatchObject({ source: 'api', keyId: key.keyId, keyLabel: 'CRM', exten: '203', destination: '204', outcome: 'calling', status: 200, channelId: answer.channelId });
      const [used] = await t().db.select().from(clickToCallKey).where(eq(clickToCallKey.id, key.id));
      expect(used.lastUsedAt).not.toBeNull();
      // a JSON number is taken for the digits
      expect((await makecall(t(), { exten: 205, destination: 206, key: key.keyId, passwd: key.secret }, nextAddress())).statusCode).toBe(200);
    });

    it('E-C2C-06 login (user, password) then makecall with the bearer token; a revoked key’s token stops at once', async () => {
      const key = await createKey(t());
      const ip = nextAddress();
      const login = await t().request({ method: 'POST', url: '/api/v1/clicktocall/login', payload: { user: key.keyId, password: key.secret }, remoteAddress: ip });
      expect(login.statusCode).toBe(200);
      const { token } = login.json() as { token: string };
      const call = await makecall(t(), { exten: '207', destination: '208' }, ip, { authorization: `Bearer ${token}` });
      expect(call.statusCode).toBe(200);
      // the token is no user token
      expect((await t().request({ url: '/api/v1/myuser', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      const wrong = await t().request({ method: 'POST', url: '/api/v1/clicktocall/login', payload: { user: key.keyId, password: 'nope' }, remoteAddress: ip });
      expect(wrong.statusCode).toBe(401);
      expect((await t().post(`/api/v1/clicktocall/keys/${key.id}/revoke`, CALLERS.admin)).statusCode).toBe(200);
      const after = await makecall(t(), { exten: '209', destination: '210' }, ip, { authorization: `Bearer ${token}` });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ message: 'errors.clickToCallKeyRevoked' });
    });

    it('E-C2C-05 a bad key is 401 (unknown key: not recorded; wrong secret: recorded), a revoked key 401, another corp’s key 401', async () => {
      const key = await createKey(t());
      const ip = nextAddress();
      const before = (await history(t())).total;
      const unknown = await makecall(t(), { exten: '211', destination: '212', key: 'c2c_999999', passwd: key.secret }, ip);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ message: 'errors.clickToCallKey' });
      expect((await makecall(t(), { exten: '211', destination: '212' }, ip)).statusCode).toBe(401);
      expect((await history(t())).total).toBe(before);

      const wrong = await makecall(t(), { exten: '211', destination: '212', key: key.keyId, passwd: `${key.secret.slice(0, -1)}x` }, ip);
      expect(wrong.statusCode).toBe(401);
      expect((await history(t())).rows[0]).toMatchObject({ outcome: 'badKey', status: 401, keyId: key.keyId, remoteAddress: ip });

      // acme's key cannot ring globex's extension (the key names the corp): 404 in acme
      const foreign = await makecall(t(), { exten: '1001', destination: '1002', key: key.keyId, passwd: key.secret }, ip);
      expect(foreign.statusCode).toBe(404);

      await t().post(`/api/v1/clicktocall/keys/${key.id}/revoke`, CALLERS.admin);
      const revoked = await makecall(t(), { exten: '211', destination: '212', key: key.keyId, passwd: key.secret }, ip);
      expect(revoked.statusCode).toBe(401);
      expect((await history(t())).rows[0]).toMatchObject({ outcome: 'keyRevoked', status: 401 });

      // globex's form with acme's key: refused (403 on the form), recorded in globex without acme's key
      const globexForm = await form(t(), CALLERS.globexAdmin, { exten: '1001', destination: '1002', key: key.keyId, passwd: key.secret }, ip);
      expect(globexForm.statusCode).toBe(403);
      const globexRows = (await history(t(), CALLERS.globexAdmin)).rows;
      expect(globexRows[0]).toMatchObject({ source: 'form', outcome: 'badKey', keyId: null, userNick: 'admin' });
      expect((await history(t())).rows.some((r) => r.exten === '1001' && r.source === 'form')).toBe(false);
    });

    it('E-C2C-05 unknown extension 404 and recorded; history is newest first and paged', async () => {
      const key = await createKey(t());
      const res = await makecall(t(), { exten: '9999', destination: '201', key: key.keyId, passwd: key.secret }, nextAddress());
      expect(res.statusCode).toBe(404);
      const first = await history(t(), CALLERS.admin, '?page=0&size=10');
      expect(first.rows[0]).toMatchObject({ outcome: 'notFound', status: 404, exten: '9999' });
      expect(first.size).toBe(10);
      const times = first.rows.map((r) => Date.parse(r.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const second = await history(t(), CALLERS.admin, '?page=1&size=10');
      expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0].id);
      expect((await t().get('/api/v1/clicktocall/history?size=7', CALLERS.admin)).statusCode).toBe(400);
      expect((await t().get('/api/v1/clicktocall/history', CALLERS.agent)).statusCode).toBe(403);
    });


    it('E-C2C-05 an extension on a call is 409 errors.extensionBusy, recorded as busy (not a bare "bad request")', async () => {
      const key = await createKey(t());
      const first = await makecall(t(), { exten: '217', destination: '218', key: key.keyId, passwd: key.secret }, nextAddress());
      expect(first.statusCode).toBe(200);
      // 217 is ringing: the simulator, like a phone without call waiting, will not ring it again
      const again = await makecall(t(), { exten: '217', destination: '219', key: key.keyId, passwd: key.secret }, nextAddress());
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: 'errors.extensionBusy' });
      expect((await history(t())).rows[0]).toMatchObject({ outcome: 'busy', status: 409, exten: '217', destination: '219' });
      // the panel's originate says the same
      const panel = await t().post('/api/v1/originate', CALLERS.admin, { from: '217', to: '220' });
      expect(panel.statusCode).toBe(409);
      expect(panel.json()).toMatchObject({ message: 'errors.extensionBusy' });
    });
    it('E-C2C-01 E-C2C-02 E-C2C-03 the form rings with the typed ID and password in the user’s corp; a wrong password is 403, not a sign-out', async () => {
      const key = await createKey(t());
      const ip = nextAddress();
      const ok = await form(t(), CALLERS.admin, { exten: '213', destination: '214', key: key.keyId, passwd: key.secret }, ip);
      expect(ok.statusCode).toBe(200);
      expect((await history(t())).rows[0]).toMatchObject({ source: 'form', userNick: 'admin', keyId: key.keyId, outcome: 'calling' });
      const bad = await form(t(), CALLERS.admin, { exten: '215', destination: '216', key: key.keyId, passwd: 'wrong' }, ip);
      expect(bad.statusCode).toBe(403);
      expect(bad.json()).toMatchObject({ message: 'errors.clickToCallKey' });
      expect((await form(t(), CALLERS.admin, { exten: '21a', destination: '216', key: key.keyId, passwd: key.secret }, ip)).statusCode).toBe(400);
      expect((await form(t(), CALLERS.wall, { exten: '215', destination: '216', key: key.keyId, passwd: key.secret }, ip)).statusCode).toBe(403);
      expect((await form(t(), CALLERS.anonymous, { exten: '215', destination: '216', key: key.keyId, passwd: key.secret }, ip)).statusCode).toBe(401);
    });

    it('E-C2C-05 rate limited per key (429 with Retry-After, recorded) and per address', async () => {
      const key = await createKey(t());
      const body = { exten: '9998', destination: '201', key: key.keyId, passwd: key.secret };
      for (let i = 0; i < C2C_RULES.perKeyPerMinute; i++) expect((await makecall(t(), body, nextAddress())).statusCode).toBe(404);
      const limited = await makecall(t(), body, nextAddress());
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await history(t())).rows[0]).toMatchObject({ outcome: 'rateLimited', status: 429 });
      // another key is not held back by this one
      const other = await createKey(t());
      expect((await makecall(t(), { ...body, key: other.keyId, passwd: other.secret }, nextAddress())).statusCode).toBe(404);
      // one address, anything at all: limited before the body is read
      const ip = nextAddress();
      let last = 0;
      for (let i = 0; i <= C2C_RULES.perAddressPerMinute; i++) last = (await makecall(t(), {}, ip)).statusCode;
      expect(last).toBe(429);
    });

    it('E-C2C-05 hostile bodies never answer 5xx', async () => {
      const key = await createKey(t());
      const ip = nextAddress();
      const bodies: unknown[] = [
        { exten: '20\u00001', destination: '202', key: key.keyId, passwd: key.secret },
        { exten: '2'.repeat(100_000), destination: '202', key: key.keyId, passwd: key.secret },
        { exten: '201', destination: '202', key: `c2c_${2 ** 31}`, passwd: key.secret },
        { exten: '201', destination: '202', key: 'c2c_99999999999999999999', passwd: 'x'.repeat(100_000) },
        { exten: 2 ** 53, destination: -1, key: 12, passwd: null },
        { exten: ['201'], destination: { a: 1 }, key: key.keyId, passwd: key.secret },
        'not json',
        null,
      ];
      for (const body of bodies) {
        const res = await makecall(t(), body, ip);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
        expect(res.statusCode).not.toBe(200);
      }
      expect((await t().post('/api/v1/clicktocall/keys/99999999999/revoke', CALLERS.admin)).statusCode).toBe(400);
      expect((await t().post('/api/v1/clicktocall/keys', CALLERS.admin, { label: 'a\u0000b' })).statusCode).toBe(400);
      expect((await t().post('/api/v1/clicktocall/keys', CALLERS.admin, { label: 'x'.repeat(51) })).statusCode).toBe(400);
      const bearer = await makecall(t(), { exten: '201', destination: '202' }, ip, { authorization: 'Bearer a.b.c' });
      expect(bearer.statusCode).toBe(401);
    });

    it('A-MENU-08 with parameter clickToCall off, calls are refused (403) and recorded', async () => {
      const key = await createKey(t());
      await t().db.update(parameter).set({ value: 'no' }).where(eq(parameter.key, 'clickToCall'));
      try {
        const res = await makecall(t(), { exten: '217', destination: '218', key: key.keyId, passwd: key.secret }, nextAddress());
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ message: 'errors.clickToCallOff' });
        expect((await history(t())).rows[0]).toMatchObject({ outcome: 'disabled', status: 403 });
      } finally {
        await t().db.update(parameter).set({ value: 'yes' }).where(eq(parameter.key, 'clickToCall'));
      }
      const rows = await t().db.select().from(clickToCallRequest);
      expect(rows.every((r) => r.corpId === t().ids.corp.acme || r.corpId === t().ids.corp.globex)).toBe(true);
    });
  },
  { live: MANUAL_SIMULATOR },
);

/** Every phone of the simulated floor starts unregistered. */
const OFFLINE_FLOOR = { ...MANUAL_SIMULATOR, traffic: { ...MANUAL_SIMULATOR.traffic, offlineAtStart: 1 } };

describeEachDatabase(
  'click-to-call to a phone that is not registered (issue 11)',
  (t) => {
    it('E-C2C-05 an unregistered extension is 409 errors.extensionNotRegistered, recorded as notRegistered', async () => {
      const key = await createKey(t());
      const res = await makecall(t(), { exten: '201', destination: '202', key: key.keyId, passwd: key.secret }, nextAddress());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'errors.extensionNotRegistered' });
      expect((await history(t())).rows[0]).toMatchObject({ outcome: 'notRegistered', status: 409, exten: '201' });
    });
  },
  { live: OFFLINE_FLOOR },
);
