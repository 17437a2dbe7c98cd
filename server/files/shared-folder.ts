/**
 * Several instances share one data folder (I-INST-07): sounds, recordings, voicemail audio and campaign
 * files live under DATA_DIR, which every instance must mount at the same place (NFS, a cluster file
 * system, one disk on one host). A folder of its own would serve a file to one instance and 404 on the
 * others, silently. So with REDIS_URL a start checks it: the folder holds a marker file with an id,
 * the database names the id the others use; a folder without it, or with another, is refused with a
 * message that says what to do. The first instance writes both; under the start lock, so instances
 * started at once agree.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SettingsError } from '../config';
import type { Database } from '../db/database';
import { parameter } from '../db/schema';

/** the marker's name in DATA_DIR */
export const DATA_FOLDER_MARKER = '.callboard-data-folder';
/** the parameter row that names the shared folder's id */
export const DATA_FOLDER_PARAMETER = 'dataFolderId';

export type SharedFolderCheck = { id: string; registered: 'now' | 'before' };

export async function checkSharedDataFolder(database: Pick<Database, 'orm' | 'exclusive'>, dataDir: string): Promise<SharedFolderCheck> {
  const marker = path.join(dataDir, DATA_FOLDER_MARKER);
  return database.exclusive(async () => {
    const inFolder = (await readFile(marker, 'utf8').catch(() => '')).trim() || null;
    const [row] = await database.orm.select({ value: parameter.value }).from(parameter).where(eq(parameter.key, DATA_FOLDER_PARAMETER)).limit(1);
    const inDatabase = row?.value.trim() || null;
    if (inDatabase && inFolder !== inDatabase) {
      throw new SettingsError(
        inFolder
          ? `DATA_DIR (${dataDir}) is another instance group's data folder: its ${DATA_FOLDER_MARKER} says ${inFolder}, the database's instances share ${inDatabase}. Mount the shared data folder at DATA_DIR on every instance.`
          : `DATA_DIR (${dataDir}) is not the data folder the other instances share (it has no ${DATA_FOLDER_MARKER}; theirs says ${inDatabase}). Every instance must mount the same folder at DATA_DIR (sounds, recordings and voicemail written by one are read by all); if this is that folder and the marker was lost, write ${inDatabase} into ${marker}.`,
      );
    }
    if (inDatabase) return { id: inDatabase, registered: 'before' };
    // the first instance (or a database restored without the row): the folder's id, or a new one
    const id = inFolder ?? randomUUID();
    if (!inFolder) {
      await mkdir(dataDir, { recursive: true });
      await writeFile(marker, `${id}\n`, { mode: 0o644 });
    }
    await database.orm.insert(parameter).values({ key: DATA_FOLDER_PARAMETER, value: id }).onConflictDoUpdate({ target: parameter.key, set: { value: id } });
    return { id, registered: 'now' };
  });
}
