import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { QueueSlaResult, SlaHour } from '../../../domain';
import { CALLERS, describeEachDatabase, type Caller } from '../fixtures/test-app';
import { insertQueueLog, utc, type QueueLogFixture } from './fixtures';

const D = '2025-03-04';
const D1 = '2025-03-05';
const day = (d: string) => ({ from: `${d}T00:00:00.000Z`, to: `${d}T23:59:59.999Z` });

/** The hours that had calls, as [hour, offered, answered, answered within, abandoned, service level %]. */
const busy = (hours: readonly SlaHour[]) => hours.filter((h) => h.offered > 0).map((h) => [h.hour, h.offered, h.answered, h.answeredWithinSl, h.abandoned, h.serviceLevelPct]);

/**
 * G-RPT-02 against the database: acme's Sales (service level 60 s) and Support (set to 20 s here),
 * calls answered on and over the threshold, abandoned, timed out, left with a key, one abandoned
 * without a wait written, one answered at 23:59:50; every figure checked, in UTC and in zones.
 */
describeEachDatabase('reports: queue service level by hour (G-RPT-02)', (t) => {
  const queueId: Record<string, number> = {};
  const sla = async (body: Record<string, unknown>, as: Caller = CALLERS.admin) => {
    const res = await t().post('/api/v1/statistics/queue/sla', as, { ...day(D), queue: 0, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as QueueSlaResult;
  };

  // G-RPT-02's rows: answered within and over the service level, abandoned, timed out, left with a key
  beforeAll(async () => {
    const acme = t().ids.corp.acme;
    const queues = (await t().get('/api/v1/queue', CALLERS.admin)).json() as { id: number; name: string }[];
    for (const name of ['Sales', 'Support']) queueId[name] = queues.find((x) => x.name === name)!.id;
    await t().db.execute(sql`update queue set servicelevel = 20 where id = ${queueId.Support}`);
    // the hours are the corp's (J-TZ-01): UTC's here, the zones' below
    await t().db.execute(sql`update corp set time_zone = 'UTC' where id = ${acme}`);
    const S = `${acme}_${queueId.Sales}`;
    const P = `${acme}_${queueId.Support}`;
    const answered = (callid: string, queue: string, at: string, hold: number): QueueLogFixture[] => [
      [utc(D, at), callid, queue, 'NONE', 'ENTERQUEUE', '', '5511900000000', 1],
      [utc(D, at), callid, queue, '201', 'CONNECT', hold, `ch-${callid}`, 1],
      [utc(D, at), callid, queue, '201', 'COMPLETEAGENT', hold, 60, 1],
    ];
    const left = (callid: string, queue: string, at: string, event: string, wait: number | string): QueueLogFixture[] => [
      [utc(D, at), callid, queue, 'NONE', 'ENTERQUEUE', '', '5511900000000', 1],
      event === 'EXITWITHKEY' ? [utc(D, at), callid, queue, 'NONE', event, '1', 1, 1, wait] : [utc(D, at), callid, queue, 'NONE', event, 1, 1, wait],
    ];
    await insertQueueLog(t().db, acme, [
      // 08 h: Sales, 10 s and 60 s within, 61 s over, an abandon after 5 s
      ...answered('A', S, '08:10:00', 10),
      ...answered('B', S, '08:20:00', 60),
      ...answered('C', S, '08:40:00', 61),
      ...left('D', S, '08:50:00', 'ABANDON', 5),
      // 09 h: a Sales timeout (offered, not abandoned), a Sales abandon after 10 s, Support 25 s over its 20 s, 20 s within
      ...left('E', S, '09:15:00', 'EXITWITHTIMEOUT', 300),
      ...left('F', S, '09:30:00', 'ABANDON', 10),
      ...answered('G', P, '09:45:00', 25),
      ...answered('H', P, '09:50:00', 20),
      // 10 h: Support abandons after 45 s and 120 s (the caller came in at 09:59), one without its wait written
      ...left('I', P, '10:00:45', 'ABANDON', 45),
      [utc(D, '09:59:00'), 'J', P, 'NONE', 'ENTERQUEUE', '', '5511900000000', 1],
      [utc(D, '10:01:00'), 'J', P, 'NONE', 'ABANDON', 1, 1, 120],
      ...left('K', P, '10:30:00', 'ABANDON', ''),
      // 13 h: Support abandons after 130 s and 400 s
      ...left('L', P, '13:02:10', 'ABANDON', 130),
      ...left('M', P, '13:36:40', 'ABANDON', 400),
      // 14 h: a Sales caller left with a key
      ...left('N', S, '14:00:20', 'EXITWITHKEY', 20),
      // 23 h: answered at 23:59:50 within 12 s, ended after midnight
      [utc(D, '23:59:38'), 'O', S, 'NONE', 'ENTERQUEUE', '', '5511900000000', 1],
      [utc(D, '23:59:50'), 'O', S, '201', 'CONNECT', 12, 'ch-O', 1],
      [utc(D1, '00:01:00'), 'O', S, '201', 'COMPLETEAGENT', 12, 70, 1],
      // the next day: not in the period
      [utc(D1, '00:05:00'), 'P', S, 'NONE', 'ABANDON', 1, 1, 7],
    ]);
    await insertQueueLog(t().db, t().ids.corp.globex, [[utc(D, '08:05:00'), 'X', `${t().ids.corp.globex}_${t().ids.queue.helpdesk}`, 'NONE', 'ABANDON', 1, 1, 3]]);
  });

  it("G-RPT-02 every queue, UTC: offered, answered, within each queue's own service level, abandoned, per hour and in total; the waits of the abandoned calls", async () => {
    const result = await sla({});
    expect(result.hours.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(busy(result.hours)).toEqual([
      [8, 4, 3, 2, 1, 50],
      [9, 4, 2, 1, 1, 25],
      [10, 3, 0, 0, 3, 0],
      [13, 2, 0, 0, 2, 0],
      [14, 1, 0, 0, 0, 0],
      [23, 1, 1, 1, 0, 100],
    ]);
    expect(result.hours[12]).toEqual({ hour: 12, offered: 0, answered: 0, answeredWithinSl: 0, abandoned: 0, serviceLevelPct: null });
    expect(result.total).toEqual({ offered: 15, answered: 6, answeredWithinSl: 4, abandoned: 7, serviceLevelPct: 26.7 });
    // K's wait was not written: it is abandoned, but not in the distribution
    expect(result.abandon).toEqual({
      count: 6,
      meanSec: 118.3,
      medianSec: 82.5,
      buckets: [
        { fromSec: 0, toSec: 10, count: 1 },
        { fromSec: 10, toSec: 30, count: 1 },
        { fromSec: 30, toSec: 60, count: 1 },
        { fromSec: 60, toSec: 120, count: 0 },
        { fromSec: 120, toSec: 300, count: 2 },
        { fromSec: 300, toSec: null, count: 1 },
      ],
    });
  });

  it('G-RPT-02 one queue (Support, 20 s): its hours and its waits only', async () => {
    const result = await sla({ queue: queueId.Support });
    expect(busy(result.hours)).toEqual([
      [9, 2, 2, 1, 0, 50],
      [10, 3, 0, 0, 3, 0],
      [13, 2, 0, 0, 2, 0],
    ]);
    expect(result.total).toEqual({ offered: 7, answered: 2, answeredWithinSl: 1, abandoned: 5, serviceLevelPct: 14.3 });
    expect(result.abandon).toMatchObject({ count: 4, meanSec: 173.8, medianSec: 125 });
    expect(result.abandon.buckets.map((b) => b.count)).toEqual([0, 0, 1, 0, 2, 1]);
  });

  it("G-RPT-02 J-TZ-01 hours are the corp's zone's, whatever `tz` says: São Paulo (-03:00) and Kolkata (+05:30, a quarter-hour slice moves into the next hour); the 23:59:50 call is the next local morning", async () => {
    const zone = (name: string) => t().db.execute(sql`update corp set time_zone = ${name} where id = ${t().ids.corp.acme}`);
    // the period stays the UTC day (an instant with its offset is taken as it is); the corp's zone cuts the hours
    await zone('America/Sao_Paulo');
    const saoPaulo = await sla({ tz: 'UTC' });
    expect(busy(saoPaulo.hours)).toEqual([
      [5, 4, 3, 2, 1, 50],
      [6, 4, 2, 1, 1, 25],
      [7, 3, 0, 0, 3, 0],
      [10, 2, 0, 0, 2, 0],
      [11, 1, 0, 0, 0, 0],
      [20, 1, 1, 1, 0, 100],
    ]);
    await zone('Asia/Kolkata');
    const kolkata = await sla({ tz: 'America/Sao_Paulo' });
    await zone('UTC');
    expect(busy(kolkata.hours)).toEqual([
      [5, 1, 1, 1, 0, 100],
      [13, 2, 2, 2, 0, 100],
      [14, 3, 1, 0, 1, 0],
      [15, 5, 2, 1, 3, 20],
      [16, 1, 0, 0, 1, 0],
      [18, 1, 0, 0, 1, 0],
      [19, 2, 0, 0, 1, 0],
    ]);
    expect(kolkata.total).toEqual(saoPaulo.total);
  });

  it('G-RPT-02 the next day has none of these calls; tenancy, permission and validation', async () => {
    const next = await sla(day(D1));
    expect(next.total).toEqual({ offered: 1, answered: 0, answeredWithinSl: 0, abandoned: 1, serviceLevelPct: 0 });
    expect(next.abandon).toMatchObject({ count: 1, meanSec: 7, medianSec: 7 });
    const globex = await sla({}, CALLERS.globexAdmin);
    expect(globex.total).toEqual({ offered: 1, answered: 0, answeredWithinSl: 0, abandoned: 1, serviceLevelPct: 0 });
    expect((await sla({ queue: t().ids.queue.helpdesk })).total.offered).toBe(0);
    expect((await t().post('/api/v1/statistics/queue/sla', CALLERS.agent, { ...day(D), queue: 0 })).statusCode).toBe(200);
    expect((await t().post('/api/v1/statistics/queue/sla', CALLERS.wall, { ...day(D), queue: 0 })).statusCode).toBe(403);
    expect((await t().post('/api/v1/statistics/queue/sla', CALLERS.admin, { ...day(D), queue: 0, tz: 'Nowhere/Land' })).statusCode).toBe(400);
    expect((await t().post('/api/v1/statistics/queue/sla', CALLERS.admin, { ...day(D) })).statusCode).toBe(400);
  });
});
