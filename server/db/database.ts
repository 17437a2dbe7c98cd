import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle handle every query uses; the same type for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseConfig {
  /** data directory; ':memory:' keeps PGlite in memory (tests) */
  dataDir: string;
  /** a PostgreSQL connection string; when set, PGlite is not used */
  databaseUrl?: string | undefined;
}

export interface Database {
  orm: Db;
  kind: 'pglite' | 'postgres';
  /** applies the migrations in server/db/migrations (idempotent) */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // an idle client losing its connection must not crash the process
    pool.on('error', () => undefined);
    const orm = drizzlePg({ client: pool, schema });
    return {
      orm: orm as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(orm, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (config.dataDir === ':memory:') {
    client = new PGlite();
  } else {
    const dir = path.resolve(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const orm = drizzlePglite({ client, schema });
  return {
    orm: orm as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(orm, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** The Postgres error behind a drizzle error (DrizzleQueryError wraps it in `cause`). */
export function databaseError(error: unknown): { code?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** PostgreSQL 18 (the PGlite we run) reports an ON DELETE RESTRICT reference as this, not 23503 */
export const RESTRICT_VIOLATION = '23001';

/** A reference refused the write or the delete (a foreign key, or an ON DELETE RESTRICT). */
export function isReferenceViolation(error: unknown): boolean {
  const code = databaseError(error)?.code;
  return code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION;
}
