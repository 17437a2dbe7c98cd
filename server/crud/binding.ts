import { and, getTableColumns, SQL, type Column } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ResourceDefinition } from '../../domain';
import type { AppContext, Principal } from '../context';
import type { Db } from '../db/database';
import type { Upload } from './multipart';
import type { TenantData } from './tenant-data';

/** What a hook knows about the write in progress. */
export interface WriteOp<TRow> {
  mode: 'create' | 'update';
  principal: Principal;
  app: AppContext;
  /** the write's transaction: hooks read and write through it, so a bulk import sees its own rows */
  db: Db;
  /** the data of the row's corp (tenant-scoped reads of any resource), inside the transaction */
  data: TenantData;
  /** the body after uncapitaliseKeys, before the schema (fields the schema strips, e.g. corpId) */
  raw: Record<string, unknown>;
  /** the current row on update */
  existing: TRow | null;
  /** the corp the row will belong to (corp-scoped resources), resolved by the pipeline */
  corpId: number | null;
  /** values the create response carries once beside the row (a kiosk screen's key); filled by hooks */
  extra: Record<string, unknown>;
}

export interface GuardOp {
  mode: 'update' | 'delete';
  principal: Principal;
  app: AppContext;
  /** the data of the caller's tenancy */
  data: TenantData;
}

/** A row action's context: who acts, on which row, and a way to change it through the pipeline. */
export interface ActionOp<TRow> {
  principal: Principal;
  app: AppContext;
  data: TenantData;
  /** writes these column values (by table property name) to the row, then reads it again */
  setValues(values: Record<string, unknown>): Promise<TRow>;
}

export interface ActionResult<TRow> {
  row: TRow;
  /** values handed out once beside the row (a rotated kiosk key) */
  extra?: Record<string, unknown>;
}

/**
 * What a file field makes of an upload: the file to store (checked, converted) and the sub-folder of
 * the corp's folder it goes to (a hold music class is a folder of its own); throws ApiFailure (400 on
 * the field) when it cannot.
 */
export interface FileSpec {
  /** `input`: the validated body, for what the file depends on (a queue's hold music folder) */
  accept(upload: Upload, field: string, input: Record<string, unknown>): Promise<StoredFile> | StoredFile;
}

export interface StoredFile {
  bytes: Uint8Array;
  ext: string;
  /** a sub-folder name written in our code (letters, digits, dashes), never from input */
  folder?: string;
}

export interface Conflict {
  status: number;
  message: string;
  /** the spec's code when it is no HTTP status (-5): the body carries it, HTTP answers `status` */
  code?: number;
  /** the field the conflict is about, reported as an issue so a form can mark it */
  path?: string;
}

/**
 * The server half of a resource: the domain definition plus the table, row mapping and the hooks
 * for what is special. Tenancy, permission, validation, references and conflict mapping live in the
 * write pipeline (crud/pipeline.ts), not here.
 */
export interface ResourceBinding<TRow extends object, TInput> {
  definition: ResourceDefinition;
  table: PgTable;
  /** the id column, matched against `:id` and the body's `definition.idField` */
  idColumn: PgColumn;
  /** the corp column; required when `definition.corpScoped` */
  corpColumn?: PgColumn;
  /** reads rows; the pipeline passes the whole WHERE (id and tenancy), the binding adds none */
  load(db: Db, where: SQL | undefined): Promise<TRow[]>;
  /** the corp of a loaded row (corp-scoped resources) */
  rowCorpId?(row: TRow): number;
  /** column values (by table property name) of a validated body, without the corp column */
  toValues(input: TInput, op: WriteOp<TRow>): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** unique constraint name → status (e.g. 406 duplicate, 540 url used) */
  conflicts?: Record<string, Conflict>;
  /** the spec's statuses its check, guard and beforeDelete refuse with (550 ...), for the OpenAPI document (J-API-01) */
  refusals?: readonly number[];
  /** an extra read permission: e.g. any user may read their own corp (A-SES-09) */
  allowRead?(principal: Principal, id: number): boolean;
  /**
   * overrides the corp a written row belongs to (a supervisor user goes to the system corp; null: no
   * corp, for corpOptional resources); undefined keeps the usual rules
   */
  targetCorp?(input: TInput, op: WriteOp<TRow>): Promise<number | null | undefined> | number | null | undefined;
  /** checks after the schema (cross-row rules), inside the write's transaction; throws ApiFailure */
  check?(input: TInput, op: WriteOp<TRow>): Promise<void> | void;
  /** checks on the existing row before update or delete (own row, system corp); throws ApiFailure */
  guard?(row: TRow, op: GuardOp): Promise<void> | void;
  /** delete guards (in use → 409/52x); throws ApiFailure */
  beforeDelete?(row: TRow, op: GuardOp): Promise<void> | void;
  /**
   * writes what lives beside the row (queue members, time options ...) in the same transaction, after
   * the row itself was inserted or updated
   */
  afterWrite?(db: Db, id: number, input: TInput, op: WriteOp<TRow>, values: Record<string, unknown>): Promise<void>;
  /** when a row's stored file is found and about to be sent (C-VM-06: a played voicemail is listened) */
  fileSent?(row: TRow, field: string, app: AppContext): Promise<void>;
  /**
   * after a create, update or delete committed (e.g. the live state reloads the directory); must not
   * throw and is not awaited by the response
   */
  onChange?(app: AppContext, change: { mode: 'create' | 'update' | 'delete'; id: number }): void;
  /** the row as this caller may see it (e.g. SIP secrets blanked below level 3); hooks still get the full row */
  present?(row: TRow, principal: Principal): TRow;
  /** what each of the definition's row actions does (RowActionDef names); the pipeline authorises and scopes */
  actions?: Record<string, (row: TRow, op: ActionOp<TRow>) => Promise<ActionResult<TRow>>>;
  /**
   * the columns holding destinations (the definition's destination fields, and child tables such as
   * time options): a destination still named in one of them cannot be deleted
   */
  destinationColumns?: readonly { column: PgColumn; corpColumn: PgColumn }[];
  /** the column (or SQL value) each row field reads, where known: filters by field (a child's parent) */
  fieldColumns?: Record<string, FieldSource>;
  /**
   * the definition's file fields (kind 'file'): what each makes of an upload. The row's column holds
   * the stored name; the pipeline stores, replaces and removes the files with the rows.
   */
  files?: Record<string, FileSpec>;
  /** a bulk import row's failure as the spec's row code (C-EXT-37..39); default the failure's status */
  bulkCode?(failure: { status: number; issues?: { path: string; message: string }[] }): number;
}

/** Keeps the row and input types of a binding while storing it in a list of any resource. */
export function bindResource<TRow extends object, TInput>(binding: ResourceBinding<TRow, TInput>): ResourceBinding<TRow, TInput> {
  return binding;
}

/** Any binding, as the registry and the pipeline hold them. */
// the row and input types differ per resource; the pipeline only passes them between a binding's own hooks
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a heterogeneous registry of bindings
export type AnyBinding = ResourceBinding<any, any>;

/* ---------------------------------------------------------------------------------------------------
 * A binding from a field → column map: a plain resource declares which table column (or SQL value)
 * each field of its rows reads, and gets load, toValues and its row type from it.
 * ------------------------------------------------------------------------------------------------- */

/** What a row field may read: a column of the table, or a computed SQL value (a count, a joined name). */
export type FieldSource = PgColumn | SQL<unknown> | SQL.Aliased<unknown>;
export type FieldMap = Record<string, FieldSource>;

type ValueOf<S> = S extends Column<infer C> ? (C['notNull'] extends true ? C['data'] : C['data'] | null) : S extends SQL<infer V> ? V : S extends SQL.Aliased<infer V> ? V : never;
/** The row type of a field map: each field the type its column (or SQL value) reads. */
export type RowOf<M extends FieldMap> = { [K in keyof M]: ValueOf<M[K]> };
/** The body type of a definition: what its zod schema outputs. */
export type BodyOf<D extends ResourceDefinition> = z.output<ReturnType<D['schema']>>;

type Hooks<TRow extends object, TInput> = Omit<ResourceBinding<TRow, TInput>, 'definition' | 'table' | 'idColumn' | 'corpColumn' | 'load' | 'toValues' | 'rowCorpId'>;

export interface TableBindingSpec<D extends ResourceDefinition, M extends FieldMap, TRow extends object, TInput> extends Hooks<TRow, TInput> {
  definition: D;
  table: PgTable;
  /** row field → column or SQL value; the id and the corp column are among them */
  fields: M;
  id: PgColumn;
  corp?: PgColumn;
  /** the list order (default the id) */
  orderBy?: readonly (PgColumn | SQL)[];
  /** the rows of the table this resource is (two resources sharing one table: a corp's and a queue's hold music) */
  rows?: SQL;
  /** a row as read, reshaped (narrow string columns to their enums ...) */
  mapRow?(row: RowOf<M>): TRow;
  /**
   * column values beyond the plain copies: every field of the map that is a column of the table and
   * is in the body is copied; this adds or overrides (hashes, values written only on create ...)
   */
  values?(input: TInput, op: WriteOp<TRow>): Promise<Record<string, unknown>> | Record<string, unknown>;
}

/**
 * A binding from a field → column map. The fields copied to the table are the map's columns of the
 * table that the validated body carries (never the id or the corp column; the pipeline sets the corp).
 */
export function tableBinding<D extends ResourceDefinition, M extends FieldMap, TRow extends object = RowOf<M>, TInput = BodyOf<D>>(
  spec: TableBindingSpec<D, M, TRow, TInput>,
): ResourceBinding<TRow, TInput> {
  const { definition, table, fields, id, corp, orderBy, mapRow, values, rows: only, ...hooks } = spec;
  const byColumn = new Map<unknown, string>(Object.entries(getTableColumns(table)).map(([key, column]) => [column, key]));
  const copies = Object.entries(fields).flatMap(([field, source]) => {
    const property = byColumn.get(source);
    return property && source !== id && source !== corp ? [{ field, property }] : [];
  });
  const corpField = corp ? Object.entries(fields).find(([, source]) => source === corp)?.[0] : undefined;
  if (corp && !corpField) throw new Error(`${definition.name}: the corp column is not in the field map`);
  return {
    definition,
    table,
    idColumn: id,
    corpColumn: corp,
    async load(db, where) {
      const rows = (await db
        .select(fields as Record<string, PgColumn | SQL | SQL.Aliased>)
        .from(table)
        .where(only ? and(only, where) : where)
        .orderBy(...(orderBy ?? [id]))) as RowOf<M>[];
      return mapRow ? rows.map(mapRow) : (rows as unknown as TRow[]);
    },
    rowCorpId: corpField ? (row) => Number((row as Record<string, unknown>)[corpField]) : undefined,
    fieldColumns: fields,
    destinationColumns: corp
      ? definition.fields.filter((f) => f.kind === 'destination' && byColumn.has(fields[f.name])).map((f) => ({ column: fields[f.name] as PgColumn, corpColumn: corp }))
      : undefined,
    async toValues(input, op) {
      const body = input as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const { field, property } of copies) if (field in body && body[field] !== undefined) out[property] = body[field];
      return values ? { ...out, ...(await values(input, op)) } : out;
    },
    ...hooks,
  };
}
