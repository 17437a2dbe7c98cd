/**
 * The dialplan follows every change (issue 12): with PBX=ari and ASTERISK_DIALPLAN_FILE naming the file
 * Asterisk's extensions.conf includes (`{astetcdir}/extensions_callboard.conf`, written by
 * `npm run asterisk:config`), a configuration write schedules a rewrite of that file from the database;
 * a burst of writes makes one rewrite (debounced), and only a text that changed is written and reloaded
 * (`PUT /ari/asterisk/modules/pbx_config.so`: Asterisk reads extensions.conf and its includes again).
 *
 * The file must be on a disk Asterisk reads (the same machine, or a shared folder). Every instance that
 * takes writes may rewrite it: the text comes from the shared database, so they agree.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { basicAuth } from '../pbx/ari/rest';
import type { Db } from '../db/database';
import { generateDialplanContexts, loadDialplanData, type DialplanOptions } from './dialplan';

export interface DialplanSyncOptions extends DialplanOptions {
  db: Db;
  /** the included file to rewrite (ASTERISK_DIALPLAN_FILE) */
  file: string;
  /** ARI: base URL (ARI_URL, with or without `/ari`), user, password */
  ari: { url: string; user: string; password: string };
  /** how long a burst of writes may last before the rewrite (ms), default 300 */
  debounceMs?: number;
  log: { info(msg: string, data?: Record<string, unknown>): void; warn(msg: string, data?: Record<string, unknown>): void };
}

export interface DialplanSync {
  /** a configuration changed: rewrite and reload once the burst is over */
  schedule(): void;
  /** rewrites now if anything is scheduled (or `force`), and resolves when done */
  flush(force?: boolean): Promise<void>;
  /** how many reloads Asterisk accepted (tests, logs) */
  readonly reloads: number;
  close(): Promise<void>;
}

/** ASTERISK_DIALPLAN_FILE, resolved; null when unset. */
export function dialplanFileFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const file = env.ASTERISK_DIALPLAN_FILE?.trim();
  return file ? path.resolve(file) : null;
}

/** Asks Asterisk to reload the dialplan (pbx_config) through ARI. */
export async function reloadDialplanOverAri(ari: DialplanSyncOptions['ari'], timeoutMs = 5000): Promise<void> {
  const base = ari.url.replace(/\/+$/, '').replace(/\/ari$/, '');
  const response = await fetch(`${base}/ari/asterisk/modules/pbx_config.so`, {
    method: 'PUT',
    headers: { Authorization: basicAuth(ari.user, ari.password), Accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`ARI PUT /asterisk/modules/pbx_config.so: ${response.status} ${(await response.text().catch(() => '')).slice(0, 200)}`);
}

export function createDialplanSync(options: DialplanSyncOptions): DialplanSync {
  const debounceMs = options.debounceMs ?? 300;
  let timer: NodeJS.Timeout | null = null;
  let pending = false;
  let closed = false;
  /** the text Asterisk has loaded (the file's at the start), null after a failed reload: reload whatever the text */
  let last: string | null = null;
  let known = false;
  let reloads = 0;
  let running: Promise<void> = Promise.resolve();

  async function rewrite(force: boolean): Promise<void> {
    if (!pending && !force) return;
    pending = false;
    const text = generateDialplanContexts(await loadDialplanData(options.db), options);
    if (!known) {
      last = await readFile(options.file, 'utf8').catch(() => null);
      known = true;
    }
    if (text === last && !force) return;
    await mkdir(path.dirname(options.file), { recursive: true });
    const temp = `${options.file}.${process.pid}.tmp`;
    await writeFile(temp, text, { mode: 0o644 });
    await rename(temp, options.file);
    last = text;
    await reloadDialplanOverAri(options.ari);
    reloads++;
    options.log.info('asterisk: dialplan rewritten and reloaded', { file: options.file, bytes: text.length });
  }

  function run(force = false): Promise<void> {
    running = running.then(() => rewrite(force)).catch((error: unknown) => {
      // the next change (or flush) writes and reloads again
      last = null;
      known = true;
      options.log.warn('asterisk: the dialplan was not reloaded', { file: options.file, error: error instanceof Error ? error.message : String(error) });
    });
    return running;
  }

  return {
    schedule() {
      if (closed) return;
      pending = true;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void run();
      }, debounceMs);
      timer.unref();
    },
    flush(force = false) {
      if (timer) clearTimeout(timer);
      timer = null;
      return run(force);
    },
    get reloads() {
      return reloads;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
