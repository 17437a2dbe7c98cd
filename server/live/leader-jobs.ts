/**
 * What runs beside the PBX while this instance leads: the dialer campaigns' engine (where the PBX is
 * driven, on the simulator's clock with the simulator so its times match its calls'), and with Asterisk
 * the import of the audio of messages left from its spool (server/asterisk/voicemail-import.ts; the
 * simulator writes its own rows and files).
 */
import type { AppContext } from '../context';
import { createCampaignEngine, SYSTEM_CLOCK, type CampaignEngine } from '../dialer/campaign-engine';
import { startVoicemailImport } from '../asterisk/voicemail-import';
import type { LiveLog } from './live-log';
import type { LiveOptions } from './live-options';
import type { OpenedPbx } from './pbx-by-kind';

export interface LeaderJobs {
  /** the campaigns' engine, null without a PBX */
  readonly campaigns: CampaignEngine | null;
  /** the campaigns first, then the voicemail import */
  stop(): Promise<void>;
}

/** Starts the jobs on a started PBX (`pbx.adapter` fenced). */
export async function startLeaderJobs(ctx: Pick<AppContext, 'db' | 'database' | 'files'>, options: LiveOptions, pbx: OpenedPbx, log: LiveLog): Promise<LeaderJobs> {
  const { warn, info } = log;
  const sim = pbx.simulator;
  const campaigns =
    options.pbx === 'none'
      ? null
      : createCampaignEngine({
          db: ctx.db,
          adapter: pbx.adapter,
          soundsRoot: ctx.files.root,
          tickMs: options.campaignTickMs,
          clock: sim ? { ...SYSTEM_CLOCK, now: () => sim.now() } : SYSTEM_CLOCK,
          log: { warn, info },
        });
  campaigns?.start();
  const stopVoicemail =
    options.pbx === 'ari'
      ? await startVoicemailImport({ db: ctx.db, database: ctx.database, files: ctx.files, log: { info, warn } }).catch((error: unknown) => {
          warn('live: cannot LISTEN for voicemail left on Asterisk; those messages stay without audio', { error: String(error) });
          return null;
        })
      : null;
  return {
    campaigns,
    async stop() {
      await campaigns?.stop();
      await stopVoicemail?.();
    },
  };
}
