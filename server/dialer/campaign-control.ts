/**
 * What the dialer resource (its start, stop and statistics row actions) needs from the campaign
 * engine that runs in the live runtime (on the leader instance, where the PBX is driven). The engine
 * reads the `dialer` and `dialer_number` rows itself; this only makes it react at once and tells how
 * many of a campaign's calls are in progress now.
 */
export interface CampaignControl {
  /** a campaign was started, stopped, edited or deleted: the engine re-reads its row now */
  changed(dialerId: number): void;
  /** the campaign's calls being dialled or in progress now (C-DIA statistics 'live') */
  liveCalls(dialerId: number): number;
}

import type { CampaignStats } from '../../domain/dialer';

export type { CampaignStats };
