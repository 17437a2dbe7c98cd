import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { timeExtenOption, timeOption } from '../../server/db/schema';
import { CALLERS, describeEachDatabase, type Caller, type TestApp } from './fixtures/test-app';

const { super: SUPER, admin: ADMIN, agent: AGENT, globexAdmin: GLOBEX } = CALLERS;
type Issue = { path: string; message: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);

type Option = { id: number; from: string; to: string; days: string; action?: string };
type TimeRow = { id: number; corpId: number; name: string; default: string; options: Option[] };
type ExtenTimeRow = { id: number; corpId: number; name: string; options: Option[]; extensions: string[] };
type ExtRow = Record<string, unknown> & { id: number; number: string; corpId: number };
type Failure = { content: string; statusCode: number; message: string };

const TIME = '/api/v1/timemain';
const EXTEN_TIME = '/api/v1/timeoptionexten';
const BULK = '/api/v1/extension/bulk';

async function times(t: TestApp, as: Caller = ADMIN): Promise<TimeRow[]> {
  return (await t.get(TIME, as)).json() as TimeRow[];
}
async function timeNamed(t: TestApp, name: string): Promise<TimeRow> {
  const row = (await times(t)).find((r) => r.name === name);
  if (!row) throw new Error(`no time condition ${name}`);
  return row;
}
async function extenTimes(t: TestApp, as: Caller = ADMIN): Promise<ExtenTimeRow[]> {
  return (await t.get(EXTEN_TIME, as)).json() as ExtenTimeRow[];
}
async function queueId(t: TestApp, name: string, as: Caller = ADMIN): Promise<number> {
  const queue = ((await t.get('/api/v1/queue', as)).json() as { id: number; name: string }[]).find((q) => q.name === name);
  if (!queue) throw new Error(`no queue ${name}`);
  return queue.id;
}
async function createTime(t: TestApp, body: Record<string, unknown>): Promise<TimeRow> {
  const res = await t.post(TIME, ADMIN, body);
  if (res.statusCode !== 201) throw new Error(`create time condition: ${res.statusCode} ${res.body}`);
  return res.json() as TimeRow;
}
async function extensions(t: TestApp, as: Caller = ADMIN, headers?: Record<string, string>): Promise<ExtRow[]> {
  return (await t.get('/api/v1/extension', as, headers)).json() as ExtRow[];
}
/** the options as stored, without their ids, in a stable order */
const shapes = (options: readonly Option[]) =>
  options.map(({ from, to, days, action }) => ({ from, to, days, ...(action !== undefined ? { action } : {}) })).sort((a, b) => `${a.days}${a.from}`.localeCompare(`${b.days}${b.from}`));

/** A bulk CSV row (C-EXT-32): every column, null cells unless given. */
function bulkRow(number: string | number | null, cells: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Number: number === null ? null : String(number),
    Pass: `pw-${number}`,
    TrunkNumber: null,
    Outer: null,
    Enabled: null,
    Action: null,
    Onbusy: null,
    Description: null,
    Spy: null,
    PortType: null,
    Vmpass: null,
    Callgroup: null,
    UserName: null,
    MaxContacts: null,
    ...cells,
  };
}
const codes = (failures: readonly Failure[]) => failures.map(({ content, statusCode }) => ({ content, statusCode }));

describeEachDatabase('time conditions, extension schedules and the extension bulk import', (t) => {
  /* ------------------------------------------------------------------ time conditions (C-TC) */

  it("C-TC-01 C-TC-12 lists the corp's time conditions: id, corpId, name, default and options {id, from, to, days, action}", async () => {
    const rows = await times(t());
    const hours = rows.find((r) => r.name === 'Business hours')!;
    expect(Object.keys(hours).sort()).toEqual(['corpId', 'default', 'id', 'name', 'options']);
    expect(hours).toMatchObject({ corpId: t().ids.corp.acme, default: 'hangup' });
    expect(hours.options.map((o) => Object.keys(o).sort())).toEqual([
      ['action', 'days', 'from', 'id', 'to'],
      ['action', 'days', 'from', 'id', 'to'],
    ]);
    expect(shapes(hours.options)).toEqual([
      { from: '08:00', to: '18:00', days: 'Mon-Tue-Wed-Thu-Fri', action: `queue:${t().ids.queue.sales}` },
      { from: '09:00', to: '13:00', days: 'Sat', action: `queue:${await queueId(t(), 'Support')}` },
    ]);
    expect(rows.every((r) => r.corpId === t().ids.corp.acme)).toBe(true);
    // tenancy: globex sees none of acme's, and cannot read it by id
    expect((await times(t(), GLOBEX)).some((r) => r.name === 'Business hours')).toBe(false);
    expect((await t().get(`${TIME}/${hours.id}`, GLOBEX)).statusCode).toBe(404);
  });

  it('C-TC-02 C-TC-11 C-TC-13 creates from {name, default, options[{from, to, days, action}], idsTOtoDelete}; days stored Mon-Tue from a list or a comma string', async () => {
    const res = await t().post(TIME, ADMIN, {
      name: 'Shifts',
      default: 'exten:201',
      options: [
        { from: '08:00', to: '12:00', days: ['Tue', 'Mon'], action: 'hangup' },
        { from: '08:00', to: '12:00', days: 'Thu, Wed', action: `queue:${t().ids.queue.sales}` },
        { from: '10:00', to: '14:00', days: 'Sun-Sat', action: 'exten:202' },
      ],
      idsTOtoDelete: [],
    });
    expect(res.statusCode).toBe(201);
    const row = res.json() as TimeRow;
    expect(row).toMatchObject({ name: 'Shifts', default: 'exten:201', corpId: t().ids.corp.acme });
    expect(shapes(row.options)).toEqual([
      { from: '08:00', to: '12:00', days: 'Mon-Tue', action: 'hangup' },
      { from: '10:00', to: '14:00', days: 'Sat-Sun', action: 'exten:202' },
      { from: '08:00', to: '12:00', days: 'Wed-Thu', action: `queue:${t().ids.queue.sales}` },
    ]);
    const stored = await t().db.select().from(timeOption).where(eq(timeOption.timeId, row.id));
    expect(stored.map((o) => o.days).sort()).toEqual(['Mon-Tue', 'Sat-Sun', 'Wed-Thu']);
    expect(stored.every((o) => o.corpId === t().ids.corp.acme)).toBe(true);
    // a duplicate name in the corp answers 406
    const again = await t().post(TIME, ADMIN, { name: 'Shifts', default: 'hangup', options: [{ from: '01:00', to: '02:00', days: ['Mon'], action: 'hangup' }] });
    expect(again.statusCode).toBe(406);
  });

  it('C-TC-07 the name takes letters, digits and _ + * . @ space - only, and is required', async () => {
    const option = { from: '08:00', to: '09:00', days: ['Mon'], action: 'hangup' };
    expect(issuesOf(await t().post(TIME, ADMIN, { name: 'Bad/name', default: 'hangup', options: [option] }))).toEqual(['name:validation.extPassword']);
    expect(issuesOf(await t().post(TIME, ADMIN, { name: 'semi;colon', default: 'hangup', options: [option] }))).toEqual(['name:validation.extPassword']);
    expect(issuesOf(await t().post(TIME, ADMIN, { name: '  ', default: 'hangup', options: [option] }))).toEqual(['name:validation.required']);
    const ok = await t().post(TIME, ADMIN, { name: 'Ñu_1+2*3.4@x y-z', default: 'hangup', options: [option] });
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as TimeRow).name).toBe('Ñu_1+2*3.4@x y-z');
  });

  it('C-TC-08 the default action is required and must be a destination of the corp', async () => {
    const option = { from: '08:00', to: '09:00', days: ['Mon'], action: 'hangup' };
    const body = (value: unknown) => ({ name: 'Default rule', default: value, options: [option] });
    expect(issuesOf(await t().post(TIME, ADMIN, { name: 'Default rule', options: [option] }))).toEqual(['default:validation.required']);
    // (an empty value also reports validation.option after it; the first issue is what the form shows)
    expect(issuesOf(await t().post(TIME, ADMIN, body('')))[0]).toBe('default:validation.required');
    // a section heading, an unknown shape, another time condition (not offered) are no choices
    expect(issuesOf(await t().post(TIME, ADMIN, body('section:queues')))).toEqual(['default:validation.option']);
    expect(issuesOf(await t().post(TIME, ADMIN, body('somewhere')))).toEqual(['default:validation.option']);
    const hours = await timeNamed(t(), 'Business hours');
    expect(issuesOf(await t().post(TIME, ADMIN, body(`time:${hours.id}`)))).toEqual(['default:validation.option']);
    // a queue of another corp, a missing queue, a missing extension are unknown here
    expect(issuesOf(await t().post(TIME, ADMIN, body(`queue:${t().ids.queue.helpdesk}`)))).toEqual(['default:validation.destinationUnknown']);
    expect(issuesOf(await t().post(TIME, ADMIN, body('queue:999999')))).toEqual(['default:validation.destinationUnknown']);
    expect(issuesOf(await t().post(TIME, ADMIN, body('exten:1001')))).toEqual(['default:validation.destinationUnknown']);
    const ok = await t().post(TIME, ADMIN, body(`queue:${t().ids.queue.sales}`));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ default: `queue:${t().ids.queue.sales}` });
  });

  it('C-TC-06 at least one option: none answers 400 validation.oneOptionMin', async () => {
    const none = await t().post(TIME, ADMIN, { name: 'No options', default: 'hangup', options: [] });
    expect(none.statusCode).toBe(400);
    expect(issuesOf(none)).toEqual(['options:validation.oneOptionMin']);
    expect(issuesOf(await t().post(TIME, ADMIN, { name: 'No options', default: 'hangup' }))).toEqual(['options:validation.oneOptionMin']);
    expect((await times(t())).some((r) => r.name === 'No options')).toBe(false);
  });

  it('C-TC-05 options overlapping on a shared day answer 400 validation.timeOverlap; touching hours and other days are fine', async () => {
    const overlap = await t().post(TIME, ADMIN, {
      name: 'Overlap',
      default: 'hangup',
      options: [
        { from: '08:00', to: '12:00', days: ['Mon', 'Tue'], action: 'hangup' },
        { from: '11:59', to: '13:00', days: ['Tue', 'Wed'], action: 'hangup' },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(issuesOf(overlap)).toEqual(['options.1:validation.timeOverlap']);
    // one inside another
    expect(
      issuesOf(
        await t().post(TIME, ADMIN, {
          name: 'Overlap',
          default: 'hangup',
          options: [
            { from: '08:00', to: '18:00', days: 'Fri', action: 'hangup' },
            { from: '06:00', to: '07:00', days: 'Fri', action: 'hangup' },
            { from: '10:00', to: '11:00', days: 'Fri', action: 'hangup' },
          ],
        }),
      ),
    ).toEqual(['options.2:validation.timeOverlap']);
    expect((await times(t())).some((r) => r.name === 'Overlap')).toBe(false);

    const adjacent = await t().post(TIME, ADMIN, {
      name: 'Adjacent',
      default: 'hangup',
      options: [
        { from: '08:00', to: '12:00', days: ['Mon', 'Tue'], action: 'hangup' },
        { from: '12:00', to: '18:00', days: ['Mon', 'Tue'], action: 'exten:201' },
      ],
    });
    expect(adjacent.statusCode).toBe(201);
    expect((adjacent.json() as TimeRow).options).toHaveLength(2);
    const otherDays = await t().post(TIME, ADMIN, {
      name: 'Other days',
      default: 'hangup',
      options: [
        { from: '08:00', to: '12:00', days: ['Mon'], action: 'hangup' },
        { from: '08:00', to: '12:00', days: ['Tue'], action: 'hangup' },
      ],
    });
    expect(otherDays.statusCode).toBe(201);
  });

  it("C-TC-09 an option's 'to' is later than its 'from'; times are HH:MM; days are required", async () => {
    const body = (option: Record<string, unknown>) => ({ name: 'Hours rule', default: 'hangup', options: [{ from: '08:00', to: '09:00', days: ['Mon'], action: 'hangup', ...option }] });
    expect(issuesOf(await t().post(TIME, ADMIN, body({ from: '12:00', to: '12:00' })))).toEqual(['options.0.to:validation.toAfterFrom']);
    expect(issuesOf(await t().post(TIME, ADMIN, body({ from: '18:00', to: '08:00' })))).toEqual(['options.0.to:validation.toAfterFrom']);
    // (the from-before-to check still runs on the unreadable time, so 'to' may be reported too)
    expect(issuesOf(await t().post(TIME, ADMIN, body({ from: '24:00' })))[0]).toBe('options.0.from:validation.timeOfDay');
    expect(issuesOf(await t().post(TIME, ADMIN, body({ to: '9:00' })))).toEqual(['options.0.to:validation.timeOfDay']);
    expect(issuesOf(await t().post(TIME, ADMIN, body({ days: [] })))).toEqual(['options.0.days:validation.daysRequired']);
    expect(issuesOf(await t().post(TIME, ADMIN, body({ days: 'Funday' })))).toEqual(['options.0.days:validation.daysRequired']);
    expect((await t().post(TIME, ADMIN, body({ from: '00:00', to: '23:59' }))).statusCode).toBe(201);
  });

  it("C-TC-10 an option's action is required and is a destination like the default", async () => {
    const body = (action: unknown) => ({ name: 'Action rule', default: 'hangup', options: [{ from: '08:00', to: '09:00', days: ['Mon'], action }] });
    expect(issuesOf(await t().post(TIME, ADMIN, body(undefined)))).toEqual(['options.0.action:validation.required']);
    expect(issuesOf(await t().post(TIME, ADMIN, body('')))[0]).toBe('options.0.action:validation.required');
    expect(issuesOf(await t().post(TIME, ADMIN, body('section:ivrs')))).toEqual(['options.0.action:validation.option']);
  });

  it("C-TC-10 tenancy: an option's action must be a destination of the corp (another corp's queue, a missing queue or extension are refused)", async () => {
    const actions = [`queue:${t().ids.queue.helpdesk}`, 'queue:999999', 'exten:1001'];
    const answers = [];
    for (const [i, action] of actions.entries()) {
      const res = await t().post(TIME, ADMIN, { name: `Foreign action ${i}`, default: 'hangup', options: [{ from: '08:00', to: '09:00', days: ['Mon'], action }] });
      answers.push({ action, status: res.statusCode, issues: issuesOf(res) });
    }
    expect(answers).toEqual(actions.map((action) => ({ action, status: 400, issues: ['options.0.action:validation.destinationUnknown'] })));
    expect((await times(t())).some((r) => r.name.startsWith('Foreign action'))).toBe(false);
  });

  it('C-TC-04 C-TC-13 update keeps the option ids sent back, deletes those in idsTOtoDelete and those not sent, adds those without id', async () => {
    const created = await createTime(t(), {
      name: 'Diff',
      default: 'hangup',
      options: [
        { from: '08:00', to: '09:00', days: ['Mon'], action: 'hangup' },
        { from: '10:00', to: '11:00', days: ['Mon'], action: 'hangup' },
        { from: '12:00', to: '13:00', days: ['Mon'], action: 'hangup' },
        { from: '14:00', to: '15:00', days: ['Mon'], action: 'hangup' },
      ],
    });
    const [a, b, c, d] = created.options;
    expect([a.from, b.from, c.from, d.from]).toEqual(['08:00', '10:00', '12:00', '14:00']);
    const res = await t().put(TIME, ADMIN, {
      id: created.id,
      name: 'Diff',
      default: 'exten:203',
      options: [
        // a: kept, changed
        { id: a.id, from: '07:00', to: '09:30', days: 'Mon, Tue', action: 'exten:201' },
        // b: kept as it was
        { id: b.id, from: b.from, to: b.to, days: b.days, action: b.action },
        // c: sent back but named for deletion
        { id: c.id, from: c.from, to: c.to, days: c.days, action: c.action },
        // d: not sent at all; e: new
        { from: '16:00', to: '17:00', days: ['Fri'], action: 'hangup' },
      ],
      idsTOtoDelete: [c.id],
    });
    expect(res.statusCode).toBe(200);
    const row = res.json() as TimeRow;
    expect(row.default).toBe('exten:203');
    const byId = new Map(row.options.map((o) => [o.id, o]));
    expect(byId.get(a.id)).toEqual({ id: a.id, from: '07:00', to: '09:30', days: 'Mon-Tue', action: 'exten:201' });
    expect(byId.get(b.id)).toEqual(b);
    expect(byId.has(c.id)).toBe(false);
    expect(byId.has(d.id)).toBe(false);
    expect(row.options).toHaveLength(3);
    const added = row.options.find((o) => o.id !== a.id && o.id !== b.id)!;
    expect(added).toMatchObject({ from: '16:00', to: '17:00', days: 'Fri', action: 'hangup' });
    expect(added.id).not.toBe(c.id);
    expect(added.id).not.toBe(d.id);
    // the table holds exactly these
    const stored = await t().db.select({ id: timeOption.id }).from(timeOption).where(eq(timeOption.timeId, created.id));
    expect(stored.map((o) => o.id).sort((x, y) => x - y)).toEqual(row.options.map((o) => o.id).sort((x, y) => x - y));
    expect(await t().db.select().from(timeOption).where(inArray(timeOption.id, [c.id, d.id]))).toHaveLength(0);
    // the read answers the same
    expect((await t().get(`${TIME}/${created.id}`, ADMIN)).json()).toEqual(row);
  });

  it("C-TC-04 another time condition's option ids are never touched (sent back or named for deletion)", async () => {
    const hours = await timeNamed(t(), 'Business hours');
    const [first, second] = hours.options;
    const mine = await createTime(t(), { name: 'Thief', default: 'hangup', options: [{ from: '01:00', to: '02:00', days: ['Sun'], action: 'hangup' }] });
    const res = await t().put(`${TIME}/${mine.id}`, ADMIN, {
      name: 'Thief',
      default: 'hangup',
      options: [{ id: first.id, from: '03:00', to: '04:00', days: ['Sun'], action: 'exten:201' }],
      idsTOtoDelete: [second.id],
    });
    expect(res.statusCode).toBe(200);
    const row = res.json() as TimeRow;
    // the option was written as a new one of this condition
    expect(row.options).toHaveLength(1);
    expect(row.options[0]).toMatchObject({ from: '03:00', to: '04:00', days: 'Sun', action: 'exten:201' });
    expect(row.options[0].id).not.toBe(first.id);
    expect(row.options[0].id).not.toBe(mine.options[0].id);
    // Business hours is as it was
    expect(await timeNamed(t(), 'Business hours')).toEqual(hours);
    const stored = await t().db.select().from(timeOption).where(eq(timeOption.timeId, hours.id));
    expect(stored.map((o) => o.id).sort((x, y) => x - y)).toEqual([first.id, second.id].sort((x, y) => x - y));
    // another corp cannot update acme's condition at all
    expect((await t().put(`${TIME}/${hours.id}`, GLOBEX, { name: 'Hijack', default: 'hangup', options: [{ from: '01:00', to: '02:00', days: ['Mon'], action: 'hangup' }] })).statusCode).toBe(404);
    expect(await timeNamed(t(), 'Business hours')).toEqual(hours);
  });

  it('C-TC-14 deleting a time condition answers status 200 and its options go with it', async () => {
    const row = await createTime(t(), { name: 'Short lived', default: 'hangup', options: [{ from: '01:00', to: '02:00', days: ['Sun'], action: 'hangup' }] });
    expect((await t().del(`${TIME}/${row.id}`, GLOBEX)).statusCode).toBe(404);
    const res = await t().del(`${TIME}/${row.id}`, ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200 });
    expect((await t().get(`${TIME}/${row.id}`, ADMIN)).statusCode).toBe(404);
    expect(await t().db.select().from(timeOption).where(eq(timeOption.timeId, row.id))).toHaveLength(0);
  });

  it('F-ERR-08 deleting a queue named in a time option (or as the default) answers 522 errors.inUseByTime', async () => {
    const created = await t().post('/api/v1/queue', ADMIN, { name: 'Night shift' });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    const rule = await createTime(t(), { name: 'Nights', default: 'hangup', options: [{ from: '20:00', to: '23:00', days: ['Mon'], action: `queue:${id}` }] });
    const res = await t().del(`/api/v1/queue/${id}`, ADMIN);
    expect({ http: res.statusCode, body: res.json() as unknown }).toEqual({ http: 522, body: expect.objectContaining({ status: 522, error: 'In Use By Time', message: 'errors.inUseByTime' }) });
    // named by the default only
    await t().put(`${TIME}/${rule.id}`, ADMIN, { name: 'Nights', default: `queue:${id}`, options: [{ from: '20:00', to: '23:00', days: ['Mon'], action: 'hangup' }] });
    expect((await t().del(`/api/v1/queue/${id}`, ADMIN)).statusCode).toBe(522);
    // once no time rule names it, it goes
    await t().put(`${TIME}/${rule.id}`, ADMIN, { name: 'Nights', default: 'hangup', options: [{ from: '20:00', to: '23:00', days: ['Mon'], action: 'hangup' }] });
    expect((await t().del(`/api/v1/queue/${id}`, ADMIN)).statusCode).toBe(200);
  });

  it('F-ERR-06 deleting a time condition a trunk sends calls to answers 520 errors.inUseByTrunk', async () => {
    const hours = await timeNamed(t(), 'Business hours');
    const res = await t().del(`${TIME}/${hours.id}`, ADMIN);
    expect({ http: res.statusCode, body: res.json() as unknown }).toEqual({ http: 520, body: expect.objectContaining({ status: 520, error: 'In Use By Trunk', message: 'errors.inUseByTrunk' }) });
    expect(await timeNamed(t(), 'Business hours')).toEqual(hours);
  });

  /* ------------------------------------------------------------------ extension schedules (C-ETC) */

  it("C-ETC-01 C-ETC-02 lists schedules with their days and hours and the numbers of the extensions using each", async () => {
    const rows = await extenTimes(t());
    const office = rows.find((r) => r.name === 'Office hours')!;
    expect(Object.keys(office).sort()).toEqual(['corpId', 'extensions', 'id', 'name', 'options']);
    expect(office.corpId).toBe(t().ids.corp.acme);
    expect(office.options).toEqual([{ id: office.options[0].id, from: '08:00', to: '17:00', days: 'Mon-Tue-Wed-Thu-Fri' }]);
    expect(office.extensions).toEqual(['229', '230']);
    expect((await extenTimes(t(), GLOBEX)).some((r) => r.name === 'Office hours')).toBe(false);
  });

  it('C-ETC-03 C-ETC-08 creates options without an action (an action sent is dropped); a new schedule has no extensions until one uses it', async () => {
    const res = await t().post(EXTEN_TIME, ADMIN, {
      name: 'Late desk',
      options: [
        { from: '18:00', to: '22:00', days: ['Fri', 'Mon'], action: 'exten:201' },
        { from: '10:00', to: '14:00', days: 'Sat' },
      ],
      deletedOptionIds: [],
    });
    expect(res.statusCode).toBe(201);
    const row = res.json() as ExtenTimeRow;
    expect(row.extensions).toEqual([]);
    expect(shapes(row.options)).toEqual([
      { from: '18:00', to: '22:00', days: 'Mon-Fri' },
      { from: '10:00', to: '14:00', days: 'Sat' },
    ]);
    expect(row.options.every((o) => !('action' in o))).toBe(true);
    // an extension takes calls on it: it appears in the row
    const ext = (await extensions(t())).find((e) => e.number === '231')!;
    expect((await t().put(`/api/v1/extension/${ext.id}`, ADMIN, { ...ext, pass: '', timeExtensIds: row.id })).statusCode).toBe(200);
    expect((await extenTimes(t())).find((r) => r.id === row.id)!.extensions).toEqual(['231']);
    await t().put(`/api/v1/extension/${ext.id}`, ADMIN, { ...ext, pass: '', timeExtensIds: 0 });
  });

  it('C-ETC-04 C-ETC-06 C-ETC-07 the name is required, each start before its end, at least one option, none overlapping', async () => {
    const option = { from: '08:00', to: '09:00', days: ['Mon'] };
    expect(issuesOf(await t().post(EXTEN_TIME, ADMIN, { name: '', options: [option] }))).toEqual(['name:validation.required']);
    expect(issuesOf(await t().post(EXTEN_TIME, ADMIN, { options: [option] }))).toEqual(['name:validation.required']);
    expect(issuesOf(await t().post(EXTEN_TIME, ADMIN, { name: 'Sched', options: [{ ...option, to: '08:00' }] }))).toEqual(['options.0.to:validation.toAfterFrom']);
    expect(issuesOf(await t().post(EXTEN_TIME, ADMIN, { name: 'Sched', options: [] }))).toEqual(['options:validation.oneOptionMin']);
    expect(issuesOf(await t().post(EXTEN_TIME, ADMIN, { name: 'Sched', options: [option, { from: '08:30', to: '10:00', days: 'Mon' }] }))).toEqual(['options.1:validation.timeOverlap']);
    expect(issuesOf(await t().post(EXTEN_TIME, ADMIN, { name: 'Sched', options: [{ from: '08:00', days: ['Mon'] }] }))).toEqual(['options.0.to:validation.required']);
    expect((await extenTimes(t())).some((r) => r.name === 'Sched')).toBe(false);
  });

  it('C-ETC-08 update with {id, name, options[{id, from, to, days}], deletedOptionIds}: kept ids stay, named and unsent ones go', async () => {
    const created = (
      await t().post(EXTEN_TIME, ADMIN, {
        name: 'Rota',
        options: [
          { from: '06:00', to: '07:00', days: ['Mon'] },
          { from: '08:00', to: '09:00', days: ['Mon'] },
          { from: '10:00', to: '11:00', days: ['Mon'] },
        ],
      })
    ).json() as ExtenTimeRow;
    const [a, b, c] = created.options;
    const office = (await extenTimes(t())).find((r) => r.name === 'Office hours')!;
    const res = await t().put(EXTEN_TIME, ADMIN, {
      id: created.id,
      name: 'Rota 2',
      options: [
        { id: a.id, from: '06:30', to: '07:00', days: ['Mon', 'Sun'] },
        { id: b.id, from: b.from, to: b.to, days: b.days },
        { from: '12:00', to: '13:00', days: 'Tue' },
      ],
      // b is named for deletion; c is simply not sent; Office hours' option belongs to another schedule
      deletedOptionIds: [b.id, office.options[0].id],
    });
    expect(res.statusCode).toBe(200);
    const row = res.json() as ExtenTimeRow;
    expect(row.name).toBe('Rota 2');
    expect(row.options).toHaveLength(2);
    expect(row.options.find((o) => o.id === a.id)).toEqual({ id: a.id, from: '06:30', to: '07:00', days: 'Mon-Sun' });
    expect(row.options.some((o) => o.id === b.id || o.id === c.id)).toBe(false);
    expect(row.options.find((o) => o.id !== a.id)).toMatchObject({ from: '12:00', to: '13:00', days: 'Tue' });
    expect(await t().db.select().from(timeExtenOption).where(inArray(timeExtenOption.id, [b.id, c.id]))).toHaveLength(0);
    expect((await extenTimes(t())).find((r) => r.name === 'Office hours')).toEqual(office);
  });

  it('C-ETC deleting a schedule an extension still uses answers 409 errors.inUseByExtension; an unused one goes with its options', async () => {
    const office = (await extenTimes(t())).find((r) => r.name === 'Office hours')!;
    const res = await t().del(`${EXTEN_TIME}/${office.id}`, ADMIN);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, message: 'errors.inUseByExtension' });
    expect((await extenTimes(t())).find((r) => r.id === office.id)).toEqual(office);
    const spare = (await t().post(EXTEN_TIME, ADMIN, { name: 'Spare', options: [{ from: '01:00', to: '02:00', days: ['Mon'] }] })).json() as ExtenTimeRow;
    expect((await t().del(`${EXTEN_TIME}/${spare.id}`, GLOBEX)).statusCode).toBe(404);
    expect((await t().del(`${EXTEN_TIME}/${spare.id}`, ADMIN)).statusCode).toBe(200);
    expect(await t().db.select().from(timeExtenOption).where(eq(timeExtenOption.timeId, spare.id))).toHaveLength(0);
  });

  /* ------------------------------------------------------------------ extension bulk import (C-EXT-32..40) */

  it('C-EXT-32 C-EXT-34 rows with the CSV columns import: 201 {created}, the rows exist; null cells take the defaults', async () => {
    const rows = [
      bulkRow(301, {
        TrunkNumber: '551130001001',
        Outer: '5511999990001',
        Enabled: 'no',
        Action: 'exTouch',
        Onbusy: 'followMe',
        Description: 'Bulk one',
        Spy: 'yes',
        PortType: 'TLS',
        Vmpass: '1234',
        Callgroup: '7',
        UserName: 'WALL',
        MaxContacts: '3',
      }),
      bulkRow(302),
    ];
    const res = await t().post(BULK, ADMIN, rows);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 2 });
    const all = await extensions(t());
    const one = all.find((e) => e.number === '301')!;
    const two = all.find((e) => e.number === '302')!;
    expect(one).toMatchObject({
      corpId: t().ids.corp.acme,
      pass: 'pw-301',
      trunkNumber: '551130001001',
      userId: t().ids.user.wall,
      userName: 'Wallboard',
      outer: '5511999990001',
      enabled: false,
      action: 'exTouch',
      onbusy: 'followMe',
      description: 'Bulk one',
      spy: true,
      portType: 'TLS',
      vmpass: '1234',
      callgroup: 7,
      maxContacts: 3,
      callLimit: 1,
    });
    expect(two).toMatchObject({
      pass: 'pw-302',
      trunkId: null,
      userId: null,
      outer: '',
      enabled: true,
      action: 'ring',
      onbusy: 'voicemail',
      description: '',
      spy: false,
      portType: 'UDP',
      vmpass: '',
      callgroup: 0,
      maxContacts: 1,
      timeExtensIds: 0,
    });
    for (const row of [one, two]) expect((await t().del(`/api/v1/extension/${row.id}`, ADMIN)).statusCode).toBe(200);
  });

  it("C-EXT-12 bulk Enabled reads yes / no / 1 / 0 (and true / false); rows may be sent with the body's field names too", async () => {
    const res = await t().post(BULK, ADMIN, [
      bulkRow(303, { Enabled: 'yes' }),
      bulkRow(304, { Enabled: 'no' }),
      bulkRow(305, { Enabled: '1' }),
      bulkRow(306, { Enabled: '0' }),
      bulkRow(307, { Enabled: 'FALSE', Spy: 'True' }),
      { number: '308', pass: 'pw-308', enabled: 0 },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 6 });
    const all = await extensions(t());
    const enabled = (n: string) => all.find((e) => e.number === n)!.enabled;
    expect(['303', '304', '305', '306', '307', '308'].map(enabled)).toEqual([true, false, true, false, false, false]);
    expect(all.find((e) => e.number === '307')!.spy).toBe(true);
    for (const e of all.filter((x) => ['303', '304', '305', '306', '307', '308'].includes(x.number))) await t().del(`/api/v1/extension/${e.id}`, ADMIN);
  });

  it('C-EXT-34 one invalid row among good ones answers 422 [{content, statusCode}] and none of the good rows is stored', async () => {
    const before = await extensions(t());
    const res = await t().post(BULK, ADMIN, [bulkRow(311), bulkRow(312), bulkRow(313, { Spy: 'maybe' }), bulkRow(314)]);
    expect(res.statusCode).toBe(422);
    const failures = res.json() as Failure[];
    expect(codes(failures)).toEqual([{ content: '313', statusCode: 506 }]);
    expect(Object.keys(failures[0]).sort()).toEqual(['content', 'message', 'statusCode']);
    const after = await extensions(t());
    expect(after).toEqual(before);
    expect(after.some((e) => ['311', '312', '313', '314'].includes(e.number))).toBe(false);
  });

  it('C-EXT-37 C-EXT-38 C-EXT-39 each failing row carries its code: 500-509 by field, 551 existing or repeated number, 400 a bad number', async () => {
    const before = await extensions(t());
    const res = await t().post(BULK, ADMIN, [
      bulkRow(320, { TrunkNumber: '999' }),
      // globex's trunk is no trunk of acme
      bulkRow(321, { TrunkNumber: '551140002000' }),
      bulkRow(322, { UserName: 'nobody' }),
      bulkRow(323, { MaxContacts: '9' }),
      bulkRow(324, { Callgroup: '100' }),
      bulkRow(325, { Vmpass: '12' }),
      bulkRow(326, { PortType: 'XYZ' }),
      bulkRow(327, { Spy: 'maybe' }),
      bulkRow(328, { Onbusy: 'dance' }),
      bulkRow(329, { Action: 'dance' }),
      bulkRow(330, { Enabled: 'maybe' }),
      bulkRow(201),
      bulkRow(331),
      bulkRow(331),
      bulkRow('abc'),
      bulkRow('99'),
      bulkRow(332),
    ]);
    expect(res.statusCode).toBe(422);
    const failures = res.json() as Failure[];
    expect(codes(failures)).toEqual([
      { content: '320', statusCode: 500 },
      { content: '321', statusCode: 500 },
      { content: '322', statusCode: 501 },
      { content: '323', statusCode: 502 },
      { content: '324', statusCode: 503 },
      { content: '325', statusCode: 504 },
      { content: '326', statusCode: 505 },
      { content: '327', statusCode: 506 },
      { content: '328', statusCode: 507 },
      { content: '329', statusCode: 508 },
      { content: '330', statusCode: 509 },
      { content: '201', statusCode: 551 },
      { content: '331', statusCode: 551 },
      { content: 'abc', statusCode: 400 },
      { content: '99', statusCode: 400 },
    ]);
    const messages = Object.fromEntries(failures.map((f) => [f.content + ':' + f.statusCode, f.message.split('|')[0]]));
    expect(messages).toMatchObject({
      '320:500': 'validation.trunkUnknown',
      '322:501': 'validation.userCorp',
      '323:502': 'validation.range',
      '324:503': 'validation.range',
      '325:504': 'validation.vmpass',
      '326:505': 'validation.option',
      '328:507': 'validation.option',
      '329:508': 'validation.option',
      '201:551': 'errors.extensionExists',
      'abc:400': 'validation.digits',
      '99:400': 'validation.range',
    });
    expect(await extensions(t())).toEqual(before);
  });

  it("C-EXT-39 F-ERR-15 rows beyond the corp's extMax answer 550 and nothing is stored", async () => {
    const corps = (await t().get('/api/v1/corp', SUPER)).json() as { id: number; extMax: number }[];
    const { extMax } = corps.find((c) => c.id === t().ids.corp.acme)!;
    const before = await extensions(t());
    const room = extMax - before.length;
    expect(room).toBeGreaterThan(0);
    const rows = Array.from({ length: room + 2 }, (_, i) => bulkRow(400 + i));
    const res = await t().post(BULK, ADMIN, rows);
    expect(res.statusCode).toBe(422);
    expect(codes(res.json() as Failure[])).toEqual([
      { content: String(400 + room), statusCode: 550 },
      { content: String(401 + room), statusCode: 550 },
    ]);
    expect(await extensions(t())).toEqual(before);
    // exactly the room left fits
    const fits = await t().post(BULK, ADMIN, rows.slice(0, room));
    expect(fits.statusCode).toBe(201);
    expect(fits.json()).toEqual({ created: room });
    const after = await extensions(t());
    expect(after).toHaveLength(extMax);
    for (const e of after.filter((x) => Number(x.number) >= 400 && Number(x.number) < 400 + room)) await t().del(`/api/v1/extension/${e.id}`, ADMIN);
    expect(await extensions(t())).toHaveLength(before.length);
  });

  it('C-EXT-33 C-EXT-35 an empty array answers 400; level 4 may not import (403)', async () => {
    const empty = await t().post(BULK, ADMIN, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ status: 400, message: 'validation.bulkEmpty' });
    expect((await t().post(BULK, AGENT, [bulkRow(340)])).statusCode).toBe(403);
    expect((await t().post(BULK, CALLERS.anonymous, [bulkRow(340)])).statusCode).toBe(401);
    expect((await t().post(BULK, ADMIN, { Number: '340' })).statusCode).toBe(400);
    expect((await extensions(t())).some((e) => e.number === '340')).toBe(false);
  });

  it('C-EXT-34 with accept application/x-ndjson the import streams {progress, total} lines, then {status, result}', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => bulkRow(350 + i));
    const res = await t().request({ method: 'POST', url: BULK, as: ADMIN, payload: rows, headers: { accept: 'application/x-ndjson' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.at(-1)).toEqual({ status: 201, result: { created: 5 } });
    const progress = lines.slice(0, -1);
    expect(progress).toEqual([1, 2, 3, 4, 5].map((n) => ({ progress: n, total: 5 })));
    const created = (await extensions(t())).filter((e) => Number(e.number) >= 350 && Number(e.number) < 355);
    expect(created).toHaveLength(5);
    for (const e of created) await t().del(`/api/v1/extension/${e.id}`, ADMIN);

    // a failing stream ends with 422 and the failures; nothing is kept
    const failing = await t().request({ method: 'POST', url: BULK, as: ADMIN, payload: [bulkRow(360), bulkRow(361, { PortType: 'XYZ' })], headers: { accept: 'application/x-ndjson' } });
    const last = JSON.parse(failing.body.trim().split('\n').at(-1)!) as { status: number; result: Failure[] };
    expect(last.status).toBe(422);
    expect(codes(last.result)).toEqual([{ content: '361', statusCode: 505 }]);
    expect(failing.body.trim().split('\n').slice(0, -1).map((l) => JSON.parse(l) as unknown)).toEqual([
      { progress: 1, total: 2 },
      { progress: 2, total: 2 },
    ]);
    expect((await extensions(t())).some((e) => e.number === '360')).toBe(false);
  });

  it('C-EXT-32 1,000 valid rows import in one request (a 4-digit corp with extMax 2000, through x-working-corp)', { timeout: 300_000 }, async () => {
    const n = Math.floor(Math.random() * 1e9);
    const corp = await t().post('/api/v1/corp', SUPER, { url: `bulk${n}`, name: `Bulk ${n}`, extLen: 4, extMax: 2000, queMax: 1, maxContacts: 1 });
    expect(corp.statusCode).toBe(201);
    const corpId = (corp.json() as { id: number }).id;
    const header = { 'x-working-corp': String(corpId) };
    const rows = Array.from({ length: 1000 }, (_, i) => bulkRow(1000 + i, { Description: `Desk ${i}`, Enabled: i % 2 === 0 ? 'yes' : 'no', Callgroup: String(i % 100) }));
    const started = performance.now();
    const res = await t().post(BULK, SUPER, rows, header);
    const elapsed = performance.now() - started;
    console.log(`[${t().kind}] 1,000-row extension bulk import: ${Math.round(elapsed)} ms`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 1000 });
    const stored = await extensions(t(), SUPER, header);
    expect(stored).toHaveLength(1000);
    expect(stored.every((e) => e.corpId === corpId)).toBe(true);
    expect(stored.map((e) => e.number)).toEqual(Array.from({ length: 1000 }, (_, i) => String(1000 + i)));
    expect(stored[1]).toMatchObject({ number: '1001', description: 'Desk 1', enabled: false, callgroup: 1 });
    // acme was not touched
    expect((await extensions(t())).every((e) => e.corpId === t().ids.corp.acme)).toBe(true);
  });
});
