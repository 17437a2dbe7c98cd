import type { FastifyRequest } from 'fastify';
import { msg } from '../../domain';
import { ApiFailure, type Issue } from '../errors';
import { nulPath } from '../input-guard';

/** An uploaded file of a multipart body. */
export interface Upload {
  bytes: Buffer;
  filename: string;
  mime: string;
  /** the form field it came in */
  field: string;
}

export interface MultipartBody {
  /** the text fields; a `json` part's object is spread in (our client sends the body as one JSON part) */
  fields: Record<string, unknown>;
  uploads: Map<string, Upload>;
  /** an upload over the size limit, reported on its field */
  issues: Issue[];
}

/**
 * Reads a multipart body (C-LF-12, C-IVR-11, C-MS-04 ...): text parts become fields (also the legacy
 * clients' one part per field), a `json` part holds the whole body as JSON, file parts become uploads.
 * A browser sends an empty part for an empty file input: that is "no file chosen". A file over
 * `maxBytes` is an issue on its field, never an exception (no 5xx for a big file).
 */
export async function readMultipart(request: FastifyRequest, limits: { maxBytes: number; files: number; fields?: number }): Promise<MultipartBody> {
  const fields: Record<string, unknown> = {};
  const uploads = new Map<string, Upload>();
  const issues: Issue[] = [];
  const tooBig = msg('validation.fileSize', { max: `${Math.floor(limits.maxBytes / (1024 * 1024)) || 1} MB` });
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxBytes, files: limits.files, fields: limits.fields ?? 60 } })) {
      // names and text never reach the database with a NUL (the JSON bodies' gate is server/input-guard.ts)
      const nul = nulPath({ [part.fieldname]: part.type === 'file' ? part.filename : part.value });
      if (nul !== null) {
        if (part.type === 'file') await part.toBuffer();
        issues.push({ path: nul, message: 'validation.characters' });
      } else if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) issues.push({ path: part.fieldname, message: tooBig });
        else if (bytes.length > 0) uploads.set(part.fieldname, { bytes, filename: part.filename, mime: part.mimetype, field: part.fieldname });
      } else if (part.fieldname === 'json') {
        // a part sent with `Content-Type: application/json` comes already parsed (@fastify/multipart)
        const parsed = typeof part.value === 'string' ? parseObject(part.value) : asObject(part.value);
        if (!parsed) issues.push({ path: 'json', message: 'validation.invalid' });
        else Object.assign(fields, parsed);
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // a part typed application/json that is no JSON: the plugin stops with a 406, but it is the json
    // field's value that is wrong, answered as an untyped one is (the rest of the body is not read)
    if ((error as { code?: unknown } | null)?.code === 'FST_INVALID_JSON_FIELD_ERROR') return { fields, uploads, issues: [...issues, { path: 'json', message: 'validation.invalid' }] };
    throw malformed(error);
  }
  const nul = nulPath(fields);
  if (nul !== null) issues.push({ path: nul, message: 'validation.characters' });
  return { fields, uploads, issues };
}

/**
 * What a broken multipart body answers: the plugin's own limits keep their status (413 ...), while
 * what the parser (busboy) throws at a body it cannot read (no boundary, a cut-off part, a bad
 * header) carries none and would be a 500: it is the client's body, so 400.
 */
function malformed(error: unknown): unknown {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new ApiFailure(400, 'errors.badRequest');
}

const asObject = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

function parseObject(text: string): Record<string, unknown> | null {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
}
