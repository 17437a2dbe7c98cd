import { and, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg, nameOfFile, type FieldDef } from '../../../domain';
import type { Principal } from '../../context';
import { invalid, notFound, type Issue } from '../../errors';
import type { WriteOp } from '../binding';
import type { Upload } from '../multipart';
import { propertyOf, type PipelineScope } from './scope';

/** The uploads of a multipart write, by file field. */
export type Uploads = ReadonlyMap<string, Upload>;

export const NO_UPLOADS: Uploads = new Map();

/** The files a write stored (removed again if it fails) and those it replaced (removed once it committed). */
export interface FileChanges {
  written: { corp: number; name: string }[];
  replaced: { corp: number; name: string }[];
}

/** A name field left empty takes the uploaded file's name (C-MOH-02), as the form does. */
export function namesFromFiles(fileFields: readonly FieldDef[], raw: Record<string, unknown>, uploads: Uploads): void {
  for (const field of fileFields) {
    const nameField = field.file?.nameField;
    const upload = uploads.get(field.name);
    if (nameField && upload && String(raw[nameField] ?? '').trim() === '') raw[nameField] = nameOfFile(upload.filename);
  }
}

/** The files a create needs and did not get ('no audio', C-IVR-07; a msg campaign's recording, C-DIA-06). */
export function missingFiles(fileFields: readonly FieldDef[], raw: Record<string, unknown>, uploads: Uploads): Issue[] {
  return fileFields
    .filter((field) => !uploads.has(field.name) && (field.file?.requiredOnCreate || field.file?.requiredWhen?.(raw)))
    .map((field) => ({ path: field.name, message: field.file?.missingKey ?? 'validation.fileRequired' }));
}

/**
 * The uploads of the file fields: each checked and converted by the binding, stored in the row's corp
 * folder, its name put in the row. A file a create needs and did not get is refused ('no audio',
 * C-IVR-07); an update without one keeps the current file.
 */
export async function storeUploads(
  { binding, ctx, fileFields, fileCorp }: PipelineScope,
  values: Record<string, unknown>,
  uploads: Uploads,
  op: WriteOp<Record<string, unknown>>,
  files: FileChanges,
  input: Record<string, unknown>,
): Promise<void> {
  const issues: Issue[] = [];
  for (const field of fileFields) {
    const upload = uploads.get(field.name);
    // a missing one was reported before the schema's result was taken
    if (!upload) continue;
    const max = field.file?.maxBytes ?? Infinity;
    if (upload.bytes.length > max) {
      issues.push({ path: field.name, message: msg('validation.fileSize', { max: `${Math.round(max / 1024)} KB` }) });
      continue;
    }
    const stored = await binding.files![field.name].accept(upload, field.name, input);
    const corp = fileCorp(op.existing, op.corpId);
    const name = await ctx.files.save(corp, stored.bytes, stored.ext, stored.folder);
    files.written.push({ corp, name });
    const previous = op.existing?.[field.name];
    if (typeof previous === 'string' && previous !== '') files.replaced.push({ corp: fileCorp(op.existing, null), name: previous });
    values[propertyOf(binding, binding.fieldColumns![field.name] as PgColumn)] = name;
  }
  if (issues.length > 0) throw invalid(issues);
}

/** Removes stored files, after the fact: a failure here leaves an orphan file, never a broken row. */
export async function removeFiles({ ctx }: PipelineScope, list: readonly { corp: number; name: string }[]): Promise<void> {
  await Promise.all(
    list.map(({ corp, name }) => ctx.files.remove(corp, name).catch((error: unknown) => ctx.log.warn({ err: error, corp, name }, 'a stored file could not be removed'))),
  );
}

/** The stored files of a row (those a delete removes with it). */
export function filesOfRow({ fileFields, fileCorp }: PipelineScope, row: Record<string, unknown>): { corp: number; name: string }[] {
  return fileFields.flatMap((f) => (typeof row[f.name] === 'string' && row[f.name] !== '' ? [{ corp: fileCorp(row, null), name: String(row[f.name]) }] : []));
}

/** Sends a row's stored file (a file field's), with HTTP Range; 404 without one. */
export async function sendFile(scope: PipelineScope, principal: Principal, id: number, field: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { binding, ctx, definition, fileFields } = scope;
  if (!fileFields.some((f) => f.name === field)) throw notFound();
  const row = await scope.loadOne(principal, id);
  const name = row[field];
  if (typeof name !== 'string' || name === '') throw notFound();
  // the hook runs before the bytes go out: run after reply.send it raced the client's next request
  return ctx.files.send(request, reply, scope.fileCorp(row, null), name, `${definition.name}-${id}-${field}${name.slice(name.lastIndexOf('.'))}`, async () =>
    binding.fileSent?.(row, field, ctx),
  );
}

/** A file by the name the row holds (the spec's fetch paths): only a row the caller may read names it. */
export async function sendNamedFile(scope: PipelineScope, principal: Principal, name: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const { binding, ctx, definition, fileFields } = scope;
  for (const field of fileFields) {
    const column = scope.columnOfField(field.name);
    if (!column) continue;
    const [row] = await binding.load(ctx.db, and(eq(column, name), scope.data(principal).where(binding.corpColumn)));
    if (row) return sendFile(scope, principal, Number(row[definition.idField]), field.name, request, reply);
  }
  throw notFound();
}
