import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../context';
import { isReferenceViolation } from '../../db/database';
import { ApiFailure, notFound } from '../../errors';
import type { UpdateTarget } from './body';
import { conflictOf } from './conflicts';
import { filesOfRow, NO_UPLOADS, removeFiles, type FileChanges, type Uploads } from './files';
import { refuseWhileNamed } from './in-use';
import type { PipelineScope } from './scope';
import { writeRow } from './write-row';

type Row = Record<string, unknown>;

export interface UpdateOptions {
  /** the fields this call may change whoever calls (the trunk action resource, C-TRK-13) */
  only?: readonly string[];
  uploads?: Uploads;
  /** PATCH: the body changes only the fields it names (J-API-02) */
  partial?: boolean;
}

/** A write committed on its own: conflicts mapped, files kept or dropped with it, the change told, the row read again. */
async function write(scope: PipelineScope, principal: Principal, body: unknown, target: UpdateTarget | null, extra: Record<string, unknown>, uploads: Uploads = NO_UPLOADS): Promise<Row> {
  const { binding, ctx } = scope;
  let id: number;
  const files: FileChanges = { written: [], replaced: [] };
  try {
    id = await writeRow(scope, ctx.db, principal, body, target, extra, uploads, files);
  } catch (error) {
    // the row was not written: neither are its new files
    await removeFiles(scope, files.written);
    throw conflictOf(binding, error) ?? error;
  }
  await removeFiles(scope, files.replaced);
  scope.changed({ mode: target ? 'update' : 'create', id });
  const rows = await binding.load(ctx.db, eq(binding.idColumn, id));
  // deleted by someone else between the read and the write
  if (rows.length === 0) throw notFound();
  return rows[0] as Row;
}

export async function create(scope: PipelineScope, principal: Principal, body: unknown, uploads?: Uploads): Promise<{ row: Row; extra: Record<string, unknown> }> {
  const extra: Record<string, unknown> = {};
  const row = await write(scope, principal, body, null, extra, uploads);
  return { row: scope.present(principal)(row), extra };
}

export async function update(scope: PipelineScope, principal: Principal, id: number, body: unknown, options: UpdateOptions = {}): Promise<Row> {
  const { binding, ctx } = scope;
  const existing = await scope.loadOne(principal, id);
  await binding.guard?.(existing, { mode: 'update', principal, app: ctx, data: scope.data(principal) });
  return scope.present(principal)(await write(scope, principal, body, { id, existing, only: options.only, partial: options.partial }, {}, options.uploads));
}

export async function remove(scope: PipelineScope, principal: Principal, id: number): Promise<void> {
  const { binding, ctx } = scope;
  const existing = await scope.loadOne(principal, id);
  const op = { mode: 'delete' as const, principal, app: ctx, data: scope.data(principal) };
  await binding.guard?.(existing, op);
  await binding.beforeDelete?.(existing, op);
  await refuseWhileNamed(scope, existing);
  try {
    await ctx.db.delete(binding.table).where(and(eq(binding.idColumn, id), op.data.where(binding.corpColumn)));
  } catch (error) {
    // a reference no guard knew about still refuses the delete cleanly
    if (isReferenceViolation(error)) throw new ApiFailure(409, 'errors.inUse');
    throw error;
  }
  // the row is gone: so are its files
  await removeFiles(scope, filesOfRow(scope, existing));
  scope.changed({ mode: 'delete', id });
}
