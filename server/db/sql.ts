import { sql, type SQL } from 'drizzle-orm';
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
