import { expect, it } from 'vitest';
import { c2cKeyRowSchema, resourceWrites } from '../../domain';
import { BINDINGS } from '../../server/resources';
import { OpenApiContract } from './fixtures/openapi-contract';
import { upload, wav } from './fixtures/sounds';
import { CALLERS, describeEachDatabase, MANUAL_SIMULATOR, multipart, type Caller, type TestApp } from './fixtures/test-app';

const { super: SUPER, admin: ADMIN } = CALLERS;
type JsonSchema = { type?: string; required?: string[]; properties?: Record<string, { format?: string }>; items?: JsonSchema };
type Response = { content?: Record<string, { schema: JsonSchema }> };
type Operation = {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response>;
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

    it('J-API-01 J-ONE-02 every create documents 201 and no 200; every resource that takes updates documents PUT (full) and PATCH (partial); a write not taken is not documented', () => {
      const document = documentOf(t());
      const wrong: string[] = [];
      let withoutSome = 0;
      for (const binding of Object.values(BINDINGS)) {
        const { definition } = binding!;
        const writes = resourceWrites(definition);
        const base = `/api/v1/${definition.path}`;
        const create = document.paths[base]?.post;
        const one = document.paths[`${base}/{id}`] ?? {};
        if (writes.length < 3) withoutSome++;
        if (!writes.includes('create') && create) wrong.push(`POST ${base} documented, not taken`);
        if (!writes.includes('update') && (document.paths[base]?.put || one.put || one.patch)) wrong.push(`PUT/PATCH ${base} documented, not taken`);
        if (!writes.includes('delete') && one.delete) wrong.push(`DELETE ${base}/{id} documented, not taken`);
        if (writes.includes('create')) {
          if (!create?.responses['201'] || create.responses['200']) wrong.push(`POST ${base}: ${Object.keys(create?.responses ?? {}).join(',')}`);
          const hasFiles = definition.fields.some((f) => f.kind === 'file');
          if (hasFiles && !create?.requestBody?.content['multipart/form-data']) wrong.push(`POST ${base}: no multipart body`);
          if (!hasFiles && create?.requestBody?.content['multipart/form-data']) wrong.push(`POST ${base}: a multipart body it does not read`);
        }
        if (writes.includes('update')) {
          if (!one.patch) wrong.push(`PATCH ${base}/{id} missing`);
          else if (one.patch.requestBody?.content['application/json']?.schema.required?.length) wrong.push(`PATCH ${base}/{id} requires fields`);
          if (!one.put?.responses['200']) wrong.push(`PUT ${base}/{id}`);
        }
        if (writes.includes('delete') && !one.delete) wrong.push(`DELETE ${base}/{id} missing`);
      }
      expect(wrong).toEqual([]);
      // the read-only voicemail and the create-only click-to-call keys at least
      expect(withoutSome).toBeGreaterThanOrEqual(2);
    });

    it('J-API-01 J-ONE-02 the click-to-call keys document exactly list, read, create and revoke, each answering its row schema', async () => {
      const document = documentOf(t());
      const base = '/api/v1/clicktocall/keys';
      const operations = Object.entries(document.paths)
        .filter(([path]) => path === base || path.startsWith(`${base}/`))
        .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
        .sort();
      expect(operations).toEqual([`GET ${base}`, `GET ${base}/{id}`, `POST ${base}`, `POST ${base}/{id}/revoke`]);
      const fields = Object.keys(c2cKeyRowSchema.shape);
      const bodyOf = (operation: Operation, status: string) => operation.responses[status]?.content?.['application/json']?.schema;
      const list = bodyOf(document.paths[base].get, '200');
      expect(list?.type).toBe('array');
      expect(Object.keys(list?.items?.properties ?? {})).toEqual(fields);
      expect(list?.items?.required).toEqual(fields);
      for (const row of [bodyOf(document.paths[`${base}/{id}`].get, '200'), bodyOf(document.paths[`${base}/{id}/revoke`].post, '200')]) {
        expect(Object.keys(row?.properties ?? {})).toEqual(fields);
        expect(row?.required).toEqual(fields);
      }
      const created = bodyOf(document.paths[base].post, '201');
      expect(Object.keys(created?.properties ?? {})).toEqual([...fields, 'secret']);
      expect(created?.required).toEqual([...fields, 'secret']);
      expect(document.paths[base].post.responses['200']).toBeUndefined();

      // the answers are the documented ones, fields in the schema's order
      const contract = new OpenApiContract(document);
      const made = await checked(contract, 'POST', base, ADMIN, { label: 'Contract CRM' });
      expect(made.statusCode, made.body).toBe(201);
      const key = made.json() as { id: number; secret: string };
      expect(Object.keys(key)).toEqual([...fields, 'secret']);
      expect((await checked(contract, 'GET', base, ADMIN)).statusCode).toBe(200);
      const read = await checked(contract, 'GET', `${base}/${key.id}`, ADMIN);
      expect(Object.keys(read.json() as object)).toEqual(fields);
      expect(read.body).not.toContain(key.secret);
      const revoked = await checked(contract, 'POST', `${base}/${key.id}/revoke`, ADMIN);
      expect(revoked.json()).toMatchObject({ id: key.id, revokedAt: expect.any(String) });
      expect(Object.keys(revoked.json() as object)).toEqual(fields);
    });

    it('J-API-01 only a resource that declares its row documents a success body: the others answer their rows as before, with no response schema', () => {
      const document = documentOf(t());
      const withBody: string[] = [];
      let looked = 0;
      for (const binding of Object.values(BINDINGS)) {
        const { definition } = binding!;
        if (definition.rowSchema) continue;
        const base = `/api/v1/${definition.path}`;
        const generic = [
          ['get', base],
          ['post', base],
          ['put', base],
          ['get', `${base}/{id}`],
          ['put', `${base}/{id}`],
          ['patch', `${base}/{id}`],
          ...(definition.rowActions ?? []).map((action) => ['post', `${base}/{id}/${action.name}`]),
        ];
        for (const [method, path] of generic) {
          const operation = document.paths[path]?.[method];
          if (operation) looked++;
          // a success without a schema is documented by its description alone
          const bodies = Object.entries(operation?.responses ?? {}).filter(([status, response]) => status.startsWith('2') && Object.keys(response.content?.['application/json']?.schema ?? {}).some((key) => key !== 'description'));
          if (bodies.length > 0) withBody.push(`${definition.name} ${method.toUpperCase()} ${path}`);
        }
      }
      expect(withBody).toEqual([]);
      expect(looked).toBeGreaterThan(100);
      expect(BINDINGS.clickToCallKey!.definition.rowSchema).toBeDefined();
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
