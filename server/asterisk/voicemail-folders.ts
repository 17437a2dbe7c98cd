/**
 * A voicemail's status in Callboard is its folder on Asterisk (G-AST-02, as FreePBX's console does):
 * listened (flag 1: played in Callboard, C-VM-06) puts the message in Asterisk's Old folder, new again
 * (flag 0: the voicemail list's "mark as new") puts it back in INBOX, so the phone's message light and
 * Asterisk's own VoiceMailMain say what Callboard says.
 *
 * The trigger of migration 0020 NOTIFYs callboard_voicemail_flag on every change of a row's flag that
 * has a message on Asterisk (whichever instance served the change); the PBX-driving server LISTENs
 * (started beside the voicemail import, voicemail-import.ts) and moves the message's files inside
 * Asterisk's spool, the same spool the import reads (beside Asterisk, or a shared folder; written here
 * now, so Callboard needs write access to it). The message is found by Asterisk's msg_id (its `.txt`),
 * which stays while Asterisk renumbers a folder's msgNNNN files. app_voicemail sees the change when it
 * counts the watched mailboxes again (voicemail.conf pollmailboxes, every VOICEMAIL_POLL_SECONDS) and
 * tells the phones (MWI).
 *
 * A move is Asterisk's own: the destination folder locked as app_voicemail locks it (the lockfile of
 * ast_lock_path: link a temporary file to `.lock`), the next number after the folder's highest, the
 * sound files first and the `.txt` (what Asterisk counts) last. The gap left in the source folder is
 * closed by Asterisk when a mailbox is opened (resequence), as after its own moves.
 * Only INBOX and Urgent (new) and Old (listened) are touched: a message the owner filed into another
 * folder from the phone (Work, Family, Friends) or deleted stays where it is.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import { voicemail } from '../db/schema';

export const VOICEMAIL_FLAG_CHANNEL = 'callboard_voicemail_flag';

/** The folders a status maps to: a new message is in INBOX (or Urgent, where an urgent one is left), a listened one in Old. */
export type VoicemailFolder = 'INBOX' | 'Urgent' | 'Old';
export const folderOfFlag = (flag: number): 'INBOX' | 'Old' => (flag === 0 ? 'INBOX' : 'Old');
/** Where a message of each status may be now (the first is where a move puts it). */
const SOURCES: Record<'INBOX' | 'Old', VoicemailFolder[]> = { INBOX: ['Old'], Old: ['INBOX', 'Urgent'] };

/** How long the destination's lock is waited for: Asterisk waits as long (ast_lock_path_lockfile). */
const LOCK_WAIT_MS = 5000;
const LOCK_RETRY_MS = 20;
/** msg%04d: Asterisk's folders hold up to 10000 messages by name. */
const LAST_NUMBER = 9999;
const MESSAGE_FILE = /^msg(\d{4})\.(.+)$/;

export interface VoicemailFoldersOptions {
  db: Db;
  database: Pick<Database, 'listen'>;
  log: { info(msg: string, data?: Record<string, unknown>): void; warn(msg: string, data?: Record<string, unknown>): void };
}

/** The msg_id of a message's `.txt` (Asterisk's `[message]` section); null without one. */
export function messageIdOf(txt: string): string | null {
  const match = /^msg_id\s*=\s*(\S+)\s*$/m.exec(txt);
  return match ? match[1] : null;
}

/** An msg_id as Asterisk writes one (`{epoch}-{hex}`), and nothing a path or a pattern could be made of. */
export const isMessageId = (value: string) => /^[0-9A-Za-z-]{1,64}$/.test(value);

/** What the trigger sends; null for anything else. */
export function parseFlagNotice(payload: string): { id: number; flag: number } | null {
  try {
    const value = JSON.parse(payload) as { id?: unknown; flag?: unknown };
    return typeof value.id === 'number' && Number.isSafeInteger(value.id) && typeof value.flag === 'number' ? { id: value.id, flag: value.flag } : null;
  } catch {
    return null;
  }
}

/** The message files of a folder by number; an absent folder has none. */
async function messagesIn(dir: string): Promise<Map<number, string[]>> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const byNumber = new Map<number, string[]>();
  for (const name of names) {
    const match = MESSAGE_FILE.exec(name);
    if (!match) continue;
    const n = Number(match[1]);
    byNumber.set(n, [...(byNumber.get(n) ?? []), name]);
  }
  return byNumber;
}

/** The message with `msgId` in one folder: its number and files; null when it is not there. */
async function findIn(dir: string, msgId: string): Promise<{ number: number; files: string[] } | null> {
  for (const [number, files] of await messagesIn(dir)) {
    const txt = files.find((f) => f.endsWith('.txt'));
    if (!txt) continue;
    const text = await readFile(path.join(dir, txt), 'utf8').catch(() => '');
    if (messageIdOf(text) === msgId) return { number, files };
  }
  return null;
}

/**
 * Locks a folder as app_voicemail does (main/app.c, the default lockfile mode): a temporary file
 * linked to `{dir}/.lock`, which exists while the lock is held. Resolves with the unlock, or null when
 * it was held by someone else for LOCK_WAIT_MS.
 */
export async function lockFolder(dir: string, waitMs = LOCK_WAIT_MS): Promise<(() => Promise<void>) | null> {
  const temp = path.join(dir, `.lock-${randomBytes(4).toString('hex')}`);
  const lock = path.join(dir, '.lock');
  await writeFile(temp, '', { flag: 'wx' });
  const deadline = Date.now() + waitMs;
  try {
    for (;;) {
      try {
        await link(temp, lock);
        return () => unlink(lock).catch(() => undefined);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (Date.now() > deadline) return null;
        await new Promise((r) => setTimeout(r, LOCK_RETRY_MS));
      }
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

export type MoveResult =
  | { result: 'moved'; from: VoicemailFolder; file: string }
  | { result: 'there'; file: string }
  | { result: 'missing' }
  | { result: 'busy' }
  | { result: 'full' };

/**
 * Puts the message `msgId` of the mailbox folder `mailboxDir` (…/voicemail/{context}/{mailbox}) in
 * `to`: moved from the folder of the other status, left where it is when it is there already; missing
 * when it is in neither (filed elsewhere or deleted on the phone). `file`: where it is now, without
 * its extension.
 */
export async function moveVoicemailMessage(mailboxDir: string, msgId: string, to: 'INBOX' | 'Old'): Promise<MoveResult> {
  const target = path.join(mailboxDir, to);
  const there = await findIn(target, msgId);
  if (there) return { result: 'there', file: path.join(target, `msg${String(there.number).padStart(4, '0')}`) };
  for (const from of SOURCES[to]) {
    const source = path.join(mailboxDir, from);
    const found = await findIn(source, msgId);
    if (!found) continue;
    await mkdir(target, { recursive: true });
    const unlock = await lockFolder(target);
    if (!unlock) return { result: 'busy' };
    try {
      const numbers = [...(await messagesIn(target)).keys()];
      const number = numbers.length === 0 ? 0 : Math.max(...numbers) + 1;
      if (number > LAST_NUMBER) return { result: 'full' };
      const stem = `msg${String(number).padStart(4, '0')}`;
      // the sound first, the .txt (what app_voicemail counts) last: the message is whole when it is counted
      const ordered = [...found.files.filter((f) => !f.endsWith('.txt')), ...found.files.filter((f) => f.endsWith('.txt'))];
      for (const name of ordered) await rename(path.join(source, name), path.join(target, `${stem}.${MESSAGE_FILE.exec(name)![2]}`));
      return { result: 'moved', from, file: path.join(target, stem) };
    } finally {
      await unlock();
    }
  }
  return { result: 'missing' };
}

/** Puts voicemail `id`'s message on Asterisk in the folder of its flag now; resolves when done or given up (logged), never rejects. */
export async function syncVoicemailFolder(options: Pick<VoicemailFoldersOptions, 'db' | 'log'>, id: number): Promise<void> {
  const { db, log } = options;
  try {
    const [row] = await db
      .select({ flag: voicemail.flag, msgId: voicemail.asteriskMsgId, dir: voicemail.asteriskMailboxDir })
      .from(voicemail)
      .where(eq(voicemail.id, id));
    if (!row || row.msgId === '') return;
    // only what the import wrote: an absolute folder of Asterisk's, an msg_id of its shape
    if (!path.isAbsolute(row.dir) || row.dir.split(path.sep).includes('..') || !isMessageId(row.msgId)) {
      log.warn('voicemail: the message names no folder of Asterisk; its status stays in Callboard only', { id, dir: row.dir });
      return;
    }
    const to = folderOfFlag(row.flag);
    const moved = await moveVoicemailMessage(row.dir, row.msgId, to);
    if (moved.result === 'moved') log.info(`voicemail: a message moved to Asterisk's ${to}`, { id, from: moved.from, file: moved.file });
    else if (moved.result === 'busy') log.warn(`voicemail: Asterisk's ${to} folder stayed locked; the message was not moved`, { id, dir: row.dir });
    else if (moved.result === 'full') log.warn(`voicemail: Asterisk's ${to} folder is full; the message was not moved`, { id, dir: row.dir });
    else if (moved.result === 'missing') log.info(`voicemail: the message is in no folder of its status on Asterisk (filed or deleted from the phone); left where it is`, { id, to });
  } catch (error) {
    log.warn("voicemail: the message was not moved in Asterisk's spool", { id, error: String(error) });
  }
}

/**
 * LISTENs for status changes and moves each message; changes of one message are applied in order, each
 * to the row's flag at that time (a quick listened-then-new ends in INBOX). The stop function waits
 * for the moves under way.
 */
export async function startVoicemailFolders(options: VoicemailFoldersOptions): Promise<() => Promise<void>> {
  const queues = new Map<number, Promise<void>>();
  const stopListening = await options.database.listen(VOICEMAIL_FLAG_CHANNEL, (payload) => {
    const notice = parseFlagNotice(payload);
    if (!notice) {
      options.log.warn('voicemail: a notice that is not a status change', { payload: payload.slice(0, 200) });
      return;
    }
    const next = (queues.get(notice.id) ?? Promise.resolve()).then(() => syncVoicemailFolder(options, notice.id));
    queues.set(notice.id, next);
    void next.then(() => {
      if (queues.get(notice.id) === next) queues.delete(notice.id);
    });
  });
  return async () => {
    await stopListening();
    await Promise.all(queues.values());
  };
}
