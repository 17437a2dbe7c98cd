import { expect, it } from 'vitest';
import { BINDINGS } from '../../server/resources';
import { OpenApiContract } from './fixtures/openapi-contract';
import { upload, wav } from './fixtures/sounds';
import { CALLERS, describeEachDatabase, MANUAL_SIMULATOR, multipart, type Caller, type TestApp } from './fixtures/test-app';

const { super: SUPER, admin: ADMIN } = CALLERS;
type JsonSchema = { required?: string[]; properties?: Record<string, { format?: string }> };
type Operation = {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const documentOf = (t: TestApp) => t.app.swagger() as unknown as Document;

describeEachDatabase(
  'the OpenAPI document is exact (issue 24)',
  (t) => {
    /** Sends a request and checks the answer against the document: returns the answer. */
    async function checked(contract: OpenApiContract, method: string, url: string, as: Caller, payload?: unknown, headers: Record<string, string> = {}) {
      const res = await t().request({ method: method as 'GET', url, as, payload: payload as object, headers });
      expect(contract.problem(method, url, res)).toBeNull();
      return res;
    }

    it('J-API-01 POST /ivr documents its multipart body with the greeting required, and the 201 it answers', async () => {
      const document = documentOf(t());
      const create = document.paths['/api/v1/ivr'].post;
      expect(Object.keys(create.requestBody!.content)).toEqual(['multipart/form-data']);
      const form = create.requestBody!.content['multipart/form-data'].schema;
      expect(form.required).toEqual(['Sound']);
      expect(form.properties).toMatchObject({ Sound: { format: 'binary' }, SoundIncorrect: { format: 'binary' }, name: {}, option1: {}, json: {} });
      expect(Object.keys(create.responses)).toContain('201');
      expect(Object.keys(create.responses)).not.toContain('200');
      // an update may keep its greeting: JSON or multipart, neither file required
      const update = document.paths['/api/v1/ivr/{id}'].put;
      expect(Object.keys(update.requestBody!.content).sort()).toEqual(['application/json', 'multipart/form-data']);
      expect(update.requestBody!.content['multipart/form-data'].schema.required).toEqual([]);

      const contract = new OpenApiContract(document);
      const body = await multipart({ Name: 'Contract menu', Sound: upload(wav()), option1: 'hangup' });
      const res = await checked(contract, 'POST', '/api/v1/ivr', ADMIN, body.payload, body.headers);
      expect(res.statusCode, res.body).toBe(201);
      const refused = await checked(contract, 'POST', '/api/v1/ivr', ADMIN, { name: 'No greeting' });
      expect(refused.statusCode).toBe(400);
    });

    it('J-API-01 every create documents 201 and no 200; every resource documents PUT (full) and PATCH (partial)', () => {
      const document = documentOf(t());
      const wrong: string[] = [];
      for (const binding of Object.values(BINDINGS)) {
        const { definition } = binding!;
        if (definition.readOnly) continue;
        const base = `/api/v1/${definition.path}`;
        const create = document.paths[base]?.post;
        if (!create?.responses['201'] || create.responses['200']) wrong.push(`POST ${base}: ${Object.keys(create?.responses ?? {}).join(',')}`);
        const patch = document.paths[`${base}/{id}`]?.patch;
        if (!patch) wrong.push(`PATCH ${base}/{id} missing`);
        else if (patch.requestBody?.content['application/json']?.schema.required?.length) wrong.push(`PATCH ${base}/{id} requires fields`);
        if (!document.paths[`${base}/{id}`]?.put?.responses['200']) wrong.push(`PUT ${base}/{id}`);
        const hasFiles = definition.fields.some((f) => f.kind === 'file');
        if (hasFiles && !create?.requestBody?.content['multipart/form-data']) wrong.push(`POST ${base}: no multipart body`);
        if (!hasFiles && create?.requestBody?.content['multipart/form-data']) wrong.push(`POST ${base}: a multipart body it does not read`);
      }
      expect(wrong).toEqual([]);
    });

    it('J-API-01 successful answers validate against the document: every list, every row read, a create, a replace, a patch and a delete', async () => {
      const contract = new OpenApiContract(documentOf(t()));
      const acme = { 'x-working-corp': String(t().ids.corp.acme) };
      const reads: string[] = [];
      for (const binding of Object.values(BINDINGS)) {
        const { definition } = binding!;
        const base = `/api/v1/${definition.path}`;
        const list = await checked(contract, 'GET', base, SUPER, undefined, acme);
        expect(list.statusCode, base).toBe(200);
        const rows = list.json() as Record<string, unknown>[];
        if (rows.length > 0) await checked(contract, 'GET', `${base}/${String(rows[0][definition.idField])}`, SUPER, undefined, acme);
        reads.push(base);
      }
      expect(reads.length).toBeGreaterThan(20);

      const created = await checked(contract, 'POST', '/api/v1/queue', ADMIN, { name: 'Contract', strategy: 'ringall' });
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json() as Record<string, unknown> & { id: number };
      expect((await checked(contract, 'PUT', `/api/v1/queue/${row.id}`, ADMIN, { ...row, name: 'Contract two' })).statusCode).toBe(200);
      expect((await checked(contract, 'PATCH', `/api/v1/queue/${row.id}`, ADMIN, { name: 'Contract three' })).json()).toMatchObject({ name: 'Contract three' });
      expect((await checked(contract, 'DELETE', `/api/v1/queue/${row.id}`, ADMIN)).statusCode).toBe(200);
      expect((await checked(contract, 'GET', `/api/v1/queue/${row.id}`, ADMIN)).statusCode).toBe(404);
    });

    it('J-UX-01 an error answers the sentence beside its key, in the language asked for or else the user\'s own', async () => {
      const es = await t().get('/api/v1/extension/999999', ADMIN, { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' });
      expect(es.json()).toMatchObject({ status: 404, message: 'errors.notFound', text: 'No se encontró el elemento.' });
      const en = await t().get('/api/v1/extension/999999', ADMIN, { 'accept-language': 'en-US' });
      expect(en.json()).toMatchObject({ message: 'errors.notFound', text: 'The item was not found.' });
      // parameters fill the sentence; each issue has its own
      const issues = await t().post('/api/v1/extension', ADMIN, { number: '1', pass: 'ab' }, { 'accept-language': 'en' });
      const body = issues.json() as { text: string; issues: { path: string; text: string }[] };
      expect(body.issues.find((i) => i.path === 'pass')?.text).toBe('At least 4 characters');
      expect(body.text).toBe(body.issues[0].text);
      // no Accept-Language: the signed-in user's chosen language
      await t().post('/api/v1/user/setLang', CALLERS.owner, { lang: 'pt' });
      const pt = await t().get('/api/v1/extension/999999', CALLERS.owner);
      expect(pt.json()).toMatchObject({ message: 'errors.notFound', text: 'O item não foi encontrado.' });
      // nobody signed in and nothing asked: English
      expect((await t().get('/api/v1/extension', null)).json()).toMatchObject({ status: 401, text: expect.any(String) });
    });
  },
  { live: MANUAL_SIMULATOR },
);
