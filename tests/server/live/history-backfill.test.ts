/**
 * Issue 10: a fresh start with the simulator has a day to report on. The backfill runs the simulator's
 * model on a manual clock from the start of yesterday to now and writes its records through the
 * record sink (the shapes Asterisk writes); a start that finds records since yesterday leaves them be,
 * unless an earlier start was stopped before it had filled them (H-WARM-03).
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CdrResult, QueueStatsResult } from '../../../domain';
import { cdr, corp, queueLog } from '../../../server/db/schema';
import { createDbDirectory, toSimCorp } from '../../../server/live/directory';
import { backfillHistory, backfillStart, planBackfill, runBackfill } from '../../../server/live/history-backfill';
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
      // a day and a half of two corps' calls written on a machine shared with other suites
    }, 180_000);

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

describeEachDatabase(
  'H-WARM-03 the day behind is finished by the next start',
  (t) => {
    it('H-WARM-03 a first fill stopped early is finished by the next start from where it stopped (the log says so); then no hour of yesterday and today is empty', async () => {
      const app = t().app;
      const corps = (await createDbDirectory(t().db).corps()).map((c) => toSimCorp(c, 30));
      const now = Date.now();
      const logs: string[] = [];
      const log = { info: (msg: string, data?: Record<string, unknown>) => logs.push(`${msg} ${JSON.stringify(data ?? {})}`), warn: (msg: string) => logs.push(`WARN ${msg}`) };
      // the first start: stopped (app closing) after three steps of 15 minutes
      const first = await planBackfill({ db: t().db, corps, now });
      expect(first).toMatchObject({ to: now, resumed: false });
      const abort = new AbortController();
      let flushes = 0;
      const sink = app.live!.sink;
      const stopping = new Proxy(sink, {
        get(target, key) {
          if (key === 'flush')
            return async () => {
              await target.flush();
              if (++flushes === 3) abort.abort();
            };
          const value: unknown = Reflect.get(target, key);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
      const early = await runBackfill(first!, { db: t().db, sink: stopping, corps, seed: 1, now, signal: abort.signal, log });
      expect(early).toBeGreaterThan(0);
      const cut = first!.from + 3 * 15 * 60_000;
      expect(logs.at(-1)).toMatch(/^live: filling the day behind stopped early; the next start fills the rest .*"reached":"/);
      expect(logs.at(-1)).toContain(new Date(cut).toISOString());
      const latest = async () => (await t().db.select({ at: sql<string>`max(calldate)` }).from(cdr))[0].at;
      expect(Date.parse(await latest())).toBeLessThan(cut);

      // the next start (records since yesterday there, as the old check read them) finishes from the cut
      logs.length = 0;
      const next = await planBackfill({ db: t().db, corps, now: now + 60_000 });
      expect(next).toEqual({ from: first!.from, to: now, reached: cut, resumed: true });
      const rest = await runBackfill(next!, { db: t().db, sink, corps, seed: 1, now, log });
      expect(rest).toBeGreaterThan(early);
      expect(logs[0]).toMatch(/^live: the day behind was cut short by an earlier stop; the simulator fills what is missing .*"missingFrom":"/);
      expect(logs.at(-1)).toMatch(/^live: the simulator finished filling the day behind for the reports/);
      // every whole hour from the start of yesterday to now has calls of acme's queues
      const { acme } = t().ids.corp;
      const hours = await t().db
        .select({ hour: sql<string>`date_trunc('hour', ${cdr.calldate})`, n: sql<number>`count(*)::int` })
        .from(cdr)
        .where(and(eq(cdr.corpId, acme), gte(cdr.calldate, new Date(Math.ceil(first!.from / 3_600_000) * 3_600_000)), lte(cdr.calldate, new Date(Math.floor(now / 3_600_000) * 3_600_000 - 1))))
        .groupBy(sql`1`);
      const expected = Math.floor(now / 3_600_000) - Math.ceil(first!.from / 3_600_000);
      console.log(`[history] resumed: ${early} rows before the stop, ${rest} after; ${hours.length} of ${expected} whole hours with acme's calls`);
      expect(hours.length).toBe(expected);
      expect(Math.min(...hours.map((h) => h.n))).toBeGreaterThan(5);
      // and a start after that has nothing left to fill
      expect(await planBackfill({ db: t().db, corps, now: now + 120_000 })).toBeNull();
    }, 180_000);
  },
  { live: MANUAL_SIMULATOR },
);
