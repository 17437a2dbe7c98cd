import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseError, isDatabaseUnavailable } from './db/database';
import { ApiFailure, type Issue } from './errors';
import { languageOf, translate } from './i18n';
import type { ApiError, Language } from '../domain';

/**
 * The one error handler of the app: any error → the ApiError it answers as, logged by what it is.
 * A refusal the API means to give (4xx, the spec's 52x-55x and -5) is a normal answer: one info line
 * without a stack. Only a failure of ours (5xx) is an error with its stack; what a database error
 * carries is trimmed by the logger's serializer (server/logging.ts), never logged raw.
 */
export async function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const failure = toFailure(error, request);
  const refusal = { status: failure.code ?? failure.status, message: failure.message, route: request.routeOptions.url };
  if (failure.status < 500 || failure.status >= SPEC_CODES_FROM) request.log.info(refusal, 'request refused');
  // a 5xx we answer on purpose (the PBX is down: 503) is a condition, not a bug: no stack
  else if (error instanceof ApiFailure) request.log.warn(refusal, 'request not served');
  else request.log.error({ err: error }, 'request failed');
  return reply.code(failure.status).send(withText(failure.toBody(), await languageOf(request)));
}

/** J-UX-01: the sentences beside the message keys, in the caller's language (a key no locale has: the generic one). */
export function withText(body: ApiError, lang: Language): ApiError {
  const text = translate(body.message, lang) ?? translate('errors.default', lang);
  return {
    ...body,
    ...(text ? { text } : {}),
    ...(body.issues ? { issues: body.issues.map((issue) => ({ ...issue, ...(translate(issue.message, lang) ? { text: translate(issue.message, lang)! } : {}) })) } : {}),
  };
}

/** The spec's save codes (520 in use by a trunk ... 551 extension exists) are refusals, not failures. */
const SPEC_CODES_FROM = 520;

/**
 * PostgreSQL's data exceptions (class 22: a value too long, a number out of range, a NUL, a bad
 * date) are what a client's value does to a query no schema stopped: a 400, not a 500. The schemas
 * should have refused it, so it is logged as a warning that names the gap (the fuzz test fails on it).
 */
const DATA_EXCEPTION = /^22/;
export const SCHEMA_GAP_LOG = 'a value no schema refused reached the database (schema gap)';

/** Any error → the ApiError it answers as. */
export function toFailure(error: FastifyError, request?: FastifyRequest): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues: Issue[] = error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').split('/').join('.'), message: v.message ?? 'validation.invalid' }));
    return new ApiFailure(400, issues[0]?.message ?? 'validation.invalid', issues);
  }
  // the database is away (restarting): the client may try again, nothing of ours is broken
  if (isDatabaseUnavailable(error)) return new ApiFailure(503, 'errors.databaseUnavailable');
  const db = databaseError(error);
  if (db?.code && DATA_EXCEPTION.test(db.code)) {
    request?.log.warn({ err: error, route: request.routeOptions.url }, SCHEMA_GAP_LOG);
    return new ApiFailure(400, 'validation.invalid');
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (error.validation) return new ApiFailure(400, 'validation.invalid');
  if (status === 413) return new ApiFailure(413, 'errors.tooLarge');
  if (status === 429) return new ApiFailure(429, 'errors.tooManyRequests');
  if (status >= 400 && status < 500) return new ApiFailure(status, 'errors.badRequest');
  return new ApiFailure(500, 'errors.default');
}
