import { expect, it } from 'vitest';
import { CALLERS, describeEachDatabase, multipart } from './fixtures/test-app';

type Issue = { path: string; message: string };
const issuesOf = (res: { json: () => unknown }) => ((res.json() as { issues?: Issue[] }).issues ?? []).map((i) => `${i.path}:${i.message.split('|')[0]}`);

/**
 * Issue 13, "no 5xx from input": each cause the hostile probe found, answered 400 before it reaches
 * the database (each of these answered 500, or reached the wrong row, before).
 */
describeEachDatabase('no 5xx from input (issue 13)', (t) => {
  const { admin, super: supervisor } = CALLERS;

  it('a NUL byte is refused with 400 everywhere, public routes included (login, kiosk session, look and feel by corp name and its images)', async () => {
    const cases = [
      await t().post('/api/v1/login', null, { nick: 'ad\u0000min', pass: 'callboard', corpoName: 'acme' }),
      await t().post('/api/v1/login', null, { nick: 'admin', pass: 'callboard', corpoName: 'ac\u0000me' }),
      await t().post('/api/v1/kiosk/session', null, { corp: 'acme', screen: 'Fl\u0000oor', key: 'k' }),
      await t().get('/api/v1/lookandfeel/ac%00me', null),
      await t().get('/api/v1/lookandfeel/ac%00me/images/loginImage', null),
      await t().put(`/api/v1/extension/${t().ids.extension.acme201}`, admin, { description: 'front\u0000desk' }),
      await t().post('/api/v1/queue', admin, { name: 'Sup\u0000port' }),
      await t().get('/api/v1/mohcorp/getsound/a%00.wav', admin),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: 'validation.characters' });
    }
    // multipart text parts too
    const { payload, headers } = await multipart({ json: JSON.stringify({ menuIconColor: '112233', tabName: 'a\u0000b' }) });
    const lf = await t().request({ method: 'PUT', url: '/api/v1/lookandfeel', as: admin, payload, headers });
    expect(lf.statusCode).toBe(400);
    expect(issuesOf(lf)).toContain('tabName:validation.characters');
  });

  it('F-LIST-09 ids are positive 32-bit integers in plain decimal: /extension/0x35, 53e0, +53, 053 and ids past 2^31-1 are 400, not extension 53 nor a 500', async () => {
    const id = t().ids.extension.acme201;
    expect((await t().get(`/api/v1/extension/${id}`, admin)).statusCode).toBe(200);
    for (const spelling of [`0x${id.toString(16)}`, `${id}e0`, `%2B${id}`, `0${id}`, `${id}.0`, '2147483648', '99999999999', '0', '-1']) {
      const res = await t().get(`/api/v1/extension/${spelling}`, admin);
      expect(res.statusCode, spelling).toBe(400);
      expect(issuesOf(res), spelling).toEqual(['id:validation.invalid']);
    }
    expect((await t().del('/api/v1/extension/99999999999', admin)).statusCode).toBe(400);
  });

  it('F-LIST-09 an id in a body is an id too: {"id": true} no longer means row 1, big ids are refused by the schema', async () => {
    for (const bad of [true, '0x1', '+1', '01', 2 ** 31, '99999999999']) {
      const res = await t().put('/api/v1/extension', admin, { id: bad, pass: 'abcd1234' });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // references to other rows: the same rule
    const refs = await t().put(`/api/v1/extension/${t().ids.extension.acme201}`, admin, { userId: 2 ** 31, trunkId: true });
    expect(refs.statusCode).toBe(400);
    expect(issuesOf(refs)).toEqual(expect.arrayContaining(['userId:validation.invalid', 'trunkId:validation.invalid']));
    const user = await t().put(`/api/v1/user/${t().ids.user.agent}`, supervisor, { nick: 'agent', level: 4, corpId: t().ids.corp.acme, roleGroupId: 2 ** 31 });
    expect(user.statusCode).toBe(400);
    expect(issuesOf(user)).toContain('roleGroupId:validation.invalid');
  });

  it('A-SES-07 the x-working-corp header is an id too: other spellings and big ids are 400 errors.workingCorp', async () => {
    const acme = t().ids.corp.acme;
    expect((await t().get('/api/v1/extension', supervisor, { 'x-working-corp': String(acme) })).statusCode).toBe(200);
    for (const header of [`0x${acme.toString(16)}`, `${acme}e0`, `+${acme}`, `0${acme}`, '2147483648', '99999999999']) {
      const res = await t().get('/api/v1/extension', supervisor, { 'x-working-corp': header });
      expect(res.statusCode, header).toBe(400);
      expect(res.json()).toMatchObject({ message: 'errors.workingCorp' });
    }
  });

  it('C-EXT-17 a text longer than its column is refused by the schema with its limit (an extension password over 64 characters, a mail over 255)', async () => {
    const pass = await t().patch(`/api/v1/extension/${t().ids.extension.acme201}`, admin, { pass: 'a'.repeat(65) });
    expect(pass.statusCode).toBe(400);
    expect((pass.json() as { issues: Issue[] }).issues).toContainEqual(expect.objectContaining({ path: 'pass', message: 'validation.maxLength|{"max":64}' }));
    expect((await t().patch(`/api/v1/extension/${t().ids.extension.acme201}`, admin, { pass: 'a'.repeat(64) })).statusCode).toBe(200);
    const mail = await t().patch(`/api/v1/user/${t().ids.user.agent}`, admin, { mail: `${'a'.repeat(250)}@acme.example` });
    expect(mail.statusCode).toBe(400);
    expect(issuesOf(mail)).toContain('mail:validation.maxLength');
    const corp = await t().put(`/api/v1/corp/${t().ids.corp.globex}`, supervisor, { url: 'globex', name: 'Globex', extLen: 4, extMax: 10, queMax: 5, maxContacts: 2, webHook: 'a'.repeat(501) });
    expect(corp.statusCode).toBe(400);
    expect(issuesOf(corp)).toContain('webHook:validation.maxLength');
  });

  it('a multipart request without its boundary is a 400, on the generic routes and on look and feel', async () => {
    const headers = { 'content-type': 'multipart/form-data' };
    const lf = await t().request({ method: 'PUT', url: '/api/v1/lookandfeel', as: admin, payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--', headers });
    expect(lf.statusCode).toBe(400);
    const moh = await t().request({ method: 'POST', url: '/api/v1/mohcorp', as: admin, payload: 'garbage', headers });
    expect(moh.statusCode).toBe(400);
    // a body cut off in the middle of a part
    const cut = await t().request({ method: 'POST', url: '/api/v1/mohcorp', as: admin, payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nJaz', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(cut.statusCode).toBe(400);
  });

  it('C-LF-12 a multipart body\'s json part is read with or without its own Content-Type: application/json (curl -F \'json={...};type=application/json\')', async () => {
    const part = (type: string, json: string) =>
      `--x\r\nContent-Disposition: form-data; name="json"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${json}\r\n--x--\r\n`;
    const headers = { 'content-type': 'multipart/form-data; boundary=x' };
    const colours = { menuIconColor: '112233', menuFontColor: '223344', hoverColor: '334455', menuColor: '445566', backgroundColor: '556677', loginTextColor: '667788' };
    for (const [type, tabName] of [['application/json', 'Typed part'], ['', 'Plain part']] as const) {
      const res = await t().request({ method: 'PUT', url: '/api/v1/lookandfeel', as: admin, payload: part(type, JSON.stringify({ ...colours, tabName })), headers });
      expect(res.statusCode, `${type || 'no type'}: ${res.body}`).toBe(200);
      expect((await t().get('/api/v1/lookandfeel', admin)).json()).toMatchObject({ tabName });
    }
    // a typed part that is no object, or no JSON at all, is the json field's issue, as an untyped one is
    for (const type of ['application/json', '']) {
      for (const json of ['[1]', '{"tabName":']) {
        const res = await t().request({ method: 'PUT', url: '/api/v1/lookandfeel', as: admin, payload: part(type, json), headers });
        expect(res.statusCode, `${type || 'no type'} ${json}`).toBe(400);
        expect(issuesOf(res)).toContain('json:validation.invalid');
      }
    }
  });

  it('C-TC-09 time options that are no objects, and kiosk screens past 2^31-1, are refused (they used to crash or overflow)', async () => {
    const time = await t().post('/api/v1/timemain', admin, { name: 'Hours', options: ['x'.repeat(30)] });
    expect(time.statusCode).toBe(400);
    const kiosk = await t().post('/api/v1/kiosk/session', null, { corp: 'acme', screen: 2 ** 31, key: 'k' });
    expect(kiosk.statusCode).toBeLessThan(500);
  });
});
