import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queueMember } from '../../server/db/schema';
import { CALLERS, describeEachDatabase, type Caller, type TestApp } from './fixtures/test-app';

const { super: SUPER, admin: ADMIN, agent: AGENT, owner: OWNER, globexAdmin: GLOBEX } = CALLERS;
type Row = Record<string, unknown> & { id: number; number: string; corpId: number };
type Issue = { path: string; message: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);

const ROW_KEYS = [
  'action',
  'callLimit',
  'callgroup',
  'corpId',
  'description',
  'enabled',
  'id',
  'maxContacts',
  'number',
  'onbusy',
  'outer',
  'pass',
  'portType',
  'spy',
  'timeExtensIds',
  'trunkId',
  'trunkNumber',
  'userId',
  'userName',
  'vmpass',
];

async function list(t: TestApp, as: Caller = ADMIN, headers?: Record<string, string>): Promise<Row[]> {
  return (await t.get('/api/v1/extension', as, headers)).json() as Row[];
}
async function byNumber(t: TestApp, number: string, as: Caller = ADMIN): Promise<Row> {
  const row = (await list(t, as)).find((r) => r.number === number);
  if (!row) throw new Error(`no extension ${number}`);
  return row;
}
/** a corp of its own (no users): limits can be reached without touching the demo tenants */
async function newCorp(t: TestApp, overrides: Record<string, unknown>): Promise<number> {
  const n = Math.floor(Math.random() * 1e9);
  const res = await t.post('/api/v1/corp', SUPER, { url: `c${n}`, name: `Corp ${n}`, extLen: 4, extMax: 10, queMax: 1, maxContacts: 1, ...overrides });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

describeEachDatabase('extensions', (t) => {
  it('C-EXT-27 lists the corp\'s extensions by number with the spec fields; the user name comes from the linked web user, else the description', async () => {
    const rows = await list(t());
    expect(rows).toHaveLength(40);
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 40 }, (_, i) => String(201 + i)));
    expect(rows.every((r) => r.corpId === t().ids.corp.acme)).toBe(true);
    expect(Object.keys(rows[0]).sort()).toEqual(ROW_KEYS);
    expect(rows[0]).toMatchObject({ number: '201', userId: t().ids.user.agent, userName: 'Ana Agent', callLimit: 1, trunkId: null, trunkNumber: null, pass: 'acme-201' });
    expect(rows[5]).toMatchObject({ number: '206', userId: null, userName: 'Diego Torres', description: 'Diego Torres' });
    const globex = await list(t(), GLOBEX);
    expect(globex.map((r) => r.number)).toEqual(Array.from({ length: 12 }, (_, i) => String(1001 + i)));
  });

  it('C-EXT-13..28 creates with the spec JSON (capitalised, 0/1) and answers 201 with the row', async () => {
    const res = await t().post('/api/v1/extension', ADMIN, {
      Number: '0241',
      Pass: 'se cret_1',
      UserId: t().ids.user.wall,
      TrunkId: null,
      Outer: '5511999990000',
      Enabled: 0,
      Action: 'exTouch',
      Onbusy: 'voicemail',
      Description: 'Front desk',
      Spy: 1,
      CallLimit: 7,
      PortType: 'WSS',
      Vmpass: '1234',
      MaxContacts: 3,
      Callgroup: 9,
      timeExtensIds: 0,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      number: '241',
      pass: 'se cret_1',
      userId: t().ids.user.wall,
      userName: 'Wallboard',
      outer: '5511999990000',
      enabled: false,
      action: 'exTouch',
      spy: true,
      callLimit: 1,
      portType: 'WSS',
      vmpass: '1234',
      maxContacts: 3,
      callgroup: 9,
      corpId: t().ids.corp.acme,
    });
    expect((await t().del(`/api/v1/extension/${(res.json() as Row).id}`, ADMIN)).statusCode).toBe(200);
  });

  it('C-EXT-13/14/17/19 field rules answer 400 with one issue per field', async () => {
    const res = await t().post('/api/v1/extension', ADMIN, { number: '199', pass: 'ab', outer: '0', vmpass: '12', callgroup: 100, portType: 'TCP' });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual(['number:validation.range', 'pass:validation.minLength', 'outer:validation.outer', 'portType:validation.option', 'vmpass:validation.vmpass', 'callgroup:validation.range']);
    expect(issuesOf(await t().post('/api/v1/extension', ADMIN, { number: '1000', pass: 'abcd' }))).toEqual(['number:validation.range']);
    expect(issuesOf(await t().post('/api/v1/extension', ADMIN, { pass: 'abcd' }))).toEqual(['number:validation.required']);
    expect(issuesOf(await t().post('/api/v1/extension', ADMIN, { number: '242', pass: 'abcd', onbusy: 'exTouch' }))).toEqual(['outer:validation.outerRequired']);
  });

  it('C-EXT-14 the lower bound of 3-digit corps follows the parameter exten-ini', async () => {
    const params = (await t().get('/api/v1/getAllParams', SUPER)).json() as { key: string; value: string }[];
    const before = params.find((p) => p.key === 'exten-ini')?.value ?? '200';
    await t().post('/api/v1/getAllParams', SUPER, [{ key: 'exten-ini', value: '300' }]);
    try {
      expect(issuesOf(await t().post('/api/v1/extension', ADMIN, { number: '299', pass: 'abcd' }))).toEqual(['number:validation.range']);
      const ok = await t().post('/api/v1/extension', ADMIN, { number: '300', pass: 'abcd' });
      expect(ok.statusCode).toBe(201);
      await t().del(`/api/v1/extension/${(ok.json() as Row).id}`, ADMIN);
    } finally {
      await t().post('/api/v1/getAllParams', SUPER, [{ key: 'exten-ini', value: before }]);
    }
  });

  it('C-EXT-15 4-digit corps use 1000-9999', async () => {
    expect(issuesOf(await t().post('/api/v1/extension', GLOBEX, { number: '999', pass: 'abcd' }))).toEqual(['number:validation.range']);
    expect(issuesOf(await t().post('/api/v1/extension', GLOBEX, { number: '10000', pass: 'abcd' }))).toEqual(['number:validation.range']);
    const ok = await t().post('/api/v1/extension', GLOBEX, { number: '9999', pass: 'abcd' });
    expect(ok.statusCode).toBe(201);
    await t().del(`/api/v1/extension/${(ok.json() as Row).id}`, GLOBEX);
  });

  it("C-EXT-21 max contacts up to the corp's maxContacts (acme 3, globex 1)", async () => {
    expect(issuesOf(await t().post('/api/v1/extension', ADMIN, { number: '243', pass: 'abcd', maxContacts: 4 }))).toEqual(['maxContacts:validation.range']);
    expect(issuesOf(await t().post('/api/v1/extension', GLOBEX, { number: '1100', pass: 'abcd', maxContacts: 2 }))).toEqual(['maxContacts:validation.range']);
  });

  it('F-ERR-16 an existing number answers 551 errors.extensionExists; the same number in another corp is fine', async () => {
    const res = await t().post('/api/v1/extension', ADMIN, { number: '201', pass: 'abcd' });
    expect(res.statusCode).toBe(551);
    expect(res.json()).toMatchObject({ status: 551, error: 'Extension Exists', message: 'errors.extensionExists', issues: [{ path: 'number', message: 'errors.extensionExists' }] });
    const corpId = await newCorp(t(), { extLen: 4 });
    const other = await t().post('/api/v1/extension', SUPER, { corpId, number: '1001', pass: 'abcd' });
    expect(other.statusCode).toBe(201);
    expect(other.json()).toMatchObject({ corpId, number: '1001' });
  });

  it('F-ERR-15 C-EXT-14 a corp holding extMax extensions answers 550 errors.maxExtensions', async () => {
    const corpId = await newCorp(t(), { extMax: 2 });
    const header = { 'x-working-corp': String(corpId) };
    expect((await t().post('/api/v1/extension', SUPER, { number: '1000', pass: 'abcd' }, header)).statusCode).toBe(201);
    expect((await t().post('/api/v1/extension', SUPER, { number: '1001', pass: 'abcd' }, header)).statusCode).toBe(201);
    const full = await t().post('/api/v1/extension', SUPER, { number: '1002', pass: 'abcd' }, header);
    expect(full.statusCode).toBe(550);
    expect(full.json()).toMatchObject({ status: 550, error: 'Maximum Extensions', message: 'errors.maxExtensions' });
  });

  it('C-EXT-09 C-EXT-30 the user must be a web user of the same corp; no trunk can be chosen yet', async () => {
    expect(issuesOf(await t().post('/api/v1/extension', ADMIN, { number: '244', pass: 'abcd', userId: t().ids.user.globexAdmin }))).toEqual(['userId:validation.userCorp']);
    expect(issuesOf(await t().post('/api/v1/extension', ADMIN, { number: '244', pass: 'abcd', userId: 999999 }))).toEqual(['userId:validation.userCorp']);
    expect(issuesOf(await t().post('/api/v1/extension', ADMIN, { number: '244', pass: 'abcd', userId: 0 }))).toEqual(['userId:validation.invalid']);
    expect(issuesOf(await t().post('/api/v1/extension', ADMIN, { number: '244', pass: 'abcd', trunkId: 3 }))).toEqual(['trunkId:validation.trunkUnknown']);
  });

  it('C-EXT-10 F-LIST-09 update keeps the number; an empty password keeps the password', async () => {
    const row = await byNumber(t(), '211');
    const res = await t().put('/api/v1/extension', ADMIN, { ...row, number: '299', pass: '', description: 'Renamed', callgroup: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, number: '211', pass: 'acme-211', description: 'Renamed', callgroup: 7 });
    const byPath = await t().put(`/api/v1/extension/${row.id}`, ADMIN, { ...row, pass: 'new pass' });
    expect(byPath.json()).toMatchObject({ number: '211', pass: 'new pass', description: row.description });
  });

  it('C-EXT-07 level 4 updates only enabled and action; every other value stays', async () => {
    const row = await byNumber(t(), '212');
    const res = await t().put(`/api/v1/extension/${row.id}`, AGENT, { number: '299', pass: 'hijack', description: 'Hijacked', spy: true, userId: null, enabled: false, action: 'voicemail', maxContacts: 3 });
    expect(res.statusCode).toBe(200);
    const after = await byNumber(t(), '212');
    expect(after).toEqual({ ...row, enabled: false, action: 'voicemail' });
    // one field alone leaves the other as it was
    await t().put(`/api/v1/extension/${row.id}`, AGENT, { enabled: 1 });
    expect(await byNumber(t(), '212')).toEqual({ ...row, enabled: true, action: 'voicemail' });
    expect(issuesOf(await t().put(`/api/v1/extension/${row.id}`, AGENT, { action: 'dance' }))).toEqual(['action:validation.option']);
    // C-EXT-11: exTouch needs the external number, which a plain user cannot set
    expect(issuesOf(await t().put(`/api/v1/extension/${row.id}`, AGENT, { action: 'exTouch' }))).toEqual(['outer:validation.outerRequired']);
    const withOuter = await byNumber(t(), '210');
    expect((await t().put(`/api/v1/extension/${withOuter.id}`, AGENT, { action: 'exTouch', enabled: true })).json()).toMatchObject({ action: 'exTouch', outer: '5511987654321' });
  });

  it('C-EXT-06 B-PNL-04 level 4 cannot create or delete; levels 4 and 5 never receive SIP or voicemail passwords; level 5 reads only', async () => {
    expect((await t().post('/api/v1/extension', AGENT, { number: '245', pass: 'abcd' })).statusCode).toBe(403);
    const row = await byNumber(t(), '237');
    expect((await t().del(`/api/v1/extension/${row.id}`, AGENT)).statusCode).toBe(403);
    const seen = await list(t(), AGENT);
    expect(seen).toHaveLength(40);
    expect(seen.every((r) => r.pass === '' && r.vmpass === '')).toBe(true);
    expect((await t().get(`/api/v1/extension/${row.id}`, AGENT)).json()).toMatchObject({ number: '237', pass: '', vmpass: '' });
    expect((await t().put(`/api/v1/extension/${row.id}`, AGENT, { enabled: true })).json()).toMatchObject({ pass: '', vmpass: '' });
    expect((await byNumber(t(), '237')).pass).toBe('acme-237');
    // issue 13: a monitor reads the extensions its panel shows, without passwords, and never writes
    const wall = await t().get('/api/v1/extension', CALLERS.wall);
    expect(wall.statusCode).toBe(200);
    const wallRows = wall.json() as { pass: string; vmpass: string; corpId: number }[];
    expect(wallRows).toHaveLength(40);
    expect(wallRows.every((r) => r.pass === '' && r.vmpass === '' && r.corpId === t().ids.corp.acme)).toBe(true);
    expect((await t().put(`/api/v1/extension/${row.id}`, CALLERS.wall, { enabled: true })).statusCode).toBe(403);
  });

  it("tenancy: acme cannot list, read, change or delete globex's extensions (404 like a missing row); a body corpId is ignored", async () => {
    const globexRow = (await list(t(), GLOBEX))[0];
    const before = (await t().get('/api/v1/extension', GLOBEX)).body;
    expect((await list(t(), ADMIN)).some((r) => r.corpId !== t().ids.corp.acme)).toBe(false);
    const missing = await t().get('/api/v1/extension/999999', ADMIN);
    for (const res of [
      await t().get(`/api/v1/extension/${globexRow.id}`, ADMIN),
      await t().put(`/api/v1/extension/${globexRow.id}`, ADMIN, { ...globexRow, description: 'Hijacked' }),
      await t().put('/api/v1/extension', ADMIN, { ...globexRow, description: 'Hijacked' }),
      await t().del(`/api/v1/extension/${globexRow.id}`, ADMIN),
      await t().get(`/api/v1/extension/${globexRow.id}`, AGENT),
      await t().get(`/api/v1/extension/${globexRow.id}`, OWNER),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }
    const planted = await t().post('/api/v1/extension', ADMIN, { corpId: t().ids.corp.globex, number: '246', pass: 'abcd' });
    expect(planted.json()).toMatchObject({ corpId: t().ids.corp.acme, number: '246' });
    await t().del(`/api/v1/extension/${(planted.json() as Row).id}`, ADMIN);
    expect((await t().get('/api/v1/extension', GLOBEX)).body).toBe(before);
  });

  it('F-PERM-02 level 1 sees every corp, or only the working corp', async () => {
    const all = await list(t(), SUPER);
    expect([...new Set(all.map((r) => r.corpId))]).toEqual(expect.arrayContaining([t().ids.corp.acme, t().ids.corp.globex]));
    expect(all.filter((r) => r.corpId === t().ids.corp.acme)).toHaveLength(40);
    const globex = await list(t(), SUPER, { 'x-working-corp': String(t().ids.corp.globex) });
    expect(globex.every((r) => r.corpId === t().ids.corp.globex)).toBe(true);
    expect(globex.length).toBeGreaterThanOrEqual(12);
  });

  it('F-ERR-07 deleting an extension that is a queue member answers 521; otherwise it goes', async () => {
    const member = await byNumber(t(), '201');
    const res = await t().del(`/api/v1/extension/${member.id}`, ADMIN);
    expect(res.statusCode).toBe(521);
    expect(res.json()).toMatchObject({ status: 521, error: 'In Use By Queue', message: 'errors.inUseByQueue' });
    const free = await byNumber(t(), '238');
    expect(await t().db.select().from(queueMember).where(eq(queueMember.extenNumber, '238'))).toHaveLength(0);
    expect((await t().del(`/api/v1/extension/${free.id}`, ADMIN)).json()).toEqual({ status: 200 });
    expect((await t().get(`/api/v1/extension/${free.id}`, ADMIN)).statusCode).toBe(404);
  });

  it('deleting a web user linked to an extension unlinks it; the extension stays', async () => {
    const user = await t().post('/api/v1/user', ADMIN, { nick: 'linked', name: 'Linda Linked', level: 4, pass: 'abcd', passConfirm: 'abcd' });
    const userId = (user.json() as { id: number }).id;
    const ext = await t().post('/api/v1/extension', ADMIN, { number: '247', pass: 'abcd', userId, description: 'Desk 7' });
    expect(ext.json()).toMatchObject({ userId, userName: 'Linda Linked' });
    expect((await t().del(`/api/v1/user/${userId}`, ADMIN)).statusCode).toBe(200);
    expect((await t().get(`/api/v1/extension/${(ext.json() as Row).id}`, ADMIN)).json()).toMatchObject({ number: '247', userId: null, userName: 'Desk 7' });
  });

  it('F-ERR-11 deleting a corp that has extensions answers 526 errors.corpHasExtensions', async () => {
    const corpId = await newCorp(t(), {});
    const ext = await t().post('/api/v1/extension', SUPER, { corpId, number: '1500', pass: 'abcd' });
    const res = await t().del(`/api/v1/corp/${corpId}`, SUPER);
    expect(res.statusCode).toBe(526);
    expect(res.json()).toMatchObject({ status: 526, error: 'Corp Has Extensions', message: 'errors.corpHasExtensions' });
    await t().del(`/api/v1/extension/${(ext.json() as Row).id}`, SUPER, { 'x-working-corp': String(corpId) });
    expect((await t().del(`/api/v1/corp/${corpId}`, SUPER)).statusCode).toBe(200);
  });
});
