import { expect, it } from 'vitest';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

type Issue = { path: string; message: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);
type Row = { roleGroupId: number; roleGroupName: string; corpId: number; users: number; views: { name: string; actions: string[] }[]; liveActions: string[] };

describeEachDatabase('role groups', (t) => {
  const { admin, super: sup } = CALLERS;

  it('C-RG-01/08 G-PRM-01 rows carry roleGroupId, roleGroupName, corpId, users (count), views and the actions on the floor', async () => {
    const rows = (await t().get('/api/v1/rolegroup', admin)).json() as Row[];
    expect(rows.map((r) => [r.roleGroupName, r.users])).toEqual([
      ['Team leads', 0],
      ['Agents', 1],
    ]);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['corpId', 'liveActions', 'roleGroupId', 'roleGroupName', 'users', 'views']);
    expect(rows[1].views).toContainEqual({ name: 'extension', actions: ['read', 'update'] });
    expect(rows[1].liveActions).toEqual([]);
  });

  it('G-PRM-01 a group grants actions on the floor, kept in the canonical order; an unknown action is refused', async () => {
    const bad = await t().post('/api/v1/rolegroup', admin, { roleGroupName: 'Bad', views: [], liveActions: ['fly'] });
    expect(bad.statusCode).toBe(400);
    const res = await t().post('/api/v1/rolegroup', admin, { roleGroupName: 'Floor leads', views: [{ name: 'panel', actions: ['read'] }], liveActions: ['pauseOthers', 'hangUp', 'hangUp'] });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as Row).roleGroupId as number;
    const row = (await t().get(`/api/v1/rolegroup/${id}`, admin)).json() as Row;
    expect(row.liveActions).toEqual(['hangUp', 'pauseOthers']);
  });

  it('C-RG-05 name required (at most 50); duplicate names do not block', async () => {
    expect(issuesOf(await t().post('/api/v1/rolegroup', admin, { roleGroupName: '', views: [] }))).toEqual(['roleGroupName:validation.required']);
    expect(issuesOf(await t().post('/api/v1/rolegroup', admin, { roleGroupName: '   ' }))).toEqual(['roleGroupName:validation.required']);
    expect(issuesOf(await t().post('/api/v1/rolegroup', admin, { roleGroupName: 'x'.repeat(51) }))).toEqual(['roleGroupName:validation.maxLength']);
    expect((await t().post('/api/v1/rolegroup', admin, { roleGroupName: 'x'.repeat(50) })).statusCode).toBe(201);
    expect((await t().post('/api/v1/rolegroup', admin, { roleGroupName: 'Team leads' })).statusCode).toBe(201);
  });

  it('C-RG-06 grants are normalised: without read a view is dropped; actions in canonical order', async () => {
    const res = await t().post('/api/v1/rolegroup', admin, {
      roleGroupName: 'Normalised',
      views: [
        { name: 'cdr', actions: ['create', 'delete'] },
        { name: 'panel', actions: ['update', 'read', 'read'] },
        { name: 'queue', actions: ['read'] },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect((res.json() as Row).views).toEqual([
      { name: 'panel', actions: ['read', 'update'] },
      { name: 'queue', actions: ['read'] },
    ]);
    const bad = await t().post('/api/v1/rolegroup', admin, { roleGroupName: 'Bad', views: [{ name: 'nope', actions: ['read'] }] });
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad)[0]).toMatch(/^views\.0\.name:/);
    expect(issuesOf(await t().post('/api/v1/rolegroup', admin, { roleGroupName: 'Bad', views: [{ name: 'cdr', actions: ['fly'] }] }))[0]).toMatch(/^views\.0\.actions\.0:/);
  });

  it('C-RG-10 read by id, update with roleGroupId in the body or the path', async () => {
    const created = (await t().post('/api/v1/rolegroup', admin, { roleGroupName: 'Editable', views: [] })).json() as Row;
    expect(created.corpId).toBe(t().ids.corp.acme);
    const byBody = await t().put('/api/v1/rolegroup', admin, { roleGroupId: created.roleGroupId, roleGroupName: 'Edited', views: [{ name: 'home', actions: ['read'] }] });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json()).toMatchObject({ roleGroupId: created.roleGroupId, roleGroupName: 'Edited', views: [{ name: 'home', actions: ['read'] }] });
    const byPath = await t().put(`/api/v1/rolegroup/${created.roleGroupId}`, admin, { RoleGroupName: 'Edited again', Views: [] });
    expect(byPath.json()).toMatchObject({ roleGroupName: 'Edited again', views: [] });
    expect((await t().get(`/api/v1/rolegroup/${created.roleGroupId}`, admin)).json()).toMatchObject({ roleGroupName: 'Edited again' });
    expect(issuesOf(await t().put('/api/v1/rolegroup', admin, { roleGroupName: 'no id' }))).toEqual(['roleGroupId:validation.required']);
  });

  it('C-RG-03 a group with users answers 409 errors.roleGroupInUse; an unused one goes', async () => {
    const busy = await t().del(`/api/v1/rolegroup/${t().ids.roleGroup.agents}`, admin);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ status: 409, error: 'Conflict', message: 'errors.roleGroupInUse' });
    const spare = (await t().post('/api/v1/rolegroup', admin, { roleGroupName: 'Spare' })).json() as Row;
    expect((await t().del(`/api/v1/rolegroup/${spare.roleGroupId}`, admin)).json()).toEqual({ status: 200 });
    expect((await t().get(`/api/v1/rolegroup/${spare.roleGroupId}`, admin)).statusCode).toBe(404);
    expect((await t().del(`/api/v1/rolegroup/${spare.roleGroupId}`, admin)).statusCode).toBe(404);
  });

  it('level 1 creates a group in the body corp or the working corp, and must name one', async () => {
    expect(issuesOf(await t().post('/api/v1/rolegroup', sup, { roleGroupName: 'Nowhere' }))).toEqual(['corpId:validation.required']);
    const inGlobex = await t().post('/api/v1/rolegroup', sup, { roleGroupName: 'Ops', corpId: t().ids.corp.globex });
    expect(inGlobex.json()).toMatchObject({ corpId: t().ids.corp.globex });
    const viaHeader = await t().post('/api/v1/rolegroup', sup, { roleGroupName: 'Ops 2' }, { 'x-working-corp': String(t().ids.corp.acme) });
    expect(viaHeader.json()).toMatchObject({ corpId: t().ids.corp.acme });
  });

  it('an owner administers role groups; agents and monitors are refused', async () => {
    expect((await t().get('/api/v1/rolegroup', CALLERS.owner)).statusCode).toBe(200);
    expect((await t().post('/api/v1/rolegroup', CALLERS.owner, { roleGroupName: 'By owner' })).statusCode).toBe(201);
    for (const caller of [CALLERS.agent, CALLERS.wall]) {
      expect((await t().get('/api/v1/rolegroup', caller)).statusCode).toBe(403);
      expect((await t().post('/api/v1/rolegroup', caller, { roleGroupName: 'No' })).statusCode).toBe(403);
    }
  });
});
