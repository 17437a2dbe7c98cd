import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queueMember } from '../../server/db/schema';
import { CALLERS, describeEachDatabase, type Caller, type TestApp } from './fixtures/test-app';

const { super: SUPER, admin: ADMIN, agent: AGENT, globexAdmin: GLOBEX } = CALLERS;
type Row = Record<string, unknown> & { id: number; name: string; corpId: number; members: string[]; strategy: string };
type Issue = { path: string; message: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message}`);

async function list(t: TestApp, as: Caller = ADMIN): Promise<Row[]> {
  return (await t.get('/api/v1/queue', as)).json() as Row[];
}
async function named(t: TestApp, name: string, as: Caller = ADMIN): Promise<Row> {
  const row = (await list(t, as)).find((r) => r.name === name);
  if (!row) throw new Error(`no queue ${name}`);
  return row;
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

describeEachDatabase('queues', (t) => {
  it("C-QUE-02 lists the corp's queues with their members in order", async () => {
    const rows = await list(t());
    expect(rows.map((r) => [r.name, r.strategy, r.members.length])).toEqual([
      ['Billing', 'leastrecent', 8],
      ['Sales', 'ringall', 12],
      ['Support', 'rrmemory', 16],
    ]);
    const sales = rows[1];
    expect(Object.keys(sales).sort()).toEqual(
      ['announce', 'autoFill', 'corpId', 'failoveraction', 'failovertimeout', 'id', 'members', 'moh', 'name', 'pollEnabled', 'pollId', 'position', 'ringinuse', 'seconds', 'serviceLevelSec', 'strategy', 'timeout', 'wrapupSec'].sort(),
    );
    expect(sales).toMatchObject({ corpId: t().ids.corp.acme, timeout: null, failoveraction: 'hangup', failovertimeout: 1800, moh: 'default', members: range(201, 212), wrapupSec: 10 });
    // C-QUE-07: the form's poll switch is on exactly when a poll is chosen
    expect(sales.pollEnabled).toBe(sales.pollId !== null);
    expect(rows[2]).toMatchObject({ position: true, seconds: 30, members: range(213, 228) });
    const globex = await list(t(), GLOBEX);
    expect(globex).toEqual([expect.objectContaining({ name: 'Helpdesk', corpId: t().ids.corp.globex, members: range(1001, 1008) })]);
  });

  it('C-QUE-13 creates from the spec names (1/0 flags, autofill) with members; C-QUE-04 ringall keeps no timeout', async () => {
    const res = await t().post('/api/v1/queue', ADMIN, { Name: 'Retention', Strategy: 'ringall', Timeout: 30, Ringinuse: 1, Position: 1, Seconds: 20, autofill: 1, members: ['230', 229, '230'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Retention', strategy: 'ringall', timeout: null, ringinuse: true, position: true, seconds: 20, autoFill: true, members: ['230', '229'] });
    const id = (res.json() as Row).id;
    // realtime shape: Asterisk's interface and the default penalty
    const rows = await t().db.select().from(queueMember).where(eq(queueMember.queueId, id)).orderBy(queueMember.uniqueId);
    expect(rows.map((m) => [m.interface, m.penalty, m.paused])).toEqual([
      [`PJSIP/${t().ids.corp.acme}_230`, 1, 0],
      [`PJSIP/${t().ids.corp.acme}_229`, 1, 0],
    ]);
    expect((await t().del(`/api/v1/queue/${id}`, ADMIN)).json()).toEqual({ status: 200 });
    expect(await t().db.select().from(queueMember).where(eq(queueMember.queueId, id))).toEqual([]);
  });

  it('C-QUE-05/06/08/10 field rules answer 400', async () => {
    const res = await t().post('/api/v1/queue', ADMIN, { name: 'Bad-name', strategy: 'rrmemory', timeout: 100, failovertimeout: 9999, position: true, seconds: 61 });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res).map((i) => i.split('|')[0])).toEqual(['name:validation.wordSpace', 'timeout:validation.range', 'failovertimeout:validation.range', 'seconds:validation.range']);
    expect(issuesOf(await t().post('/api/v1/queue', ADMIN, { strategy: 'fifo' }))).toEqual(['name:validation.required', 'strategy:validation.option']);
  });

  it('members must be extensions of the same corp (400 per unknown number)', async () => {
    const res = await t().post('/api/v1/queue', ADMIN, { name: 'Mixed', members: ['201', '1001', '999'] });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual(['members:validation.memberUnknown|{"number":"1001"}', 'members:validation.memberUnknown|{"number":"999"}']);
    expect((await list(t())).some((r) => r.name === 'Mixed')).toBe(false);
  });

  it('F-ERR-05 a name already used in the corp (any case) answers 406; another corp may use it', async () => {
    const res = await t().post('/api/v1/queue', ADMIN, { name: 'SALES' });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({ status: 406, error: 'Not Acceptable', message: 'errors.duplicate', issues: [{ path: 'name', message: 'errors.duplicate' }] });
    const globex = await t().post('/api/v1/queue', GLOBEX, { name: 'Sales' });
    expect(globex.statusCode).toBe(201);
    await t().del(`/api/v1/queue/${(globex.json() as Row).id}`, GLOBEX);
  });

  it("the corp's queMax limits the count: 409 errors.queueLimit", async () => {
    const corp = await t().post('/api/v1/corp', SUPER, { url: 'queuecap', name: 'Queue Cap', extLen: 4, extMax: 5, queMax: 1, maxContacts: 1 });
    const header = { 'x-working-corp': String((corp.json() as { id: number }).id) };
    expect((await t().post('/api/v1/queue', SUPER, { name: 'One' }, header)).statusCode).toBe(201);
    const res = await t().post('/api/v1/queue', SUPER, { name: 'Two' }, header);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, error: 'Conflict', message: 'errors.queueLimit' });
  });

  it('update: members that stay keep their row (penalty, paused), removed ones go, new ones are appended', async () => {
    const billing = await named(t(), 'Billing');
    const kept = await t().db.select().from(queueMember).where(eq(queueMember.queueId, billing.id)).orderBy(queueMember.uniqueId);
    // Asterisk writes paused back for realtime members
    await t().db.update(queueMember).set({ paused: 1 }).where(eq(queueMember.uniqueId, kept[1].uniqueId));
    const res = await t().put('/api/v1/queue', ADMIN, { ...billing, members: ['237', '230', '229', '231'] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Row).members).toEqual(['229', '230', '231', '237']);
    const after = await t().db.select().from(queueMember).where(eq(queueMember.queueId, billing.id)).orderBy(queueMember.uniqueId);
    expect(after.slice(0, 3).map((m) => m.uniqueId)).toEqual(kept.slice(0, 3).map((m) => m.uniqueId));
    expect(after[1].paused).toBe(1);
    // an empty list empties the queue
    expect(((await t().put(`/api/v1/queue/${billing.id}`, ADMIN, { ...billing, members: [] })).json() as Row).members).toEqual([]);
    await t().put(`/api/v1/queue/${billing.id}`, ADMIN, billing);
    expect((await named(t(), 'Billing')).members).toEqual(range(229, 236));
  });

  it('C-QUE-09 linear only when creating: an existing queue cannot switch to it, a linear one stays linear', async () => {
    const support = await named(t(), 'Support');
    const res = await t().put(`/api/v1/queue/${support.id}`, ADMIN, { ...support, strategy: 'linear' });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toEqual(['strategy:validation.linearOnCreate']);
    const linear = await t().post('/api/v1/queue', ADMIN, { name: 'Escalation', strategy: 'linear', timeout: 10, members: ['239', '240'] });
    expect(linear.json()).toMatchObject({ strategy: 'linear', timeout: 10 });
    const row = linear.json() as Row;
    expect((await t().put(`/api/v1/queue/${row.id}`, ADMIN, { ...row, timeout: 12 })).json()).toMatchObject({ strategy: 'linear', timeout: 12 });
    expect((await t().put(`/api/v1/queue/${row.id}`, ADMIN, { ...row, strategy: 'rrordered' })).json()).toMatchObject({ strategy: 'rrordered' });
    await t().del(`/api/v1/queue/${row.id}`, ADMIN);
  });

  it('F-ERR-07 an extension leaves the 521 guard once no queue has it', async () => {
    const ext = await t().post('/api/v1/extension', ADMIN, { number: '248', pass: 'abcd' });
    const extId = (ext.json() as { id: number }).id;
    const q = await t().post('/api/v1/queue', ADMIN, { name: 'Temp', members: ['248'] });
    expect((await t().del(`/api/v1/extension/${extId}`, ADMIN)).statusCode).toBe(521);
    await t().del(`/api/v1/queue/${(q.json() as Row).id}`, ADMIN);
    expect((await t().del(`/api/v1/extension/${extId}`, ADMIN)).statusCode).toBe(200);
  });

  it("tenancy: acme cannot read, change or delete globex's queue (404), nor list it", async () => {
    const helpdesk = (await list(t(), GLOBEX))[0];
    expect((await list(t())).some((r) => r.corpId !== t().ids.corp.acme)).toBe(false);
    const missing = await t().get('/api/v1/queue/999999', ADMIN);
    for (const res of [
      await t().get(`/api/v1/queue/${helpdesk.id}`, ADMIN),
      await t().put(`/api/v1/queue/${helpdesk.id}`, ADMIN, { ...helpdesk, name: 'Hijacked' }),
      await t().put('/api/v1/queue', ADMIN, { ...helpdesk, members: [] }),
      await t().del(`/api/v1/queue/${helpdesk.id}`, ADMIN),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }
    expect((await list(t(), GLOBEX))[0]).toEqual(helpdesk);
  });

  it('permissions: the queue view decides; a plain user without it is refused', async () => {
    expect((await t().get('/api/v1/queue', AGENT)).statusCode).toBe(403);
    expect((await t().post('/api/v1/queue', AGENT, { name: 'Nope' })).statusCode).toBe(403);
    expect((await t().get('/api/v1/queue', CALLERS.owner)).statusCode).toBe(200);
  });
});
