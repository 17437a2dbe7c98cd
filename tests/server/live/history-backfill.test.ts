/**
 * Issue 10: a fresh start with the simulator has a day to report on. The backfill runs the simulator's
 * model on a manual clock from the start of yesterday to now and writes its records through the
 * record sink (the shapes Asterisk writes); a start that finds records since yesterday leaves them be.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CdrResult, QueueStatsResult } from '../../../domain';
import { cdr, corp, queueLog } from '../../../server/db/schema';
import { createDbDirectory, toSimCorp } from '../../../server/live/directory';
import { backfillHistory, backfillStart } from '../../../server/live/history-backfill';
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
      const from = await backfillStart(t().db, Object.values(t().ids.corp), now);
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

    it("J-TZ-01 the day behind starts at the earliest of the corps' yesterdays (each in its zone)", async () => {
      const { acme, globex } = t().ids.corp;
      const now = Date.parse('2026-03-29T12:00:00Z');
      try {
        await t().db.update(corp).set({ timeZone: 'Asia/Kolkata' }).where(eq(corp.id, acme));
        await t().db.update(corp).set({ timeZone: 'America/Sao_Paulo' }).where(eq(corp.id, globex));
        // the live directory carries each corp's zone (the queue counters' midnights)
        const directory = await createDbDirectory(t().db).corps();
        expect(directory.filter((c) => c.corpId === acme || c.corpId === globex).map((c) => c.timeZone)).toEqual(['Asia/Kolkata', 'America/Sao_Paulo']);
        // Kolkata's 2026-03-28 began at 18:30 UTC on the 27th, São Paulo's at 03:00 UTC on the 28th
        expect(new Date(await backfillStart(t().db, [acme, globex], now)).toISOString()).toBe('2026-03-27T18:30:00.000Z');
        expect(new Date(await backfillStart(t().db, [globex], now)).toISOString()).toBe('2026-03-28T03:00:00.000Z');
        // Madrid on the 30th: yesterday is the 29th, the day its clocks moved on, which began at 23:00 UTC on the 28th (+01:00 still)
        await t().db.update(corp).set({ timeZone: 'Europe/Madrid' }).where(eq(corp.id, globex));
        expect(new Date(await backfillStart(t().db, [globex], Date.parse('2026-03-30T12:00:00Z'))).toISOString()).toBe('2026-03-28T23:00:00.000Z');
      } finally {
        await t().db.update(corp).set({ timeZone: null }).where(inArray(corp.id, [acme, globex]));
      }
    });
  },
  { live: { ...MANUAL_SIMULATOR, history: true } },
);
