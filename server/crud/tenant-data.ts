import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '../../domain';
import type { Db } from '../db/database';

/**
 * The types the tenant accessor (tenant.ts) and the resource bindings (binding.ts) share, below both:
 * a binding's hooks get the accessor, and the accessor reads rows through bindings, so neither module
 * imports the other's types from it (no import cycle).
 */

/** What the accessor reads of a binding: its table, id and corp columns, and how it loads rows. */
export interface TenantSource {
  definition: Pick<ResourceDefinition, 'name' | 'corpScoped'>;
  table: PgTable;
  idColumn: PgColumn;
  corpColumn?: PgColumn;
  load(db: Db, where: SQL | undefined): Promise<object[]>;
}

/**
 * The one tenant-scoped data accessor as hooks and handlers use it (tenant.ts CorpData): reads of any
 * resource bound to one corp (or, `corpId` null, every corp), by name or binding.
 */
export interface TenantData {
  readonly db: Db;
  /** the corp the reads are limited to; null = every corp (level 1 without a working corp) */
  readonly corpId: number | null;
  /** the same accessor inside a transaction */
  in(db: Db): TenantData;
  /** the same accessor for another corp */
  forCorp(corpId: number | null): TenantData;
  /** the corp filter of a column: the tenancy condition of any corp-scoped table */
  where(corpColumn: PgColumn | undefined): SQL | undefined;
  /** the rows of this one corp in a table of one corp's value (a singleton's) */
  own(corpColumn: PgColumn): SQL;
  list<TRow = Record<string, unknown>>(resource: string | TenantSource, where?: SQL): Promise<TRow[]>;
  find<TRow = Record<string, unknown>>(resource: string | TenantSource, id: number): Promise<TRow | null>;
  count(resource: string | TenantSource, where?: SQL): Promise<number>;
  exists(resource: string | TenantSource, column: PgColumn, value: unknown): Promise<boolean>;
}
