/**
 * The audio of a message left on Asterisk, copied into Callboard's file store (issue 12; C-VM-06): the
 * trigger of migration 0016 NOTIFYs callboard_voicemail with the new voicemail row and Asterisk's file
 * (without its extension, voicemail.conf `format = wav`); the PBX-driving server reads it, stores it as
 * the row's recording and sets the duration from the sound itself. Asterisk's spool must be readable
 * here (Callboard beside Asterisk, as README "Run with Asterisk" sets them up); where it is not, the
 * row stays without audio and the warning says why.
 *
 * The row also keeps where the message is on Asterisk (its msg_id and mailbox folder, migration 0020),
 * so that listened / new again in Callboard moves it between Asterisk's Old and INBOX
 * (voicemail-folders.ts, started here: both follow Asterisk's spool where the PBX is driven).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { readWav } from '../../domain';
import type { Database, Db } from '../db/database';
import { voicemail } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { isMessageId, messageIdOf, startVoicemailFolders } from './voicemail-folders';

export const VOICEMAIL_CHANNEL = 'callboard_voicemail';
/** The extensions of Asterisk's `format = wav` (16-bit PCM) as it may write them. */
const EXTENSIONS = ['wav', 'WAV'] as const;
/** How long a file that is not there yet is waited for (Asterisk closes it before the hangup handler runs; a slow disk). */
const ATTEMPTS = 5;
const ATTEMPT_DELAY_MS = 400;

export interface VoicemailImportOptions {
  db: Db;
  database: Pick<Database, 'listen'>;
  files: FileStore;
  log: { info(msg: string, data?: Record<string, unknown>): void; warn(msg: string, data?: Record<string, unknown>): void };
}

/** What the trigger sends; null for anything else. */
export function parseVoicemailNotice(payload: string): { id: number; file: string } | null {
  try {
    const value = JSON.parse(payload) as { id?: unknown; file?: unknown };
    return typeof value.id === 'number' && Number.isSafeInteger(value.id) && typeof value.file === 'string' ? { id: value.id, file: value.file } : null;
  } catch {
    return null;
  }
}

/** Reads Asterisk's file of a message: the first extension found, tried a few times; null when it never shows. */
async function readAsteriskFile(file: string): Promise<Buffer | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    for (const ext of EXTENSIONS) {
      const bytes = await readFile(`${file}.${ext}`).catch(() => null);
      if (bytes) return bytes;
    }
    await new Promise((resolve) => setTimeout(resolve, ATTEMPT_DELAY_MS));
  }
  return null;
}

/** Copies one message's audio; resolves when done or given up (logged), never rejects. */
export async function importVoicemail(options: VoicemailImportOptions, notice: { id: number; file: string }): Promise<void> {
  const { db, files, log } = options;
  try {
    const [row] = await db.select({ corpId: voicemail.corpId, recording: voicemail.recording }).from(voicemail).where(eq(voicemail.id, notice.id));
    if (!row || row.recording !== '') return;
    // only a path as Asterisk writes one: absolute, no parent steps
    if (!notice.file.startsWith('/') || notice.file.includes('..')) {
      log.warn('voicemail: the message names no file Asterisk writes; it stays without audio', { id: notice.id, file: notice.file });
      return;
    }
    const bytes = await readAsteriskFile(notice.file);
    const sound = bytes ? readWav(bytes) : null;
    if (!bytes || !sound) {
      log.warn(`voicemail: Asterisk's file of the message is ${bytes ? 'no WAV sound' : 'not readable here (is Asterisk\'s spool on this host?)'}; it stays without audio`, { id: notice.id, file: notice.file });
      return;
    }
    const recording = await files.save(row.corpId, bytes, 'wav', 'voicemail');
    // the message's identity on Asterisk (its .txt, written before the hangup handler ran) and its mailbox: …/{mailbox}/{folder}/msgNNNN
    const msgId = messageIdOf(await readFile(`${notice.file}.txt`, 'utf8').catch(() => ''));
    const onAsterisk = msgId && isMessageId(msgId) ? { asteriskMsgId: msgId, asteriskMailboxDir: path.dirname(path.dirname(notice.file)) } : {};
    if (!msgId) log.warn("voicemail: the message's .txt names no msg_id; its status in Callboard will not move it on Asterisk", { id: notice.id, file: notice.file });
    await db
      .update(voicemail)
      .set({ recording, duration: Math.round(sound.durationSec), ...onAsterisk })
      .where(eq(voicemail.id, notice.id));
    log.info('voicemail: a message left on Asterisk is stored', { id: notice.id, corpId: row.corpId, seconds: Math.round(sound.durationSec) });
  } catch (error) {
    log.warn('voicemail: the audio of a message left on Asterisk was not stored', { id: notice.id, error: String(error) });
  }
}

/**
 * LISTENs for messages left and imports each, and for status changes to move them on Asterisk
 * (voicemail-folders.ts); the stop function waits for the imports and moves under way.
 */
export async function startVoicemailImport(options: VoicemailImportOptions): Promise<() => Promise<void>> {
  const running = new Set<Promise<void>>();
  const stopFolders = await startVoicemailFolders(options);
  const stopListening = await options.database
    .listen(VOICEMAIL_CHANNEL, (payload) => {
      const notice = parseVoicemailNotice(payload);
      if (!notice) {
        options.log.warn('voicemail: a notice that is not a message left', { payload: payload.slice(0, 200) });
        return;
      }
      const done = importVoicemail(options, notice).finally(() => running.delete(done));
      running.add(done);
    })
    .catch(async (error: unknown) => {
      await stopFolders();
      throw error;
    });
  return async () => {
    await stopListening();
    await Promise.all(running);
    await stopFolders();
  };
}
