import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import type { ApiError } from '../domain';

export type Issue = { path: string; message: string };

/** Names of our non-HTTP status codes (spec 1 §8) for the `error` field. */
const ERROR_NAMES: Record<number, string> = {
  520: 'In Use By Trunk',
  521: 'In Use By Queue',
  522: 'In Use By Time',
  523: 'In Use By IVR',
  525: 'In Use By SIP Route',
  526: 'Corp Has Extensions',
  530: 'In Use By Corp',
  540: 'URL Used',
  550: 'Maximum Extensions',
  551: 'Extension Exists',
  [-5]: 'Restriction Exists',
};

export function errorName(status: number): string {
  return ERROR_NAMES[status] ?? STATUS_CODES[status] ?? 'Error';
}

/** A failure the API answers with its ApiError body; thrown anywhere, rendered by the error handler. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly issues?: Issue[];
  /** the spec's code when it is no HTTP status (-5 restriction exists): sent in the body, HTTP says `status` */
  readonly code?: number;

  constructor(status: number, message: string, issues?: Issue[], code?: number) {
    super(message);
    this.name = 'ApiFailure';
    this.status = status;
    this.issues = issues;
    this.code = code;
  }

  toBody(): ApiError {
    const body: ApiError = { status: this.code ?? this.status, error: errorName(this.code ?? this.status), message: this.message };
    if (this.issues && this.issues.length > 0) body.issues = this.issues;
    return body;
  }
}

export const unauthorized = () => new ApiFailure(401, 'errors.unauthorized');
export const forbidden = (message = 'errors.forbidden') => new ApiFailure(403, message);
export const notFound = () => new ApiFailure(404, 'errors.notFound');
/** 400 with field issues; the top-level message is the first issue's key so a snackbar can show it. */
export const invalid = (issues: Issue[]) => new ApiFailure(400, issues[0]?.message ?? 'validation.invalid', issues);

/** Zod issues → ApiError issues (path dotted, message = the i18n key the schema carries). */
export function zodIssues(error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
