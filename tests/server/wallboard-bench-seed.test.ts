/**
 * bench:wallboard's corp (bench/wallboard/seed.ts) gets its load from the simulator's queue calls, and
 * the simulator sends callers only where a trunk leads (H-WARM-02). Without a trunk per queue the bench
 * measured a floor of 3 changes/s instead of H-PERF-01's 200 and 500: every bench queue must be reached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchTrunkNumber, seedBenchCorp } from '../../bench/wallboard/seed';
import { openDatabase } from '../../server/db/database';
import { createDbDirectory, toSimCorp } from '../../server/live/directory';
import { routesToQueue } from '../../server/pbx/simulator/routes';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'callboard-wallboard-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('H-PERF-01 H-PERF-02 the wallboard bench corp', () => {
  it('H-PERF-01 H-PERF-02 every bench queue has an inbound trunk, so the simulator routes its calls there at any hour', async () => {
    const seeded = await seedBenchCorp(dataDir, 50);
    expect(seeded.queues.map((q) => q.members.length)).toEqual([20, 20, 10]);
    const database = await openDatabase({ dataDir });
    try {
      const directory = await createDbDirectory(database.orm).corps();
      const bench = directory.find((c) => c.corpId === seeded.corpId);
      if (!bench) throw new Error('the bench corp is not in the directory');
      const sim = toSimCorp(bench, 200);
      for (const [q, queue] of seeded.queues.entries()) {
        for (const hour of [3, 12, 22]) {
          expect(routesToQueue(sim, queue.id, Date.UTC(2026, 10, 28, hour)), `${queue.name} at ${hour}:00`).toEqual([{ trunk: benchTrunkNumber(q), ivrs: [] }]);
        }
      }
      // calls out leave by one trunk of the corp
      expect(bench.trunks.filter((t) => t.outgoing)).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});
