import { expect, it } from 'vitest';
import { CALLERS, describeEachDatabase, type Caller, type Ids } from './fixtures/test-app';

type Who = keyof typeof CALLERS;
const WHO: Who[] = ['anonymous', 'super', 'owner', 'admin', 'agent', 'wall', 'globexAdmin'];

/**
 * F-PERM: every route × who calls → the status it answers. Columns: anonymous, level 1 (super),
 * level 2 (acme owner), level 3 (acme admin), level 4 (acme agent), level 5 (acme wall), and a level 3
 * of another corp (globex admin). Targets are acme's rows. Writes send an empty body, so a caller who
 * passes the permission check gets 400 (validation) and nothing changes: permission comes first.
 */
type Row = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: (ids: Ids) => string, expected: [number, number, number, number, number, number, number], body?: unknown];

const MATRIX: Row[] = [
  //                                                          anon  L1   L2   L3   L4   L5   other corp
  ['GET', () => '/api/v1/health', /*                    */ [200, 200, 200, 200, 200, 200, 200]],
  ['GET', () => '/api/v1/lookandfeel/acme', /*          */ [200, 200, 200, 200, 200, 200, 200]],
  ['GET', () => '/api/v1/myuser', /*                    */ [401, 200, 200, 200, 200, 200, 200]],
  ['POST', () => '/api/v1/refresh', /*                  */ [401, 200, 200, 200, 200, 200, 200]],
  ['GET', () => '/api/v1/user/getTheme', /*             */ [401, 200, 200, 200, 200, 200, 200]],
  ['GET', () => '/api/v1/user/getLang', /*              */ [401, 200, 200, 200, 200, 200, 200]],
  ['PUT', () => '/api/v1/user/profile', /*              */ [401, 400, 400, 400, 400, 400, 400], {}],
  ['GET', () => '/api/v1/getExchange', /*               */ [401, 200, 200, 200, 200, 200, 200]],
  ['GET', () => '/api/v1/getAllParams', /*              */ [401, 200, 200, 200, 200, 200, 200]],
  ['POST', () => '/api/v1/getAllParams', /*             */ [401, 200, 403, 403, 403, 403, 403], []],
  ['GET', () => '/api/v1/getAllParamsMail', /*          */ [401, 200, 403, 403, 403, 403, 403]],
  ['POST', () => '/api/v1/getAllParamsMail', /*         */ [401, 200, 403, 403, 403, 403, 403], []],
  ['GET', () => '/api/v1/exten/datapc', /*              */ [401, 200, 403, 403, 403, 403, 403]],
  ['GET', () => '/api/v1/lookandfeel', /*               */ [401, 200, 200, 200, 200, 200, 200]],
  ['PUT', () => '/api/v1/lookandfeel', /*               */ [401, 400, 400, 400, 403, 403, 403], {}],
  ['GET', () => '/api/v1/corp', /*                      */ [401, 200, 403, 403, 403, 403, 403]],
  ['GET', (i) => `/api/v1/corp/${i.corp.acme}`, /*      */ [401, 200, 200, 200, 200, 200, 403]],
  ['GET', (i) => `/api/v1/corp/${i.corp.globex}`, /*    */ [401, 200, 403, 403, 403, 403, 200]],
  ['POST', () => '/api/v1/corp', /*                     */ [401, 400, 403, 403, 403, 403, 403], {}],
  ['PUT', (i) => `/api/v1/corp/${i.corp.acme}`, /*      */ [401, 400, 403, 403, 403, 403, 403], {}],
  ['PUT', () => '/api/v1/corp', /*                      */ [401, 400, 403, 403, 403, 403, 403], {}],
  ['DELETE', (i) => `/api/v1/corp/${i.corp.acme}`, /*   */ [401, 409, 403, 403, 403, 403, 403]],
  ['GET', () => '/api/v1/user', /*                      */ [401, 200, 200, 200, 403, 403, 200]],
  ['GET', (i) => `/api/v1/user/${i.user.agent}`, /*     */ [401, 200, 200, 200, 403, 403, 404]],
  ['POST', () => '/api/v1/user', /*                     */ [401, 400, 400, 400, 403, 403, 400], {}],
  ['PUT', (i) => `/api/v1/user/${i.user.agent}`, /*     */ [401, 400, 400, 400, 403, 403, 404], {}],
  ['DELETE', () => '/api/v1/user/999999', /*            */ [401, 404, 404, 404, 403, 403, 404]],
  ['GET', () => '/api/v1/rolegroup', /*                 */ [401, 200, 200, 200, 403, 403, 200]],
  ['GET', (i) => `/api/v1/rolegroup/${i.roleGroup.agents}`, [401, 200, 200, 200, 403, 403, 404]],
  ['POST', () => '/api/v1/rolegroup', /*                */ [401, 400, 400, 400, 403, 403, 400], {}],
  ['PUT', (i) => `/api/v1/rolegroup/${i.roleGroup.agents}`, [401, 400, 400, 400, 403, 403, 404], {}],
  ['DELETE', (i) => `/api/v1/rolegroup/${i.roleGroup.agents}`, [401, 409, 409, 409, 403, 403, 404]],
  ['GET', () => '/api/v1/extension', /*                 */ [401, 200, 200, 200, 200, 403, 200]],
  ['GET', (i) => `/api/v1/extension/${i.extension.acme201}`, [401, 200, 200, 200, 200, 403, 404]],
  ['POST', () => '/api/v1/extension', /*                */ [401, 400, 400, 400, 403, 403, 400], {}],
  // an invalid action: valid bodies of an extension update are all-optional (level 4 sends two fields)
  ['PUT', (i) => `/api/v1/extension/${i.extension.acme201}`, [401, 400, 400, 400, 400, 403, 404], { action: 'nope' }],
  ['PUT', () => '/api/v1/extension', /*                 */ [401, 400, 400, 400, 400, 403, 400], {}],
  // 201 is a member of Sales: 521 for those allowed to delete
  ['DELETE', (i) => `/api/v1/extension/${i.extension.acme201}`, [401, 521, 521, 521, 403, 403, 404]],
  ['GET', () => '/api/v1/queue', /*                     */ [401, 200, 200, 200, 403, 403, 200]],
  ['GET', (i) => `/api/v1/queue/${i.queue.sales}`, /*   */ [401, 200, 200, 200, 403, 403, 404]],
  ['POST', () => '/api/v1/queue', /*                    */ [401, 400, 400, 400, 403, 403, 400], {}],
  ['PUT', (i) => `/api/v1/queue/${i.queue.sales}`, /*   */ [401, 400, 400, 400, 403, 403, 404], {}],
  ['PUT', () => '/api/v1/queue', /*                     */ [401, 400, 400, 400, 403, 403, 400], {}],
  ['DELETE', () => '/api/v1/queue/999999', /*           */ [401, 404, 404, 404, 403, 403, 404]],
];

describeEachDatabase('authorization matrix', (t) => {
  it('F-PERM every route answers each kind of caller with the expected status', async () => {
    const mismatches: string[] = [];
    for (const [method, url, expected, body] of MATRIX) {
      for (const [column, who] of WHO.entries()) {
        const caller: Caller = CALLERS[who];
        const path = url(t().ids);
        const res = await t().request({ method, url: path, as: caller, payload: body as object | undefined });
        if (res.statusCode !== expected[column]) mismatches.push(`${method} ${path} as ${who}: expected ${expected[column]}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (res.statusCode >= 400) {
          const error = res.json() as { status: number; message: string };
          expect(error.status).toBe(res.statusCode);
          expect(error.message).toMatch(/^(errors|validation)\./);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('F-PERM a role group narrows what a level 3 user may do (views decide, with level ceilings)', async () => {
    const group = await t().post('/api/v1/rolegroup', CALLERS.owner, { roleGroupName: 'Readers', views: [{ name: 'user', actions: ['read'] }] });
    const { roleGroupId } = group.json() as { roleGroupId: number };
    await t().post('/api/v1/user', CALLERS.owner, { nick: 'reader', level: 3, pass: 'abcd', passConfirm: 'abcd', roleGroupId });
    const token = ((await t().post('/api/v1/login', null, { nick: 'reader', pass: 'abcd', corpoName: 'acme' })).json() as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    expect((await t().get('/api/v1/user', null, auth)).statusCode).toBe(200);
    expect((await t().post('/api/v1/user', null, { nick: 'nope1', level: 4, pass: 'abcd', passConfirm: 'abcd' }, auth)).statusCode).toBe(403);
    expect((await t().get('/api/v1/rolegroup', null, auth)).statusCode).toBe(403);
    // a group granting system views still cannot open them below level 1
    const sys = await t().post('/api/v1/rolegroup', CALLERS.owner, { roleGroupName: 'Greedy', views: [{ name: 'corp', actions: ['read', 'create'] }] });
    await t().put(`/api/v1/rolegroup/${roleGroupId}`, CALLERS.owner, { roleGroupName: 'Readers', views: (sys.json() as { views: unknown }).views });
    expect((await t().get('/api/v1/corp', null, auth)).statusCode).toBe(403);
  });
});
