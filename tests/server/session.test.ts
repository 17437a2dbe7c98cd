import { expect, it } from 'vitest';
import { defaultViews, DEFAULT_PARAMETERS, MAIL_PARAMS, PUBLIC_PARAMS } from '../../domain';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

describeEachDatabase('session and preferences', (t) => {
  it('A-SES-06 myuser per level: identity, corp, effective views and corp flags', async () => {
    const expected = [
      [CALLERS.super, { nick: 'super', level: 1, corpUrl: 'supervisor', corpName: 'Supervisor', allowCustom: true }],
      [CALLERS.owner, { nick: 'owner', level: 2, corpUrl: 'acme', corpName: 'Acme', allowCustom: true, costEnabled: true }],
      [CALLERS.admin, { nick: 'admin', level: 3, corpUrl: 'acme', allowCustom: true }],
      [CALLERS.agent, { nick: 'agent', level: 4, corpUrl: 'acme' }],
      [CALLERS.wall, { nick: 'wall', level: 5, corpUrl: 'acme' }],
      [CALLERS.globexAdmin, { nick: 'admin', level: 3, corpUrl: 'globex', corpName: 'Globex', allowCustom: false, costEnabled: false }],
    ] as const;
    for (const [caller, shape] of expected) {
      const res = await t().get('/api/v1/myuser', caller);
      expect(res.statusCode).toBe(200);
      const me = res.json() as Record<string, unknown>;
      expect(me).toMatchObject(shape);
      expect(me).not.toHaveProperty('pass');
      expect(me).not.toHaveProperty('passHash');
      expect(Object.keys(me).sort()).toEqual(
        ['allowCustom', 'corpId', 'corpName', 'corpUrl', 'costEnabled', 'id', 'lang', 'level', 'mail', 'name', 'nick', 'roomEnabled', 'theme', 'views'].sort(),
      );
    }
    // no role group: the level's default views; agent is in "Agents" (defaultViews(4))
    expect((await t().get('/api/v1/myuser', CALLERS.admin)).json()).toMatchObject({ views: defaultViews(3) });
    expect((await t().get('/api/v1/myuser', CALLERS.wall)).json()).toMatchObject({ views: defaultViews(5) });
    expect((await t().get('/api/v1/myuser', CALLERS.agent)).json()).toMatchObject({ views: defaultViews(4) });
  });

  it('role group views replace the default views (and apply at once)', async () => {
    const group = await t().post('/api/v1/rolegroup', CALLERS.admin, { roleGroupName: 'Panel only', views: [{ name: 'panel', actions: ['read'] }] });
    expect(group.statusCode).toBe(201);
    const { roleGroupId } = group.json() as { roleGroupId: number };
    const user = await t().post('/api/v1/user', CALLERS.admin, { nick: 'paneluser', level: 4, pass: 'abcd', passConfirm: 'abcd', roleGroupId });
    expect(user.statusCode).toBe(201);
    const token = (await t().post('/api/v1/login', null, { nick: 'paneluser', pass: 'abcd', corpoName: 'acme' })).json() as { token: string };
    const me = await t().get('/api/v1/myuser', null, { authorization: `Bearer ${token.token}` });
    expect(me.json()).toMatchObject({ views: [{ name: 'panel', actions: ['read'] }] });
  });

  it('A-THM-02 setTheme and getTheme round trip (0 or 1 only)', async () => {
    expect((await t().get('/api/v1/user/getTheme', CALLERS.agent)).json()).toEqual({ theme: 0 });
    expect((await t().post('/api/v1/user/setTheme', CALLERS.agent, { theme: 1 })).statusCode).toBe(200);
    expect((await t().get('/api/v1/user/getTheme', CALLERS.agent)).json()).toEqual({ theme: 1 });
    expect((await t().get('/api/v1/myuser', CALLERS.agent)).json()).toMatchObject({ theme: 1 });
    const bad = await t().post('/api/v1/user/setTheme', CALLERS.agent, { theme: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, issues: [{ path: 'theme', message: 'validation.theme' }] });
    // other users are untouched
    expect((await t().get('/api/v1/user/getTheme', CALLERS.wall)).json()).toEqual({ theme: 0 });
  });

  it('A-I18N-03 setLang and getLang round trip (en, es, pt only)', async () => {
    expect((await t().get('/api/v1/user/getLang', CALLERS.owner)).json()).toEqual({ lang: null });
    expect((await t().post('/api/v1/user/setLang', CALLERS.owner, { lang: 'es' })).statusCode).toBe(200);
    expect((await t().get('/api/v1/user/getLang', CALLERS.owner)).json()).toEqual({ lang: 'es' });
    expect((await t().get('/api/v1/myuser', CALLERS.owner)).json()).toMatchObject({ lang: 'es' });
    const bad = await t().post('/api/v1/user/setLang', CALLERS.owner, { lang: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ issues: [{ path: 'lang' }] });
    expect((await t().post('/api/v1/user/setLang', null, { lang: 'en' })).statusCode).toBe(401);
  });

  it('A-PRF-02..05 profile updates own mail and password, with the form rules', async () => {
    await t().post('/api/v1/user', CALLERS.admin, { nick: 'profiler', level: 4, pass: 'abcd', passConfirm: 'abcd', mail: 'old@acme.example' });
    const token = ((await t().post('/api/v1/login', null, { nick: 'profiler', pass: 'abcd', corpoName: 'acme' })).json() as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    const cases: [object, string, string][] = [
      [{ mail: '', pass: 'abcd', passConfirm: 'abcd' }, 'mail', 'validation.required'],
      [{ mail: 'nope', pass: 'abcd', passConfirm: 'abcd' }, 'mail', 'validation.email'],
      [{ mail: 'a@b.example', pass: '', passConfirm: '' }, 'pass', 'validation.required'],
      [{ mail: 'a@b.example', pass: 'abc', passConfirm: 'abc' }, 'pass', 'validation.minLength|{"min":4}'],
      [{ mail: 'a@b.example', pass: 'abcd', passConfirm: 'abce' }, 'passConfirm', 'validation.passwordsDiffer'],
    ];
    for (const [body, path, message] of cases) {
      const res = await t().put('/api/v1/user/profile', null, body, auth);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { issues: unknown[] }).issues).toContainEqual({ path, message });
    }
    const ok = await t().put('/api/v1/user/profile', null, { mail: 'new@acme.example', pass: 'wxyz', passConfirm: 'wxyz' }, auth);
    expect(ok.statusCode).toBe(200);
    expect((await t().get('/api/v1/myuser', null, auth)).json()).toMatchObject({ mail: 'new@acme.example', name: '' });
    expect((await t().post('/api/v1/login', null, { nick: 'profiler', pass: 'abcd', corpoName: 'acme' })).statusCode).toBe(401);
    expect((await t().post('/api/v1/login', null, { nick: 'profiler', pass: 'wxyz', corpoName: 'acme' })).statusCode).toBe(200);
  });

  it('A-I18N-04 getExchange answers the locale', async () => {
    expect((await t().get('/api/v1/getExchange', CALLERS.agent)).json()).toEqual({ locale: 'pt-BR' });
  });

  it('A-TOP-03 exten/datapc gives real memory and disk bytes to level 1 only', async () => {
    const res = await t().get('/api/v1/exten/datapc', CALLERS.super);
    expect(res.statusCode).toBe(200);
    const usage = res.json() as Record<string, number>;
    for (const key of ['usada', 'disponible', 'usadoDisco', 'disponibleDisco']) expect(usage[key]).toBeGreaterThan(0);
    expect((await t().get('/api/v1/exten/datapc', CALLERS.admin)).statusCode).toBe(403);
  });

  it('C-SYS-05 getAllParams: level 1 reads all, others only the public ones; level 1 saves', async () => {
    const all = (await t().get('/api/v1/getAllParams', CALLERS.super)).json() as { key: string; value: string }[];
    expect(all.map((p) => p.key).sort()).toEqual(DEFAULT_PARAMETERS.map((p) => p.key).sort());
    const pub = (await t().get('/api/v1/getAllParams', CALLERS.agent)).json() as { key: string }[];
    expect(pub.map((p) => p.key).sort()).toEqual([...PUBLIC_PARAMS].sort());

    const saved = await t().post('/api/v1/getAllParams', CALLERS.super, [
      { key: 'webadmin', value: 'yes' },
      { key: '', value: 'dropped (C-SYS-06)' },
    ]);
    expect(saved.statusCode).toBe(200);
    const after = saved.json() as { key: string; value: string }[];
    expect(after.find((p) => p.key === 'webadmin')?.value).toBe('yes');
    expect(after.find((p) => p.key === '')).toBeUndefined();
    expect(after).toHaveLength(DEFAULT_PARAMETERS.length);
    expect((await t().post('/api/v1/getAllParams', CALLERS.admin, [{ key: 'webadmin', value: 'no' }])).statusCode).toBe(403);
    expect((await t().post('/api/v1/getAllParams', CALLERS.super, { key: 'x' })).statusCode).toBe(400);
  });

  it('C-MAIL-03 getAllParamsMail: level 1 reads and saves the mail keys', async () => {
    const list = (await t().get('/api/v1/getAllParamsMail', CALLERS.super)).json() as { key: string }[];
    expect(list.map((p) => p.key).sort()).toEqual([...MAIL_PARAMS].sort());
    const saved = await t().post('/api/v1/getAllParamsMail', CALLERS.super, [{ key: 'mailer_host', value: 'smtp.example.com' }]);
    expect((saved.json() as { key: string; value: string }[]).find((p) => p.key === 'mailer_host')?.value).toBe('smtp.example.com');
    expect((await t().get('/api/v1/getAllParamsMail', CALLERS.owner)).statusCode).toBe(403);
  });

  it('health answers without auth and names the database', async () => {
    const res = await t().get('/api/v1/health', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t().kind });
  });

  it('the OpenAPI document lists the API', async () => {
    const res = await t().get('/api/v1/openapi.json', null);
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/v1/login', '/api/v1/myuser', '/api/v1/corp', '/api/v1/corp/{id}', '/api/v1/user', '/api/v1/rolegroup/{id}', '/api/v1/lookandfeel/{corpName}']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(doc.paths['/api/v1/login']).toHaveProperty('post');
  });

  it('F-ERR unknown API paths answer the ApiError 404; bad JSON answers 400', async () => {
    const res = await t().get('/api/v1/nothing-here', CALLERS.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, error: 'Not Found', message: 'errors.notFound' });
    const bad = await t().request({ method: 'POST', url: '/api/v1/login', payload: '{"nick":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: 'errors.badRequest' });
    expect(bad.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});
