import { beforeAll, describe, expect, it } from 'vitest';
import type { CdrResult, QueueCallsResult, QueueStatsResult } from '../../../domain';
import type { Caller } from '../fixtures/test-app';
import { CALLERS, describeEachDatabase } from '../fixtures/test-app';
import { incoming, insertCdr, insertQueueLog, internal, outgoing, utc } from './fixtures';

const D = '2025-03-04';
const D1 = '2025-03-05';
const day = (d: string) => ({ from: `${d}T00:00:00.000Z`, to: `${d}T23:59:59.999Z` });

describeEachDatabase('reports: CDR and queue statistics', (t) => {
  const ids: Record<string, number> = {};
  /** a search's answer; the detailed shape (the summarised test reads its own fields) */
  const cdrs = async (body: Record<string, unknown>, as: Caller = CALLERS.admin, headers?: Record<string, string>) => {
    const res = await t().post('/api/v1/cdrs', as, { ...day(D), detailed: true, filter: '', type: 1, ...body }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Extract<CdrResult, { detailed: true }>;
  };

  it('D-CDR-07 level 1 sets the working corp’s tariff per destination group; the calls written afterwards are rated by it', async () => {
    const acme = String(t().ids.corp.acme);
    const groups = (await t().get('/api/v1/destinationgroup', CALLERS.super)).json() as { id: number; name: string }[];
    const group = (name: string) => groups.find((g) => g.name === name)!.id;
    const tariff = [
      { groupId: group('National landline'), pricePerMinute: 0.5, minimumSec: 30, incrementSec: 6 },
      { groupId: group('National mobile'), pricePerMinute: 1.2, minimumSec: 30, incrementSec: 30 },
      { groupId: group('International'), pricePerMinute: 3, minimumSec: 60, incrementSec: 1 },
      { groupId: group('Local landline'), pricePerMinute: 0.12, minimumSec: 0, incrementSec: 0 },
    ];
    const put = await t().put('/api/v1/tariff', CALLERS.super, tariff, { 'x-working-corp': acme });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t().get('/api/v1/tariff', CALLERS.super, { 'x-working-corp': acme })).json()).toEqual([...tariff].sort((a, b) => a.groupId - b.groupId));
    // a group twice, an unknown group, a negative price, no working corp, not level 1
    expect((await t().put('/api/v1/tariff', CALLERS.super, [tariff[0], tariff[0]], { 'x-working-corp': acme })).statusCode).toBe(400);
    expect((await t().put('/api/v1/tariff', CALLERS.super, [{ ...tariff[0], groupId: 999999 }], { 'x-working-corp': acme })).statusCode).toBe(400);
    expect((await t().put('/api/v1/tariff', CALLERS.super, [{ ...tariff[0], pricePerMinute: -1 }], { 'x-working-corp': acme })).statusCode).toBe(400);
    expect((await t().put('/api/v1/tariff', CALLERS.super, tariff)).statusCode).toBe(400);
    expect((await t().put('/api/v1/tariff', CALLERS.owner, tariff)).statusCode).toBe(403);

    const { acme: a, globex: g } = t().ids.corp;
    const [o1, o2, i3, n4, o5, o6, o7, o9, n10, g8] = await insertCdr(t().db, [
      outgoing(a, utc(D, '09:00:00'), '201', '01131234567', 95, { recordingfile: `${a}/20250304/o1.wav` }),
      outgoing(a, utc(D, '09:30:00'), '202', '011987654321', 0, { disposition: 'NO ANSWER', duration: 20 }),
      incoming(a, utc(D, '10:00:00'), '5511912345678', '551130001000', '201', 60),
      internal(a, utc(D, '11:00:00'), '201', '203', 30),
      outgoing(a, utc(D, '12:00:00'), '203', '004412345678901', 10),
      outgoing(a, utc(D, '23:59:30'), '201', '34567890', 5),
      outgoing(a, utc(D1, '00:00:30'), '201', '01131234567', 40),
      outgoing(a, utc(D, '14:00:00'), '201', '01131234568', 30),
      internal(a, utc(D, '15:00:00'), '202', '201', 12),
      outgoing(g, utc(D, '09:00:00'), '1001', '01131234567', 95),
    ]);
    Object.assign(ids, { o1, o2, i3, n4, o5, o6, o7, o9, n10, g8 });
    const { rows } = (await t().db.execute(`select id, cost from cdr where id in (${[o1, o2, i3, n4, o5, o6, o7, o9, g8].join(',')}) order by id`)) as unknown as { rows: { id: string; cost: string | null }[] };
    const cost = Object.fromEntries(rows.map((r) => [Number(r.id), r.cost === null ? null : Number(r.cost)]));
    // 95 s in steps of 6 → 96 s at 0.5/min; unanswered 0; 10 s under a 60 s minimum at 3/min; 5 s at 0.12/min; 40 s → 42 s; 30 s
    expect(cost).toEqual({ [o1]: 0.8, [o2]: 0, [i3]: null, [n4]: null, [o5]: 3, [o6]: 0.01, [o7]: 0.35, [o9]: 0.25, [g8]: null });
  });

  it('D-CDR-02 D-CDR-03 D-CDR-04 D-CDR-07 detailed outgoing calls of a day: newest first, every field, the cost of a corp with costEnabled', async () => {
    const result = await cdrs({ type: 1 });
    expect(result).toMatchObject({ detailed: true, total: 5, page: 0, pageSize: 5, costVisible: true });
    expect(result.rows.map((r) => r.id)).toEqual([ids.o6, ids.o9, ids.o5, ids.o2, ids.o1]);
    const a = t().ids.corp.acme;
    expect(result.rows[4]).toEqual({
      id: ids.o1,
      date: '2025-03-04T09:00:00.000Z',
      origin: '201',
      caller: '"Agent 201" <201>',
      destination: 'trunk',
      dialed: '01131234567',
      name: 'National landline',
      duration: 100,
      billsec: 95,
      disposition: 'ANSWERED',
      usercost: 0.8,
      recordFile: `${a}/20250304/o1.wav`,
    });
    expect(result.rows.map((r) => [r.name, r.usercost])).toEqual([
      ['Local landline', 0.01],
      ['National landline', 0.25],
      ['International', 3],
      ['National mobile', 0],
      ['National landline', 0.8],
    ]);
  });

  it('D-CDR-03 incoming calls (type 2) show who answered and no cost; D-CDR-07 the cost column is for the outgoing view only', async () => {
    const result = await cdrs({ type: 2 });
    expect(result).toMatchObject({ total: 1, costVisible: false });
    expect(result.rows[0]).toMatchObject({ id: ids.i3, origin: '5511912345678', destination: '201', dialed: '551130001000', name: 'Entrante', usercost: null });
  });

  it('D-CDR-03 type 3 and above is one extension’s calls (made, dialled or answered), paged by 5 (D-RPT-04); the filter is then required', async () => {
    const page0 = await cdrs({ type: 3, filter: '201' });
    expect(page0).toMatchObject({ total: 6, page: 0, costVisible: false });
    expect(page0.rows.map((r) => r.id)).toEqual([ids.o6, ids.n10, ids.o9, ids.n4, ids.i3]);
    const page1 = await cdrs({ type: 3, filter: '201', page: 1 });
    expect(page1.rows.map((r) => r.id)).toEqual([ids.o1]);
    // a page past the end is empty and still tells the total
    expect(await cdrs({ type: 3, filter: '201', page: 7 })).toMatchObject({ rows: [], total: 6 });
    // the type is capped at 3
    expect((await cdrs({ type: 9, filter: '201' })).total).toBe(6);
    expect((await cdrs({ type: 3, filter: '203' })).rows.map((r) => r.id)).toEqual([ids.o5, ids.n4]);
    const missing = await t().post('/api/v1/cdrs', CALLERS.admin, { ...day(D), detailed: true, type: 3 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ issues: [{ path: 'filter', message: 'validation.required' }] });
    // every row at once for the CSV export
    expect((await cdrs({ type: 3, filter: '201', all: true })).rows).toHaveLength(6);
  });

  it('D-CDR-05 summarised: per caller and destination type, how many calls and their duration, most calls first', async () => {
    const result = await cdrs({ type: 1, detailed: false });
    expect(result).toMatchObject({ detailed: false, total: 4, costVisible: false });
    expect(result.rows).toEqual([
      { caller: '201', name: 'National landline', quantidade: 2, duration: 135 },
      { caller: '201', name: 'Local landline', quantidade: 1, duration: 10 },
      { caller: '202', name: 'National mobile', quantidade: 1, duration: 20 },
      { caller: '203', name: 'International', quantidade: 1, duration: 15 },
    ]);
    // an extension's calls, summarised: every direction, each caller and type
    expect((await cdrs({ type: 3, filter: '201', detailed: false })).rows).toEqual([
      { caller: '201', name: 'National landline', quantidade: 2, duration: 135 },
      { caller: '201', name: 'Internal', quantidade: 1, duration: 33 },
      { caller: '201', name: 'Local landline', quantidade: 1, duration: 10 },
      { caller: '202', name: 'Internal', quantidade: 1, duration: 15 },
      { caller: '5511912345678', name: 'Entrante', quantidade: 1, duration: 72 },
    ]);
  });

  it('D-RPT-01 D-RPT-03 the period is required, ordered and at most a year; bad input is 400, never 500', async () => {
    const bad = async (body: Record<string, unknown>, path: string, message?: string) => {
      const res = await t().post('/api/v1/cdrs', CALLERS.admin, { ...day(D), detailed: true, filter: '', type: 1, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const issues = (res.json() as { issues: { path: string; message: string }[] }).issues;
      expect(issues.map((i) => i.path), JSON.stringify(body)).toContain(path);
      if (message) expect(issues.find((i) => i.path === path)?.message).toBe(message);
    };
    await bad({ from: undefined }, 'from', 'validation.required');
    await bad({ to: '' }, 'to', 'validation.required');
    await bad({ from: '2025-02-30T00:00:00Z' }, 'from');
    await bad({ from: 'yesterday' }, 'from');
    await bad({ from: '1899-01-01T00:00:00Z' }, 'from');
    await bad({ from: '2025-03-04T00:00:00\u0000Z' }, 'from');
    await bad({ to: '2025-03-03T23:00:00Z' }, 'to', 'validation.secondDate');
    await bad({ to: '2025-03-04T00:00:00.000Z' }, 'to', 'validation.secondDate');
    await bad({ from: '2024-01-01T00:00:00Z', to: '2025-03-04T00:00:00Z' }, 'to');
    await bad({ type: 0 }, 'type');
    await bad({ type: 2 ** 31 }, 'type');
    await bad({ type: 'x' }, 'type');
    await bad({ type: 3, filter: '20\u00001' }, 'filter');
    await bad({ type: 3, filter: '1'.repeat(11) }, 'filter');
    await bad({ page: -1 }, 'page');
    await bad({ page: 1.5 }, 'page');
    await bad({ detailed: 'yes' }, 'detailed');
    const notJson = await t().post('/api/v1/cdrs', CALLERS.admin, 'not json');
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
  });

  it('D-CDR tenancy: another corp sees only its own calls; level 1 reads a corp through the working corp only', async () => {
    const globex = await cdrs({ type: 1 }, CALLERS.globexAdmin);
    expect(globex.rows.map((r) => r.id)).toEqual([ids.g8]);
    // globex has no costEnabled: no cost column, no cost
    expect(globex).toMatchObject({ costVisible: false, rows: [{ usercost: null }] });
    expect((await cdrs({ type: 1 }, CALLERS.super, { 'x-working-corp': String(t().ids.corp.acme) })).total).toBe(5);
    const none = await t().post('/api/v1/cdrs', CALLERS.super, { ...day(D), detailed: true, filter: '', type: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'errors.workingCorpRequired' });
    expect((await t().post('/api/v1/cdrs', CALLERS.wall, { ...day(D), detailed: true, type: 1 })).statusCode).toBe(403);
    expect((await t().post('/api/v1/cdrs', null, { ...day(D), detailed: true, type: 1 })).statusCode).toBe(401);
  });

  it('D-CDR-06 a recording is reached by its own corp’s row only (none stored in memory: 404; another corp’s row: 404)', async () => {
    expect((await t().get(`/api/v1/cdrs/getsound/${ids.o1}`, CALLERS.admin)).statusCode).toBe(404);
    expect((await t().get(`/api/v1/cdrs/getsound/${ids.o1}`, CALLERS.globexAdmin)).statusCode).toBe(404);
    expect((await t().get(`/api/v1/cdrs/getsound/${2 ** 31}`, CALLERS.admin)).statusCode).toBe(400);
    expect((await t().get('/api/v1/cdrs/getsound/..%2F..%2Fetc', CALLERS.admin)).statusCode).toBe(400);
  });

  // the queue statistics read their own rows (beforeAll below), which the CDR tests above must not see
  describe('queue statistics', () => {
    // ------------------------------------------------------------------------------------------ queues
    const queueName = (queue: 'sales' | 'helpdesk' | 'support') => {
      const { acme, globex } = t().ids.corp;
      if (queue === 'helpdesk') return `${globex}_${t().ids.queue.helpdesk}`;
      return `${acme}_${queue === 'sales' ? t().ids.queue.sales : ids.support}`;
    };
    const stats = async (body: Record<string, unknown>, as: Caller = CALLERS.admin) => {
      const res = await t().post('/api/v1/statistics/queue', as, { ...day(D), queue: 0, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as QueueStatsResult;
    };

    // D-QST's rows: calls answered, abandoned, timed out, left with a key, transferred, and one answered at 23:59:50 that ends after midnight
    beforeAll(async () => {
      const queues = (await t().get('/api/v1/queue', CALLERS.admin)).json() as { id: number; name: string }[];
      ids.support = queues.find((q) => q.name === 'Support')!.id;
      const S = queueName('sales');
      const P = queueName('support');
      await insertQueueLog(t().db, t().ids.corp.acme, [
        [utc(D, '08:00:00'), 'A', S, 'NONE', 'ENTERQUEUE', '', '5511900000001', 1, 'Ann'],
        [utc(D, '08:00:05'), 'A', S, '202', 'RINGNOANSWER', 5000],
        [utc(D, '08:00:10'), 'A', S, '201', 'CONNECT', 10, 'ch-a', 3],
        [utc(D, '08:01:10'), 'A', S, '201', 'COMPLETECALLER', 10, 60, 1],
        [utc(D, '09:00:00'), 'B', S, 'NONE', 'ENTERQUEUE', '', '5511900000002', 1, ''],
        [utc(D, '09:00:30'), 'B', S, 'PJSIP/2_202', 'CONNECT', 30, 'ch-b', 2],
        [utc(D, '09:02:30'), 'B', S, 'PJSIP/2_202', 'COMPLETEAGENT', 30, 120, 1],
        [utc(D, '10:00:00'), 'C', S, 'NONE', 'ENTERQUEUE', '', '5511900000003', 1, ''],
        [utc(D, '10:00:45'), 'C', S, 'NONE', 'ABANDON', 1, 1, 45],
        [utc(D, '11:00:00'), 'D', S, 'NONE', 'ENTERQUEUE', '', '5511900000004', 1, ''],
        [utc(D, '11:01:30'), 'D', S, 'NONE', 'EXITWITHTIMEOUT', 1, 1, 90],
        [utc(D, '23:59:30'), 'E', S, 'NONE', 'ENTERQUEUE', '', '5511900000005', 1, ''],
        [utc(D, '23:59:50'), 'E', S, '201', 'CONNECT', 20, 'ch-e', 1],
        [utc(D1, '00:02:00'), 'E', S, '201', 'COMPLETEAGENT', 20, 130, 1],
        [utc(D, '12:00:00'), 'F', P, 'NONE', 'ENTERQUEUE', '', '5511900000006', 1, ''],
        [utc(D, '12:00:05'), 'F', P, '203', 'CONNECT', 5, 'ch-f', 1],
        [utc(D, '12:03:05'), 'F', P, '203', 'BLINDTRANSFER', '300', `c${t().ids.corp.acme}-internal`, 5, 180, 1],
        [utc(D, '13:00:00'), 'G', P, 'NONE', 'ENTERQUEUE', '', '5511900000007', 1, ''],
        [utc(D, '13:00:20'), 'G', P, 'NONE', 'EXITWITHKEY', '1', 1, 1, 20],
        [utc(D, '13:30:00'), 'NONE', P, '204', 'ADDMEMBER', ''],
        [utc(D1, '07:59:45'), 'H', S, 'NONE', 'ENTERQUEUE', '', '5511900000008', 1, ''],
        [utc(D1, '08:00:00'), 'H', S, '201', 'CONNECT', 15, 'ch-h', 1],
        [utc(D1, '08:00:50'), 'H', S, '201', 'COMPLETEAGENT', 15, 50, 1],
      ]);
      const H = queueName('helpdesk');
      await insertQueueLog(t().db, t().ids.corp.globex, [
        [utc(D, '08:00:10'), 'X', H, '1001', 'CONNECT', 99, 'ch-x', 1],
        [utc(D, '08:09:10'), 'X', H, '1001', 'COMPLETEAGENT', 99, 540, 1],
      ]);
      // call A's recording
      ids.recA = (await insertCdr(t().db, [incoming(t().ids.corp.acme, utc(D, '08:00:00'), '5511900000001', '551130001000', '201', 60, { uniqueid: 'A', recordingfile: `${t().ids.corp.acme}/20250304/A.wav` })]))[0];
    });

    it('D-QST-02 D-QST-03 the summary per queue: answered vs neglected, hold time sums and maxima, averages; a call counts on the day it was answered', async () => {
      const { sP1, sP2 } = await stats({});
      expect(sP1).toEqual([
        { queue: t().ids.queue.sales, name: 'Sales', totalCalls: 5, callduration: 310, holdtime: 195, avgcallduration: 103.33, avgholdtime: 39, maxcallduration: 130, maxholdtime: 90, attended: 3, neglected: 2 },
        { queue: ids.support, name: 'Support', totalCalls: 2, callduration: 180, holdtime: 25, avgcallduration: 180, avgholdtime: 12.5, maxcallduration: 180, maxholdtime: 20, attended: 1, neglected: 1 },
      ]);
      // D-QST-04 the pie rows: attended (Atendidas) and neglected (Desatendidas) per queue
      expect(sP2).toEqual([
        { estado: 'Atendidas', callcount: 3, queue: t().ids.queue.sales },
        { estado: 'Desatendidas', callcount: 2, queue: t().ids.queue.sales },
        { estado: 'Atendidas', callcount: 1, queue: ids.support },
        { estado: 'Desatendidas', callcount: 1, queue: ids.support },
      ]);
    });

    it('D-QST-01 period bucketing across midnight: the next day has only its own call; the evening has the call answered at 23:59:50 with its talk time from after midnight; one queue or all (0)', async () => {
      const next = await stats(day(D1));
      expect(next.sP1).toEqual([{ queue: t().ids.queue.sales, name: 'Sales', totalCalls: 1, callduration: 50, holdtime: 15, avgcallduration: 50, avgholdtime: 15, maxcallduration: 50, maxholdtime: 15, attended: 1, neglected: 0 }]);
      const evening = await stats({ from: `${D}T12:00:01.000Z`, queue: t().ids.queue.sales });
      expect(evening.sP1).toEqual([expect.objectContaining({ totalCalls: 1, attended: 1, callduration: 130, holdtime: 20 })]);
      const twoDays = await stats({ to: `${D1}T23:59:59.999Z`, queue: t().ids.queue.sales });
      expect(twoDays.sP1).toEqual([expect.objectContaining({ totalCalls: 6, attended: 4, neglected: 2, callduration: 360, holdtime: 210 })]);
      expect((await stats({ queue: ids.support })).sP1.map((q) => q.name)).toEqual(['Support']);
      // a queue of another corp, or none at all: no rows
      expect(await stats({ queue: t().ids.queue.helpdesk })).toEqual({ sP1: [], sP2: [] });
      expect((await stats({}, CALLERS.globexAdmin)).sP1).toEqual([expect.objectContaining({ name: 'Helpdesk', totalCalls: 1, callduration: 540, holdtime: 99 })]);
    });

    it('D-QST-05 D-QST-06 the calls of a queue: newest first, caller, talk and hold, the agent, the outcome to translate, the recording', async () => {
      const res = await t().post(`/api/v1/statistics/queue/${t().ids.queue.sales}/calls`, CALLERS.admin, { ...day(D), queue: t().ids.queue.sales });
      expect(res.statusCode, res.body).toBe(200);
      const { rows, truncated } = res.json() as QueueCallsResult;
      expect(truncated).toBe(false);
      expect(rows.map((r) => [r.callid, r.status, r.exten, r.callerId, r.callduration, r.holdtime])).toEqual([
        ['E', 'COMPLETEAGENT', '201', '5511900000005', 130, 20],
        ['D', 'EXITWITHTIMEOUT', '', '5511900000004', 0, 90],
        ['C', 'ABANDON', '', '5511900000003', 0, 45],
        ['B', 'COMPLETEAGENT', '202', '5511900000002', 120, 30],
        ['A', 'COMPLETECALLER', '201', '5511900000001', 60, 10],
      ]);
      expect(rows[0].timestamp).toBe('2025-03-04T23:59:50.000Z');
      expect(rows.map((r) => r.audio)).toEqual([null, null, null, null, ids.recA]);
      // another corp's queue id reads nothing of acme's
      const foreign = await t().post(`/api/v1/statistics/queue/${t().ids.queue.helpdesk}/calls`, CALLERS.admin, { ...day(D), queue: 0 });
      expect((foreign.json() as QueueCallsResult).rows).toEqual([]);
    });

    it('D-QST-01 the queue is required; bad ids are 400, and level 4 reads statistics, level 5 may not', async () => {
      expect((await t().post('/api/v1/statistics/queue', CALLERS.admin, { ...day(D) })).statusCode).toBe(400);
      expect((await t().post('/api/v1/statistics/queue', CALLERS.admin, { ...day(D), queue: -1 })).statusCode).toBe(400);
      expect((await t().post('/api/v1/statistics/queue', CALLERS.admin, { ...day(D), queue: 2 ** 31 })).statusCode).toBe(400);
      expect((await t().post(`/api/v1/statistics/queue/${2 ** 40}/calls`, CALLERS.admin, { ...day(D), queue: 0 })).statusCode).toBe(400);
      expect((await t().post('/api/v1/statistics/queue', CALLERS.agent, { ...day(D), queue: 0 })).statusCode).toBe(200);
      expect((await t().post('/api/v1/statistics/queue', CALLERS.wall, { ...day(D), queue: 0 })).statusCode).toBe(403);
    });
  });

  it('D-HOME-06 without a live state (no real-time side) the in-use gauges answer 503, which the home page shows as its alert', async () => {
    for (const url of ['/api/v1/dash/inuse/extensions', '/api/v1/dash/inuse/queues']) {
      const res = await t().get(url, CALLERS.admin);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: 'errors.pbxUnavailable' });
    }
  });
});
