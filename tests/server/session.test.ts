import { expect, it } from 'vitest';
import { LIVE_ACTIONS, defaultViews, DEFAULT_PARAMETERS, MAIL_PARAMS, PUBLIC_PARAMS } from '../../domain';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

describeEachDatabase('session and preferences', (t) => {
  it('A-SES-06 G-PRM-01 myuser per level: identity, corp, effective views, the actions on the floor and corp flags', async () => {
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
        ['allowCustom', 'corpId', 'corpName', 'corpUrl', 'costEnabled', 'id', 'lang', 'level', 'liveActions', 'mail', 'name', 'nick', 'roomEnabled', 'theme', 'timeZone', 'views'].sort(),
      );
    }
    // no role group: the level's default views; agent is in "Agents" (defaultViews(4))
    expect((await t().get('/api/v1/myuser', CALLERS.admin)).json()).toMatchObject({ views: defaultViews(3) });
    expect((await t().get('/api/v1/myuser', CALLERS.wall)).json()).toMatchObject({ views: defaultViews(5) });
    expect((await t().get('/api/v1/myuser', CALLERS.agent)).json()).toMatchObject({ views: defaultViews(4) });
    // the corp's runners act on the floor; the agent's group grants nothing; a monitor never acts
    expect((await t().get('/api/v1/myuser', CALLERS.admin)).json()).toMatchObject({ liveActions: [...LIVE_ACTIONS] });
    expect((await t().get('/api/v1/myuser', CALLERS.agent)).json()).toMatchObject({ liveActions: [] });
    expect((await t().get('/api/v1/myuser', CALLERS.wall)).json()).toMatchObject({ liveActions: [] });
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

  it('A-PRF-02..05 profile updates own mail and password, with the form rules (and the current password, issue 13)', async () => {
    await t().post('/api/v1/user', CALLERS.admin, { nick: 'profiler', level: 4, pass: 'abcd', passConfirm: 'abcd', mail: 'old@acme.example' });
    const token = ((await t().post('/api/v1/login', null, { nick: 'profiler', pass: 'abcd', corpoName: 'acme' })).json() as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    const cases: [object, string, string][] = [
      [{ currentPass: 'abcd', mail: '', pass: 'abcd', passConfirm: 'abcd' }, 'mail', 'validation.required'],
      [{ currentPass: 'abcd', mail: 'nope', pass: 'abcd', passConfirm: 'abcd' }, 'mail', 'validation.email'],
      [{ currentPass: 'abcd', mail: 'a@b.example', pass: '', passConfirm: '' }, 'pass', 'validation.required'],
      [{ currentPass: 'abcd', mail: 'a@b.example', pass: 'abc', passConfirm: 'abc' }, 'pass', 'validation.minLength|{"min":4}'],
      [{ currentPass: 'abcd', mail: 'a@b.example', pass: 'abcd', passConfirm: 'abce' }, 'passConfirm', 'validation.passwordsDiffer'],
      [{ mail: 'a@b.example', pass: 'abcd', passConfirm: 'abcd' }, 'currentPass', 'validation.required'],
    ];
    for (const [body, path, message] of cases) {
      const res = await t().put('/api/v1/user/profile', null, body, auth);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { issues: unknown[] }).issues).toContainEqual(expect.objectContaining({ path, message }));
    }
    const ok = await t().put('/api/v1/user/profile', null, { currentPass: 'abcd', mail: 'new@acme.example', pass: 'wxyz', passConfirm: 'wxyz' }, auth);
    expect(ok.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${(ok.json() as { token: string }).token}` };
    expect((await t().get('/api/v1/myuser', null, fresh)).json()).toMatchObject({ mail: 'new@acme.example', name: '' });
    expect((await t().post('/api/v1/login', null, { nick: 'profiler', pass: 'abcd', corpoName: 'acme' })).statusCode).toBe(401);
    expect((await t().post('/api/v1/login', null, { nick: 'profiler', pass: 'wxyz', corpoName: 'acme' })).statusCode).toBe(200);
  });

  it('A-PRF-02 issue 13 a password change asks for the current password and ends the user\'s other sessions; this one goes on with a new token', async () => {
    await t().post('/api/v1/user', CALLERS.admin, { nick: 'changer', level: 4, pass: 'first-pass', passConfirm: 'first-pass', mail: 'c@acme.example' });
    const signIn = async (pass: string, ip: string) => t().request({ method: 'POST', url: '/api/v1/login', payload: { nick: 'changer', pass, corpoName: 'acme' }, remoteAddress: ip });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const desk = ((await signIn('first-pass', '10.9.0.1')).json() as { token: string }).token;
    const phone = ((await signIn('first-pass', '10.9.0.2')).json() as { token: string }).token;

    // a wrong current password changes nothing, and is a field issue the form shows
    const wrong = await t().put('/api/v1/user/profile', null, { currentPass: 'guess', mail: 'c@acme.example', pass: 'second-pass', passConfirm: 'second-pass' }, bearer(desk));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ issues: [{ path: 'currentPass', message: 'validation.currentPassword' }] });
    expect((await t().get('/api/v1/myuser', null, bearer(phone))).statusCode).toBe(200);

    // the hub connections of the user are closed too (their tokens were checked when they opened)
    const ctx = t().app.ctx;
    const live = ctx.live;
    const closed: number[] = [];
    ctx.live = { reload: async () => undefined, endSessions: (userId) => void closed.push(userId) };
    let changed;
    try {
      changed = await t().put('/api/v1/user/profile', null, { currentPass: 'first-pass', mail: 'c@acme.example', pass: 'second-pass', passConfirm: 'second-pass' }, bearer(desk));
    } finally {
      ctx.live = live;
    }
    expect(changed.statusCode).toBe(200);
    expect(closed).toHaveLength(1);
    const { token, expiration } = changed.json() as { token: string; expiration: string };
    expect(Date.parse(expiration)).toBeGreaterThan(Date.now());
    // every token issued for the old password has ended: the other session and this one's old token
    expect((await t().get('/api/v1/myuser', null, bearer(phone))).statusCode).toBe(401);
    expect((await t().get('/api/v1/myuser', null, bearer(desk))).statusCode).toBe(401);
    expect((await t().post('/api/v1/refresh', null, undefined, bearer(phone))).statusCode).toBe(401);
    // this session goes on with the new token, which refreshes
    expect((await t().get('/api/v1/myuser', null, bearer(token))).json()).toMatchObject({ nick: 'changer' });
    expect((await t().post('/api/v1/refresh', null, undefined, bearer(token))).statusCode).toBe(200);
    expect((await signIn('second-pass', '10.9.0.3')).statusCode).toBe(200);
  });

  it('issue 13 wrong current passwords slow down like logins', async () => {
    await t().post('/api/v1/user', CALLERS.admin, { nick: 'guesser', level: 4, pass: 'right-pass', passConfirm: 'right-pass' });
    const token = ((await t().post('/api/v1/login', null, { nick: 'guesser', pass: 'right-pass', corpoName: 'acme' })).json() as { token: string }).token;
    const attempt = (currentPass: string) => t().put('/api/v1/user/profile', null, { currentPass, mail: 'g@acme.example', pass: 'new-pass', passConfirm: 'new-pass' }, { authorization: `Bearer ${token}` });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess${i}`)).statusCode).toBe(400);
    const slowed = await attempt('right-pass');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
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

  it('health answers without auth and names the database (and, without a live side, no PBX)', async () => {
    const res = await t().get('/api/v1/health', null);
    expect(res.statusCode).toBe(200);
    // I-INST-08: the database answered, no Redis configured, no live side so no leader
    expect(res.json()).toEqual({ status: 'ok', database: t().kind, databaseUp: true, redis: { state: 'none', roundTripMs: null }, leader: null, pbx: { state: 'none', since: null } });
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
    expect(res.json()).toMatchObject({ status: 404, error: 'Not Found', message: 'errors.notFound' });
    const bad = await t().request({ method: 'POST', url: '/api/v1/login', payload: '{"nick":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: 'errors.badRequest' });
    expect(bad.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});
