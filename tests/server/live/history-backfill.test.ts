/**
 * Issue 10: a fresh start with the simulator has a day to report on. The backfill runs the simulator's
 * model on a manual clock from the start of yesterday to now and writes its records through the
 * record sink (the shapes Asterisk writes); a start that finds records since yesterday leaves them be.
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CdrResult, QueueStatsResult } from '../../../domain';
import { cdr, queueLog } from '../../../server/db/schema';
import { createDbDirectory, toSimCorp } from '../../../server/live/directory';
import { backfillHistory, startOfYesterday } from '../../../server/live/history-backfill';
import { CALLERS, describeEachDatabase, MANUAL_SIMULATOR } from '../fixtures/test-app';

describeEachDatabase(
  'D-RPT the day behind a fresh demo',
  (t) => {
    const today = () => {
      const from = new Date();
      from.setHours(0, 0, 0, 0);
      return { from: from.toISOString(), to: new Date().toISOString() };
    };

    it('D-CDR-02 D-QST-01 a first start fills yesterday and today up to now: call records, queue events and the reports read them', async () => {
      await t().app.live!.historyFilled();
      const now = Date.now();
      const from = startOfYesterday(now);
      const count = async (table: typeof cdr | typeof queueLog, column: typeof cdr.calldate | typeof queueLog.time) =>
        (await t().db.select({ n: sql<number>`count(*)::int` }).from(table).where(and(gte(column, new Date(from)), lte(column, new Date(now + 60_000)))))[0].n;
      const calls = await count(cdr, cdr.calldate);
      console.log(`[history] ${calls} cdr rows from the start of yesterday to now`);
      // two corps' queues at 30 calls an hour for a day and more
      expect(calls).toBeGreaterThan(500);
      expect(await count(queueLog, queueLog.time)).toBeGreaterThan(calls);
      const { acme } = t().ids.corp;
      const answered = await t().db.select({ n: sql<number>`count(*)::int` }).from(cdr).where(and(eq(cdr.corpId, acme), eq(cdr.disposition, 'ANSWERED')));
      expect(answered[0].n).toBeGreaterThan(0);

      const outgoing = await t().post('/api/v1/cdrs', CALLERS.admin, { ...today(), detailed: true, filter: '', type: 2 });
      expect(outgoing.statusCode, outgoing.body).toBe(200);
      expect((outgoing.json() as Extract<CdrResult, { detailed: true }>).total).toBeGreaterThan(0);
      const queues = await t().post('/api/v1/statistics/queue', CALLERS.admin, { ...today(), queue: 0 });
      expect(queues.statusCode, queues.body).toBe(200);
      const { sP1 } = queues.json() as QueueStatsResult;
      expect(sP1.some((row) => row.totalCalls > 0 && row.attended > 0)).toBe(true);
    });

    it('a later start finds the records and writes none', async () => {
      const app = t().app;
      const written = await backfillHistory({
        db: t().db,
        sink: app.live!.sink,
        corps: (await createDbDirectory(t().db).corps()).map((c) => toSimCorp(c, 30)),
        seed: 1,
        now: Date.now(),
        log: { info: () => undefined, warn: () => undefined },
      });
      expect(written).toBe(0);
    });
  },
  { live: { ...MANUAL_SIMULATOR, history: true } },
);
