import { expect, it } from 'vitest';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

type Issue = { path: string; message: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);
let serial = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({ nick: `user${++serial}`, name: 'New User', level: 4, pass: 'abcd', passConfirm: 'abcd', ...overrides });
type Row = { id: number; nick: string; corpId: number; corpName: string; level: number; roleGroupId: number | null; roleGroupName: string | null; name: string; mail: string; enabled: boolean };

describeEachDatabase('web users', (t) => {
  const { admin, owner, super: sup } = CALLERS;
  const canLogin = async (nick: string, pass: string, corp: string) =>
    (await t().request({ method: 'POST', url: '/api/v1/login', payload: { nick, pass, corpoName: corp }, remoteAddress: `10.9.${serial % 250}.${Math.floor(Math.random() * 250)}` })).statusCode === 200;

  it('C-USR-01/13 rows carry nick, name, mail, level, corp and role group, never the password', async () => {
    const res = await t().get('/api/v1/user', admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Row[];
    expect(rows.map((r) => r.nick)).toEqual(['owner', 'admin', 'agent', 'wall']);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['corpId', 'corpName', 'enabled', 'id', 'level', 'mail', 'name', 'nick', 'roleGroupId', 'roleGroupName'].sort());
      expect(row.corpName).toBe('Acme');
    }
    expect(rows.find((r) => r.nick === 'agent')).toMatchObject({ level: 4, roleGroupName: 'Agents', roleGroupId: t().ids.roleGroup.agents });
    expect(res.body).not.toMatch(/argon2|passHash/);
  });

  it('C-USR-12 level 1 sees every corp\'s users; others only their own corp', async () => {
    const all = (await t().get('/api/v1/user', sup)).json() as Row[];
    expect(new Set(all.map((r) => r.corpName))).toEqual(new Set(['Supervisor', 'Acme', 'Globex']));
    const globex = (await t().get('/api/v1/user', CALLERS.globexAdmin)).json() as Row[];
    expect(globex.map((r) => r.nick)).toEqual(['admin']);
  });

  it('C-USR-04 nick is required, 4 to 16 characters, no spaces', async () => {
    const create = (nick: string) => t().post('/api/v1/user', admin, newUser({ nick }));
    expect(issuesOf(await create(''))).toContain('nick:validation.required');
    expect(issuesOf(await create('abc'))).toContain('nick:validation.lengthBetween');
    expect(issuesOf(await create('a'.repeat(17)))).toContain('nick:validation.lengthBetween');
    expect(issuesOf(await create('two words'))).toContain('nick:validation.nick');
    expect((await create('abcd')).statusCode).toBe(201);
    expect((await create('b'.repeat(16))).statusCode).toBe(201);
  });

  it('C-USR-05/06 password required on create, at least 4, confirmation equal', async () => {
    expect(issuesOf(await t().post('/api/v1/user', admin, newUser({ pass: '', passConfirm: '' })))).toContain('pass:validation.required');
    expect(issuesOf(await t().post('/api/v1/user', admin, newUser({ pass: 'abc', passConfirm: 'abc' })))).toContain('pass:validation.minLength');
    expect(issuesOf(await t().post('/api/v1/user', admin, newUser({ pass: 'abcd', passConfirm: 'abcx' })))).toEqual(['passConfirm:validation.passwordsDiffer']);
    const ok = await t().post('/api/v1/user', admin, newUser({ nick: 'pwd4user', pass: 'abcd', passConfirm: 'abcd' }));
    expect(ok.statusCode).toBe(201);
    expect(await canLogin('pwd4user', 'abcd', 'acme')).toBe(true);
  });

  it('C-USR-07 level is required and must be 1..5; mail must be an address when given', async () => {
    const { level: _level, ...noLevel } = newUser();
    expect(issuesOf(await t().post('/api/v1/user', admin, noLevel))).toContain('level:validation.required');
    expect(issuesOf(await t().post('/api/v1/user', admin, newUser({ level: 9 })))).toContain('level:validation.required');
    expect(issuesOf(await t().post('/api/v1/user', admin, newUser({ mail: 'not-a-mail' })))).toContain('mail:validation.email');
    expect(issuesOf(await t().post('/api/v1/user', admin, newUser({ name: 'n'.repeat(81) })))).toContain('name:validation.maxLength');
  });

  it('C-USR-10 administrators and owners grant levels 3-5 only; level 1 grants all', async () => {
    for (const caller of [admin, owner]) {
      for (const level of [1, 2]) expect(issuesOf(await t().post('/api/v1/user', caller, newUser({ level })))).toContain('level:validation.levelNotAllowed');
      for (const level of [3, 4, 5]) expect((await t().post('/api/v1/user', caller, newUser({ level }))).statusCode).toBe(201);
    }
    const newOwner = await t().post('/api/v1/user', sup, newUser({ level: 2, corpId: t().ids.corp.globex }));
    expect(newOwner.statusCode).toBe(201);
    expect(newOwner.json()).toMatchObject({ level: 2, corpId: t().ids.corp.globex, corpName: 'Globex' });
  });

  it('C-USR-08/09 level 1 must name a corp (body or working corp); a new supervisor goes to the supervisor corp', async () => {
    expect(issuesOf(await t().post('/api/v1/user', sup, newUser({ level: 3 })))).toContain('corpId:validation.required');
    const viaHeader = await t().post('/api/v1/user', sup, newUser({ level: 3 }), { 'x-working-corp': String(t().ids.corp.globex) });
    expect(viaHeader.statusCode).toBe(201);
    expect(viaHeader.json()).toMatchObject({ corpId: t().ids.corp.globex });
    const supervisor = await t().post('/api/v1/user', sup, newUser({ level: 1, corpId: t().ids.corp.acme }));
    expect(supervisor.statusCode).toBe(201);
    expect(supervisor.json()).toMatchObject({ level: 1, corpId: t().ids.corp.supervisor });
    expect(issuesOf(await t().post('/api/v1/user', sup, newUser({ level: 3, corpId: 999999 })))).toContain('corpId:validation.corpUnknown');
  });

  it('C-USR-09 below level 1 the corp comes from the token, whatever the body says', async () => {
    for (const caller of [admin, owner]) {
      const res = await t().post('/api/v1/user', caller, newUser({ corpId: t().ids.corp.globex }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ corpId: t().ids.corp.acme });
    }
  });

  it('F-ERR-05 a nick already used in the corp (any case) answers 406; other corps may reuse it', async () => {
    const dup = await t().post('/api/v1/user', admin, newUser({ nick: 'AGENT' }));
    expect(dup.statusCode).toBe(406);
    expect(dup.json()).toMatchObject({ status: 406, message: 'errors.duplicate', issues: [{ path: 'nick', message: 'errors.duplicate' }] });
    expect((await t().post('/api/v1/user', CALLERS.globexAdmin, newUser({ nick: 'agent' }))).statusCode).toBe(201);
    // renaming onto a used nick
    const mine = (await t().post('/api/v1/user', admin, newUser({ nick: 'renamer' }))).json() as Row;
    expect((await t().patch(`/api/v1/user/${mine.id}`, admin, { nick: 'wall' })).statusCode).toBe(406);
  });

  it('the role group must belong to the user\'s corp', async () => {
    const foreign = await t().post('/api/v1/user', admin, newUser({ roleGroupId: t().ids.roleGroup.staff }));
    expect(foreign.statusCode).toBe(400);
    expect(issuesOf(foreign)).toEqual(['roleGroupId:validation.roleGroupCorp']);
    const own = await t().post('/api/v1/user', admin, newUser({ roleGroupId: t().ids.roleGroup.teamLeads }));
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ roleGroupId: t().ids.roleGroup.teamLeads, roleGroupName: 'Team leads' });
    // 0 means none
    expect((await t().post('/api/v1/user', admin, newUser({ roleGroupId: 0 }))).json()).toMatchObject({ roleGroupId: null });
  });

  it('C-USR-03 edit without the new-password switch keeps the password; with it, the password changes', async () => {
    const created = (await t().post('/api/v1/user', admin, newUser({ nick: 'keeper', pass: 'first', passConfirm: 'first' }))).json() as Row;
    const edited = await t().put(`/api/v1/user/${created.id}`, admin, { nick: 'keeper', name: 'Renamed', mail: 'k@acme.example', level: 5, enabled: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Renamed', mail: 'k@acme.example', level: 5 });
    expect(await canLogin('keeper', 'first', 'acme')).toBe(true);

    expect(issuesOf(await t().put(`/api/v1/user/${created.id}`, admin, { nick: 'keeper', level: 5, newPassword: true, pass: '', passConfirm: '' }))).toContain('pass:validation.required');
    const changed = await t().patch(`/api/v1/user/${created.id}`, admin, { newPassword: true, pass: 'second', passConfirm: 'second' });
    expect(changed.statusCode).toBe(200);
    expect(await canLogin('keeper', 'first', 'acme')).toBe(false);
    expect(await canLogin('keeper', 'second', 'acme')).toBe(true);
  });

  it('C-USR-11 nobody deletes their own row (403 errors.ownRow); others go with 200', async () => {
    const own = await t().del(`/api/v1/user/${t().ids.user.admin}`, admin);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ status: 403, error: 'Forbidden', message: 'errors.ownRow' });
    expect((await t().del(`/api/v1/user/${t().ids.user.super}`, sup)).statusCode).toBe(403);
    const victim = (await t().post('/api/v1/user', admin, newUser())).json() as Row;
    expect((await t().del(`/api/v1/user/${victim.id}`, admin)).json()).toEqual({ status: 200 });
    expect((await t().get(`/api/v1/user/${victim.id}`, admin)).statusCode).toBe(404);
  });

  it('an administrator cannot edit or delete a more powerful user of the corp (the owner)', async () => {
    expect((await t().put(`/api/v1/user/${t().ids.user.owner}`, admin, { nick: 'owner', level: 3 })).statusCode).toBe(403);
    expect((await t().del(`/api/v1/user/${t().ids.user.owner}`, admin)).statusCode).toBe(403);
    expect((await t().get(`/api/v1/user/${t().ids.user.owner}`, admin)).statusCode).toBe(200);
  });

  it('C-USR-14 the legacy payload {id, level, enabled, nick, pass, corpId, roleGroupId, mail} with 0/1 flags works', async () => {
    const created = await t().post('/api/v1/user', admin, { Nick: 'legacy1', Level: 4, Enabled: 0, Pass: 'abcd', PassConfirm: 'abcd', CorpId: 0, RoleGroupId: 0, Mail: '' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ nick: 'legacy1', enabled: false, corpId: t().ids.corp.acme });
  });

  it('A-RTE-15 levels 4 and 5 are refused from user administration', async () => {
    for (const caller of [CALLERS.agent, CALLERS.wall]) {
      expect((await t().get('/api/v1/user', caller)).statusCode).toBe(403);
      expect((await t().post('/api/v1/user', caller, newUser())).statusCode).toBe(403);
      expect((await t().get(`/api/v1/user/${t().ids.user.agent}`, caller)).statusCode).toBe(403);
    }
  });
});
