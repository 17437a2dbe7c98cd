import { and, eq, type SQL } from 'drizzle-orm';
import { idParam } from '../../../domain/resources/fields';
import type { Principal } from '../../context';
import { invalid, notFound } from '../../errors';
import type { PipelineScope } from './scope';

type Row = Record<string, unknown>;

/** The rows the principal may read, as it may see them; a child resource's list may be limited to one parent row. */
export async function list(scope: PipelineScope, principal: Principal, filter: Record<string, unknown> = {}): Promise<Row[]> {
  const { binding, definition, parentBinding, data } = scope;
  const conditions: SQL[] = [];
  const parent = definition.parent;
  if (parent && filter[parent.field] !== undefined) {
    // a child list of one parent: the parent must be one the caller may read (404 like a missing one)
    const parentId = idParam.safeParse(filter[parent.field]);
    if (!parentId.success) throw invalid([{ path: parent.field, message: 'validation.invalid' }]);
    if (!(await data(principal).find(parentBinding!, parentId.data))) throw notFound();
    const column = scope.columnOfField(parent.field);
    if (!column) throw new Error(`${definition.name}: the parent field is not a column of its field map`);
    conditions.push(eq(column, parentId.data));
  }
  const rows = await data(principal).list(binding, conditions.length ? and(...conditions) : undefined);
  return rows.map(scope.present(principal));
}

/** One row the principal may read (or one the binding's allowRead lets this principal read outside its tenancy). */
export async function read(scope: PipelineScope, principal: Principal, id: number): Promise<Row> {
  const { binding, ctx } = scope;
  if (binding.allowRead?.(principal, id)) {
    const rows = await binding.load(ctx.db, eq(binding.idColumn, id));
    if (rows.length === 0) throw notFound();
    return scope.present(principal)(rows[0]);
  }
  return scope.present(principal)(await scope.loadOne(principal, id));
}
