import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * What the OpenAPI document says of a route beyond its zod schemas (J-API-01): the status it answers
 * on success (201 on a create), the refusals it gives besides the common ones, and the file parts of
 * a multipart body. Declared on the route (`config.doc`), read when the document is built.
 */
export interface RouteDoc {
  /** the success statuses (default: the 2xx of `schema.response`, else 200) */
  success?: readonly number[];
  /**
   * refusals this route gives besides COMMON_REFUSALS (and BODY_REFUSALS for a route with a body); a
   * function is asked when the document is built (once every route is known)
   */
  refusals?: readonly number[] | (() => readonly number[]);
  /** a multipart body: the text parts are the JSON body's fields (or one `json` part), plus these files */
  files?: readonly { name: string; required: boolean; maxBytes: number }[];
  /** the multipart form is the only body that can succeed (a create whose file is required) */
  multipartOnly?: boolean;
  /** a PATCH: every field of the body is optional */
  partial?: boolean;
  /** the JSON Schema of an answer that is no ApiError and has no zod schema (a bulk import's failed rows) */
  bodies?: Record<number, object>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

/**
 * What any route may answer whatever it does: a malformed header or query (400), no or a bad token
 * (401), a permission refused (403), what is not there or not the caller's (404), a path parameter
 * longer than the router reads (414, Fastify's maxParamLength), the database away (503, I-FAIL-02).
 */
export const COMMON_REFUSALS = [400, 401, 403, 404, 414, 503] as const;
/** A route with a body: too large (413) or of a type it does not read (415). */
export const BODY_REFUSALS = [413, 415] as const;

/** The ApiError body every refusal carries (domain ApiError), with the sentence in the caller's language (J-UX-01). */
export const API_ERROR_SCHEMA = {
  type: 'object',
  required: ['status', 'error', 'message'],
  properties: {
    status: { type: 'integer', description: "the HTTP status, or the spec's own code (-5)" },
    error: { type: 'string' },
    message: { type: 'string', description: 'the message key (errors.*, validation.*), parameters after a |' },
    text: { type: 'string', description: "the message as a sentence in the request's language (Accept-Language, else the user's)" },
    issues: {
      type: 'array',
      items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' }, text: { type: 'string' } } },
    },
  },
} as const;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonObject = Record<string, unknown>;

/** The swagger transform: the zod schemas as JSON Schema (fastify-type-provider-zod), then the route's RouteDoc. */
export function documentRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as JsonObject | undefined;
  if (!schema || schema.hide) return out;
  const route = input.route as { method: string | string[]; config?: { doc?: RouteDoc } };
  const doc = route.config?.doc ?? {};
  const response: JsonObject = { ...((schema.response as JsonObject | undefined) ?? {}) };
  const hasSuccess = Object.keys(response).some((code) => code.startsWith('2'));
  for (const [code, body] of Object.entries(doc.bodies ?? {})) response[code] ??= body;
  for (const code of doc.success ?? (hasSuccess ? [] : [200])) response[String(code)] ??= { description: code === 201 ? 'Created' : 'OK' };
  const withBody = schema.body !== undefined;
  const own = typeof doc.refusals === 'function' ? doc.refusals() : (doc.refusals ?? []);
  for (const code of [...COMMON_REFUSALS, ...(withBody ? BODY_REFUSALS : []), ...own]) {
    response[String(code)] ??= { description: 'Refused: an ApiError', ...API_ERROR_SCHEMA };
  }
  const transformed: JsonObject = { ...schema, response };
  if (doc.partial && transformed.body) transformed.body = optionalFields(transformed.body as JsonObject);
  if (doc.files && doc.files.length > 0 && transformed.body) {
    transformed['x-multipart'] = { schema: multipartSchema(transformed.body as JsonObject, doc.files), only: doc.multipartOnly === true };
    transformed.consumes = ['application/json'];
  }
  return { ...out, schema: transformed };
}

/** After every route: each multipart body put in its place (the transform cannot give one body two schemas). */
export const documentMultipart: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) throw new Error('the API is documented as OpenAPI 3.1');
  const { openapiObject } = document;
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, JsonObject>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const multipart = operation['x-multipart'] as { schema: JsonObject; only: boolean } | undefined;
      if (!multipart) continue;
      delete operation['x-multipart'];
      const body = (operation.requestBody ?? { required: true, content: {} }) as { required: boolean; content: JsonObject };
      // a create whose file is required succeeds only as multipart: the JSON form is not offered
      if (multipart.only) delete body.content['application/json'];
      body.content['multipart/form-data'] = { schema: multipart.schema };
      operation.requestBody = body;
    }
  }
  return openapiObject;
};

/**
 * A multipart body: each field of the JSON body as a text part (or the whole body in one `json`
 * part, as our client sends it), and the file parts by the spec's names (Sound, SoundIncorrect).
 */
function multipartSchema(body: JsonObject, files: NonNullable<RouteDoc['files']>): JsonObject {
  const fields = Object.keys(propertiesOf(body));
  const properties: JsonObject = { json: { type: 'string', contentMediaType: 'application/json', description: 'the whole JSON body in one part' } };
  for (const name of fields) properties[name] = { type: 'string' };
  for (const file of files) {
    properties[capitalise(file.name)] = { type: 'string', format: 'binary', contentMediaType: 'audio/wav', description: `at most ${Math.round(file.maxBytes / 1024)} KB` };
  }
  return { type: 'object', properties, required: files.filter((f) => f.required).map((f) => capitalise(f.name)) };
}

/** The properties of a JSON Schema object, through allOf / anyOf members. */
function propertiesOf(schema: JsonObject): JsonObject {
  const own = (schema.properties as JsonObject | undefined) ?? {};
  const members = [...((schema.allOf as JsonObject[] | undefined) ?? []), ...((schema.anyOf as JsonObject[] | undefined) ?? [])];
  return Object.assign({}, ...members.map(propertiesOf), own) as JsonObject;
}

/** The same schema with nothing required (a PATCH body), through allOf / anyOf members. */
function optionalFields(schema: JsonObject): JsonObject {
  const out: JsonObject = { ...schema };
  delete out.required;
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(out[key])) out[key] = (out[key] as JsonObject[]).map(optionalFields);
  return out;
}

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The swagger options of the document (server/app.ts). */
export function swaggerTransforms(): { transform: typeof documentRoute; transformObject: typeof documentMultipart } {
  return { transform: documentRoute, transformObject: documentMultipart };
}
