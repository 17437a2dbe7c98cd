import { expect, it } from 'vitest';
import { MAIL_PARAMS, OWN_TEXT_PARAMS, OWN_YES_NO_PARAMS, TEXT_PARAMS, YES_NO_PARAMS } from '../../domain';
import { CALLERS, describeEachDatabase } from './fixtures/test-app';

type Parameter = { key: string; value: string };
const SUPER = CALLERS.super;

describeEachDatabase('system and mail parameters', (t) => {
  const read = async (path: string) => (await t().get(`/api/v1/${path}`, SUPER)).json() as Parameter[];
  const valueOf = (list: Parameter[], key: string) => list.find((p) => p.key === key)?.value;

  it('C-SYS-01 C-SYS-02 C-SYS-03 C-MAIL-02 every parameter the spec names (and the meeting service\'s own) is there from the start', async () => {
    const system = (await read('getAllParams')).map((p) => p.key);
    for (const key of [...YES_NO_PARAMS, ...TEXT_PARAMS]) expect(system, key).toContain(key);
    // and Callboard's own (issue 11: the meeting service's switch and the meeting site's host)
    for (const key of [...OWN_YES_NO_PARAMS, ...OWN_TEXT_PARAMS]) expect(system, key).toContain(key);
    const mail = (await read('getAllParamsMail')).map((p) => p.key);
    expect(mail.sort()).toEqual([...MAIL_PARAMS].sort());
  });

  it('C-SYS-05 C-SYS-06 a save upserts the entries, drops those with an empty key and answers the list as saved', async () => {
    const saved = await t().post('/api/v1/getAllParams', SUPER, [
      { key: 'language', value: 'es_ES' },
      { key: '', value: 'ignored' },
      { key: 'custom-flag', value: 'on' },
    ]);
    expect(saved.statusCode).toBe(200);
    const list = saved.json() as Parameter[];
    expect(valueOf(list, 'language')).toBe('es_ES');
    expect(valueOf(list, 'custom-flag')).toBe('on');
    expect(list.some((p) => p.key === '')).toBe(false);
    expect(valueOf(await read('getAllParams'), 'language')).toBe('es_ES');
  });

  it('C-SYS-01 an entry removed in the editor goes; the spec parameters always stay', async () => {
    await t().post('/api/v1/getAllParams', SUPER, [{ key: 'temporary', value: '1' }]);
    expect(valueOf(await read('getAllParams'), 'temporary')).toBe('1');
    const all = (await read('getAllParams')).filter((p) => p.key !== 'temporary' && p.key !== 'webphone');
    const saved = (await t().post('/api/v1/getAllParams', SUPER, all)).json() as Parameter[];
    expect(valueOf(saved, 'temporary')).toBeUndefined();
    // webphone was not sent but the spec names it: it keeps its value
    expect(valueOf(saved, 'webphone')).toBe('yes');
  });

  it('C-MAIL-03 mail parameters are read and saved the same way, apart from the system ones', async () => {
    const saved = (await t().post('/api/v1/getAllParamsMail', SUPER, [{ key: 'mailer_host', value: 'smtp.example.com' }])).json() as Parameter[];
    expect(valueOf(saved, 'mailer_host')).toBe('smtp.example.com');
    expect(valueOf(await read('getAllParams'), 'mailer_host')).toBeUndefined();
  });

  it('C-SYS-05 bad entries are refused with 400 (a body that is not JSON with a 4xx) and nothing changes: a key given twice, an odd key, a value too long, a non-list', async () => {
    const before = await read('getAllParams');
    for (const body of [
      [
        { key: 'language', value: 'a' },
        { key: 'language', value: 'b' },
      ],
      [{ key: 'bad key!', value: 'x' }],
      [{ key: 'language', value: 'x'.repeat(501) }],
      [{ key: 'language' }],
      { key: 'language', value: 'x' },
    ]) {
      const res = await t().post('/api/v1/getAllParams', SUPER, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // a body that is no JSON at all is refused as such
    const text = await t().request({ method: 'POST', url: '/api/v1/getAllParams', as: SUPER, payload: 'language=x', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(await read('getAllParams')).toEqual(before);
  });

  it('C-SYS-04 (two readings: extenIni or exten-ini) the shell and the editor read one key, exten-ini, as the editor names it', async () => {
    const shown = ((await t().get('/api/v1/getAllParams', CALLERS.admin)).json() as Parameter[]).map((p) => p.key);
    expect(shown).toEqual(expect.arrayContaining(['webphone', 'clickToCall', 'webadmin', 'webrtcserver', 'checkCorp', 'exten-ini']));
    expect(shown).not.toContain('extenIni');
  });

  it('C-SYS-08 only the supervisor edits parameters; others read just the public ones', async () => {
    expect((await t().post('/api/v1/getAllParams', CALLERS.admin, [])).statusCode).toBe(403);
    expect((await t().get('/api/v1/getAllParamsMail', CALLERS.owner)).statusCode).toBe(403);
    const shown = ((await t().get('/api/v1/getAllParams', CALLERS.agent)).json() as Parameter[]).map((p) => p.key);
    expect(shown).toContain('webphone');
    expect(shown).not.toContain('allow');
  });

  it('J-ONE-02 C-SYS-08 the parameters are one value for the platform: a working corp reads and saves the same list; PUT, PATCH and DELETE answer 405', async () => {
    const acme = { 'x-working-corp': String(t().ids.corp.acme) };
    const globex = { 'x-working-corp': String(t().ids.corp.globex) };
    const saved = await t().post('/api/v1/getAllParams', SUPER, [...(await read('getAllParams')).filter((p) => p.key !== 'language'), { key: 'language', value: 'pt_BR' }], acme);
    expect(saved.statusCode, saved.body).toBe(200);
    const seen = (await t().get('/api/v1/getAllParams', SUPER, globex)).json() as Parameter[];
    expect(valueOf(seen, 'language')).toBe('pt_BR');
    expect(seen).toEqual(await read('getAllParams'));
    for (const path of ['getAllParams', 'getAllParamsMail']) {
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const res = await t().request({ method, url: `/api/v1/${path}`, as: SUPER, payload: [] });
        expect(res.statusCode, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toBe('GET, POST');
      }
    }
  });
});
