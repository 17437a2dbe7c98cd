import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './database';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"` always: drizzle leaves columns unqualified in single-table selects, which makes
 * a correlated subquery's `id` bind to the inner table.
 */
export function qualified(table: PgTable, column: PgColumn): SQL {
  return sql`${table}.${sql.identifier(column.name)}`;
}

/** `(select count(*) from child where child.fk = parent.pk)` as a number column. */
export function countOf(child: PgTable, foreignKey: PgColumn, parent: PgTable, primaryKey: PgColumn): SQL<number> {
  return sql<number>`(select count(*) from ${child} where ${qualified(child, foreignKey)} = ${qualified(parent, primaryKey)})`.mapWith(Number);
}

/** `(select other.value from other where other.key = parent.fk)`: a name read through a reference. */
export function valueVia<T = string>(other: PgTable, value: PgColumn, key: PgColumn, parent: PgTable, foreignKey: PgColumn): SQL<T | null> {
  return sql<T | null>`(select ${qualified(other, value)} from ${other} where ${qualified(other, key)} = ${qualified(parent, foreignKey)})`;
}

/**
 * `coalesce((select json_agg(json_build_object(...) order by ...) from child where child.fk = parent.pk), '[]')`:
 * the child rows of a parent as one JSON list (time options of a time condition).
 */
export function jsonRowsOf<T>(child: PgTable, columns: Record<string, PgColumn>, foreignKey: PgColumn, parent: PgTable, primaryKey: PgColumn, orderBy: PgColumn): SQL<T[]> {
  const pairs = sql.join(
    // the keys are names written in our code, never input
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${qualified(child, column)}`),
    sql`, `,
  );
  return sql<T[]>`coalesce((select json_agg(json_build_object(${pairs}) order by ${qualified(child, orderBy)}) from ${child} where ${qualified(child, foreignKey)} = ${qualified(parent, primaryKey)}), '[]'::json)`;
}

/** The rows of a raw query on either driver (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
