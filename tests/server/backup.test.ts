/**
 * I-OPS-02 backup and restore (server/db/backup.ts, `npm run backup`): the demo and a file of the data
 * folder backed up, wiped, restored, and the same rows and files found again; on the embedded database
 * and on PostgreSQL (skipped, with the reason printed, without it or without pg_dump).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_HASH } from '../../server/auth/passwords';
import { openDatabase, type Database } from '../../server/db/database';
import { appUser, corp, extension, queue } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { createThrowawayDatabase, postgresSkipReason } from './fixtures/test-app';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const pgDumpSkip = postgresSkipReason ?? (spawnSync('pg_dump', ['--version']).status === 0 ? null : 'pg_dump is not installed (postgresql-client)');
if (pgDumpSkip) console.warn(`[backup] the PostgreSQL variant is skipped: ${pgDumpSkip}`);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'callboard-backup-test-'));
  dirs.push(dir);
  return dir;
};

async function rowCounts(database: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries({ corp, appUser, extension, queue })) {
    const [row] = await database.orm.select({ n: count() }).from(table);
    out[name] = Number(row.n);
  }
  return out;
}

/** the command as an operator runs it */
function backup(action: 'create' | 'restore', file: string, env: Record<string, string>): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', action, file], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

const SOUND = Buffer.from('RIFF....WAVE a sound of the demo');

describe('I-OPS-02 backup and restore', () => {
  it('I-OPS-02 the embedded database and the data folder: backed up, wiped, restored, the same rows and files', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await seedDemo(database.orm, TEST_HASH);
    const before = await rowCounts(database);
    await database.close();
    mkdirSync(path.join(dataDir, 'sounds', '2'), { recursive: true });
    writeFileSync(path.join(dataDir, 'sounds', '2', 'welcome.wav'), SOUND);

    const archive = path.join(tempDir(), 'callboard.tar.gz');
    expect(backup('create', archive, { DATA_DIR: dataDir })).toContain('Backed up the embedded database');
    rmSync(dataDir, { recursive: true, force: true });
    expect(backup('restore', archive, { DATA_DIR: dataDir })).toContain('Restored the embedded database');

    expect(readFileSync(path.join(dataDir, 'sounds', '2', 'welcome.wav'))).toEqual(SOUND);
    const restored = await openDatabase({ dataDir });
    try {
      expect(await rowCounts(restored)).toEqual(before);
      expect(before.extension).toBeGreaterThan(40);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it.skipIf(pgDumpSkip !== null)('I-OPS-02 PostgreSQL and the data folder: backed up, wiped, restored, the same rows and files', async () => {
    const throwaway = await createThrowawayDatabase();
    try {
      const dataDir = path.join(tempDir(), 'data');
      mkdirSync(path.join(dataDir, 'recordings'), { recursive: true });
      writeFileSync(path.join(dataDir, 'recordings', 'call.wav'), SOUND);
      let database = await openDatabase({ dataDir: ':memory:', databaseUrl: throwaway.url });
      await database.migrate();
      await seedDemo(database.orm, TEST_HASH);
      const before = await rowCounts(database);
      const archive = path.join(tempDir(), 'callboard-pg.tar.gz');
      expect(backup('create', archive, { DATA_DIR: dataDir, DATABASE_URL: throwaway.url })).toContain('Backed up the PostgreSQL database');

      // wiped: every table, view and the migrations' record gone, and the folder
      await database.orm.execute(sql.raw('DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE'));
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      expect(existsSync(dataDir)).toBe(false);

      expect(backup('restore', archive, { DATA_DIR: dataDir, DATABASE_URL: throwaway.url })).toContain('Restored the PostgreSQL database');
      expect(readFileSync(path.join(dataDir, 'recordings', 'call.wav'))).toEqual(SOUND);
      database = await openDatabase({ dataDir: ':memory:', databaseUrl: throwaway.url });
      try {
        expect(await rowCounts(database)).toEqual(before);
        // the migrations' record came back too: a start finds nothing to migrate
        await database.migrate();
        expect(await rowCounts(database)).toEqual(before);
      } finally {
        await database.close();
      }
    } finally {
      await throwaway.drop();
    }
  }, 120_000);
});
