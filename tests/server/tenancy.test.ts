import { expect, it } from 'vitest';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

type UserRow = { id: number; nick: string; corpId: number; corpName: string };
type GroupRow = { roleGroupId: number; roleGroupName: string; corpId: number };

describeEachDatabase('tenancy', (t) => {
  const { admin } = CALLERS;

  it('acme\'s admin cannot list, read, update or delete globex\'s rows (404 like a missing row); globex is unchanged', async () => {
    const { user, roleGroup, corp } = t().ids;
    const before = {
      users: (await t().get('/api/v1/user', CALLERS.globexAdmin)).body,
      groups: (await t().get('/api/v1/rolegroup', CALLERS.globexAdmin)).body,
    };

    const users = (await t().get('/api/v1/user', admin)).json() as UserRow[];
    expect(users.every((u) => u.corpId === corp.acme)).toBe(true);
    const groups = (await t().get('/api/v1/rolegroup', admin)).json() as GroupRow[];
    expect(groups.every((g) => g.corpId === corp.acme)).toBe(true);

    const attempts = [
      await t().get(`/api/v1/user/${user.globexAdmin}`, admin),
      await t().put(`/api/v1/user/${user.globexAdmin}`, admin, { nick: 'hijacked', level: 3, enabled: false }),
      await t().put('/api/v1/user', admin, { id: user.globexAdmin, nick: 'hijacked', level: 3 }),
      await t().del(`/api/v1/user/${user.globexAdmin}`, admin),
      await t().get(`/api/v1/rolegroup/${roleGroup.staff}`, admin),
      await t().put(`/api/v1/rolegroup/${roleGroup.staff}`, admin, { roleGroupName: 'Hijacked' }),
      await t().put('/api/v1/rolegroup', admin, { roleGroupId: roleGroup.staff, roleGroupName: 'Hijacked' }),
      await t().del(`/api/v1/rolegroup/${roleGroup.staff}`, admin),
    ];
    const missing = await t().get('/api/v1/user/999999', admin);
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }

    // a body naming globex still creates in acme; a role group of globex cannot be attached
    const planted = await t().post('/api/v1/user', admin, { nick: 'planted', level: 4, pass: 'abcd', passConfirm: 'abcd', corpId: corp.globex });
    expect(planted.json()).toMatchObject({ corpId: corp.acme });
    const cross = await t().post('/api/v1/user', admin, { nick: 'crossed', level: 4, pass: 'abcd', passConfirm: 'abcd', roleGroupId: roleGroup.staff });
    expect(cross.statusCode).toBe(400);

    // the working-corp header means nothing below level 1
    const header = { 'x-working-corp': String(corp.globex) };
    expect(((await t().get('/api/v1/user', admin, header)).json() as UserRow[]).every((u) => u.corpId === corp.acme)).toBe(true);
    expect((await t().get(`/api/v1/user/${user.globexAdmin}`, admin, header)).statusCode).toBe(404);

    expect((await t().get('/api/v1/user', CALLERS.globexAdmin)).body).toBe(before.users);
    expect((await t().get('/api/v1/rolegroup', CALLERS.globexAdmin)).body).toBe(before.groups);
  });

  it('F-PERM-02 level 1 with x-working-corp sees only that corp; 0 or none sees all; an unknown corp is refused', async () => {
    const { corp } = t().ids;
    const only = (await t().get('/api/v1/user', CALLERS.super, { 'x-working-corp': String(corp.globex) })).json() as UserRow[];
    expect(only.length).toBeGreaterThan(0);
    expect(only.every((u) => u.corpId === corp.globex)).toBe(true);
    const groups = (await t().get('/api/v1/rolegroup', CALLERS.super, { 'x-working-corp': String(corp.acme) })).json() as GroupRow[];
    expect(groups.every((g) => g.corpId === corp.acme)).toBe(true);

    const all = (await t().get('/api/v1/user', CALLERS.super, { 'x-working-corp': '0' })).json() as UserRow[];
    expect(new Set(all.map((u) => u.corpId))).toEqual(new Set([corp.supervisor, corp.acme, corp.globex]));
    expect(((await t().get('/api/v1/user', CALLERS.super)).json() as UserRow[]).length).toBe(all.length);

    // with a working corp, another corp's row is out of reach like for anyone else
    expect((await t().get(`/api/v1/user/${t().ids.user.agent}`, CALLERS.super, { 'x-working-corp': String(corp.globex) })).statusCode).toBe(404);
    // corps themselves are not corp-scoped: the supervisor lists them all to pick one
    expect(((await t().get('/api/v1/corp', CALLERS.super, { 'x-working-corp': String(corp.globex) })).json() as unknown[]).length).toBeGreaterThanOrEqual(3);

    const unknown = await t().get('/api/v1/user', CALLERS.super, { 'x-working-corp': '999999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'errors.workingCorp' });
    expect((await t().get('/api/v1/user', CALLERS.super, { 'x-working-corp': 'abc' })).statusCode).toBe(400);
  });
});
