/**
 * What a phone changes in the configuration: a queue login or logout (Asterisk writes the realtime view
 * queue_members, migration 0015) and do-not-disturb (its feature code writes cb_dnd, migration 0018).
 * Their triggers NOTIFY, and the live directory reloads (debounced) so the panel and the boards show it
 * at once, not at the next configuration write.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { LiveLog } from './live-log';

/** The NOTIFY channel of queue logins and logouts written by Asterisk (migration 0015). */
export const QUEUE_MEMBERS_CHANNEL = 'callboard_queue_members';
/** The NOTIFY channel of do-not-disturb set from a phone (migration 0018, view cb_dnd). */
export const DND_CHANNEL = 'callboard_dnd';
/** A burst of logins (a team starting its shift) is one reload. */
const MEMBER_RELOAD_DEBOUNCE_MS = 300;

/** LISTENs from the app's start to its close; `reload` is the live operations' (a replica's goes to the leader). */
export function followPhoneChanges(app: FastifyInstance, database: AppContext['database'], reload: () => Promise<void>, log: LiveLog): void {
  const { info, warn } = log;
  let memberTimer: NodeJS.Timeout | null = null;
  const stops: (() => Promise<void>)[] = [];
  const reloadSoon = (what: string) => (detail: string) => {
    if (memberTimer) return;
    memberTimer = setTimeout(() => {
      memberTimer = null;
      info(`live: ${what} changed in the PBX, reloading the directory`, { detail });
      reload().catch((error: unknown) => warn(`live: reload after a ${what} change failed`, { error: String(error) }));
    }, MEMBER_RELOAD_DEBOUNCE_MS);
  };
  app.addHook('onReady', async () => {
    for (const [channel, what] of [
      [QUEUE_MEMBERS_CHANNEL, 'queue membership'],
      [DND_CHANNEL, 'do-not-disturb'],
    ] as const) {
      const stop = await database.listen(channel, reloadSoon(what)).catch((error: unknown) => {
        warn(`live: cannot LISTEN for ${what} changes made on phones; the panel shows them at the next configuration write`, { error: String(error) });
        return null;
      });
      if (stop) stops.push(stop);
    }
  });
  app.addHook('onClose', async () => {
    if (memberTimer) clearTimeout(memberTimer);
    for (const stop of stops) await stop();
  });
}
