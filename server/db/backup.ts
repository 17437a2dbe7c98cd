/**
 * Backup and restore (I-OPS-02): the database and the data folder in one archive (`tar.gz`), and back.
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` of the database beside the data folder (sounds,
 *   recordings, voicemail audio, campaign files, the generated JWT secret); a restore runs
 *   `pg_restore --clean --if-exists` into DATABASE_URL (an empty database or the old one) and puts the
 *   folder back. The server may run during a backup (pg_dump reads one snapshot); stop it to restore.
 * - The embedded database (PGlite) lives in DATA_DIR/pglite: the archive is the whole folder, so the
 *   server must be stopped for both (one process opens PGlite at a time).
 *
 * The archive holds `manifest.json` (what it is), `database.dump` (PostgreSQL only) and `data/`.
 * PostgreSQL's client tools (pg_dump, pg_restore: Debian's postgresql-client) and tar do the work.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BackupManifest {
  format: 'callboard-backup';
  version: 1;
  database: 'postgres' | 'pglite';
  createdAt: string;
}

export interface BackupTarget {
  /** DATA_DIR */
  dataDir: string;
  /** DATABASE_URL; unset: the embedded database in DATA_DIR */
  databaseUrl?: string;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}); install it (Debian: postgresql-client for pg_dump and pg_restore)`);
  if (result.status !== 0) throw new Error(`${command} failed: ${(result.stderr || result.stdout).trim().slice(0, 2000)}`);
}

/** Writes the archive `file` (tar.gz) of the database and DATA_DIR; returns its manifest. */
export function createBackup(target: BackupTarget, file: string): BackupManifest {
  const work = mkdtempSync(path.join(tmpdir(), 'callboard-backup-'));
  try {
    const manifest: BackupManifest = { format: 'callboard-backup', version: 1, database: target.databaseUrl ? 'postgres' : 'pglite', createdAt: new Date().toISOString() };
    writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    if (target.databaseUrl) run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(work, 'database.dump'), target.databaseUrl]);
    mkdirSync(path.join(work, 'data'));
    const output = path.resolve(file);
    mkdirSync(path.dirname(output), { recursive: true });
    // the data folder as it is (an absent one is an empty folder); the archive never includes itself
    const dataArgs = existsSync(target.dataDir) ? ['-C', path.resolve(target.dataDir), `--exclude=./${path.relative(path.resolve(target.dataDir), output)}`, '.'] : [];
    run('tar', ['-czf', output, '-C', work, 'manifest.json', ...(target.databaseUrl ? ['database.dump'] : []), '--transform=s,^\\./,data/,', ...dataArgs]);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Reads the archive `file` back: the database into DATABASE_URL (or DATA_DIR/pglite) and the data folder, replaced. */
export function restoreBackup(target: BackupTarget, file: string): BackupManifest {
  const work = mkdtempSync(path.join(tmpdir(), 'callboard-restore-'));
  try {
    run('tar', ['-xzf', path.resolve(file), '-C', work]);
    const manifest = JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 'callboard-backup' || manifest.version !== 1) throw new Error(`${file} is not a Callboard backup`);
    if (manifest.database === 'postgres' && !target.databaseUrl) throw new Error('this backup is of a PostgreSQL database: set DATABASE_URL to the database to restore it into');
    if (manifest.database === 'pglite' && target.databaseUrl) throw new Error('this backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR');
    if (target.databaseUrl) run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', target.databaseUrl, path.join(work, 'database.dump')]);
    // the folder is replaced as a whole: files written after the backup do not linger beside the rows
    const dataDir = path.resolve(target.dataDir);
    mkdirSync(dataDir, { recursive: true });
    for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    run('tar', ['-xzf', path.resolve(file), '-C', dataDir, '--strip-components=1', 'data']);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
