import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { AgentReportResult, AgentReportRow } from '../../../domain';
import { CALLERS, describeEachDatabase, type Caller } from '../fixtures/test-app';
import { insertQueueLog, utc, type QueueLogFixture } from './fixtures';

const D0 = '2025-03-03';
const D = '2025-03-04';
const D1 = '2025-03-05';
const day = (d: string) => ({ from: `${d}T00:00:00.000Z`, to: `${d}T23:59:59.999Z` });

/**
 * G-RPT-01 against the database: known queue_log rows of acme (whose seeded queues have static
 * members: Sales 201-212, Support 213-228, Billing 229-236, none of them logging anything unless a
 * test writes it), every figure of the rows checked.
 */
describeEachDatabase('reports: agent report (G-RPT-01)', (t) => {
  const q: Record<'sales' | 'support' | 'billing', string> = { sales: '', support: '', billing: '' };
  const queueId: Record<string, number> = {};
  const report = async (body: Record<string, unknown>, as: Caller = CALLERS.admin) => {
    const res = await t().post('/api/v1/statistics/agents', as, { ...day(D), queue: 0, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AgentReportResult;
  };
  const row = (result: AgentReportResult, agent: string) => result.rows.find((r) => r.agent === agent);
  const empty = { answered: 0, talkSec: 0, holdSec: 0, wrapupSec: 0, pauseSec: 0, pauses: [] };

  // G-RPT-01's rows: two overlapping queues, a pause across the period start, an empty reason, a static member pausing, calls with wrap-up
  beforeAll(async () => {
    const acme = t().ids.corp.acme;
    const queues = (await t().get('/api/v1/queue', CALLERS.admin)).json() as { id: number; name: string }[];
    for (const name of ['Sales', 'Support', 'Billing'] as const) {
      const id = queues.find((x) => x.name === name)!.id;
      queueId[name.toLowerCase()] = id;
      q[name.toLowerCase() as keyof typeof q] = `${acme}_${id}`;
    }
    // the queues' wrap-up (G-AGS-01's column): 15 s after a Sales call, 30 s after a Support call
    await t().db.execute(sql`update queue set wrapup_sec = 15 where id = ${queueId.sales}`);
    await t().db.execute(sql`update queue set wrapup_sec = 30 where id = ${queueId.support}`);
    const { sales: S, support: P, billing: B } = q;
    const rows: QueueLogFixture[] = [
      // 237: Sales since the evening before, paused for LUNCH across midnight; Support from 08:00; a BREAK in both
      [utc(D0, '22:00:00'), 'NONE', S, '237', 'ADDMEMBER', ''],
      [utc(D0, '23:30:00'), 'NONE', S, '237', 'PAUSE', 'LUNCH'],
      [utc(D, '00:30:00'), 'NONE', S, '237', 'UNPAUSE', ''],
      [utc(D, '08:00:00'), 'NONE', P, '237', 'ADDMEMBER', ''],
      [utc(D, '09:00:00'), 'C1', S, 'NONE', 'ENTERQUEUE', '', '5511900000001', 1],
      [utc(D, '09:00:20'), 'C1', S, '237', 'CONNECT', 20, 'ch-1', 4],
      [utc(D, '09:05:20'), 'C1', S, '237', 'COMPLETEAGENT', 20, 300, 1],
      [utc(D, '10:00:00'), 'NONE', S, '237', 'PAUSE', 'BREAK'],
      [utc(D, '10:00:00'), 'NONE', P, '237', 'PAUSE', 'BREAK'],
      [utc(D, '10:00:00'), 'NONE', 'NONE', '237', 'PAUSEALL', 'BREAK'],
      [utc(D, '10:15:00'), 'NONE', S, '237', 'UNPAUSE', ''],
      [utc(D, '10:20:00'), 'NONE', P, '237', 'UNPAUSE', ''],
      [utc(D, '11:00:00'), 'C2', P, 'NONE', 'ENTERQUEUE', '', '5511900000002', 1],
      [utc(D, '11:00:05'), 'C2', P, '237', 'CONNECT', 5, 'ch-2', 2],
      [utc(D, '11:01:45'), 'C2', P, '237', 'COMPLETECALLER', 5, 100, 1],
      [utc(D, '12:00:00'), 'NONE', S, '237', 'REMOVEMEMBER', ''],
      [utc(D, '17:00:00'), 'NONE', P, '237', 'REMOVEMEMBER', ''],
      // 238: joins Billing paused (no reason), a pause with an empty reason that becomes LUNCH, out at 18:00, in again at 19:00 (Asterisk's interface name)
      [utc(D, '09:00:00'), 'NONE', B, '238', 'ADDMEMBER', 'PAUSED'],
      [utc(D, '09:10:00'), 'NONE', B, '238', 'UNPAUSE', ''],
      [utc(D, '13:00:00'), 'NONE', B, '238', 'PAUSE', ''],
      [utc(D, '13:05:00'), 'NONE', B, '238', 'PAUSE', 'LUNCH'],
      [utc(D, '13:35:00'), 'NONE', B, '238', 'UNPAUSE', ''],
      [utc(D, '18:00:00'), 'NONE', B, '238', 'REMOVEMEMBER', ''],
      [utc(D, '19:00:00'), 'REALTIME', B, `PJSIP/${acme}_238`, 'ADDMEMBER', ''],
      // 239: a shift the day before only
      [utc(D0, '08:00:00'), 'NONE', S, '239', 'ADDMEMBER', ''],
      [utc(D0, '17:00:00'), 'NONE', S, '239', 'REMOVEMEMBER', ''],
      // ... and the next evening it logs in to Billing and pauses in the same second
      [utc(D1, '20:00:00'), 'NONE', B, '239', 'ADDMEMBER', ''],
      [utc(D1, '20:00:00'), 'NONE', B, '239', 'PAUSE', 'BREAK'],
      // 240: its first row ever is a log-out: it was logged in at the start
      [utc(D, '06:00:00'), 'NONE', P, '240', 'REMOVEMEMBER', ''],
      // 213, a static member of Support: a TRAINING pause
      [utc(D, '14:00:00'), 'NONE', P, '213', 'PAUSE', 'TRAINING'],
      [utc(D, '14:30:00'), 'NONE', P, '213', 'UNPAUSE', ''],
      // 201, a static member of Sales: a call, and one answered at 23:59:50 whose talk ends after midnight
      [utc(D, '14:00:00'), 'C3', S, 'NONE', 'ENTERQUEUE', '', '5511900000003', 1],
      [utc(D, '14:00:08'), 'C3', S, '201', 'CONNECT', 8, 'ch-3', 1],
      [utc(D, '14:01:08'), 'C3', S, '201', 'COMPLETEAGENT', 8, 60, 1],
      [utc(D, '23:59:38'), 'C4', S, 'NONE', 'ENTERQUEUE', '', '5511900000004', 1],
      [utc(D, '23:59:50'), 'C4', S, '201', 'CONNECT', 12, 'ch-4', 1],
      [utc(D1, '00:01:00'), 'C4', S, '201', 'COMPLETEAGENT', 12, 70, 1],
      // an abandoned call is nobody's
      [utc(D, '15:00:00'), 'C5', S, 'NONE', 'ENTERQUEUE', '', '5511900000005', 1],
      [utc(D, '15:00:40'), 'C5', S, 'NONE', 'ABANDON', 1, 1, 40],
    ];
    await insertQueueLog(t().db, acme, rows);
    // globex's agent in its own queue: never in acme's report
    await insertQueueLog(t().db, t().ids.corp.globex, [
      [utc(D, '08:00:00'), 'NONE', `${t().ids.corp.globex}_${t().ids.queue.helpdesk}`, '237', 'ADDMEMBER', ''],
      [utc(D, '09:00:00'), 'X', `${t().ids.corp.globex}_${t().ids.queue.helpdesk}`, '237', 'CONNECT', 3, 'ch-x', 1],
    ]);
  });

  it('G-RPT-01 a day of every queue: answered, talk, hold, wrap-up, logged in merged across queues, pauses by reason, occupancy, first log-in and last log-out', async () => {
    const result = await report({});
    // the 36 static members, and 237, 238 and 240; not 239 (out before the day)
    expect(result.rows.map((r) => r.agent)).toEqual([...Array.from({ length: 36 }, (_, i) => String(201 + i)), '237', '238', '240']);
    expect(result.reasons).toEqual(['', 'BREAK', 'LUNCH', 'TRAINING']);
    expect(row(result, '237')).toEqual({
      agent: '237',
      name: 'Ivan Navarro',
      answered: 2,
      talkSec: 400,
      holdSec: 25,
      wrapupSec: 45,
      // Sales 00:00-12:00 and Support 08:00-17:00: 17 hours
      loggedInSec: 61_200,
      // LUNCH 00:00-00:30 (paused since 23:30 the day before), BREAK 10:00-10:20 in both queues
      pauseSec: 3_000,
      pauses: [
        { code: 'BREAK', seconds: 1_200 },
        { code: 'LUNCH', seconds: 1_800 },
      ],
      occupancyPct: 0.8,
      firstLogin: null,
      lastLogout: `${D}T17:00:00.000Z`,
    } satisfies AgentReportRow);
    expect(row(result, '238')).toEqual({
      agent: '238',
      name: 'Julia Teixeira',
      ...empty,
      // 09:00-18:00 and 19:00-24:00
      loggedInSec: 50_400,
      pauseSec: 2_700,
      pauses: [
        { code: '', seconds: 900 },
        { code: 'LUNCH', seconds: 1_800 },
      ],
      occupancyPct: 0,
      firstLogin: `${D}T09:00:00.000Z`,
      lastLogout: null,
    });
    expect(row(result, '240')).toEqual({ agent: '240', name: 'Laura Medina', ...empty, loggedInSec: 21_600, occupancyPct: 0, firstLogin: null, lastLogout: `${D}T06:00:00.000Z` });
    expect(row(result, '213')).toEqual({ agent: '213', name: 'Karen Miller', ...empty, loggedInSec: 86_400, pauseSec: 1_800, pauses: [{ code: 'TRAINING', seconds: 1_800 }], occupancyPct: 0, firstLogin: null, lastLogout: null });
    // 130 s of talk and 2 × 15 s of wrap-up over the whole day
    expect(row(result, '201')).toEqual({ agent: '201', name: 'Ana Agent', answered: 2, talkSec: 130, holdSec: 20, wrapupSec: 30, loggedInSec: 86_400, pauseSec: 0, pauses: [], occupancyPct: 0.2, firstLogin: null, lastLogout: null });
    expect(row(result, '236')).toEqual({ agent: '236', name: 'Helena Duarte', ...empty, loggedInSec: 86_400, occupancyPct: 0, firstLogin: null, lastLogout: null });
  });

  it('G-RPT-01 one queue (Support): its calls and its membership only', async () => {
    const result = await report({ queue: queueId.support });
    expect(result.rows.map((r) => r.agent)).toEqual([...Array.from({ length: 16 }, (_, i) => String(213 + i)), '237', '240']);
    expect(row(result, '237')).toEqual({
      agent: '237',
      name: 'Ivan Navarro',
      answered: 1,
      talkSec: 100,
      holdSec: 5,
      wrapupSec: 30,
      loggedInSec: 32_400,
      pauseSec: 1_200,
      pauses: [{ code: 'BREAK', seconds: 1_200 }],
      occupancyPct: 0.4,
      firstLogin: `${D}T08:00:00.000Z`,
      lastLogout: `${D}T17:00:00.000Z`,
    });
  });

  it('G-RPT-01 a period inside the day starts in the state of the rows before it (paused for a BREAK in two queues) and ends with the agent still in', async () => {
    const result = await report({ from: `${D}T10:05:00.000Z`, to: `${D}T12:59:59.999Z` });
    expect(row(result, '237')).toEqual({
      agent: '237',
      name: 'Ivan Navarro',
      answered: 1,
      talkSec: 100,
      holdSec: 5,
      wrapupSec: 30,
      loggedInSec: 10_500,
      pauseSec: 900,
      pauses: [{ code: 'BREAK', seconds: 900 }],
      // (100 + 30) / (10,500 - 900)
      occupancyPct: 1.4,
      firstLogin: null,
      lastLogout: null,
    });
    // 240 logged out at 06:00, 238 is paused for LUNCH 13:05 after the period; its empty-reason pause does not reach 12:59 either
    expect(row(result, '240')).toBeUndefined();
    expect(row(result, '238')).toMatchObject({ loggedInSec: 10_500, pauseSec: 0, pauses: [], firstLogin: null, lastLogout: null });
  });

  it('G-RPT-01 the next day: the talk of the call answered before midnight stays with that day; 238 is logged in from the start', async () => {
    const result = await report(day(D1));
    expect(row(result, '201')).toMatchObject({ answered: 0, talkSec: 0, loggedInSec: 86_400 });
    expect(row(result, '238')).toMatchObject({ loggedInSec: 86_400, firstLogin: null, lastLogout: null });
    expect(row(result, '237')).toBeUndefined();
  });

  it('G-RPT-01 of two rows in one second before the period, the later written is the state at its start (logged in and paused)', async () => {
    const result = await report({ from: `${D1}T20:30:00.000Z`, to: `${D1}T23:59:59.999Z` });
    expect(row(result, '239')).toEqual({ agent: '239', name: 'Kevin Walsh', ...empty, loggedInSec: 12_600, pauseSec: 12_600, pauses: [{ code: 'BREAK', seconds: 12_600 }], occupancyPct: null, firstLogin: null, lastLogout: null });
  });

  it('G-RPT-01 a period that reaches into the future counts presence up to now, not to its end', async () => {
    const before = Date.now();
    const result = await report({ from: new Date(before - 3_600_000).toISOString(), to: new Date(before + 3_600_000).toISOString() });
    const after = Date.now();
    // a static member of Sales, logged in all along: one hour, not two
    const seconds = row(result, '201')!.loggedInSec;
    expect(seconds).toBeGreaterThanOrEqual(Math.round((before - (before - 3_600_000)) / 1000));
    expect(seconds).toBeLessThanOrEqual(Math.round((after - (before - 3_600_000)) / 1000) + 1);
    expect(row(result, '201')).toMatchObject({ firstLogin: null, lastLogout: null });
  });

  it('G-RPT-01 tenancy and permission: globex sees its own agent only; level 4 reads statistics, level 5 may not; the window is checked', async () => {
    const globex = await report({}, CALLERS.globexAdmin);
    expect(row(globex, '237')).toMatchObject({ answered: 1, holdSec: 3, loggedInSec: 57_600, firstLogin: `${D}T08:00:00.000Z` });
    expect(globex.rows.map((r) => r.agent)).toEqual(['237', ...Array.from({ length: 8 }, (_, i) => String(1001 + i))]);
    expect((await t().post('/api/v1/statistics/agents', CALLERS.agent, { ...day(D), queue: 0 })).statusCode).toBe(200);
    expect((await t().post('/api/v1/statistics/agents', CALLERS.wall, { ...day(D), queue: 0 })).statusCode).toBe(403);
    expect((await t().post('/api/v1/statistics/agents', CALLERS.super, { ...day(D), queue: 0 })).statusCode).toBe(400);
    expect((await t().post('/api/v1/statistics/agents', CALLERS.admin, { from: day(D).to, to: day(D).from, queue: 0 })).statusCode).toBe(400);
    expect((await t().post('/api/v1/statistics/agents', CALLERS.admin, { ...day(D), queue: -1 })).statusCode).toBe(400);
  });
});
