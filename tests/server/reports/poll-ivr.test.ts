import { beforeAll, expect, it } from 'vitest';
import type { IvrStatsRow, OptionCount, PollStatsRow } from '../../../domain';
import { ivr, ivrLog, poll, pollAnswer, question } from '../../../server/db/schema';
import { CALLERS, describeEachDatabase, type Caller } from '../fixtures/test-app';
import { utc } from './fixtures';

const D = '2025-03-04';
const window = { from: `${D}T00:00:00.000Z`, to: `${D}T23:59:59.999Z` };

describeEachDatabase('reports: poll and IVR statistics', (t) => {
  const ids = { poll: 0, q1: 0, q2: 0, otherPoll: 0, otherQuestion: 0, ivr: 0, otherIvr: 0 };

  // the data every test below reads: a poll with two questions and an IVR per corp, answers and choices
  beforeAll(async () => {
    const { acme, globex } = t().ids.corp;
    const db = t().db;
    const [p] = await db.insert(poll).values({ corpId: acme, name: 'Satisfaction' }).returning({ id: poll.id });
    const [gp] = await db.insert(poll).values({ corpId: globex, name: 'Service' }).returning({ id: poll.id });
    const qs = await db
      .insert(question)
      .values([
        { corpId: acme, pollId: p.id, name: 'Was it quick?', orderSequencial: 1 },
        { corpId: acme, pollId: p.id, name: 'Was it kind?', orderSequencial: 2 },
        { corpId: globex, pollId: gp.id, name: 'Rate us', orderSequencial: 1 },
      ])
      .returning({ id: question.id });
    const [i] = await db.insert(ivr).values({ corpId: acme, name: 'Main menu' }).returning({ id: ivr.id });
    const [gi] = await db.insert(ivr).values({ corpId: globex, name: 'Front' }).returning({ id: ivr.id });
    Object.assign(ids, { poll: p.id, q1: qs[0].id, q2: qs[1].id, otherPoll: gp.id, otherQuestion: qs[2].id, ivr: i.id, otherIvr: gi.id });
    const answer = (corpId: number, pollId: number, questionId: number, at: string, exten: string, value: number) => ({ corpId, pollId, questionId, calldate: utc(D, at), exten, answer: value });
    await db.insert(pollAnswer).values([
      answer(acme, p.id, qs[0].id, '09:00:00', '201', 5),
      answer(acme, p.id, qs[0].id, '09:10:00', '201', 5),
      answer(acme, p.id, qs[0].id, '10:00:00', '202', 3),
      answer(acme, p.id, qs[0].id, '11:00:00', '202', 9),
      answer(acme, p.id, qs[0].id, '23:59:59', '203', 0),
      answer(acme, p.id, qs[1].id, '12:00:00', '201', 7),
      { ...answer(acme, p.id, qs[0].id, '00:00:00', '201', 1), calldate: utc('2025-03-05', '00:00:00') },
      answer(globex, gp.id, qs[2].id, '09:00:00', '1001', 2),
    ]);
    const choice = (corpId: number, ivrId: number, at: string, option: string) => ({ corpId, ivrId, calldate: utc(D, at), option });
    await db.insert(ivrLog).values([
      choice(acme, i.id, '08:00:00', '1'),
      choice(acme, i.id, '08:01:00', '1'),
      choice(acme, i.id, '08:02:00', '2'),
      choice(acme, i.id, '08:03:00', 't'),
      choice(acme, i.id, '08:04:00', 'i'),
      choice(acme, i.id, '08:05:00', '3'),
      { ...choice(acme, i.id, '08:00:00', '9'), calldate: utc('2025-03-03', '23:59:59') },
      choice(globex, gi.id, '08:00:00', '4'),
    ]);
  });

  const pollTable = async (question: number, exten: string, summarized: boolean, as: Caller = CALLERS.admin, pollId = ids.poll) => {
    const res = await t().post(`/api/v1/statistics/poll/${pollId}/${question}/${exten}`, as, { ...window, summarized });
    return { status: res.statusCode, rows: res.statusCode === 200 ? (res.json() as PollStatsRow[]) : [] };
  };

  it('D-PST-01 D-PST-03 a question’s answers: count, mode (the lowest on a tie) and mean, summarised or per extension; the extension is optional (D-RPT-05)', async () => {
    expect((await pollTable(ids.q1, '0', true)).rows).toEqual([{ questionId: ids.q1, cantidad: 5, exten: '', moda: 5, media: 4.4 }]);
    expect((await pollTable(ids.q1, '0', false)).rows).toEqual([
      { questionId: ids.q1, cantidad: 2, exten: '201', moda: 5, media: 5 },
      { questionId: ids.q1, cantidad: 2, exten: '202', moda: 3, media: 6 },
      { questionId: ids.q1, cantidad: 1, exten: '203', moda: 0, media: 0 },
    ]);
    expect((await pollTable(ids.q1, '202', true)).rows).toEqual([{ questionId: ids.q1, cantidad: 2, exten: '', moda: 3, media: 6 }]);
    expect((await pollTable(ids.q2, '0', true)).rows).toEqual([{ questionId: ids.q2, cantidad: 1, exten: '', moda: 7, media: 7 }]);
    expect((await pollTable(ids.q1, '299', true)).rows).toEqual([]);
  });

  it('D-PST-04 the question’s pie has the ten options 0 to 9, the unchosen with 0', async () => {
    const res = await t().post(`/api/v1/statistics/poll/chart/${ids.q1}`, CALLERS.admin, { ...window, summarized: true, exten: '0' });
    expect(res.statusCode, res.body).toBe(200);
    const counts = res.json() as OptionCount[];
    expect(counts.map((c) => c.option)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(counts.map((c) => c.count)).toEqual([1, 0, 0, 1, 0, 2, 0, 0, 0, 1]);
    const only201 = (await t().post(`/api/v1/statistics/poll/chart/${ids.q1}`, CALLERS.admin, { ...window, exten: '201' })).json() as OptionCount[];
    expect(only201.find((c) => c.option === '5')?.count).toBe(2);
    expect(only201.reduce((s, c) => s + c.count, 0)).toBe(2);
  });

  it('D-PST-01 D-PST tenancy: poll and question are required and must be the corp’s own (404), a question of another poll too', async () => {
    expect((await pollTable(ids.otherQuestion, '0', true, CALLERS.admin, ids.otherPoll)).status).toBe(404);
    expect((await pollTable(ids.q1, '0', true, CALLERS.globexAdmin)).status).toBe(404);
    expect((await pollTable(ids.q1, '0', true, CALLERS.admin, ids.otherPoll)).status).toBe(404);
    expect((await pollTable(0, '0', true)).status).toBe(400);
    expect((await pollTable(ids.q1, '0', true, CALLERS.admin, 0)).status).toBe(400);
    expect((await pollTable(ids.q1, 'abc', true)).status).toBe(400);
    expect((await pollTable(2 ** 31, '0', true)).status).toBe(400);
    expect((await t().post(`/api/v1/statistics/poll/chart/${ids.otherQuestion}`, CALLERS.admin, window)).statusCode).toBe(404);
    expect((await pollTable(ids.otherQuestion, '0', true, CALLERS.globexAdmin, ids.otherPoll)).rows).toEqual([{ questionId: ids.otherQuestion, cantidad: 1, exten: '', moda: 2, media: 2 }]);
    expect((await pollTable(ids.q1, '0', true, CALLERS.agent)).status).toBe(200);
    expect((await pollTable(ids.q1, '0', true, CALLERS.wall)).status).toBe(403);
  });

  it('D-IST-01 D-IST-02 D-IST-03 an IVR’s choices: count, the most chosen, the mean of the digits; the pie per option with timeouts (t) and invalid keys (i)', async () => {
    const table = await t().post(`/api/v1/statistics/ivr/${ids.ivr}`, CALLERS.admin, window);
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json() as IvrStatsRow[]).toEqual([{ ivrId: ids.ivr, nombre: 'Main menu', moda: '1', media: 1.75, cantidad: 6 }]);
    const chart = (await t().post(`/api/v1/statistics/ivr/${ids.ivr}/chart`, CALLERS.admin, window)).json() as OptionCount[];
    expect(Object.fromEntries(chart.map((c) => [c.option, c.count]))).toEqual({ '0': 0, '1': 2, '2': 1, '3': 1, '4': 0, '5': 0, '6': 0, '7': 0, '8': 0, '9': 0, t: 1, i: 1 });
    // a quiet period: no mode, no mean
    const quiet = await t().post(`/api/v1/statistics/ivr/${ids.ivr}`, CALLERS.admin, { from: '2025-01-01T00:00:00Z', to: '2025-01-02T00:00:00Z' });
    expect(quiet.json()).toEqual([{ ivrId: ids.ivr, nombre: 'Main menu', moda: null, media: null, cantidad: 0 }]);
  });

  it('D-IST-01 the IVR is required and the corp’s own; IVR statistics go with the cdr view (level 4 yes, level 5 no)', async () => {
    expect((await t().post(`/api/v1/statistics/ivr/${ids.otherIvr}`, CALLERS.admin, window)).statusCode).toBe(404);
    expect((await t().post(`/api/v1/statistics/ivr/${ids.otherIvr}/chart`, CALLERS.admin, window)).statusCode).toBe(404);
    expect((await t().post('/api/v1/statistics/ivr/0', CALLERS.admin, window)).statusCode).toBe(400);
    expect((await t().post(`/api/v1/statistics/ivr/${ids.ivr}`, CALLERS.admin, { from: window.to, to: window.from })).statusCode).toBe(400);
    expect((await t().post(`/api/v1/statistics/ivr/${ids.ivr}`, CALLERS.agent, window)).statusCode).toBe(200);
    expect((await t().post(`/api/v1/statistics/ivr/${ids.ivr}`, CALLERS.wall, window)).statusCode).toBe(403);
    expect((await t().post(`/api/v1/statistics/ivr/${ids.otherIvr}`, CALLERS.globexAdmin, window)).json()).toEqual([{ ivrId: ids.otherIvr, nombre: 'Front', moda: '4', media: 4, cantidad: 1 }]);
  });

  it('D-RPT-06 D-PST-02 the selectors: the corp’s queues, extensions and IVRs as maps, its polls with their questions in order', async () => {
    const res = await t().get('/api/v1/reports/corpdetail', CALLERS.admin);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as { queues: Record<string, string>; extens: Record<string, string>; ivrs: Record<string, string>; polls: { id: number; questions: { id: number; order: number }[] }[]; costEnabled: boolean };
    expect(Object.values(detail.queues).sort()).toEqual(['Billing', 'Sales', 'Support']);
    expect(detail.extens['201']).toBeTruthy();
    // the demo data may hold IVRs and polls of its own: ours are among them, the other corp's are not
    expect(detail.ivrs[ids.ivr]).toBe('Main menu');
    expect(detail.ivrs[ids.otherIvr]).toBeUndefined();
    expect(detail.polls.find((p) => p.id === ids.poll)).toEqual({ id: ids.poll, name: 'Satisfaction', questions: [expect.objectContaining({ id: ids.q1, order: 1 }), expect.objectContaining({ id: ids.q2, order: 2 })] });
    expect(detail.polls.find((p) => p.id === ids.otherPoll)).toBeUndefined();
    expect(detail.costEnabled).toBe(true);
    const globex = (await t().get('/api/v1/reports/corpdetail', CALLERS.globexAdmin)).json() as typeof detail;
    expect(Object.values(globex.queues)).toEqual(['Helpdesk']);
    expect(globex.ivrs[ids.otherIvr]).toBe('Front');
    expect(globex.ivrs[ids.ivr]).toBeUndefined();
    expect(globex.costEnabled).toBe(false);
    expect((await t().get('/api/v1/reports/corpdetail', CALLERS.wall)).statusCode).toBe(403);
    expect((await t().get('/api/v1/reports/corpdetail', CALLERS.super)).statusCode).toBe(400);
  });
});
