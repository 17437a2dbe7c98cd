/**
 * The dialplan follows every change (issue 12): with PBX=ari and ASTERISK_DIALPLAN_FILE naming the file
 * Asterisk's extensions.conf includes (`{astetcdir}/extensions_callboard.conf`, written by
 * `npm run asterisk:config`), a configuration write schedules a rewrite of that file from the database;
 * a burst of writes makes one rewrite (debounced), and only a text that changed is written and reloaded
 * (`PUT /ari/asterisk/modules/pbx_config.so`: Asterisk reads extensions.conf and its includes again).
 * The hold music classes go the same way, into musiconhold_callboard.conf beside it
 * (`res_musiconhold.so`).
 *
 * The file must be on a disk Asterisk reads (the same machine, or a shared folder). With several
 * instances only the PBX leader rewrites it (I-INST-07, server/live/generated-dialplan.ts): the others
 * forward their writes' changes to it, and `fence` refuses a write once the lock is lost.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { basicAuth } from '../pbx/ari/rest';
import type { Db } from '../db/database';
import { generateDialplanContexts, generateMohClasses, loadDialplanData, MOH_INCLUDE_FILE, type DialplanData, type DialplanOptions } from './dialplan';

export interface DialplanSyncOptions extends DialplanOptions {
  db: Db;
  /** the included file to rewrite (ASTERISK_DIALPLAN_FILE) */
  file: string;
  /** ARI: base URL (ARI_URL, with or without `/ari`), user, password */
  ari: { url: string; user: string; password: string };
  /** how long a burst of writes may last before the rewrite (ms), default 300 */
  debounceMs?: number;
  log: { info(msg: string, data?: Record<string, unknown>): void; warn(msg: string, data?: Record<string, unknown>): void };
  /** resolves while this instance may write (the PBX leader), else throws (server/live/fencing.ts) */
  fence?: () => Promise<void>;
}

export interface DialplanSync {
  /** a configuration changed: rewrite and reload once the burst is over */
  schedule(): void;
  /** rewrites now if anything is scheduled (or `force`), and resolves when done */
  flush(force?: boolean): Promise<void>;
  /** how many dialplan reloads Asterisk accepted (tests, logs) */
  readonly reloads: number;
  close(): Promise<void>;
}

/** ASTERISK_DIALPLAN_FILE, resolved; null when unset. */
export function dialplanFileFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const file = env.ASTERISK_DIALPLAN_FILE?.trim();
  return file ? path.resolve(file) : null;
}

/** Asks Asterisk to reload a module's configuration through ARI (pbx_config.so: the dialplan; res_musiconhold.so: the hold music classes). */
export async function reloadModuleOverAri(ari: DialplanSyncOptions['ari'], module: string, timeoutMs = 5000): Promise<void> {
  const base = ari.url.replace(/\/+$/, '').replace(/\/ari$/, '');
  const response = await fetch(`${base}/ari/asterisk/modules/${module}`, {
    method: 'PUT',
    headers: { Authorization: basicAuth(ari.user, ari.password), Accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`ARI PUT /asterisk/modules/${module}: ${response.status} ${(await response.text().catch(() => '')).slice(0, 200)}`);
}

/** One generated file, the module that reads it, and the text Asterisk has loaded (null: unknown or a failed reload). */
interface Output {
  file: string;
  module: string;
  generate(data: DialplanData): string;
  last: string | null;
  known: boolean;
}

export function createDialplanSync(options: DialplanSyncOptions): DialplanSync {
  const debounceMs = options.debounceMs ?? 300;
  let timer: NodeJS.Timeout | null = null;
  let pending = false;
  let closed = false;
  let reloads = 0;
  let running: Promise<void> = Promise.resolve();
  // the dialplan's contexts, and beside them the hold music classes (musiconhold.conf includes them)
  const outputs: Output[] = [
    { file: options.file, module: 'pbx_config.so', generate: (data) => generateDialplanContexts(data, options), last: null, known: false },
    { file: path.join(path.dirname(options.file), MOH_INCLUDE_FILE), module: 'res_musiconhold.so', generate: (data) => generateMohClasses(data, options), last: null, known: false },
  ];

  async function write(output: Output, text: string, force: boolean): Promise<void> {
    if (!output.known) {
      output.last = await readFile(output.file, 'utf8').catch(() => null);
      output.known = true;
    }
    if (text === output.last && !force) return;
    await options.fence?.();
    await mkdir(path.dirname(output.file), { recursive: true });
    const temp = `${output.file}.${process.pid}.tmp`;
    await writeFile(temp, text, { mode: 0o644 });
    await rename(temp, output.file);
    try {
      await reloadModuleOverAri(options.ari, output.module);
    } catch (error) {
      // the next change (or flush) writes and reloads again
      output.last = null;
      throw error;
    }
    output.last = text;
    if (output.module === 'pbx_config.so') reloads++;
    options.log.info('asterisk: generated configuration rewritten and reloaded', { file: output.file, module: output.module, bytes: text.length });
  }

  async function rewrite(force: boolean): Promise<void> {
    if (!pending && !force) return;
    pending = false;
    const data = await loadDialplanData(options.db);
    for (const output of outputs) await write(output, output.generate(data), force);
  }

  function run(force = false): Promise<void> {
    running = running.then(() => rewrite(force)).catch((error: unknown) => {
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
