import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDefinition } from '../../../domain';
import type { AppContext, Principal } from '../../context';
import { notFound } from '../../errors';
import type { AnyBinding } from '../binding';
import { dataOf, type BindingLookup, type CorpData } from '../tenant';

type Row = Record<string, unknown>;

/**
 * What every part of one resource's write pipeline shares (server/crud/pipeline.ts assembles them):
 * the binding, checked once when the pipeline is made, and the few helpers reading, writing, files,
 * actions and bulk imports all use.
 */
export interface PipelineScope {
  readonly ctx: AppContext;
  readonly binding: AnyBinding;
  readonly definition: ResourceDefinition;
  readonly lookup: BindingLookup;
  /** the binding of the definition's parent resource (a child row belongs to one of its rows) */
  readonly parentBinding: AnyBinding | undefined;
  /** the definition's file fields (kind 'file'), each with a column and files.<name> in the binding */
  readonly fileFields: readonly FieldDef[];
  /** the form has the corp chooser: a supervisor's choice places the row */
  readonly pickedCorp: boolean;
  /** the data the principal may read (tenant-scoped accessor) */
  data(principal: Principal): CorpData;
  /** the row as this caller may see it (the binding's present) */
  present(principal: Principal): (row: Row) => Row;
  /** a row the principal may read, 404 without one */
  loadOne(principal: Principal, id: number): Promise<Row>;
  /** after a successful write: the binding's own reaction, then whatever follows the configuration as a whole */
  changed(change: { mode: 'create' | 'update' | 'delete'; id: number }): void;
  /** the corp folder of a row's files (0: the platform's, for resources of no corp) */
  fileCorp(row: Row | null, corpId: number | null): number;
  /** a column a row field reads (tableBinding's field map), for filters by field */
  columnOfField(field: string): PgColumn | undefined;
}

/** Checks the binding against its definition (a mistake fails at start-up, not on a request) and makes the scope. */
export function createScope(ctx: AppContext, binding: AnyBinding, lookup: BindingLookup): PipelineScope {
  const { definition } = binding;
  if (definition.corpScoped && !binding.corpColumn) throw new Error(`${definition.name}: corp-scoped binding without corpColumn`);
  const parentBinding = definition.parent ? lookup(definition.parent.resource) : undefined;
  if (definition.parent && !parentBinding) throw new Error(`${definition.name}: parent ${definition.parent.resource} has no binding`);
  for (const action of definition.rowActions ?? []) {
    if (!binding.actions?.[action.name]) throw new Error(`${definition.name}: row action ${action.name} has no handler in its binding`);
  }
  const fileFields = definition.fields.filter((f) => f.kind === 'file');
  for (const field of fileFields) {
    if (!binding.files?.[field.name] || !binding.fieldColumns?.[field.name]) throw new Error(`${definition.name}: file field ${field.name} needs files.${field.name} and a column`);
  }
  /** the SQL name of the resource's table, in its change events (the live directory follows the tables it reads) */
  const tableName = getTableName(binding.table);
  const data = (principal: Principal) => dataOf(ctx.db, principal, lookup);

  return {
    ctx,
    binding,
    definition,
    lookup,
    parentBinding,
    fileFields,
    pickedCorp: definition.fields.some((f) => f.name === 'corpId'),
    data,
    present: (principal) => (row) => (binding.present ? binding.present(row, principal) : row),
    async loadOne(principal, id) {
      const row = await data(principal).find(binding, id);
      if (!row) throw notFound();
      return row;
    },
    changed(change) {
      binding.onChange?.(ctx, change);
      ctx.configChanges.emit({ resource: definition.name, table: tableName, ...change });
    },
    fileCorp: (row, corpId) => corpId ?? (row && binding.rowCorpId ? binding.rowCorpId(row) : 0),
    columnOfField(field) {
      const source = binding.fieldColumns?.[field];
      return source && 'name' in source && 'table' in source ? (source as PgColumn) : undefined;
    },
  };
}

/** The table property (the key drizzle's values take) of one of the binding's columns. */
export function propertyOf(binding: AnyBinding, column: PgColumn): string {
  for (const [key, value] of Object.entries(getTableColumns(binding.table))) if (value === column) return key;
  throw new Error(`${binding.definition.name}: a column is not a column of its table`);
}

