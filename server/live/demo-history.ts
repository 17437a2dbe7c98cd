/**
 * The day behind a first demo start (history-backfill.ts; LiveOptions.history), once per process beside
 * the live simulator: planned when a lead starts the simulator, before the live floor writes a record,
 * then filled while the floor runs. A lead lost aborts the fill, and no later lead of this process
 * plans it again (the next process finishes what is missing, H-WARM-03).
 */
import type { Db } from '../db/database';
import type { SimCorp } from '../pbx';
import type { DbRecordSink } from '../records';
import { planBackfill, runBackfill, type BackfillPlan } from './history-backfill';
import type { LiveLog } from './live-log';
import type { LiveOptions } from './live-options';

export interface DemoHistory {
  /** what to fill, decided at the simulator's start (`now`); null when off, begun already in this process, or nothing to fill */
  plan(corps: SimCorp[], now: number): Promise<BackfillPlan | null>;
  /** fills `plan` in the background; `wroteRows` runs after a fill that wrote records */
  fill(plan: BackfillPlan, corps: SimCorp[], wroteRows: () => Promise<void>): void;
  /** stops a fill in progress and waits for its end */
  abort(): Promise<void>;
  /** resolves when the fill ends (at once when there is none) */
  filled(): Promise<void>;
}

export interface DemoHistoryOptions {
  db: Db;
  sink: DbRecordSink;
  options: Pick<LiveOptions, 'history' | 'seed' | 'traffic'>;
  log: LiveLog;
}

export function createDemoHistory({ db, sink, options, log }: DemoHistoryOptions): DemoHistory {
  const { info, warn } = log;
  let backfill: { abort: AbortController; done: Promise<void> } | null = null;
  return {
    async plan(corps, now) {
      if (!options.history || backfill) return null;
      return planBackfill({ db, corps, now }).catch((error: unknown) => {
        warn('live: the day behind was not planned', { error: String(error) });
        return null;
      });
    },
    fill(plan, corps, wroteRows) {
      if (backfill) return;
      const abort = new AbortController();
      const done = runBackfill(plan, { db, sink, corps, seed: options.seed, traffic: options.traffic, now: plan.to, signal: abort.signal, log: { info, warn } })
        .then(async (rows) => {
          if (rows > 0) await wroteRows();
        })
        .catch((error: unknown) => warn('live: the day behind was not filled', { error: String(error) }));
      backfill = { abort, done };
    },
    async abort() {
      backfill?.abort.abort();
      await backfill?.done;
    },
    filled: async () => backfill?.done,
  };
}
