import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, PROJECT_ROOT } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle handle every query uses; the same type for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseConfig {
  /** data directory; ':memory:' keeps PGlite in memory (tests) */
  dataDir: string;
  /** a PostgreSQL connection string; when set, PGlite is not used */
  databaseUrl?: string | undefined;
  /**
   * With ':memory:', start from this image of a PGlite data directory (PGlite's `loadDataDir`, an
   * image `dumpDataDir` wrote) instead of an empty cluster: the tests' migrated, seeded template, which
   * skips initdb, the migrations and the seed for each suite.
   */
  pgliteImage?: Blob | undefined;
}

export interface Database {
  orm: Db;
  kind: 'pglite' | 'postgres';
  /** applies the migrations in server/db/migrations (idempotent) */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` with each NOTIFY on `channel` (the database's own writes, or another program's:
   * Asterisk through realtime). PostgreSQL: a connection of its own, opened again after a loss.
   * Resolves with the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` holding the deployment's start lock (I-INST-03): on PostgreSQL a session advisory
   * lock on START_LOCK_KEY, so instances started at once migrate and seed one after the other (the
   * lock goes with its connection if the process dies); PGlite belongs to one process and needs none.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** the PostgreSQL connection pool's sizes (for /metrics), null on PGlite */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  /** the pool's ceiling */
  max: number;
  /** connections open (idle and busy) */
  total: number;
  idle: number;
  /** queries waiting for a connection */
  waiting: number;
}

/**
 * The key of the start lock (pg_advisory_lock): 'callboar' read as a 64-bit number. Fixed, so every
 * instance of every version takes the same one; other programs sharing the database pick other keys.
 */
export const START_LOCK_KEY = '7161124095259533682';
/** The connections of one instance's pool. */
const POOL_MAX = 10;

/** `work` inside pg_advisory_lock / pg_advisory_unlock on one connection of the pool. */
async function underAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // waits while another instance holds it (its migrations and seed take seconds)
    await client.query('select pg_advisory_lock($1::bigint)', [START_LOCK_KEY]);
  } catch (error) {
    client.release(true);
    throw error;
  }
  try {
    return await work();
  } finally {
    const unlocked = await client.query('select pg_advisory_unlock($1::bigint)', [START_LOCK_KEY]).then(
      () => true,
      () => false,
    );
    // a connection that could not unlock is closed: its session ends, and the lock with it
    client.release(!unlocked);
  }
}

/** How long a lost PostgreSQL LISTEN connection waits before it connects again. */
const LISTEN_RETRY_MS = 1000;

/** LISTEN on a PostgreSQL connection of its own; a lost one connects again (NOTIFYs in between are missed). */
async function listenPostgres(databaseUrl: string, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** one attempt again after LISTEN_RETRY_MS, whatever failed: a lost connection or a failed attempt */
  const later = () => {
    if (stopped || retry) return;
    client = null;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(later);
    }, LISTEN_RETRY_MS);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const lost = () => {
      if (client === next) later();
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      client = null;
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) await next.end();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

export { MIGRATIONS_FOLDER };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: POOL_MAX });
    // a client losing its connection must not crash the process: the pool listens on its idle clients
    // ('error' on the pool), but a checked-out client (a transaction, the start lock) emits on itself,
    // and with no listener that is an uncaught exception (seen when PostgreSQL restarted: 57P01). The
    // query in progress still fails, and its caller answers 503.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const orm = drizzlePg({ client: pool, schema });
    return {
      orm: orm as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(orm, { migrationsFolder: MIGRATIONS_FOLDER }),
      listen: (channel, onNotify) => listenPostgres(config.databaseUrl as string, channel, onNotify),
      exclusive: (work) => underAdvisoryLock(pool, work),
      poolStats: () => ({ max: POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (config.dataDir === ':memory:') {
    client = new PGlite({ startParams: PGLITE_START_PARAMS, loadDataDir: config.pgliteImage });
  } else {
    const dir = path.resolve(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteApart(dir);
    client = new PGlite(dir, { startParams: PGLITE_START_PARAMS });
  }
  await client.waitReady;
  const orm = drizzlePglite({ client, schema });
  return {
    orm: orm as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(orm, { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    exclusive: (work) => work(),
    poolStats: () => null,
    close: () => client.close(),
  };
}

/**
 * PGlite's PostgreSQL settings, sized for one small server process rather than PostgreSQL's defaults
 * for a dedicated machine (bench/README.md "Footprint"). The WebAssembly memory PGlite runs in grows
 * to the highest use and never shrinks, so every buffer filled once stays resident: shared_buffers
 * (128MB by default) and maintenance_work_mem (64MB, used by CREATE INDEX in the migrations) are what
 * an idle server kept. The pages they no longer hold are read from the data directory's files (the
 * operating system's page cache), as they are for PostgreSQL itself.
 */
export const PGLITE_START_PARAMS: string[] = [
  ...PGlite.defaultStartParams,
  ...['shared_buffers=16MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB'].flatMap((setting) => ['-c', setting]),
];

/**
 * A new data directory is initialised (initdb) by a short-lived node process before the server opens
 * it: initdb takes some 400 MB (a second WebAssembly instance, the unpacked file-system bundle) that a
 * process never gives back to the system in full (the allocator keeps the freed pages), so doing it in
 * the server would leave a first start 150 MB above a later one. If that process fails, the server
 * opens the directory itself and PGlite runs initdb in-process, as before.
 */
async function initPgliteApart(dir: string): Promise<void> {
  const code = "const { PGlite } = await import('@electric-sql/pglite'); const db = await PGlite.create(process.argv[1]); await db.close();";
  const empty = readdirSync(dir).length === 0;
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code, dir], { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' } });
    child.once('error', () => resolve(false));
    child.once('exit', (status) => resolve(status === 0));
  });
  // a half-written directory would not open: start again from the empty one it was
  if (!ok && empty) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
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

/** the socket errors of a database that is not there (Node's codes) */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database is away (restarting, unreachable), not the query wrong (I-FAIL-02: such a write
 * answers 503, not 500): a refused or broken connection, SQLSTATE class 08 (connection exception),
 * 57P01..57P03 (shut down, crashed, starting up), or pg's "Connection terminated".
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (UNREACHABLE.has(code) || /^08/.test(code) || /^57P0[123]$/.test(code)) return true;
    if (typeof candidate.message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
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
