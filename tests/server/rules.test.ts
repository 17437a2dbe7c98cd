import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { followMe, restrictionExten, speedDialExten } from '../../server/db/schema';
import { CALLERS, describeEachDatabase, type Caller, type TestApp } from './fixtures/test-app';

const { super: SUPER, owner: OWNER, admin: ADMIN, agent: AGENT, globexAdmin: GLOBEX } = CALLERS;
type Row = Record<string, unknown> & { id: number };
type Issue = { path: string; message: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);

const SPEED_CORP = '/api/v1/speeddialcorps';
const SPEED_EXTEN = '/api/v1/speeddialextens';
const FOLLOW = '/api/v1/follow';
const GROUP = '/api/v1/destinationgroup';
const R_CORP = '/api/v1/restrictioncorp';
const R_EXTEN = '/api/v1/restrictionexten';
const R_IN = '/api/v1/restrictionin';

async function rows(t: TestApp, url: string, as: Caller = ADMIN, headers?: Record<string, string>): Promise<Row[]> {
  const res = await t.get(url, as, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as Row[];
}
/** creates and expects 201; the row as answered */
async function created(t: TestApp, url: string, as: Caller, body: unknown, headers?: Record<string, string>): Promise<Row> {
  const res = await t.post(url, as, body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Row;
}
async function extensionId(t: TestApp, number: string, as: Caller = ADMIN): Promise<number> {
  const found = (await rows(t, '/api/v1/extension', as)).find((r) => r.number === number);
  if (!found) throw new Error(`no extension ${number}`);
  return found.id;
}
async function groupId(t: TestApp, name: string): Promise<number> {
  const found = (await rows(t, GROUP, SUPER)).find((r) => r.name === name);
  if (!found) throw new Error(`no destination group ${name}`);
  return found.id;
}
const restrictionExists = { status: -5, error: 'Restriction Exists', message: 'errors.restrictionExists', issues: [{ path: 'pattern', message: 'errors.restrictionExists' }] };

describeEachDatabase('speed dials, follow-me, destination groups and restrictions', (t) => {
  // ---------------------------------------------------------------- company speed dials

  it("C-CSD-01/07 lists the corp's speed dials sorted by number as {id, corpId, number, action}", async () => {
    const { acme } = t().ids.corp;
    const { sales } = t().ids.queue;
    const list = await rows(t(), SPEED_CORP);
    expect(list.map((r) => r.number)).toEqual([10, 11, 12, 20]);
    expect(Object.keys(list[0]).sort()).toEqual(['action', 'corpId', 'id', 'number']);
    expect(list[0]).toMatchObject({ corpId: acme, number: 10, action: `enqueue_${acme}_${sales}` });
    expect(list[3]).toMatchObject({ number: 20, action: 'VoiceMailMain' });
    expect(await rows(t(), SPEED_CORP, GLOBEX)).toEqual([]);
    // a new low number sorts first
    const row = await created(t(), SPEED_CORP, ADMIN, { number: 15, action: 'Pickup' });
    expect((await rows(t(), SPEED_CORP)).map((r) => r.number)).toEqual([10, 11, 12, 15, 20]);
    expect(row.corpId).toBe(acme);
    expect((await t().del(`${SPEED_CORP}/${row.id}`, ADMIN)).json()).toEqual({ status: 200 });
  });

  it('C-CSD-03 number is required and 10 to 99 (boundaries); C-CSD-04 action is required', async () => {
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { number: 9, action: 'MeetMe' }))).toEqual(['number:validation.range']);
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { number: 100, action: 'MeetMe' }))).toEqual(['number:validation.range']);
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { number: 10.5, action: 'MeetMe' }))).toEqual(['number:validation.integer']);
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { action: 'MeetMe' }))).toHaveLength(1);
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { action: 'MeetMe' }))[0]).toMatch(/^number:/);
    const noAction = await t().post(SPEED_CORP, ADMIN, { number: 50 });
    expect(noAction.statusCode).toBe(400);
    expect(issuesOf(noAction)).toEqual(['action:validation.required']);
    // blank once trimmed: required (the shape rule may add its own message)
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { number: 50, action: '  ' }))[0]).toBe('action:validation.required');
    const low = await created(t(), SPEED_CORP, ADMIN, { number: '13', action: 'MeetMe' });
    const high = await created(t(), SPEED_CORP, ADMIN, { number: 99, action: 'ChanSpy' });
    expect([low.number, high.number]).toEqual([13, 99]);
    await t().del(`${SPEED_CORP}/${low.id}`, ADMIN);
    await t().del(`${SPEED_CORP}/${high.id}`, ADMIN);
  });

  it('C-CSD-03 a number already used in the corp answers 406 errors.speedDialInUse; another corp may reuse it', async () => {
    const res = await t().post(SPEED_CORP, ADMIN, { number: 10, action: 'MeetMe' });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({ status: 406, message: 'errors.speedDialInUse', issues: [{ path: 'number', message: 'errors.speedDialInUse' }] });
    // changing another row onto a used number is refused too
    const other = await created(t(), SPEED_CORP, ADMIN, { number: 21, action: 'Reminder' });
    const moved = await t().put(`${SPEED_CORP}/${other.id}`, ADMIN, { ...other, number: 20 });
    expect(moved.statusCode).toBe(406);
    expect(moved.json()).toMatchObject({ message: 'errors.speedDialInUse' });
    await t().del(`${SPEED_CORP}/${other.id}`, ADMIN);
    const globex = await created(t(), SPEED_CORP, GLOBEX, { number: 10, action: 'MeetMe' });
    expect(globex).toMatchObject({ corpId: t().ids.corp.globex, number: 10 });
    await t().del(`${SPEED_CORP}/${globex.id}`, GLOBEX);
  });

  it("C-CSD-05/06 queue values enqueue/login/logout of the corp's own queues only; queue:{id} is refused; fixed words are accepted", async () => {
    const { acme, globex } = t().ids.corp;
    const { sales, helpdesk } = t().ids.queue;
    const enqueue = await created(t(), SPEED_CORP, ADMIN, { number: 30, action: `enqueue_${acme}_${sales}` });
    expect(enqueue.action).toBe(`enqueue_${acme}_${sales}`);
    const login = await created(t(), SPEED_CORP, ADMIN, { number: 31, action: `login_${acme}_${sales}` });
    const logout = await created(t(), SPEED_CORP, ADMIN, { number: 32, action: `logout_${acme}_${sales}` });
    // another corp's queue, by its own corp id or by acme's
    const foreign = await t().post(SPEED_CORP, ADMIN, { number: 33, action: `enqueue_${globex}_${helpdesk}` });
    expect(foreign.statusCode).toBe(400);
    expect(issuesOf(foreign)).toEqual(['action:validation.destinationUnknown']);
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { number: 33, action: `enqueue_${acme}_${helpdesk}` }))).toEqual(['action:validation.destinationUnknown']);
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { number: 33, action: `login_${acme}_999999` }))).toEqual(['action:validation.destinationUnknown']);
    // speed dials take the enqueue form, not the generic queue destination; unknown words are no option
    const generic = await t().post(SPEED_CORP, ADMIN, { number: 33, action: `queue:${sales}` });
    expect(generic.statusCode).toBe(400);
    expect(issuesOf(generic)).toEqual(['action:validation.option']);
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { number: 33, action: 'Voicemail' }))).toEqual(['action:validation.option']);
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { number: 33, action: `dequeue_${acme}_${sales}` }))).toEqual(['action:validation.option']);
    // an extension of the corp is a destination, one of another corp is not
    const exten = await created(t(), SPEED_CORP, ADMIN, { number: 34, action: 'exten:202' });
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { number: 35, action: 'exten:1001' }))).toEqual(['action:validation.destinationUnknown']);
    // every fixed word of C-CSD-06
    const fixed = ['VoiceMailMain', 'MeetMe', 'Pickup', 'ChanSpy', 'Whisper', 'Reminder', 'Forward'];
    const fixedRows: Row[] = [];
    for (const [i, action] of fixed.entries()) fixedRows.push(await created(t(), SPEED_CORP, ADMIN, { number: 40 + i, action }));
    expect(fixedRows.map((r) => r.action)).toEqual(fixed);
    for (const row of [enqueue, login, logout, exten, ...fixedRows]) expect((await t().del(`${SPEED_CORP}/${row.id}`, ADMIN)).statusCode).toBe(200);
  });

  it('C-CSD-07 the spec body {id, Number, Action} creates and updates', async () => {
    const row = await created(t(), SPEED_CORP, ADMIN, { Number: 60, Action: 'Whisper' });
    expect(row).toMatchObject({ corpId: t().ids.corp.acme, number: 60, action: 'Whisper' });
    const updated = await t().put(SPEED_CORP, ADMIN, { id: row.id, Number: 61, Action: 'Forward' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: row.id, number: 61, action: 'Forward' });
    expect((await t().get(`${SPEED_CORP}/${row.id}`, ADMIN)).json()).toMatchObject({ number: 61, action: 'Forward' });
    await t().del(`${SPEED_CORP}/${row.id}`, ADMIN);
  });

  it("C-CSD-01 tenancy: globex's admin neither lists, reads, changes nor deletes acme's speed dials (404)", async () => {
    const acmeRow = (await rows(t(), SPEED_CORP)).find((r) => r.number === 20)!;
    expect((await rows(t(), SPEED_CORP, GLOBEX)).some((r) => r.id === acmeRow.id)).toBe(false);
    expect((await t().get(`${SPEED_CORP}/${acmeRow.id}`, GLOBEX)).statusCode).toBe(404);
    expect((await t().put(`${SPEED_CORP}/${acmeRow.id}`, GLOBEX, { number: 20, action: 'MeetMe' })).statusCode).toBe(404);
    expect((await t().del(`${SPEED_CORP}/${acmeRow.id}`, GLOBEX)).statusCode).toBe(404);
    expect((await t().get(`${SPEED_CORP}/${acmeRow.id}`, ADMIN)).json()).toMatchObject({ number: 20, action: 'VoiceMailMain' });
    // the supervisor's working corp scopes the list
    const viaSuper = await rows(t(), SPEED_CORP, SUPER, { 'x-working-corp': String(t().ids.corp.acme) });
    expect(viaSuper.map((r) => r.number)).toEqual([10, 11, 12, 20]);
    expect(await rows(t(), SPEED_CORP, SUPER, { 'x-working-corp': String(t().ids.corp.globex) })).toEqual([]);
  });

  it('C-CSD-01 the speed-dial view: level 4 (no speedDial view) gets 403', async () => {
    expect((await t().get(SPEED_CORP, AGENT)).statusCode).toBe(403);
    expect((await t().post(SPEED_CORP, AGENT, { number: 70, action: 'MeetMe' })).statusCode).toBe(403);
    expect((await t().get(SPEED_CORP, OWNER)).statusCode).toBe(200);
  });

  // ---------------------------------------------------------------- extension speed dials

  it("C-ESD-02/06 a child of an extension: created with extenId, listed with ?extenId= (only that extension's rows)", async () => {
    const acme201 = t().ids.extension.acme201;
    const ext237 = await extensionId(t(), '237');
    const mine = await created(t(), SPEED_EXTEN, ADMIN, { extenId: acme201, number: 2, action: 'VoiceMailMain' });
    expect(mine).toMatchObject({ corpId: t().ids.corp.acme, extenId: acme201, number: 2, action: 'VoiceMailMain' });
    expect(Object.keys(mine).sort()).toEqual(['action', 'corpId', 'extenId', 'id', 'number']);
    const other = await created(t(), SPEED_EXTEN, ADMIN, { ExtenId: ext237, Number: 1, Action: 'exten:201' });
    expect(other).toMatchObject({ extenId: ext237, number: 1, action: 'exten:201' });
    const of201 = await rows(t(), `${SPEED_EXTEN}?extenId=${acme201}`);
    expect(of201.map((r) => [r.extenId, r.number, r.action])).toEqual([
      [acme201, 1, 'exten:202'],
      [acme201, 2, 'VoiceMailMain'],
    ]);
    expect((await rows(t(), `${SPEED_EXTEN}?extenId=${ext237}`)).map((r) => r.id)).toEqual([other.id]);
    // without the filter: every extension of the corp
    expect((await rows(t(), SPEED_EXTEN)).map((r) => r.id)).toEqual(expect.arrayContaining([mine.id, other.id]));
    // {id, Number, Action, ExtenId} updates; the extension stays
    const upd = await t().put(SPEED_EXTEN, ADMIN, { id: mine.id, Number: 3, Action: 'MeetMe', ExtenId: ext237 });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ extenId: acme201, number: 3, action: 'MeetMe' });
    await t().del(`${SPEED_EXTEN}/${mine.id}`, ADMIN);
    await t().del(`${SPEED_EXTEN}/${other.id}`, ADMIN);
    expect((await rows(t(), `${SPEED_EXTEN}?extenId=${acme201}`)).map((r) => r.number)).toEqual([1]);
  });

  it('C-ESD-02 a foreign extension: extenId of globex → 400 validation.parentUnknown; ?extenId= of globex → 404; no extenId → 400', async () => {
    const { globex1001, acme201 } = t().ids.extension;
    const res = await t().post(SPEED_EXTEN, ADMIN, { extenId: globex1001, number: 5, action: 'MeetMe' });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual(['extenId:validation.parentUnknown']);
    expect((await t().get(`${SPEED_EXTEN}?extenId=${globex1001}`, ADMIN)).statusCode).toBe(404);
    expect((await t().get(`${SPEED_EXTEN}?extenId=${acme201}`, GLOBEX)).statusCode).toBe(404);
    expect((await t().get(`${SPEED_EXTEN}?extenId=99999999`, ADMIN)).statusCode).toBe(404);
    expect(issuesOf(await t().post(SPEED_EXTEN, ADMIN, { number: 5, action: 'MeetMe' }))).toEqual(['extenId:validation.required']);
    expect(await t().db.select().from(speedDialExten).where(eq(speedDialExten.extenId, globex1001))).toEqual([]);
  });

  it('C-ESD-04 number is required and 1 to 9 (boundaries); C-ESD-05 action at most 20 characters', async () => {
    const ext = await extensionId(t(), '238');
    expect(issuesOf(await t().post(SPEED_EXTEN, ADMIN, { extenId: ext, number: 0, action: 'MeetMe' }))).toEqual(['number:validation.range']);
    expect(issuesOf(await t().post(SPEED_EXTEN, ADMIN, { extenId: ext, number: 10, action: 'MeetMe' }))).toEqual(['number:validation.range']);
    expect(issuesOf(await t().post(SPEED_EXTEN, ADMIN, { extenId: ext, action: 'MeetMe' }))[0]).toMatch(/^number:/);
    expect(issuesOf(await t().post(SPEED_EXTEN, ADMIN, { extenId: ext, number: 4 }))).toEqual(['action:validation.required']);
    const one = await created(t(), SPEED_EXTEN, ADMIN, { extenId: ext, number: 1, action: 'MeetMe' });
    const nine = await created(t(), SPEED_EXTEN, ADMIN, { extenId: ext, number: 9, action: 'Pickup' });
    // 21 characters of a well-formed destination: refused by the length rule before any lookup
    const long = 'integration:123456789';
    expect(long).toHaveLength(21);
    const tooLong = await t().post(SPEED_EXTEN, ADMIN, { extenId: ext, number: 4, action: long });
    expect(tooLong.statusCode).toBe(400);
    expect(issuesOf(tooLong)).toEqual(['action:validation.option']);
    // 20 characters pass the length rule (then the integration is unknown)
    expect(issuesOf(await t().post(SPEED_EXTEN, ADMIN, { extenId: ext, number: 4, action: 'integration:12345678' }))).toEqual(['action:validation.destinationUnknown']);
    // the company speed dial has no such limit: the same value fails only the lookup there
    expect(issuesOf(await t().post(SPEED_CORP, ADMIN, { number: 77, action: long }))).toEqual(['action:validation.destinationUnknown']);
    await t().del(`${SPEED_EXTEN}/${one.id}`, ADMIN);
    await t().del(`${SPEED_EXTEN}/${nine.id}`, ADMIN);
  });

  it('C-ESD-04 a number is once per extension (406 errors.speedDialInUse); another extension may use it', async () => {
    const acme201 = t().ids.extension.acme201;
    const dup = await t().post(SPEED_EXTEN, ADMIN, { extenId: acme201, number: 1, action: 'MeetMe' });
    expect(dup.statusCode).toBe(406);
    expect(dup.json()).toMatchObject({ status: 406, message: 'errors.speedDialInUse' });
    const ext = await extensionId(t(), '236');
    const same = await created(t(), SPEED_EXTEN, ADMIN, { extenId: ext, number: 1, action: 'MeetMe' });
    const globexSame = await created(t(), SPEED_EXTEN, GLOBEX, { extenId: t().ids.extension.globex1001, number: 1, action: 'MeetMe' });
    expect(globexSame.corpId).toBe(t().ids.corp.globex);
    await t().del(`${SPEED_EXTEN}/${same.id}`, ADMIN);
    await t().del(`${SPEED_EXTEN}/${globexSame.id}`, GLOBEX);
  });

  it("C-ESD-06 the row's corp is the extension's corp whatever corpId the body says (admin and supervisor)", async () => {
    const { acme, globex } = t().ids.corp;
    const acme201 = t().ids.extension.acme201;
    const byAdmin = await created(t(), SPEED_EXTEN, ADMIN, { extenId: acme201, number: 6, action: 'MeetMe', corpId: globex });
    expect(byAdmin.corpId).toBe(acme);
    const bySuper = await created(t(), SPEED_EXTEN, SUPER, { extenId: acme201, number: 7, action: 'MeetMe', corpId: globex });
    expect(bySuper.corpId).toBe(acme);
    // an update cannot move it either
    const moved = await t().put(`${SPEED_EXTEN}/${bySuper.id}`, SUPER, { ...bySuper, corpId: globex, action: 'Pickup' });
    expect(moved.json()).toMatchObject({ corpId: acme, extenId: acme201, action: 'Pickup' });
    // the supervisor's destination check runs in the extension's corp: globex's extension is unknown there
    expect(issuesOf(await t().post(SPEED_EXTEN, SUPER, { extenId: acme201, number: 8, action: 'exten:1001' }))).toEqual(['action:validation.destinationUnknown']);
    expect((await rows(t(), `${SPEED_EXTEN}?extenId=${acme201}`, ADMIN)).map((r) => r.number)).toEqual([1, 6, 7]);
    expect(await rows(t(), SPEED_EXTEN, GLOBEX)).toEqual([]);
    await t().del(`${SPEED_EXTEN}/${byAdmin.id}`, ADMIN);
    await t().del(`${SPEED_EXTEN}/${bySuper.id}`, ADMIN);
  });

  // ---------------------------------------------------------------- follow-me

  it("C-FOL-01/08 lists an extension's entries by order, each with typeCall 'followMe', type 1 and entityId", async () => {
    const acme201 = t().ids.extension.acme201;
    const list = await rows(t(), `${FOLLOW}?entityId=${acme201}`);
    expect(list.map((r) => [r.order, r.number, r.timeout])).toEqual([
      [0, '202', 20],
      [1, '5511987650201', 30],
    ]);
    expect(Object.keys(list[0]).sort()).toEqual(['corpId', 'entityId', 'id', 'number', 'order', 'timeout', 'type', 'typeCall']);
    for (const row of list) expect(row).toMatchObject({ typeCall: 'followMe', type: 1, entityId: acme201, corpId: t().ids.corp.acme });
    expect((await t().get(`${FOLLOW}/${list[0].id}`, ADMIN)).json()).toMatchObject({ typeCall: 'followMe', type: 1, entityId: acme201 });
    expect((await t().get(`${FOLLOW}?entityId=${t().ids.extension.globex1001}`, ADMIN)).statusCode).toBe(404);
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { entityId: t().ids.extension.globex1001, number: '5', order: 0, timeout: 5 }))).toEqual(['entityId:validation.parentUnknown']);
  });

  it('C-FOL-02 number, order and timeout are required', async () => {
    const ext = await extensionId(t(), '233');
    const res = await t().post(FOLLOW, ADMIN, { entityId: ext });
    expect(res.statusCode).toBe(400);
    const paths = issuesOf(res).map((i) => i.split(':')[0]);
    expect(paths).toEqual(['number', 'order', 'timeout']);
    expect(issuesOf(res)[0]).toBe('number:validation.required');
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { entityId: ext, order: 0, timeout: 10 }))).toEqual(['number:validation.required']);
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { entityId: ext, number: '', order: 0, timeout: 10 }))[0]).toBe('number:validation.required');
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { entityId: ext, number: '5551234', timeout: 10 })).map((i) => i.split(':')[0])).toEqual(['order']);
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { entityId: ext, number: '5551234', order: 0 })).map((i) => i.split(':')[0])).toEqual(['timeout']);
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { number: '5551234', order: 0, timeout: 10 }))).toEqual(['entityId:validation.required']);
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { entityId: ext, number: '55-512', order: 0, timeout: 10 }))).toEqual(['number:validation.digits']);
    expect(await t().db.select().from(followMe).where(eq(followMe.extenId, ext))).toEqual([]);
  });

  it("C-FOL-02 an empty order or timeout ('' from the form, or null) is no value: 400, nothing is created", async () => {
    const ext = await extensionId(t(), '226');
    const answers: string[][] = [];
    for (const empty of ['', null]) {
      const res = await t().post(FOLLOW, ADMIN, { entityId: ext, number: '5551234', order: empty, timeout: empty });
      // whatever was created is removed before judging, so the other tests see a clean extension
      if (res.statusCode === 201) await t().del(`${FOLLOW}/${(res.json() as Row).id}`, ADMIN);
      answers.push([String(res.statusCode), ...issuesOf(res).map((i) => i.split(':')[0])]);
    }
    expect(answers).toEqual([
      ['400', 'order', 'timeout'],
      ['400', 'order', 'timeout'],
    ]);
  });

  it('C-FOL-04 order is 0 to 10; C-FOL-05 timeout is 0 to 99 (boundaries)', async () => {
    const ext = await extensionId(t(), '234');
    const base = { entityId: ext, number: '5551234' };
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { ...base, order: -1, timeout: 10 }))).toEqual(['order:validation.range']);
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { ...base, order: 11, timeout: 10 }))).toEqual(['order:validation.range']);
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { ...base, order: 1, timeout: -1 }))).toEqual(['timeout:validation.range']);
    expect(issuesOf(await t().post(FOLLOW, ADMIN, { ...base, order: 1, timeout: 100 }))).toEqual(['timeout:validation.range']);
    const a = await created(t(), FOLLOW, ADMIN, { ...base, order: 0, timeout: 0 });
    const b = await created(t(), FOLLOW, ADMIN, { ...base, order: 10, timeout: 99 });
    expect([a.order, a.timeout, b.order, b.timeout]).toEqual([0, 0, 10, 99]);
    expect((await rows(t(), `${FOLLOW}?entityId=${ext}`)).map((r) => r.order)).toEqual([0, 10]);
    await t().del(`${FOLLOW}/${a.id}`, ADMIN);
    await t().del(`${FOLLOW}/${b.id}`, ADMIN);
  });

  it('C-FOL-03 on update number and order are locked (other values are ignored), timeout changes; the extension stays', async () => {
    const ext = await extensionId(t(), '235');
    const row = await created(t(), FOLLOW, ADMIN, { entityId: ext, number: '5550001', order: 2, timeout: 15 });
    const res = await t().put(`${FOLLOW}/${row.id}`, ADMIN, { ...row, number: '5559999', order: 7, timeout: 45, entityId: t().ids.extension.acme201 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, number: '5550001', order: 2, timeout: 45, entityId: ext });
    // the lock holds for the supervisor too, and with the id in the body
    const bySuper = await t().put(FOLLOW, SUPER, { id: row.id, Number: '5558888', Order: 9, Timeout: 50 });
    expect(bySuper.json()).toMatchObject({ number: '5550001', order: 2, timeout: 50 });
    // the timeout is still checked on update
    expect(issuesOf(await t().put(`${FOLLOW}/${row.id}`, ADMIN, { ...row, timeout: 100 }))).toEqual(['timeout:validation.range']);
    await t().del(`${FOLLOW}/${row.id}`, ADMIN);
  });

  it('C-FOL-09 the spec body {Number, Order, Timeout, TypeCall, Type, EntityId} creates an entry', async () => {
    const ext = await extensionId(t(), '232');
    const res = await t().post(FOLLOW, ADMIN, { Number: '5511999990000', Order: 3, Timeout: 25, TypeCall: 'followMe', Type: 1, EntityId: ext });
    expect(res.statusCode).toBe(201);
    const row = res.json() as Row;
    expect(row).toMatchObject({ number: '5511999990000', order: 3, timeout: 25, typeCall: 'followMe', type: 1, entityId: ext, corpId: t().ids.corp.acme });
    // what the client sends as TypeCall / Type does not change the constants
    const other = await created(t(), FOLLOW, ADMIN, { Number: '5511999990001', Order: 4, Timeout: 25, TypeCall: 'ring', Type: 7, EntityId: ext });
    expect(other).toMatchObject({ typeCall: 'followMe', type: 1 });
    await t().del(`${FOLLOW}/${row.id}`, ADMIN);
    await t().del(`${FOLLOW}/${other.id}`, ADMIN);
  });

  it('C-FOL-06 level 4 lists follow-me but cannot create, update or delete (403)', async () => {
    const acme201 = t().ids.extension.acme201;
    const list = await rows(t(), `${FOLLOW}?entityId=${acme201}`, AGENT);
    expect(list).toHaveLength(2);
    expect((await t().post(FOLLOW, AGENT, { entityId: acme201, number: '5550002', order: 5, timeout: 10 })).statusCode).toBe(403);
    expect((await t().put(`${FOLLOW}/${list[0].id}`, AGENT, { ...list[0], timeout: 40 })).statusCode).toBe(403);
    expect((await t().del(`${FOLLOW}/${list[0].id}`, AGENT)).statusCode).toBe(403);
    expect((await rows(t(), `${FOLLOW}?entityId=${acme201}`)).map((r) => [r.order, r.timeout])).toEqual([
      [0, 20],
      [1, 30],
    ]);
    // level 5 has no follow view at all
    expect((await t().get(`${FOLLOW}?entityId=${acme201}`, CALLERS.wall)).statusCode).toBe(403);
  });

  it('C-FOL-04 an order is once per extension (406 errors.followOrderUsed); another extension may use it', async () => {
    const acme201 = t().ids.extension.acme201;
    const dup = await t().post(FOLLOW, ADMIN, { entityId: acme201, number: '5550003', order: 1, timeout: 10 });
    expect(dup.statusCode).toBe(406);
    expect(dup.json()).toMatchObject({ status: 406, message: 'errors.followOrderUsed', issues: [{ path: 'order', message: 'errors.followOrderUsed' }] });
    const ext = await extensionId(t(), '231');
    const other = await created(t(), FOLLOW, ADMIN, { entityId: ext, number: '5550003', order: 1, timeout: 10 });
    await t().del(`${FOLLOW}/${other.id}`, ADMIN);
  });

  it('C-FOL-10 delete removes the entry from the list; a foreign corp cannot delete it', async () => {
    const acme201 = t().ids.extension.acme201;
    const row = await created(t(), FOLLOW, ADMIN, { entityId: acme201, number: '5550004', order: 6, timeout: 10 });
    expect((await rows(t(), `${FOLLOW}?entityId=${acme201}`)).map((r) => r.order)).toEqual([0, 1, 6]);
    expect((await t().del(`${FOLLOW}/${row.id}`, GLOBEX)).statusCode).toBe(404);
    const res = await t().del(`${FOLLOW}/${row.id}`, ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200 });
    expect((await rows(t(), `${FOLLOW}?entityId=${acme201}`)).map((r) => r.order)).toEqual([0, 1]);
    expect((await t().get(`${FOLLOW}/${row.id}`, ADMIN)).statusCode).toBe(404);
    expect((await t().del(`${FOLLOW}/${row.id}`, ADMIN)).statusCode).toBe(404);
  });

  it("C-FOL-10 deleting an extension removes its follow-me entries, speed dials and restrictions (cascade)", async () => {
    const ext = await created(t(), '/api/v1/extension', ADMIN, { number: '245', pass: 'abcd' });
    await created(t(), FOLLOW, ADMIN, { entityId: ext.id, number: '5550005', order: 0, timeout: 10 });
    await created(t(), FOLLOW, ADMIN, { entityId: ext.id, number: '5550006', order: 1, timeout: 10 });
    await created(t(), SPEED_EXTEN, ADMIN, { extenId: ext.id, number: 1, action: 'MeetMe' });
    await created(t(), R_EXTEN, ADMIN, { extenId: ext.id, destType: 1, permit: 0 });
    expect(await t().db.select().from(followMe).where(eq(followMe.extenId, ext.id))).toHaveLength(2);
    const res = await t().del(`/api/v1/extension/${ext.id}`, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t().db.select().from(followMe).where(eq(followMe.extenId, ext.id))).toEqual([]);
    expect(await t().db.select().from(speedDialExten).where(eq(speedDialExten.extenId, ext.id))).toEqual([]);
    expect(await t().db.select().from(restrictionExten).where(eq(restrictionExten.extenId, ext.id))).toEqual([]);
    expect((await t().get(`${FOLLOW}?entityId=${ext.id}`, ADMIN)).statusCode).toBe(404);
  });

  // ---------------------------------------------------------------- destination groups

  it("C-DG-02/03 the seeded groups are the 8 of the spec plus 'Entrante', each {id, name, patterns}", async () => {
    const list = await rows(t(), GROUP, SUPER);
    expect(list.map((r) => r.name).sort()).toEqual(
      ['Collect call', 'Special', 'International', 'Internal', 'Local landline', 'Local mobile', 'National landline', 'National mobile', 'Entrante'].sort(),
    );
    expect(Object.keys(list[0]).sort()).toEqual(['id', 'name', 'patterns']);
    expect(list.find((r) => r.name === 'International')).toMatchObject({ patterns: ['_00.'] });
    expect(list.find((r) => r.name === 'Special')).toMatchObject({ patterns: ['_1XX', '_0800XXXXXXX', '_0300XXXXXXX'] });
    // sorted by name
    expect(list.map((r) => r.name)).toEqual([...list.map((r) => r.name as string)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('C-DG-01 level 1 creates a group with patterns (upper-cased, each once); an invalid pattern or none is refused', async () => {
    const row = await created(t(), GROUP, SUPER, { name: 'Premium 0900', patterns: ['_0900xxxxxxx', ' _0300. ', '_0900XXXXXXX', '_[2-5]XX!'] });
    expect(row).toMatchObject({ name: 'Premium 0900', patterns: ['_0900XXXXXXX', '_0300.', '_[2-5]XX!'] });
    const bad = await t().post(GROUP, SUPER, { name: 'Bad', patterns: ['_0800.', 'abc'] });
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad)).toEqual(['patterns.1:validation.dialPattern']);
    expect(issuesOf(await t().post(GROUP, SUPER, { name: 'Bad', patterns: ['08.00'] }))).toEqual(['patterns.0:validation.dialPattern']);
    expect(issuesOf(await t().post(GROUP, SUPER, { name: 'Empty', patterns: [] }))).toEqual(['patterns:validation.onePatternMin']);
    expect(issuesOf(await t().post(GROUP, SUPER, { name: 'No patterns' }))).toEqual(['patterns:validation.invalid']);
    expect(issuesOf(await t().post(GROUP, SUPER, { patterns: ['_X.'] }))).toEqual(['name:validation.required']);
    // names are unique whatever the case
    const dup = await t().post(GROUP, SUPER, { name: 'premium 0900', patterns: ['_X.'] });
    expect(dup.statusCode).toBe(406);
    const upd = await t().put(`${GROUP}/${row.id}`, SUPER, { ...row, patterns: ['_0900.'] });
    expect(upd.json()).toMatchObject({ name: 'Premium 0900', patterns: ['_0900.'] });
    expect((await t().del(`${GROUP}/${row.id}`, SUPER)).json()).toEqual({ status: 200 });
  });

  it('C-DG-04 level 3 reads the groups (for its restrictions) but creating, changing and deleting answer 403', async () => {
    const list = await rows(t(), GROUP, ADMIN);
    expect(list).toHaveLength(9);
    const internal = list.find((r) => r.name === 'Internal')!;
    expect((await t().post(GROUP, ADMIN, { name: 'Mine', patterns: ['_X.'] })).statusCode).toBe(403);
    expect((await t().put(`${GROUP}/${internal.id}`, ADMIN, { ...internal, patterns: ['_X.'] })).statusCode).toBe(403);
    expect((await t().del(`${GROUP}/${internal.id}`, ADMIN)).statusCode).toBe(403);
    expect((await t().post(GROUP, OWNER, { name: 'Mine', patterns: ['_X.'] })).statusCode).toBe(403);
    expect((await t().get(GROUP, AGENT)).statusCode).toBe(403);
    expect((await rows(t(), GROUP, ADMIN)).find((r) => r.name === 'Internal')).toEqual(internal);
  });

  it('C-DG-05 a group a restriction uses cannot be deleted (409); once unused it can', async () => {
    const international = await groupId(t(), 'International');
    const seeded = await t().del(`${GROUP}/${international}`, SUPER);
    expect(seeded.statusCode).toBe(409);
    expect((await rows(t(), GROUP, SUPER)).some((r) => r.id === international)).toBe(true);
    const group = await created(t(), GROUP, SUPER, { name: 'Temporary', patterns: ['_7XX'] });
    const byExten = await created(t(), R_EXTEN, ADMIN, { extenId: t().ids.extension.acme201, destType: 4, groupId: group.id, permit: 0 });
    expect((await t().del(`${GROUP}/${group.id}`, SUPER)).statusCode).toBe(409);
    await t().del(`${R_EXTEN}/${byExten.id}`, ADMIN);
    const byCorp = await created(t(), R_CORP, ADMIN, { destType: 4, groupId: group.id, permit: 1 });
    expect((await t().del(`${GROUP}/${group.id}`, SUPER)).statusCode).toBe(409);
    await t().del(`${R_CORP}/${byCorp.id}`, ADMIN);
    expect((await t().del(`${GROUP}/${group.id}`, SUPER)).statusCode).toBe(200);
    expect((await rows(t(), GROUP, SUPER)).some((r) => r.id === group.id)).toBe(false);
  });

  // ---------------------------------------------------------------- corporate restrictions

  it('C-CRS-01/02 lists the corp restrictions with destination, corp name, permit and pin', async () => {
    const { acme } = t().ids.corp;
    const international = await groupId(t(), 'International');
    const list = await rows(t(), R_CORP);
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0]).sort()).toEqual(['allCorps', 'corpId', 'corpName', 'destType', 'destination', 'groupId', 'id', 'pattern', 'permit', 'pin']);
    const group = list.find((r) => r.destType === 4)!;
    expect(group).toMatchObject({ corpId: acme, allCorps: false, pattern: 'DestinationGroup', groupId: international, destination: 'International', permit: 2, pin: '4321' });
    expect(typeof group.corpName).toBe('string');
    expect(list.find((r) => r.destType === 3)).toMatchObject({ pattern: '0900T', destination: '0900T', groupId: null, permit: 0, pin: '' });
    expect(await rows(t(), R_CORP, GLOBEX)).toEqual([]);
  });

  it('F-CONST-02 destination types 1..4 store the words VoiceMailMain, MeetMe, the pattern, DestinationGroup; a group only with type 4', async () => {
    const mobile = await groupId(t(), 'Local mobile');
    const vm = await created(t(), R_CORP, ADMIN, { destType: 1, pattern: '1234', groupId: mobile, permit: 1 });
    expect(vm).toMatchObject({ destType: 1, pattern: 'VoiceMailMain', groupId: null, destination: 'VoiceMailMain' });
    const meet = await created(t(), R_CORP, ADMIN, { destType: 2, permit: 0 });
    expect(meet).toMatchObject({ destType: 2, pattern: 'MeetMe', groupId: null });
    const free = await created(t(), R_CORP, ADMIN, { destType: 3, pattern: '0800T', groupId: mobile, permit: 1 });
    expect(free).toMatchObject({ destType: 3, pattern: '0800T', groupId: null, destination: '0800T' });
    const group = await created(t(), R_CORP, ADMIN, { destType: '4', pattern: '5555', groupId: String(mobile), permit: '0' });
    expect(group).toMatchObject({ destType: 4, pattern: 'DestinationGroup', groupId: mobile, destination: 'Local mobile', permit: 0 });
    expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 4, permit: 0 }))).toEqual(['groupId:validation.required']);
    expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 4, groupId: 999999, permit: 0 }))).toEqual(['groupId:validation.refUnknown']);
    expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 5, permit: 0 }))).toEqual(['destType:validation.option']);
    expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 0, permit: 0 }))).toEqual(['destType:validation.option']);
    for (const row of [vm, meet, free, group]) expect((await t().del(`${R_CORP}/${row.id}`, ADMIN)).statusCode).toBe(200);
  });

  it("C-ERS-05 type 3's free pattern: digits with at most one final T ('0800T' ok; 'T0', '08T00', 'abc', '' refused)", async () => {
    const ok = await created(t(), R_CORP, ADMIN, { destType: 3, pattern: '0800T', permit: 0 });
    const digits = await created(t(), R_CORP, ADMIN, { destType: 3, pattern: '190', permit: 0 });
    for (const pattern of ['T0', '08T00', 'abc', '0800TT', 'T', '08.00', '0800t']) {
      expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 3, pattern, permit: 0 })), pattern).toEqual(['pattern:validation.restrictionPattern']);
    }
    expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 3, pattern: '', permit: 0 }))).toEqual(['pattern:validation.required']);
    expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 3, permit: 0 }))).toEqual(['pattern:validation.required']);
    await t().del(`${R_CORP}/${ok.id}`, ADMIN);
    await t().del(`${R_CORP}/${digits.id}`, ADMIN);
  });

  it('F-CONST-03 permit 0/1/2; C-ERS-06 a pin is required with permit 2 and cleared otherwise', async () => {
    expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 3, pattern: '0300T', permit: 3 }))).toEqual(['permit:validation.option']);
    expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 3, pattern: '0300T' }))[0]).toMatch(/^permit:/);
    expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 3, pattern: '0300T', permit: 2 }))).toEqual(['pin:validation.required']);
    expect(issuesOf(await t().post(R_CORP, ADMIN, { destType: 3, pattern: '0300T', permit: 2, pin: '12a4' }))).toEqual(['pin:validation.pin']);
    const pinned = await created(t(), R_CORP, ADMIN, { destType: 3, pattern: '0300T', permit: 2, pin: '2468' });
    expect(pinned).toMatchObject({ permit: 2, pin: '2468' });
    // another permit drops the pin
    const unpinned = await t().put(`${R_CORP}/${pinned.id}`, ADMIN, { ...pinned, permit: 1 });
    expect(unpinned.json()).toMatchObject({ permit: 1, pin: '' });
    const yes = await created(t(), R_CORP, ADMIN, { destType: 3, pattern: '0301T', permit: 1, pin: '1357' });
    const no = await created(t(), R_CORP, ADMIN, { destType: 3, pattern: '0302T', permit: 0, pin: '1357' });
    expect([yes.pin, no.pin]).toEqual(['', '']);
    for (const row of [pinned, yes, no]) await t().del(`${R_CORP}/${row.id}`, ADMIN);
  });

  it('F-ERR-16 a restriction that exists answers HTTP 409 with body status -5 errors.restrictionExists', async () => {
    const international = await groupId(t(), 'International');
    const samePattern = await t().post(R_CORP, ADMIN, { destType: 3, pattern: '0900T', permit: 1 });
    expect(samePattern.statusCode).toBe(409);
    expect(samePattern.json()).toMatchObject(restrictionExists);
    const sameGroup = await t().post(R_CORP, ADMIN, { destType: 4, groupId: international, permit: 0 });
    expect(sameGroup.statusCode).toBe(409);
    expect(sameGroup.json()).toMatchObject({ status: -5, message: 'errors.restrictionExists' });
    const vm = await created(t(), R_CORP, ADMIN, { destType: 1, permit: 1 });
    const vmAgain = await t().post(R_CORP, ADMIN, { destType: 1, permit: 0 });
    expect(vmAgain.statusCode).toBe(409);
    expect(vmAgain.json()).toMatchObject({ status: -5 });
    // an update onto an existing rule too
    const other = await created(t(), R_CORP, ADMIN, { destType: 3, pattern: '0901T', permit: 1 });
    const clash = await t().put(`${R_CORP}/${other.id}`, ADMIN, { ...other, pattern: '0900T' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ status: -5, message: 'errors.restrictionExists' });
    // another corp may have the same rule
    const globex = await created(t(), R_CORP, GLOBEX, { destType: 3, pattern: '0900T', permit: 1 });
    expect(globex.corpId).toBe(t().ids.corp.globex);
    for (const row of [vm, other]) await t().del(`${R_CORP}/${row.id}`, ADMIN);
    await t().del(`${R_CORP}/${globex.id}`, GLOBEX);
  });

  it('C-CRS-02/03 level 1 with allCorps creates a row with corpId null that level 3 does not see; without it a corp is required', async () => {
    const { acme, globex } = t().ids.corp;
    const all = await created(t(), R_CORP, SUPER, { allCorps: true, corpId: acme, destType: 3, pattern: '00T', permit: 0 });
    expect(all).toMatchObject({ corpId: null, allCorps: true, pattern: '00T', corpName: null });
    expect((await rows(t(), R_CORP)).some((r) => r.id === all.id)).toBe(false);
    expect((await rows(t(), R_CORP, GLOBEX)).some((r) => r.id === all.id)).toBe(false);
    expect((await t().get(`${R_CORP}/${all.id}`, ADMIN)).statusCode).toBe(404);
    expect((await t().del(`${R_CORP}/${all.id}`, ADMIN)).statusCode).toBe(404);
    expect((await rows(t(), R_CORP, SUPER)).some((r) => r.id === all.id)).toBe(true);
    // the same rule for every corp twice: -5
    const again = await t().post(R_CORP, SUPER, { allCorps: 1, destType: 3, pattern: '00T', permit: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: -5 });
    // the supervisor edits it and it stays every corp's
    const edited = await t().put(`${R_CORP}/${all.id}`, SUPER, { ...all, permit: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ corpId: null, allCorps: true, permit: 1 });
    // level 1 must name a corp otherwise
    const noCorp = await t().post(R_CORP, SUPER, { destType: 3, pattern: '01T', permit: 0 });
    expect(noCorp.statusCode).toBe(400);
    expect(issuesOf(noCorp)).toEqual(['corpId:validation.required']);
    expect(issuesOf(await t().post(R_CORP, SUPER, { allCorps: false, corpId: 999999, destType: 3, pattern: '01T', permit: 0 }))).toEqual(['corpId:validation.corpUnknown']);
    // a corp in the body, or the working corp
    const forGlobex = await created(t(), R_CORP, SUPER, { corpId: globex, destType: 3, pattern: '01T', permit: 0 });
    expect(forGlobex).toMatchObject({ corpId: globex, allCorps: false });
    expect((await rows(t(), R_CORP, GLOBEX)).map((r) => r.id)).toEqual([forGlobex.id]);
    const viaWorking = await created(t(), R_CORP, SUPER, { destType: 3, pattern: '02T', permit: 0 }, { 'x-working-corp': String(acme) });
    expect(viaWorking.corpId).toBe(acme);
    expect((await rows(t(), R_CORP)).some((r) => r.id === viaWorking.id)).toBe(true);
    for (const row of [all, forGlobex, viaWorking]) expect((await t().del(`${R_CORP}/${row.id}`, SUPER)).statusCode).toBe(200);
  });

  it("C-CRS-03 below level 1 the body's corpId and allCorps are ignored: the row is the caller's corp", async () => {
    const { acme, globex } = t().ids.corp;
    const row = await created(t(), R_CORP, ADMIN, { corpId: globex, destType: 3, pattern: '03T', permit: 0 });
    expect(row).toMatchObject({ corpId: acme, allCorps: false });
    const all = await created(t(), R_CORP, OWNER, { allCorps: true, destType: 3, pattern: '04T', permit: 0 });
    expect(all).toMatchObject({ corpId: acme, allCorps: false });
    expect(await rows(t(), R_CORP, GLOBEX)).toEqual([]);
    // nor can an update move it
    const moved = await t().put(`${R_CORP}/${row.id}`, ADMIN, { ...row, corpId: globex, allCorps: true, permit: 1 });
    expect(moved.json()).toMatchObject({ corpId: acme, allCorps: false, permit: 1 });
    // and a foreign corp's admin cannot touch it
    expect((await t().put(`${R_CORP}/${row.id}`, GLOBEX, { ...row, permit: 0 })).statusCode).toBe(404);
    for (const r of [row, all]) await t().del(`${R_CORP}/${r.id}`, ADMIN);
  });

  it('C-CRS-04 the spec body {CorpId, GroupId, Pattern, Permit, Pin} with DestType creates; id added on update', async () => {
    const row = await created(t(), R_CORP, ADMIN, { CorpId: t().ids.corp.acme, DestType: 3, GroupId: null, Pattern: '0500T', Permit: 2, Pin: '9876' });
    expect(row).toMatchObject({ corpId: t().ids.corp.acme, pattern: '0500T', permit: 2, pin: '9876' });
    const upd = await t().put(R_CORP, ADMIN, { Id: row.id, DestType: 3, GroupId: null, Pattern: '0501T', Permit: 0, Pin: '' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ id: row.id, pattern: '0501T', permit: 0, pin: '' });
    await t().del(`${R_CORP}/${row.id}`, ADMIN);
  });

  it('C-CRS-05 delete answers {status: 200} and the row is gone; level 4 has no restriction view (403)', async () => {
    const row = await created(t(), R_CORP, ADMIN, { destType: 3, pattern: '05T', permit: 0 });
    expect((await t().del(`${R_CORP}/${row.id}`, GLOBEX)).statusCode).toBe(404);
    const res = await t().del(`${R_CORP}/${row.id}`, ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200 });
    expect((await rows(t(), R_CORP)).some((r) => r.id === row.id)).toBe(false);
    expect((await t().del(`${R_CORP}/${row.id}`, ADMIN)).statusCode).toBe(404);
    expect((await t().get(R_CORP, AGENT)).statusCode).toBe(403);
    expect((await t().get(R_EXTEN, AGENT)).statusCode).toBe(403);
  });

  // ---------------------------------------------------------------- extension restrictions

  it('C-ERS-02/08 an extension restriction is a child of an extension: created with extenId, listed with ?extenId=', async () => {
    const acme201 = t().ids.extension.acme201;
    const mobile = await groupId(t(), 'National mobile');
    const seeded = await rows(t(), `${R_EXTEN}?extenId=${acme201}`);
    expect(seeded).toHaveLength(1);
    expect(Object.keys(seeded[0]).sort()).toEqual(['corpId', 'destType', 'destination', 'extenId', 'extenNumber', 'groupId', 'id', 'pattern', 'permit', 'pin']);
    expect(seeded[0]).toMatchObject({ extenId: acme201, extenNumber: '201', destType: 4, pattern: 'DestinationGroup', groupId: mobile, destination: 'National mobile', permit: 1, pin: '' });
    const ext = await extensionId(t(), '230');
    const row = await created(t(), R_EXTEN, ADMIN, { extenId: ext, destType: 3, pattern: '0800T', permit: 2, pin: '1111' });
    expect(row).toMatchObject({ corpId: t().ids.corp.acme, extenId: ext, extenNumber: '230', destType: 3, pattern: '0800T', destination: '0800T', permit: 2, pin: '1111' });
    expect((await rows(t(), `${R_EXTEN}?extenId=${ext}`)).map((r) => r.id)).toEqual([row.id]);
    expect((await rows(t(), `${R_EXTEN}?extenId=${acme201}`)).map((r) => r.id)).toEqual([seeded[0].id]);
    expect((await rows(t(), R_EXTEN)).map((r) => r.id).sort()).toEqual([seeded[0].id, row.id].sort());
    // the extension and the corp stay on update
    const upd = await t().put(`${R_EXTEN}/${row.id}`, ADMIN, { ...row, extenId: acme201, corpId: t().ids.corp.globex, permit: 0 });
    expect(upd.json()).toMatchObject({ extenId: ext, corpId: t().ids.corp.acme, permit: 0, pin: '' });
    await t().del(`${R_EXTEN}/${row.id}`, ADMIN);
  });

  it('C-ERS-01 a foreign or missing extension: 400 validation.parentUnknown on create, 404 on the list', async () => {
    const { globex1001, acme201 } = t().ids.extension;
    const res = await t().post(R_EXTEN, ADMIN, { extenId: globex1001, destType: 1, permit: 0 });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual(['extenId:validation.parentUnknown']);
    expect(issuesOf(await t().post(R_EXTEN, ADMIN, { destType: 1, permit: 0 }))).toEqual(['extenId:validation.required']);
    expect((await t().get(`${R_EXTEN}?extenId=${globex1001}`, ADMIN)).statusCode).toBe(404);
    expect((await t().get(`${R_EXTEN}?extenId=${acme201}`, GLOBEX)).statusCode).toBe(404);
    expect(await rows(t(), R_EXTEN, GLOBEX)).toEqual([]);
    const seeded = (await rows(t(), `${R_EXTEN}?extenId=${acme201}`))[0];
    expect((await t().get(`${R_EXTEN}/${seeded.id}`, GLOBEX)).statusCode).toBe(404);
    expect((await t().del(`${R_EXTEN}/${seeded.id}`, GLOBEX)).statusCode).toBe(404);
  });

  it('C-ERS-04/05/06 the rule of the corporate form holds for extensions: types, free pattern, permit, pin; duplicates → 409 / -5', async () => {
    const ext = await extensionId(t(), '229');
    const mobile = await groupId(t(), 'National mobile');
    expect(issuesOf(await t().post(R_EXTEN, ADMIN, { extenId: ext, destType: 3, pattern: '08T00', permit: 0 }))).toEqual(['pattern:validation.restrictionPattern']);
    expect(issuesOf(await t().post(R_EXTEN, ADMIN, { extenId: ext, destType: 3, pattern: 'T0', permit: 0 }))).toEqual(['pattern:validation.restrictionPattern']);
    expect(issuesOf(await t().post(R_EXTEN, ADMIN, { extenId: ext, destType: 4, permit: 0 }))).toEqual(['groupId:validation.required']);
    expect(issuesOf(await t().post(R_EXTEN, ADMIN, { extenId: ext, destType: 3, pattern: '0800T', permit: 2 }))).toEqual(['pin:validation.required']);
    expect(issuesOf(await t().post(R_EXTEN, ADMIN, { extenId: ext, destType: 3, pattern: '0800T', permit: 9 }))).toEqual(['permit:validation.option']);
    const vm = await created(t(), R_EXTEN, ADMIN, { extenId: ext, destType: 1, pattern: 'x', permit: 1, pin: '12' });
    expect(vm).toMatchObject({ pattern: 'VoiceMailMain', groupId: null, pin: '' });
    const meet = await created(t(), R_EXTEN, ADMIN, { extenId: ext, destType: 2, permit: 2, pin: '12' });
    expect(meet).toMatchObject({ pattern: 'MeetMe', permit: 2, pin: '12' });
    const group = await created(t(), R_EXTEN, ADMIN, { extenId: ext, destType: 4, groupId: mobile, permit: 0 });
    expect(group).toMatchObject({ pattern: 'DestinationGroup', groupId: mobile, destination: 'National mobile' });
    const dup = await t().post(R_EXTEN, ADMIN, { extenId: ext, destType: 4, groupId: mobile, permit: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject(restrictionExists);
    const dupVm = await t().post(R_EXTEN, ADMIN, { extenId: ext, destType: 1, permit: 0 });
    expect(dupVm.statusCode).toBe(409);
    expect(dupVm.json()).toMatchObject({ status: -5 });
    // another extension may have the same rule
    const other = await created(t(), R_EXTEN, ADMIN, { extenId: await extensionId(t(), '228'), destType: 1, permit: 0 });
    for (const row of [vm, meet, group, other]) expect((await t().del(`${R_EXTEN}/${row.id}`, ADMIN)).statusCode).toBe(200);
  });

  it('C-ERS-09 the spec body {ExtenId, GroupId, Pattern, Permit, Pin} (with DestType) creates; id added on update', async () => {
    const ext = await extensionId(t(), '227');
    const row = await created(t(), R_EXTEN, ADMIN, { ExtenId: ext, DestType: 3, GroupId: null, Pattern: '0700T', Permit: 1, Pin: '' });
    expect(row).toMatchObject({ extenId: ext, pattern: '0700T', permit: 1 });
    const upd = await t().put(R_EXTEN, ADMIN, { Id: row.id, ExtenId: ext, DestType: 3, GroupId: null, Pattern: '0701T', Permit: 2, Pin: '55' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ id: row.id, extenId: ext, pattern: '0701T', permit: 2, pin: '55' });
    await t().del(`${R_EXTEN}/${row.id}`, ADMIN);
  });

  it("C-ERS-07 the 'Entrante' group is never a restriction's choice: a corporate or extension restriction naming it is refused", async () => {
    const entrante = await groupId(t(), 'Entrante');
    const byCorp = await t().post(R_CORP, ADMIN, { destType: 4, groupId: entrante, permit: 0 });
    const byExten = await t().post(R_EXTEN, ADMIN, { extenId: t().ids.extension.acme201, destType: 4, groupId: entrante, permit: 0 });
    // whatever was created is removed before judging
    if (byCorp.statusCode === 201) await t().del(`${R_CORP}/${(byCorp.json() as Row).id}`, ADMIN);
    if (byExten.statusCode === 201) await t().del(`${R_EXTEN}/${(byExten.json() as Row).id}`, ADMIN);
    expect([byCorp.statusCode, issuesOf(byCorp).map((i) => i.split(':')[0])]).toEqual([400, ['groupId']]);
    expect([byExten.statusCode, issuesOf(byExten).map((i) => i.split(':')[0])]).toEqual([400, ['groupId']]);
  });

  it('C-ERS-09 / C-CRS-04 the spec body {ExtenId|CorpId, GroupId, Pattern, Permit, Pin} without DestType: the type follows from the stored word', async () => {
    const ext = await extensionId(t(), '225');
    const landline = await groupId(t(), 'Local landline');
    const bodies = [
      { ExtenId: ext, GroupId: null, Pattern: 'VoiceMailMain', Permit: 1, Pin: '' },
      { ExtenId: ext, GroupId: null, Pattern: 'MeetMe', Permit: 0, Pin: '' },
      { ExtenId: ext, GroupId: null, Pattern: '0800T', Permit: 1, Pin: '' },
      { ExtenId: ext, GroupId: landline, Pattern: 'DestinationGroup', Permit: 2, Pin: '77' },
    ];
    const answers: unknown[] = [];
    for (const body of bodies) {
      const res = await t().post(R_EXTEN, ADMIN, body);
      if (res.statusCode === 201) await t().del(`${R_EXTEN}/${(res.json() as Row).id}`, ADMIN);
      answers.push([res.statusCode, res.statusCode === 201 ? (res.json() as Row).destType : issuesOf(res)]);
    }
    const corp = await t().post(R_CORP, ADMIN, { CorpId: t().ids.corp.acme, GroupId: null, Pattern: '0600T', Permit: 1, Pin: '' });
    if (corp.statusCode === 201) await t().del(`${R_CORP}/${(corp.json() as Row).id}`, ADMIN);
    answers.push([corp.statusCode, corp.statusCode === 201 ? (corp.json() as Row).destType : issuesOf(corp)]);
    expect(answers).toEqual([
      [201, 1],
      [201, 2],
      [201, 3],
      [201, 4],
      [201, 3],
    ]);
  });

  // ---------------------------------------------------------------- incoming restrictions

  it('C-IRS-01 incoming restrictions are level 1 only: levels 2 and 3 get 403', async () => {
    const list = await rows(t(), R_IN, SUPER);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ corpId: t().ids.corp.acme, pattern: '551199990000', permit: 0, comment: 'Known spam caller', allCorps: false });
    expect((await t().get(R_IN, ADMIN)).statusCode).toBe(403);
    expect((await t().get(R_IN, OWNER)).statusCode).toBe(403);
    expect((await t().post(R_IN, ADMIN, { pattern: '5511T', permit: 0 })).statusCode).toBe(403);
    expect((await t().put(`${R_IN}/${list[0].id}`, ADMIN, { ...list[0], permit: 1 })).statusCode).toBe(403);
    expect((await t().del(`${R_IN}/${list[0].id}`, ADMIN)).statusCode).toBe(403);
    expect((await t().get(R_IN, GLOBEX)).statusCode).toBe(403);
  });

  it('C-IRS-01 incoming rules: the free pattern rule, permit 0/1 only, a corp or every corp, duplicates → 409 / -5', async () => {
    const { acme, globex } = t().ids.corp;
    for (const pattern of ['T0', '08T00', 'abc', '0800TT']) {
      expect(issuesOf(await t().post(R_IN, SUPER, { corpId: acme, pattern, permit: 0 })), pattern).toEqual(['pattern:validation.restrictionPattern']);
    }
    expect(issuesOf(await t().post(R_IN, SUPER, { corpId: acme, pattern: '', permit: 0 }))[0]).toBe('pattern:validation.required');
    expect(issuesOf(await t().post(R_IN, SUPER, { corpId: acme, pattern: '5511T', permit: 2 }))).toEqual(['permit:validation.option']);
    expect(issuesOf(await t().post(R_IN, SUPER, { pattern: '5511T', permit: 0 }))).toEqual(['corpId:validation.required']);
    const row = await created(t(), R_IN, SUPER, { corpId: globex, pattern: '5511T', permit: 1, comment: 'Sao Paulo' });
    expect(row).toMatchObject({ corpId: globex, allCorps: false, pattern: '5511T', permit: 1, comment: 'Sao Paulo' });
    const all = await created(t(), R_IN, SUPER, { allCorps: true, corpId: acme, pattern: '0800T', permit: 0 });
    expect(all).toMatchObject({ corpId: null, allCorps: true, comment: '' });
    const dup = await t().post(R_IN, SUPER, { corpId: acme, pattern: '551199990000', permit: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ status: -5, message: 'errors.restrictionExists' });
    const dupAll = await t().post(R_IN, SUPER, { allCorps: true, pattern: '0800T', permit: 1 });
    expect(dupAll.statusCode).toBe(409);
    // the same pattern for another corp is fine
    const acmeToo = await created(t(), R_IN, SUPER, { corpId: acme, pattern: '5511T', permit: 0 });
    expect((await rows(t(), R_IN, SUPER)).map((r) => r.pattern).sort()).toEqual(['0800T', '551199990000', '5511T', '5511T']);
    for (const r of [row, all, acmeToo]) expect((await t().del(`${R_IN}/${r.id}`, SUPER)).statusCode).toBe(200);
  });
});
