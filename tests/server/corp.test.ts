import { expect, it } from 'vitest';
import { runtimeTimeZone, type MyUser } from '../../domain';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

const SUPER = CALLERS.super;
let serial = 0;
const body = (overrides: Record<string, unknown> = {}) => {
  serial++;
  return { url: `corp${serial}`, name: `Corp ${serial}`, extLen: 4, extMax: 10, queMax: 1, maxContacts: 1, ...overrides };
};
type Issue = { path: string; message: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);

describeEachDatabase('corporations', (t) => {
  const create = (b: unknown) => t().post('/api/v1/corp', SUPER, b);

  it('C-CORP-01 level 1 lists corps with usersInCorp (C-CORP-03)', async () => {
    const res = await t().get('/api/v1/corp', SUPER);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Record<string, unknown>[];
    expect(rows.map((r) => r.url)).toEqual(['supervisor', 'acme', 'globex']);
    const acme = rows[1];
    expect(acme).toMatchObject({ name: 'Acme', extLen: 3, extMax: 100, maxContacts: 3, allowCustom: true, usersInCorp: 4 });
    expect(Object.keys(acme).sort()).toEqual(
      ['allowCustom', 'allowDiscador', 'costEnabled', 'enabled', 'extLen', 'extMax', 'id', 'maxContacts', 'monEnabled', 'monPath', 'name', 'queMax', 'roomEnabled', 'timeZone', 'url', 'usersInCorp', 'webHook'].sort(),
    );
    expect(rows[2]).toMatchObject({ url: 'globex', extLen: 4, extMax: 50, allowCustom: false, usersInCorp: 1 });
  });

  it('C-CORP-14 a new corp gets the defaults: enabled, flags off; C-CORP-12 empty monPath becomes /name', async () => {
    const res = await create({ url: 'initech', name: 'Init Tech', extLen: 4, extMax: 1, queMax: 1, maxContacts: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      url: 'initech',
      name: 'Init Tech',
      enabled: true,
      monEnabled: false,
      allowCustom: false,
      allowDiscador: false,
      costEnabled: false,
      roomEnabled: false,
      monPath: '/InitTech',
      webHook: '',
      usersInCorp: 0,
    });
  });

  it("J-TZ-01 each corp has a time zone: the server's for the corps that had none and a new one without it; chosen, kept by an update without it, checked; GET /myuser tells the user's", async () => {
    const server = runtimeTimeZone();
    expect(((await t().get(`/api/v1/corp/${t().ids.corp.acme}`, SUPER)).json() as { timeZone: string }).timeZone).toBe(server);
    expect(((await create(body())).json() as { timeZone: string }).timeZone).toBe(server);
    const created = await create(body({ timeZone: 'Asia/Kolkata' }));
    expect(created.statusCode, created.body).toBe(201);
    const { id, url, name } = created.json() as { id: number; url: string; name: string };
    expect(created.json()).toMatchObject({ timeZone: 'Asia/Kolkata' });
    const again = { url, name, extLen: 4, extMax: 10, queMax: 1, maxContacts: 1 };
    // a body without it, or with it empty, erases nothing (J-API-02)
    expect((await t().put(`/api/v1/corp/${id}`, SUPER, again)).json()).toMatchObject({ timeZone: 'Asia/Kolkata' });
    expect((await t().put(`/api/v1/corp/${id}`, SUPER, { ...again, timeZone: '' })).json()).toMatchObject({ timeZone: 'Asia/Kolkata' });
    expect((await t().put(`/api/v1/corp/${id}`, SUPER, { ...again, TimeZone: 'Europe/Madrid' })).json()).toMatchObject({ timeZone: 'Europe/Madrid' });
    for (const bad of ['Mars/Olympus', '+05:30', 'Europe/Madrid;', 'x'.repeat(70)]) {
      const res = await t().put(`/api/v1/corp/${id}`, SUPER, { ...again, timeZone: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(issuesOf(res), bad).toEqual(['timeZone:validation.timeZone']);
    }
    expect((await t().get(`/api/v1/corp/${id}`, SUPER)).json()).toMatchObject({ timeZone: 'Europe/Madrid' });
    // the client learns its corp's zone where it learns its corp
    expect(((await t().get('/api/v1/myuser', CALLERS.admin)).json() as MyUser).timeZone).toBe(server);
    const acme = (await t().get(`/api/v1/corp/${t().ids.corp.acme}`, SUPER)).json() as Record<string, unknown>;
    const { id: acmeId, usersInCorp: _users, ...acmeBody } = acme;
    expect((await t().put(`/api/v1/corp/${acmeId as number}`, SUPER, { ...acmeBody, timeZone: 'America/Sao_Paulo' })).statusCode).toBe(200);
    expect(((await t().get('/api/v1/myuser', CALLERS.admin)).json() as MyUser).timeZone).toBe('America/Sao_Paulo');
    expect(((await t().get('/api/v1/myuser', CALLERS.globexAdmin)).json() as MyUser).timeZone).toBe(server);
    expect((await t().put(`/api/v1/corp/${acmeId as number}`, SUPER, { ...acmeBody, timeZone: server })).statusCode).toBe(200);
  });

  it('C-CORP-04 capitalised field names are accepted', async () => {
    const res = await create({ Url: 'Umbrella', Name: 'Umbrella', ExtLen: 3, ExtMax: 50, QueMax: 2, MaxContacts: 2, MonPath: '/umb', AllowCustom: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ url: 'Umbrella', extLen: 3, extMax: 50, queMax: 2, maxContacts: 2, monPath: '/umb', allowCustom: true });
  });

  it('C-CORP-05/06 url and name: required, letters digits underscore space, at most 50', async () => {
    expect(issuesOf(await create(body({ url: '' })))).toContain('url:validation.required');
    expect(issuesOf(await create(body({ name: '' })))).toContain('name:validation.required');
    expect(issuesOf(await create(body({ url: 'a'.repeat(51) })))).toContain('url:validation.maxLength');
    expect(issuesOf(await create(body({ name: 'n'.repeat(51) })))).toContain('name:validation.maxLength');
    expect(issuesOf(await create(body({ url: 'bad-url' })))).toContain('url:validation.wordSpace');
    expect(issuesOf(await create(body({ name: 'bad.name' })))).toContain('name:validation.wordSpace');
    expect((await create(body({ url: 'u'.repeat(50), name: 'Under_score 50' }))).statusCode).toBe(201);
    const missing = await create({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, error: 'Bad Request' });
    expect(issuesOf(missing)).toEqual(expect.arrayContaining(['url:validation.required', 'name:validation.required']));
  });

  it('C-CORP-07 extLen only 3 or 4', async () => {
    expect(issuesOf(await create(body({ extLen: 2 })))).toContain('extLen:validation.extLen');
    expect(issuesOf(await create(body({ extLen: 5 })))).toContain('extLen:validation.extLen');
    expect((await create(body({ extLen: 3, extMax: 10 }))).statusCode).toBe(201);
  });

  it('C-CORP-08 extMax 1-799 with length 3, 1-8999 with length 4', async () => {
    expect(issuesOf(await create(body({ extLen: 3, extMax: 0 })))).toContain('extMax:validation.range');
    expect(issuesOf(await create(body({ extLen: 3, extMax: 800 })))).toContain('extMax:validation.range');
    expect((await create(body({ extLen: 3, extMax: 799 }))).statusCode).toBe(201);
    expect((await create(body({ extLen: 4, extMax: 1 }))).statusCode).toBe(201);
    expect(issuesOf(await create(body({ extLen: 4, extMax: 9000 })))).toContain('extMax:validation.range');
    expect((await create(body({ extLen: 4, extMax: 8999 }))).statusCode).toBe(201);
  });

  it('C-CORP-09 maxContacts 1-5', async () => {
    expect(issuesOf(await create(body({ maxContacts: 0 })))).toContain('maxContacts:validation.range');
    expect(issuesOf(await create(body({ maxContacts: 6 })))).toContain('maxContacts:validation.range');
    expect((await create(body({ maxContacts: 5 }))).statusCode).toBe(201);
  });

  it('C-CORP-10 queMax 0-99', async () => {
    expect(issuesOf(await create(body({ queMax: -1 })))).toContain('queMax:validation.range');
    expect(issuesOf(await create(body({ queMax: 100 })))).toContain('queMax:validation.range');
    expect((await create(body({ queMax: 0 }))).statusCode).toBe(201);
    expect((await create(body({ queMax: 99 }))).statusCode).toBe(201);
  });

  it('C-CORP-11 monPath letters, digits and - + * . / only', async () => {
    expect(issuesOf(await create(body({ monPath: '/with space' })))).toContain('monPath:validation.monPath');
    expect(issuesOf(await create(body({ monPath: '/a#b' })))).toContain('monPath:validation.monPath');
    const ok = await create(body({ monPath: '/rec-1+2*x.y/z' }));
    expect(ok.json()).toMatchObject({ monPath: '/rec-1+2*x.y/z' });
  });

  it('C-CORP-13 webHook letters, digits and - + * . : # / only', async () => {
    expect(issuesOf(await create(body({ webHook: 'https://x.example/hook?a=1' })))).toContain('webHook:validation.webHook');
    const ok = await create(body({ webHook: 'https://hooks.example:8443/a#b' }));
    expect(ok.statusCode).toBe(201);
  });

  it('F-ERR-13 a url already used (any case) answers 540 errors.urlUsed', async () => {
    const res = await create(body({ url: 'ACME' }));
    expect(res.statusCode).toBe(540);
    expect(res.json()).toMatchObject({ status: 540, message: 'errors.urlUsed', issues: [{ path: 'url', message: 'errors.urlUsed' }] });
  });

  it('F-ERR-05 a name already used answers 406 errors.duplicate', async () => {
    const res = await create(body({ name: 'globex' }));
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({ status: 406, error: 'Not Acceptable', message: 'errors.duplicate' });
  });

  it('F-LIST-09 update with the id in the body, or in the path', async () => {
    const created = (await create(body({ url: 'hooli', name: 'Hooli' }))).json() as { id: number };
    // a PUT carries the whole row (J-API-02): an empty monPath is derived from the name again (C-CORP-12)
    const byBody = await t().put('/api/v1/corp', SUPER, { ...body({ url: 'hooli', name: 'Hooli XYZ', monPath: '' }), id: created.id });
    expect(byBody.statusCode, byBody.body).toBe(200);
    expect(byBody.json()).toMatchObject({ id: created.id, name: 'Hooli XYZ', url: 'hooli' });
    const byPath = await t().put(`/api/v1/corp/${created.id}`, SUPER, { Id: 99999, ...body({ url: 'hooli', name: 'Hooli', maxContacts: 4, monPath: '' }) });
    expect(byPath.json()).toMatchObject({ id: created.id, maxContacts: 4 });
    expect((await t().get(`/api/v1/corp/${created.id}`, SUPER)).json()).toMatchObject({ name: 'Hooli', maxContacts: 4 });
    // no id at all
    expect(issuesOf(await t().put('/api/v1/corp', SUPER, body()))).toEqual(['id:validation.required']);
    // renaming onto another corp's url
    expect((await t().put(`/api/v1/corp/${created.id}`, SUPER, body({ url: 'acme', name: 'Hooli' }))).statusCode).toBe(540);
    // keeping its own url is no conflict
    expect((await t().put(`/api/v1/corp/${created.id}`, SUPER, body({ url: 'HOOLI', name: 'Hooli' }))).statusCode).toBe(200);
  });

  it('404 on a corp that does not exist (read, update, delete)', async () => {
    expect((await t().get('/api/v1/corp/999999', SUPER)).statusCode).toBe(404);
    expect((await t().put('/api/v1/corp/999999', SUPER, body())).statusCode).toBe(404);
    expect((await t().del('/api/v1/corp/999999', SUPER)).statusCode).toBe(404);
    expect((await t().get('/api/v1/corp/abc', SUPER)).statusCode).toBe(400);
  });

  it('delete: an empty corp goes (200 {status:200}); a corp with users answers 409 errors.corpHasUsers', async () => {
    const created = (await create(body())).json() as { id: number };
    const res = await t().del(`/api/v1/corp/${created.id}`, SUPER);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200 });
    expect((await t().get(`/api/v1/corp/${created.id}`, SUPER)).statusCode).toBe(404);

    const busy = await t().del(`/api/v1/corp/${t().ids.corp.globex}`, SUPER);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ status: 409, error: 'Conflict', message: 'errors.corpHasUsers' });
  });

  it('the supervisor corp cannot be deleted (403), renamed or disabled', async () => {
    const id = t().ids.corp.supervisor;
    const del = await t().del(`/api/v1/corp/${id}`, SUPER);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toMatchObject({ message: 'errors.systemCorp' });
    const current = (await t().get(`/api/v1/corp/${id}`, SUPER)).json() as Record<string, unknown>;
    const { id: _id, usersInCorp: _u, ...editable } = current;
    expect((await t().put(`/api/v1/corp/${id}`, SUPER, { ...editable, url: 'root' })).statusCode).toBe(403);
    expect((await t().put(`/api/v1/corp/${id}`, SUPER, { ...editable, enabled: false })).statusCode).toBe(403);
    expect((await t().put(`/api/v1/corp/${id}`, SUPER, { ...editable, name: 'Supervisor HQ' })).statusCode).toBe(200);
  });

  it('A-SES-09 any user reads their own corp by id; other corps and the list stay level 1', async () => {
    for (const caller of [CALLERS.owner, CALLERS.admin, CALLERS.agent, CALLERS.wall]) {
      const own = await t().get(`/api/v1/corp/${t().ids.corp.acme}`, caller);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ name: 'Acme', url: 'acme', extLen: 3, maxContacts: 3 });
      expect((await t().get(`/api/v1/corp/${t().ids.corp.globex}`, caller)).statusCode).toBe(403);
      expect((await t().get('/api/v1/corp', caller)).statusCode).toBe(403);
    }
    const forbidden = await t().post('/api/v1/corp', CALLERS.admin, body());
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ status: 403, error: 'Forbidden', message: 'errors.forbidden' });
    expect((await t().put(`/api/v1/corp/${t().ids.corp.acme}`, CALLERS.owner, body())).statusCode).toBe(403);
    expect((await t().del(`/api/v1/corp/${t().ids.corp.acme}`, CALLERS.owner)).statusCode).toBe(403);
  });
});
