import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '../../domain';
import type { AppContext, Principal } from '../context';
import type { Db } from '../db/database';

/** What a hook knows about the write in progress. */
export interface WriteOp<TRow> {
  mode: 'create' | 'update';
  principal: Principal;
  app: AppContext;
  /** the body after uncapitaliseKeys, before the schema (fields the schema strips, e.g. corpId) */
  raw: Record<string, unknown>;
  /** the current row on update */
  existing: TRow | null;
  /** the corp the row will belong to (corp-scoped resources), resolved by the router */
  corpId: number | null;
  /** values the create response carries once beside the row (a kiosk screen's key); filled by hooks */
  extra: Record<string, unknown>;
}

export interface GuardOp {
  mode: 'update' | 'delete';
  principal: Principal;
  app: AppContext;
}

export interface Conflict {
  status: number;
  message: string;
  /** the field the conflict is about, reported as an issue so a form can mark it */
  path?: string;
}

/**
 * The server half of a resource: the domain definition plus the table, row mapping and the hooks
 * for what is special. Tenancy, permission, validation and conflict mapping live in the router.
 */
export interface ResourceBinding<TRow extends object, TInput> {
  definition: ResourceDefinition;
  table: PgTable;
  /** the id column, matched against `:id` and the body's `definition.idField` */
  idColumn: PgColumn;
  /** the corp column; required when `definition.corpScoped` */
  corpColumn?: PgColumn;
  /** reads rows; the router passes the whole WHERE (id and tenancy), the binding adds none */
  load(db: Db, where: SQL | undefined): Promise<TRow[]>;
  /** the corp of a loaded row (corp-scoped resources) */
  rowCorpId?(row: TRow): number;
  /** column values (by table property name) of a validated body, without the corp column */
  toValues(input: TInput, op: WriteOp<TRow>): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** unique constraint name → status (e.g. 406 duplicate, 540 url used) */
  conflicts?: Record<string, Conflict>;
  /** an extra read permission: e.g. any user may read their own corp (A-SES-09) */
  allowRead?(principal: Principal, id: number): boolean;
  /** overrides the corp a written row belongs to (e.g. a supervisor user goes to the system corp) */
  targetCorp?(input: TInput, op: WriteOp<TRow>): Promise<number | null> | number | null;
  /** checks after the schema (cross-row rules); throws ApiFailure */
  check?(input: TInput, op: WriteOp<TRow>): Promise<void> | void;
  /** checks on the existing row before update or delete (own row, system corp); throws ApiFailure */
  guard?(row: TRow, op: GuardOp): Promise<void> | void;
  /** delete guards (in use → 409/526/530); throws ApiFailure */
  beforeDelete?(row: TRow, op: GuardOp): Promise<void> | void;
  /**
   * writes what lives beside the row (queue members ...) in the same transaction, after the row
   * itself was inserted or updated; `db` is that transaction
   */
  afterWrite?(db: Db, id: number, input: TInput, op: WriteOp<TRow>): Promise<void>;
  /**
   * after a create, update or delete committed (e.g. the live state reloads the directory); must not
   * throw and is not awaited by the response
   */
  onChange?(app: AppContext, change: { mode: 'create' | 'update' | 'delete'; id: number }): void;
  /** the row as this caller may see it (e.g. SIP secrets blanked below level 3); hooks still get the full row */
  present?(row: TRow, principal: Principal): TRow;
}

/** Keeps the row and input types of a binding while storing it in a list of any resource. */
export function bindResource<TRow extends object, TInput>(binding: ResourceBinding<TRow, TInput>): ResourceBinding<TRow, TInput> {
  return binding;
}
