import { expect, it } from 'vitest';
import { resourceWrites } from '../../domain';
import { BINDINGS } from '../../server/resources';
import { CALLERS, describeEachDatabase, type Caller, type TestApp } from './fixtures/test-app';

const { super: SUPER, admin: ADMIN } = CALLERS;
type Row = Record<string, unknown> & { id: number };
type Issue = { path: string; message: string; text?: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);

const patch = (t: TestApp, url: string, payload: unknown, as: Caller = ADMIN) => t.request({ method: 'PATCH', url, as, payload: payload as object });

/** An acme extension with every field J-API-02 names set to something other than its default. */
async function fullExtension(t: TestApp, number: string): Promise<Row> {
  const res = await t.post('/api/v1/extension', ADMIN, {
    number,
    pass: 'first-pass-77',
    outer: '5551234',
    action: 'ring',
    onbusy: 'exTouch',
    description: 'Front desk',
    vmpass: '4321',
    callgroup: 3,
    maxContacts: 1,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Row;
}

const KEPT = ['outer', 'onbusy', 'description', 'vmpass', 'callgroup'] as const;

describeEachDatabase('partial updates (issue 24)', (t) => {
  it('J-API-02 PUT /extension/{id} with only a password is refused (400) naming what it would erase, and changes nothing', async () => {
    const row = await fullExtension(t(), '941');
    const res = await t().put(`/api/v1/extension/${row.id}`, ADMIN, { pass: 'second-pass-88' });
    expect(res.statusCode, res.body).toBe(400);
    expect(issuesOf(res).sort()).toEqual(KEPT.map((f) => `${f}:validation.omitted`).sort());
    // the answer says it in words too (J-UX-01)
    expect((res.json() as { issues: Issue[] }).issues[0].text).toMatch(/PATCH/);
    const after = (await t().get(`/api/v1/extension/${row.id}`, ADMIN)).json() as Row;
    expect(after).toMatchObject(Object.fromEntries(KEPT.map((f) => [f, row[f]])));
    expect(after.pass).toBe('first-pass-77');
  });

  it('J-API-02 PATCH /extension/{id} with only a password changes the password and keeps every other field', async () => {
    const row = await fullExtension(t(), '942');
    const res = await patch(t(), `/api/v1/extension/${row.id}`, { pass: 'second-pass-88' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...row, pass: 'second-pass-88' });
    // the capitalised names of the spec are read as in a PUT
    const again = await patch(t(), `/api/v1/extension/${row.id}`, { Description: 'Back office' });
    expect(again.json()).toEqual({ ...row, pass: 'second-pass-88', description: 'Back office', userName: 'Back office' });
    // a PATCH is validated like the whole row: the external number is still required by exTouch (C-EXT-11)
    expect(issuesOf(await patch(t(), `/api/v1/extension/${row.id}`, { outer: '' }))).toEqual(['outer:validation.outerRequired']);
    // and checked like a PUT: who may not update may not patch
    expect((await patch(t(), `/api/v1/extension/${row.id}`, { pass: 'x-pass-999' }, CALLERS.wall)).statusCode).toBe(403);
    expect((await patch(t(), `/api/v1/extension/${row.id}`, { pass: 'x-pass-999' }, CALLERS.globexAdmin)).statusCode).toBe(404);
  });

  it('J-API-02 a PUT that leaves out only fields it would not change, or sends an empty password, is still a full update', async () => {
    const row = await fullExtension(t(), '943');
    // the stored password is kept by an empty one (C-EXT-17), so leaving it out erases nothing
    const { pass: _pass, ...withoutPassword } = row;
    const res = await t().put(`/api/v1/extension/${row.id}`, ADMIN, { ...withoutPassword, description: 'Reception' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...row, description: 'Reception', userName: 'Reception' });
  });

  it('J-API-02 every resource: its row sent back by PUT is taken unchanged, and an empty PATCH changes nothing', async () => {
    const checked: string[] = [];
    for (const binding of Object.values(BINDINGS)) {
      const { definition } = binding!;
      if (!resourceWrites(definition).includes('update')) continue;
      const base = `/api/v1/${definition.path}`;
      const headers = { 'x-working-corp': String(t().ids.corp.acme) };
      const rows = (await t().get(base, SUPER, headers)).json() as unknown;
      if (!Array.isArray(rows) || rows.length === 0) continue;
      const row = rows[rows.length - 1] as Row;
      const id = row[definition.idField] as number;
      const before = (await t().get(`${base}/${id}`, SUPER, headers)).json() as Row;
      const put = await t().put(`${base}/${id}`, SUPER, before, headers);
      expect(put.statusCode, `${definition.name} PUT: ${put.body}`).toBe(200);
      const patched = await t().request({ method: 'PATCH', url: `${base}/${id}`, as: SUPER, payload: {}, headers });
      expect(patched.statusCode, `${definition.name} PATCH: ${patched.body}`).toBe(200);
      expect(stable(patched.json() as Row), definition.name).toEqual(stable(put.json() as Row));
      checked.push(definition.name);
    }
    expect(checked.length).toBeGreaterThan(15);
  });
});

/** A row without what changes by itself between two reads (update times). */
function stable(row: Row): Row {
  const { updatedAt: _u, updated: _v, ...rest } = row;
  return rest;
}
