/**
 * `npm run backup -- create FILE` / `npm run backup -- restore FILE` (I-OPS-02): the database and the data
 * folder into one tar.gz, and back (server/db/backup.ts says what is in it and when the server must
 * be stopped). Reads DATA_DIR (default ./data) and DATABASE_URL (unset: the embedded database).
 */
import path from 'node:path';
import { createBackup, restoreBackup } from '../server/db/backup';

const [action, file] = process.argv.slice(2);
const target = { dataDir: path.resolve(process.env.DATA_DIR ?? './data'), databaseUrl: process.env.DATABASE_URL || undefined };
if ((action !== 'create' && action !== 'restore') || !file) {
  console.error('usage: npm run backup -- create FILE.tar.gz | restore FILE.tar.gz   (DATA_DIR, DATABASE_URL as the server has them)');
  process.exit(2);
}
try {
  const manifest = action === 'create' ? createBackup(target, file) : restoreBackup(target, file);
  const what = manifest.database === 'postgres' ? 'the PostgreSQL database' : 'the embedded database';
  console.log(action === 'create' ? `Backed up ${what} and ${target.dataDir} into ${file}` : `Restored ${what} and ${target.dataDir} from ${file} (made ${manifest.createdAt})`);
} catch (error) {
  console.error(`backup ${action} failed: ${(error as Error).message}`);
  process.exit(1);
}
