import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { scopeCorpId, type Principal } from '../context';
import type { Db } from '../db/database';
import type { AnyBinding } from './binding';
import type { TenantData, TenantSource } from './tenant-data';

/**
 * Finds a binding by resource name (the registry of server/resources, injected to avoid an import
 * cycle); `all` lists every registered binding.
 */
export type BindingLookup = ((name: string) => AnyBinding | undefined) & { all?: () => AnyBinding[] };

/**
 * The one tenant-scoped data accessor (ARCHITECTURE "Tenancy"): every read of a corp-scoped
 * resource by a handler, a hook or the pipeline goes through one of these, bound to one corp (or, for
 * a supervisor without a working corp, to all corps: `corpId` null). No handler writes its own corp
 * filter; a row of another corp is simply not there (the API answers 404, never 403).
 */
export class CorpData implements TenantData {
  constructor(
    readonly db: Db,
    /** the corp the reads are limited to; null = every corp (level 1 without a working corp) */
    readonly corpId: number | null,
    private readonly lookup: BindingLookup,
  ) {}

  /** The same accessor inside a transaction. */
  in(db: Db): CorpData {
    return new CorpData(db, this.corpId, this.lookup);
  }

  /** The same accessor for another corp (the corp a supervisor writes a row into). */
  forCorp(corpId: number | null): CorpData {
    return new CorpData(this.db, corpId, this.lookup);
  }

  /** The corp filter of a column: the tenancy condition of any corp-scoped table. */
  where(corpColumn: PgColumn | undefined): SQL | undefined {
    return this.corpId === null || !corpColumn ? undefined : eq(corpColumn, this.corpId);
  }

  /**
   * The rows of this one corp in a table of one corp's value (a singleton's: its look and feel, its
   * tariff): never every corp's, so an accessor spanning all corps is a programming error here.
   */
  own(corpColumn: PgColumn): SQL {
    if (this.corpId === null) throw new Error('a corp singleton needs one corp: the accessor spans every corp');
    return eq(corpColumn, this.corpId);
  }

  binding(name: string | TenantSource): TenantSource {
    const binding = typeof name === 'string' ? this.lookup(name) : name;
    if (!binding) throw new Error(`no resource binding named ${String(name)}`);
    return binding;
  }

  /** Rows of a resource in this corp, with an optional extra condition. */
  async list<TRow = Record<string, unknown>>(resource: string | TenantSource, where?: SQL): Promise<TRow[]> {
    const binding = this.binding(resource);
    return (await binding.load(this.db, and(this.scopeOf(binding), where))) as TRow[];
  }

  /** One row of a resource in this corp by id, or null (missing and foreign rows alike). */
  async find<TRow = Record<string, unknown>>(resource: string | TenantSource, id: number): Promise<TRow | null> {
    const binding = this.binding(resource);
    const rows = await binding.load(this.db, and(eq(binding.idColumn, id), this.scopeOf(binding)));
    return (rows[0] as TRow | undefined) ?? null;
  }

  /** How many rows of a resource this corp has, with an optional extra condition (limits like extMax). */
  async count(resource: string | TenantSource, where?: SQL): Promise<number> {
    const binding = this.binding(resource);
    const [row] = await this.db
      .select({ n: count() })
      .from(binding.table)
      .where(and(this.scopeOf(binding), where));
    return Number(row?.n ?? 0);
  }

  /** Whether a row with this value in `column` exists in this corp (references by number, not id). */
  async exists(resource: string | TenantSource, column: PgColumn, value: unknown): Promise<boolean> {
    const binding = this.binding(resource);
    const rows = await this.db
      .select({ id: binding.idColumn })
      .from(binding.table)
      .where(and(eq(column, value), this.scopeOf(binding)))
      .limit(1);
    return rows.length > 0;
  }

  private scopeOf(binding: TenantSource): SQL | undefined {
    return binding.definition.corpScoped ? this.where(binding.corpColumn) : undefined;
  }
}

/** The data a request may read: the principal's corp, or the supervisor's working corp (none = all). */
export function dataOf(db: Db, principal: Principal, lookup: BindingLookup): CorpData {
  return new CorpData(db, scopeCorpId(principal), lookup);
}
