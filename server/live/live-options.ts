/** What the app's `live` option sets beside the environment's PBX settings (createLiveRuntime). */
import type { LiveEnvironment } from '../config';
import type { TrafficOptions } from '../pbx';

export interface LiveOptions extends LiveEnvironment {
  /** 'realtime' (default) paces the simulator to the wall clock; 'manual' moves only with advance() (tests) */
  driver?: 'realtime' | 'manual';
  /** recordings folder; default `{DATA_DIR}/recordings`, none when DATA_DIR is ':memory:' */
  recordingsDir?: string | null;
  /** the record sink's flush period (ms), default 500 */
  recordFlushMs?: number;
  /** the simulator's traffic model, over its defaults (tests: no phones offline, every call answered) */
  traffic?: Partial<TrafficOptions>;
  /** how often the campaign engine looks at the running campaigns (ms), default 5000 */
  campaignTickMs?: number;
  /**
   * With the simulator: on a start with no record since yesterday, simulate yesterday and today up to
   * now first, so the reports have a day to show (history-backfill.ts). Default off (tests).
   */
  history?: boolean;
  /**
   * With the simulator: the floor runs this long before the start, silently, so it starts in its
   * steady state (H-WARM-01: calls in progress, callers waiting). Default 15 min with the realtime
   * driver (what `npm start` runs), 0 with the manual one (tests start from an empty floor).
   */
  warmUpMs?: number;
  /**
   * PBX=ari: the dialplan file Asterisk includes (extensions_callboard.conf), rewritten from the database
   * and reloaded through ARI after configuration writes; default ASTERISK_DIALPLAN_FILE, null: none
   */
  dialplanFile?: string | null;
}

