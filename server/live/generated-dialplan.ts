/**
 * The generated dialplan follows every configuration change (PBX=ari with ASTERISK_DIALPLAN_FILE;
 * server/asterisk/dialplan-sync.ts): every write of the write pipeline (ctx.configChanges), on whichever
 * instance, rewrites the included file from the database (debounced; only a changed text is written) and
 * reloads pbx_config through ARI. Only the PBX leader writes (I-INST-07): a replica forwards the change
 * to it (LiveOps.syncDialplan), the write is fenced like a PBX command, and a new leader rewrites once
 * (a change made while none led).
 */
import type { FastifyInstance } from 'fastify';
import { createDialplanSync, dialplanFileFromEnv } from '../asterisk/dialplan-sync';
import type { AppContext } from '../context';
import type { Cluster } from './cluster';
import type { LiveLog } from './live-log';
import type { LiveOptions } from './live-options';

export interface GeneratedDialplan {
  /** the leader's rewrite (what LiveOps.syncDialplan does at the leader) */
  schedule(): void;
  /** every configuration write asks the leader (`syncAtLeader`) for a rewrite, and a new leader rewrites once; until the app closes */
  follow(app: FastifyInstance, syncAtLeader: () => Promise<void>): void;
}

/** null without a dialplan to generate (another PBX, or no file) */
export function createGeneratedDialplan(ctx: Pick<AppContext, 'db' | 'files' | 'configChanges'>, options: LiveOptions, cluster: Pick<Cluster, 'fence' | 'leader$'>, log: LiveLog): GeneratedDialplan | null {
  const { info, warn } = log;
  const file = options.dialplanFile !== undefined ? options.dialplanFile : dialplanFileFromEnv();
  if (options.pbx !== 'ari' || !options.ari || !file) return null;
  const sync = createDialplanSync({ db: ctx.db, file, ari: options.ari, soundsRoot: ctx.files.root, fence: () => cluster.fence(), log: { info, warn } });
  return {
    schedule: () => sync.schedule(),
    follow(app, syncAtLeader) {
      info('live: the dialplan follows configuration changes', { file });
      const unsubscribe = ctx.configChanges.subscribe(() => void syncAtLeader().catch((error: unknown) => warn('live: a dialplan rewrite was not forwarded to the leader', { error: String(error) })));
      const onLead = cluster.leader$.subscribe((lead) => {
        if (lead) sync.schedule();
      });
      app.addHook('onClose', async () => {
        unsubscribe();
        onLead.unsubscribe();
      });
      app.addHook('onClose', async () => sync.close());
    },
  };
}
