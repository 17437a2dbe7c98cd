/**
 * J-TZ-02: one clock per corp. With the server in UTC, the same calls give the same day totals on the
 * dashboard (today's KPI and the day points), the CDR search and the queue statistics for a corp in
 * São Paulo (-03:00), in Kolkata (+05:30), and in Madrid on the two days its clocks change (29 March
 * 2026: 23 hours; 25 October 2026: 25 hours). The corp's days are written out below as UTC instants,
 * not computed by the rule under test. The dashboards' "today" is read at a fixed instant (the Date
 * of this process is set; its timers stay real). On PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { CdrResult, DashKpi, DashPoint, QueueStatsResult } from '../../../domain';
import { describeEachDatabase } from '../fixtures/test-app';
import { incoming, insertCdr, insertQueueLog, outgoing, type CdrFixture, type QueueLogFixture } from './fixtures';

// the server's own zone is UTC: no corp below has it
process.env.TZ = 'UTC';

const MIN = 60_000;

interface Case {
  zone: string;
  /** the corp's day */
  day: string;
  /** its first instant and the first of the next day, in UTC */
  from: string;
  to: string;
  /** an instant of that day: the dashboards' "now" */
  now: string;
}

const CASES: Case[] = [
  { zone: 'America/Sao_Paulo', day: '2026-03-29', from: '2026-03-29T03:00:00Z', to: '2026-03-30T03:00:00Z', now: '2026-03-29T12:00:00Z' },
  { zone: 'Asia/Kolkata', day: '2026-03-29', from: '2026-03-28T18:30:00Z', to: '2026-03-29T18:30:00Z', now: '2026-03-29T12:00:00Z' },
  // the clocks go from 02:00 to 03:00: a day of 23 hours
  { zone: 'Europe/Madrid', day: '2026-03-29', from: '2026-03-28T23:00:00Z', to: '2026-03-29T22:00:00Z', now: '2026-03-29T12:00:00Z' },
  // the clocks go from 03:00 back to 02:00: a day of 25 hours
  { zone: 'Europe/Madrid', day: '2026-10-25', from: '2026-10-24T22:00:00Z', to: '2026-10-25T23:00:00Z', now: '2026-10-25T12:00:00Z' },
];

/**
 * The calls: every 17 minutes over the days around both clock changes (never on a whole hour for
 * long: they fall on every quarter), a second either side of every case's edges, two busy hours,
 * alternately incoming through a queue (answered: ENTERQUEUE and CONNECT at its start) and outgoing.
 */
function callTimes(): number[] {
  const times = new Set<number>();
  for (const [start, end] of [
    ['2026-03-27T00:07:00Z', '2026-03-31T00:00:00Z'],
    ['2026-10-23T00:07:00Z', '2026-10-27T00:00:00Z'],
  ]) {
    for (let t = Date.parse(start); t < Date.parse(end); t += 17 * MIN) times.add(t);
  }
  for (const c of CASES) for (const edge of [c.from, c.to]) for (const d of [-1000, 0, 1000]) times.add(Date.parse(edge) + d);
  // busy hours where the corps' days and UTC's part: the evening of 28 March UTC (the 29th in Kolkata), the first hours of the 29th (the 28th in São Paulo)
  for (const start of ['2026-03-28T20:05:00Z', '2026-03-29T01:05:00Z']) for (let k = 0; k < 6; k++) times.add(Date.parse(start) + k * 9 * MIN);
  return [...times].sort((a, b) => a - b);
}

describeEachDatabase('J-TZ-02 one clock per corp: the same day on the dashboard, the CDR search and the queue statistics', (t) => {
  const times = callTimes();
  /** index even: incoming through Sales; odd: outgoing */
  const isIncoming = (i: number) => i % 2 === 0;

  beforeAll(async () => {
    const acme = t().ids.corp.acme;
    const queue = `${acme}_${t().ids.queue.sales}`;
    const calls: CdrFixture[] = times.map((ms, i) =>
      isIncoming(i) ? incoming(acme, new Date(ms), '5511912345678', '551130001000', '201', 30, { uniqueid: `tz-${i}` }) : outgoing(acme, new Date(ms), '201', '01131234567', 30, { uniqueid: `tz-${i}` }),
    );
    for (let i = 0; i < calls.length; i += 200) await insertCdr(t().db, calls.slice(i, i + 200));
    const log: QueueLogFixture[] = times.flatMap((ms, i): QueueLogFixture[] =>
      isIncoming(i)
        ? [
            [new Date(ms), `tz-${i}`, queue, 'NONE', 'ENTERQUEUE', '', '5511912345678', 1],
            [new Date(ms), `tz-${i}`, queue, 'PJSIP/201', 'CONNECT', 0, `ch-${i}`, 0],
            [new Date(ms + 30_000), `tz-${i}`, queue, 'PJSIP/201', 'COMPLETEAGENT', 0, 30, 1],
          ]
        : [],
    );
    for (let i = 0; i < log.length; i += 300) await insertQueueLog(t().db, acme, log.slice(i, i + 300));
  });

  afterAll(async () => {
    vi.useRealTimers();
    await t().db.execute(sql`update corp set time_zone = null where id = ${t().ids.corp.acme}`);
  });

  /** an admin of acme's requests, signed in at the instant the test has set */
  const admin = async () => {
    const login = await t().app.inject({ method: 'POST', url: '/api/v1/login', payload: { nick: 'admin', pass: 'callboard', corpoName: 'acme' } });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    return async <T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>): Promise<T> => {
      const res = await t().app.inject({ method, url, payload, headers });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      return res.json() as T;
    };
  };

  for (const c of CASES) {
    it(`J-TZ-01 J-TZ-02 ${c.zone}, ${c.day} (${(Date.parse(c.to) - Date.parse(c.from)) / 3_600_000} h): today's dashboard, the CDR search of the day and its queue statistics count the same calls`, async () => {
      await t().db.execute(sql`update corp set time_zone = ${c.zone} where id = ${t().ids.corp.acme}`);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(c.now));
      try {
        const inDay = times.map((ms, i) => ({ ms, i })).filter(({ ms }) => ms >= Date.parse(c.from) && ms < Date.parse(c.to));
        const expected = { incoming: inDay.filter(({ i }) => isIncoming(i)).length, outgoing: inDay.filter(({ i }) => !isIncoming(i)).length };
        // the UTC day holds other calls: a server reading its own zone would fail here
        const utcDay = times.filter((ms) => ms >= Date.parse(`${c.day}T00:00:00Z`) && ms < Date.parse(`${c.day}T00:00:00Z`) + 86_400_000);
        expect(utcDay.length).not.toBe(expected.incoming + expected.outgoing);
        const call = await admin();

        // the dashboard: today's KPI (the `tz` an older client sends does not win) and the last day point
        for (const url of ['/api/v1/dash/kpi/days/0', '/api/v1/dash/kpi/days/0?tz=UTC']) {
          const kpi = await call<DashKpi>('GET', url);
          expect({ url, from: kpi.from, to: kpi.to, in: kpi.totalEntrantes, out: kpi.totalSalientes }).toEqual({
            url,
            from: new Date(c.from).toISOString(),
            to: new Date(c.to).toISOString(),
            in: expected.incoming,
            out: expected.outgoing,
          });
        }
        const points = await call<DashPoint[]>('GET', '/api/v1/dash/points/14');
        expect(points.at(-1)).toEqual({ day: c.day, entrantes: expected.incoming, salientes: expected.outgoing });

        // the CDR search of the corp's day, given as its clock times (00:00 to 23:59)
        const window = { from: `${c.day}T00:00`, to: `${c.day}T23:59:59.999` };
        const cdrs = async (type: number) => (await call<CdrResult>('POST', '/api/v1/cdrs', { ...window, detailed: true, filter: '', type })).total;
        expect({ in: await cdrs(2), out: await cdrs(1) }).toEqual({ in: expected.incoming, out: expected.outgoing });

        // the queue statistics of the same day: the incoming calls, each answered in Sales
        const queues = await call<QueueStatsResult>('POST', '/api/v1/statistics/queue', { ...window, queue: 0 });
        expect(queues.sP1.reduce((n, q) => n + q.totalCalls, 0)).toBe(expected.incoming);
        expect(queues.sP1.reduce((n, q) => n + q.attended, 0)).toBe(expected.incoming);
      } finally {
        vi.useRealTimers();
      }
    });
  }
});
