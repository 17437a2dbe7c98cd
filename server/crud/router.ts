import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceWrites, STATUS, uncapitalise, uncapitaliseKeys, type Action, type ResourceWrite, type SchemaContext } from '../../domain';
import { picksWorkingCorp } from '../../domain/level-ceilings';
import { idParam } from '../../domain/resources/fields';
import { principalOf, resolvePrincipal } from '../auth/guard';
import { ApiFailure, invalid } from '../errors';
import { readMultipart } from './multipart';
import { rowResponses } from './route-schemas';
import type { RouteDoc } from '../openapi';
import type { Pipeline, Uploads } from './pipeline';

const idParams = z.object({ id: idParam });

/**
 * The generic resource router: the HTTP mapping of a pipeline. List (with the parent's id as a query
 * filter for child resources), detail, create, update (id in the body or the path, F-LIST-09), delete,
 * the definition's row actions (POST /{path}/{id}/{action}) and its bulk import (POST /{path}/bulk).
 * Every step of a write happens in the pipeline.
 */
export function mountResource(app: FastifyInstance, pipeline: Pipeline): void {
  const { definition } = pipeline;
  const ctx = app.ctx;
  const base = `/${definition.path}`;
  const tags = [definition.name];
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The route guard (onRequest, before the body is parsed): 401 without a valid token, 403 without
   * the action, so a forbidden caller learns nothing about the body's rules.
   */
  const authorise = (action: Action, readOwn = false) =>
    async function guard(request: FastifyRequest): Promise<void> {
      const principal = await resolvePrincipal(ctx, request);
      request.principal = principal;
      const id = readOwn ? Number((request.params as { id?: string }).id) : NaN;
      pipeline.authorize(principal, action, Number.isInteger(id) ? id : undefined);
      // a resource of one corp at a time: level 1 names its working corp first (E-C2C-05)
      if (definition.workingCorpRequired && picksWorkingCorp(principal.level) && principal.workingCorpId === null) throw new ApiFailure(STATUS.badRequest, 'errors.workingCorpRequired');
    };

  // The body is validated by the definition's schema inside the pipeline (it depends on the actor and
  // the row), so the route's body schema only documents it in the OpenAPI document.
  const bodyPassThrough = { validatorCompiler: passBodyThrough };
  const docBody = documentedBody(pipeline.definition);
  const docBodyWithId = z.intersection(z.object({ [definition.idField]: z.number().int().positive() }), docBody);
  const parentField = definition.parent?.field;
  const listQuery = parentField ? z.object({ [parentField]: idParam.optional() }) : undefined;
  // J-API-01: the answers' schemas, for a resource that declares its row (none otherwise)
  const answers = rowResponses(definition);

  r.get(base, { schema: { tags, summary: `List ${definition.name}`, ...(listQuery ? { querystring: listQuery } : {}), ...answers.list }, onRequest: authorise('read') }, async (request) =>
    pipeline.list(principalOf(request), (request.query ?? {}) as Record<string, unknown>),
  );

  r.get(`${base}/:id`, { schema: { tags, summary: `Read one ${definition.name}`, params: idParams, ...answers.read }, onRequest: authorise('read', true) }, async (request) =>
    pipeline.read(principalOf(request), request.params.id),
  );

  /**
   * The body of a create or update: JSON, or multipart for a resource with file fields (a `json` part
   * or one text part per field, and the files); an upload over its size is a field issue (400).
   */
  const fileFields = definition.fields.filter((f) => f.kind === 'file');
  const multipartLimits = { maxBytes: Math.max(0, ...fileFields.map((f) => f.file?.maxBytes ?? 0)), files: fileFields.length };
  const bodyOf = async (request: FastifyRequest): Promise<{ body: unknown; uploads: Uploads | undefined }> => {
    if (fileFields.length === 0 || !request.isMultipart()) return { body: request.body, uploads: undefined };
    const read = await readMultipart(request, multipartLimits);
    // the spec's part names are capitalised (Sound, SoundIncorrect) like its JSON keys
    if (read.issues.length > 0) throw invalid(read.issues.map((issue) => ({ ...issue, path: uncapitalise(issue.path) })));
    return { body: read.fields, uploads: new Map([...read.uploads].map(([name, upload]) => [uncapitalise(name), upload])) };
  };
  const consumes = fileFields.length > 0 ? { consumes: ['application/json', 'multipart/form-data'] } : {};
  const files = fileFields.map((f) => ({ name: f.name, required: f.file?.requiredOnCreate === true, maxBytes: f.file?.maxBytes ?? 0 }));
  /** J-API-01: what the document says beyond the schemas: statuses, refusals, the multipart body */
  const writeDoc = (doc: RouteDoc): { config: { doc: RouteDoc } } => ({
    config: { doc: { ...doc, refusals: () => [...(Array.isArray(doc.refusals) ? doc.refusals : []), ...pipeline.refusals()], ...(files.length > 0 ? { files: doc.files ?? files.map((f) => ({ ...f, required: false })) } : {}) } },
  });
  // a multipart body carries its files: room for each, plus the fields
  const withFiles = fileFields.length > 0 ? { bodyLimit: multipartLimits.maxBytes * multipartLimits.files + 1024 * 1024 } : {};

  /** create, update and delete: those the resource takes (none for a read-only one, C-VM-02) */
  function mountWrites(writes: readonly ResourceWrite[]): void {
    if (writes.includes('create')) mountCreate();
    if (writes.includes('update')) mountUpdates();
    if (writes.includes('delete')) mountDelete();
  }

  function mountCreate(): void {
    const createDoc = writeDoc({ success: [201], files, multipartOnly: files.some((f) => f.required) });
    r.post(base, { schema: { tags, summary: `Create ${definition.name}`, body: docBody, ...consumes, ...answers.create }, ...createDoc, ...bodyPassThrough, ...withFiles, onRequest: authorise('create') }, async (request, reply) => {
      const { body, uploads } = await bodyOf(request);
      const { row, extra } = await pipeline.create(principalOf(request), body, uploads);
      // what a hook hands out once (a kiosk screen's key), beside the row as the caller sees it
      return reply.code(201).send({ ...row, ...extra });
    });
  }

  function mountUpdates(): void {
    // J-API-02: PUT replaces the row (a field left out that it would change is a 400 naming it), PATCH changes what it names
    const replaces = 'the whole row: a field left out whose stored value would change is refused (400 validation.omitted); PATCH changes only the fields sent';
    r.put(base, { schema: { tags, summary: `Update ${definition.name} (id in the body)`, description: `Replaces ${replaces}`, body: docBodyWithId, ...consumes, ...answers.update }, ...writeDoc({}), ...bodyPassThrough, ...withFiles, onRequest: authorise('update') }, async (request) => {
      const { body, uploads } = await bodyOf(request);
      const raw = asRecord(uncapitaliseKeys(body));
      const id = idParam.safeParse(raw[definition.idField] ?? raw.id);
      if (!id.success) throw invalid([{ path: definition.idField, message: 'validation.required' }]);
      return pipeline.update(principalOf(request), id.data, body, { uploads });
    });

    r.put(`${base}/:id`, { schema: { tags, summary: `Update ${definition.name}`, description: `Replaces ${replaces}`, params: idParams, body: docBody, ...consumes, ...answers.update }, ...writeDoc({}), ...bodyPassThrough, ...withFiles, onRequest: authorise('update') }, async (request) => {
      const { body, uploads } = await bodyOf(request);
      return pipeline.update(principalOf(request), request.params.id, body, { uploads });
    });

    r.patch(
      `${base}/:id`,
      { schema: { tags, summary: `Change some fields of one ${definition.name}`, description: 'The fields sent are changed; every other keeps its stored value (J-API-02)', params: idParams, body: docBody, ...consumes, ...answers.update }, ...writeDoc({ partial: true }), ...bodyPassThrough, ...withFiles, onRequest: authorise('update') },
      async (request) => {
        const { body, uploads } = await bodyOf(request);
        return pipeline.update(principalOf(request), request.params.id, body, { uploads, partial: true });
      },
    );
  }

  function mountDelete(): void {
    r.delete(`${base}/:id`, { schema: { tags, summary: `Delete ${definition.name}`, params: idParams }, ...writeDoc({}), onRequest: authorise('delete') }, async (request) => {
      await pipeline.remove(principalOf(request), request.params.id);
      return { status: 200 };
    });
  }

  mountWrites(resourceWrites(definition));

  for (const field of fileFields) {
    r.get(
      `${base}/:id/files/${field.name}`,
      { schema: { tags, summary: `The ${field.name} file of one ${definition.name} (Range supported)`, params: idParams }, onRequest: authorise('read') },
      async (request, reply) => pipeline.sendFile(principalOf(request), request.params.id, field.name, request, reply),
    );
  }

  if (definition.fileFetchPath && fileFields.length > 0) {
    // the file's stored name may hold a folder (hold music classes): the rest of the path
    r.get(
      `/${definition.fileFetchPath}/*`,
      { schema: { tags, summary: `A file of a ${definition.name} by its stored name (Range supported)` }, onRequest: authorise('read') },
      async (request, reply) => pipeline.sendNamedFile(principalOf(request), (request.params as { '*': string })['*'], request, reply),
    );
  }

  for (const action of definition.rowActions ?? []) {
    r.post(
      `${base}/:id/${action.name}`,
      { schema: { tags, summary: `${action.name} one ${definition.name}`, params: idParams, ...answers.action }, onRequest: authorise(action.permission) },
      async (request) => {
        const { row, extra } = await pipeline.act(principalOf(request), request.params.id, action.name);
        return { ...row, ...extra };
      },
    );
  }

  if (definition.bulk) {
    const bulkBody = z.array(z.record(z.string(), z.unknown())).max(BULK_MAX_ROWS, { error: 'validation.bulkTooMany' });
    r.post(
      `${base}/bulk`,
      {
        schema: {
          tags,
          summary: `Import ${definition.name} rows (all or none). 201 {created}; 422 [{content, statusCode}] when rows fail; with accept application/x-ndjson, progress lines then the result`,
          body: bulkBody,
        },
        ...writeDoc({ success: [200, 201], bodies: BULK_ANSWERS }),
        bodyLimit: 8 * 1024 * 1024,
        onRequest: authorise('create'),
      },
      async (request, reply) => bulkImport(request, reply, pipeline, request.body),
    );
  }
}

/** What a bulk import answers besides an ApiError (J-API-01): 201 the count, 422 the failed rows, 200 ndjson progress. */
const BULK_ANSWERS = {
  201: { description: 'All rows created', type: 'object', required: ['created'], properties: { created: { type: 'integer' } } },
  422: {
    description: 'No row created: the failing rows with their codes (C-EXT-34)',
    type: 'array',
    items: { type: 'object', required: ['content', 'statusCode', 'message'], properties: { content: { type: 'string' }, statusCode: { type: 'integer' }, message: { type: 'string' } } },
  },
  200: { description: 'accept application/x-ndjson: {progress,total} lines, then {status,result}', content: { 'application/x-ndjson': { schema: { type: 'string' } } } },
};

/** The most rows one import takes (a corp holds at most 8,999 extensions, C-CORP-08). */
export const BULK_MAX_ROWS = 9000;

/**
 * A bulk import. Plain JSON: 201 {created} or 422 with the failing rows (C-EXT-34). With
 * `accept: application/x-ndjson` the answer streams `{"progress":n,"total":t}` lines while the rows are
 * written, then one `{"result":{...},"status":201|422}` line, so a thousand rows show their progress.
 */
async function bulkImport(request: FastifyRequest, reply: FastifyReply, pipeline: Pipeline, rows: readonly unknown[]) {
  const principal = principalOf(request);
  if (rows.length === 0) throw invalid([{ path: '', message: 'validation.bulkEmpty' }]);
  const streaming = String(request.headers.accept ?? '').includes('application/x-ndjson');
  if (!streaming) {
    const result = await pipeline.bulk(principal, rows);
    return result.failures.length > 0 ? reply.code(422).send(result.failures) : reply.code(201).send({ created: result.created });
  }
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-cache' });
  let last = 0;
  try {
    const result = await pipeline.bulk(principal, rows, (done, total) => {
      // about fifty progress lines, whatever the size
      if (done === total || done - last >= Math.max(1, Math.floor(total / 50))) {
        last = done;
        reply.raw.write(`${JSON.stringify({ progress: done, total })}\n`);
      }
    });
    const failed = result.failures.length > 0;
    reply.raw.end(`${JSON.stringify({ status: failed ? 422 : 201, result: failed ? result.failures : { created: result.created } })}\n`);
  } catch (error) {
    request.log.error({ err: error }, 'bulk import failed');
    reply.raw.end(`${JSON.stringify({ status: 500, result: { message: 'errors.default' } })}\n`);
  }
}

function passBodyThrough<T>(route: Parameters<FastifySchemaCompiler<T>>[0]) {
  if (route.httpPart === 'body') return (data: unknown) => ({ value: data });
  return zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The body as documented: the definition's schema for a supervisor (all fields shown), creating a row
 * or (a singleton) updating its one value; any body when the schema has no JSON Schema form.
 */
export function documentedBody(definition: { schema: (ctx: SchemaContext) => z.ZodType }, mode: SchemaContext['mode'] = 'create'): z.ZodType {
  const docCtx: SchemaContext = { mode, actor: { id: 0, level: 1, corpId: 0 } };
  try {
    const schema = definition.schema(docCtx);
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    return schema;
  } catch {
    return z.record(z.string(), z.unknown());
  }
}
