import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { localDayBoundaries, TREND_BUCKET_MINUTES, TREND_BUCKETS, type KioskTrend } from '../../domain';
import { corp, queueLog } from '../../server/db/schema';
import type { QueueLogEvent } from '../../server/pbx';
import { queueTrend, trendDays } from '../../server/routes/kiosk-trend';
import { CALLERS, describeEachDatabase, type Caller } from './fixtures/test-app';

const MIN = 60_000;
const HOUR = 60 * MIN;
const BUCKET = TREND_BUCKET_MINUTES * MIN;

/** The test's "local" days: UTC midnights (the corps' zone here), yesterday 24 h long. */
const todayStart = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR;
const yesterdayStart = todayStart - 24 * HOUR;
const trendUrl = (today: number | string = todayStart, yesterday: number | string = yesterdayStart) => `/api/v1/kiosk/trend?todayStart=${today}&yesterdayStart=${yesterday}`;

const zeros = () => new Array<number>(TREND_BUCKETS).fill(0);
/** an array of 96 zeros with the given counts at the given buckets */
const counts = (at: Record<number, number>) => {
  const out = zeros();
  for (const [i, n] of Object.entries(at)) out[Number(i)] = n;
  return out;
};

describeEachDatabase('kiosk trend (GET /kiosk/trend)', (t) => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const insert = (corpId: number, rows: [number, QueueLogEvent][]) =>
    t()
      .db.insert(queueLog)
      .values(rows.map(([time, event], i) => ({ corpId, time: new Date(time), callid: `t.${corpId}.${i}`, queuename: `${corpId}_1`, agent: 'NONE', event })));
  const trend = async (as: Caller, headers?: Record<string, string>, url = trendUrl()) => {
    const res = await t().get(url, as, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as KioskTrend;
  };
  const kioskToken = async (name: string) => {
    const created = await t().post('/api/v1/kiosk', CALLERS.admin, { name, boards: ['trend'] });
    expect(created.statusCode, created.body).toBe(201);
    const { id, key } = created.json() as { id: number; key: string };
    const session = await t().post('/api/v1/kiosk/session', null, { corp: 'acme', screen: id, key });
    return { id, token: (session.json() as { token: string }).token };
  };

  // the corps' days are UTC's here (J-TZ-01: the corp's zone decides, not the board's midnights)
  beforeAll(async () => {
    const { acme, globex } = t().ids.corp;
    await t().db.update(corp).set({ timeZone: 'UTC' }).where(inArray(corp.id, [acme, globex]));
  });

  const acmeToday = { answered: counts({ 0: 2, 1: 1, 40: 1 }), abandoned: counts({ 3: 1, 95: 1 }) };
  const acmeYesterday = { answered: counts({ 95: 1, 50: 2 }), abandoned: counts({ 0: 1 }) };

  it('counts CONNECT as answered and ABANDON as abandoned per 15 minutes, both days, bucket edges exact; timeouts and other events, other days and other corps do not count', async () => {
    const { acme, globex } = t().ids.corp;
    await insert(acme, [
      // today
      [todayStart, 'CONNECT'], // exactly on the first boundary: bucket 0
      [todayStart + BUCKET - 1, 'CONNECT'], // last ms of bucket 0
      [todayStart + BUCKET, 'CONNECT'], // exactly on the next boundary: bucket 1
      [todayStart + 10 * HOUR + 5 * MIN, 'CONNECT'], // bucket 40
      [todayStart + 3 * BUCKET + 7 * MIN, 'ABANDON'], // bucket 3
      [todayStart + 24 * HOUR - 1, 'ABANDON'], // last ms of the day: bucket 95
      [todayStart + 24 * HOUR, 'CONNECT'], // tomorrow: not counted
      // counted in neither, as the live queue counters
      [todayStart + 3 * BUCKET, 'EXITWITHTIMEOUT'],
      [todayStart + 3 * BUCKET, 'EXITEMPTY'],
      [todayStart + 3 * BUCKET, 'EXITWITHKEY'],
      [todayStart + 3 * BUCKET, 'ENTERQUEUE'],
      [todayStart + 3 * BUCKET, 'COMPLETECALLER'],
      [todayStart + 3 * BUCKET, 'RINGNOANSWER'],
      // yesterday
      [todayStart - 1, 'CONNECT'], // just before midnight: yesterday's bucket 95
      [yesterdayStart, 'ABANDON'], // yesterday's bucket 0
      [yesterdayStart + 12 * HOUR + 30 * MIN, 'CONNECT'], // bucket 50
      [yesterdayStart + 12 * HOUR + 44 * MIN, 'CONNECT'], // bucket 50
      [yesterdayStart + 12 * HOUR + 44 * MIN, 'EXITWITHTIMEOUT'],
      [yesterdayStart - 1, 'CONNECT'], // the day before: not counted
    ]);
    // globex's rows at the same times never reach acme
    await insert(globex, [
      [todayStart, 'CONNECT'],
      [todayStart + BUCKET, 'ABANDON'],
      [todayStart - 1, 'ABANDON'],
    ]);

    const before = Date.now();
    const acmeTrend = await trend(CALLERS.admin);
    expect(acmeTrend).toEqual({ bucketMinutes: 15, today: acmeToday, yesterday: acmeYesterday, asOf: expect.any(Number) as number });
    expect(acmeTrend.asOf).toBeGreaterThanOrEqual(before);
    expect(acmeTrend.asOf).toBeLessThanOrEqual(Date.now());
    for (const day of [acmeTrend.today, acmeTrend.yesterday]) {
      expect(day.answered).toHaveLength(TREND_BUCKETS);
      expect(day.abandoned).toHaveLength(TREND_BUCKETS);
    }

    const globexTrend = await trend(CALLERS.globexAdmin);
    expect(globexTrend.today).toEqual({ answered: counts({ 0: 1 }), abandoned: counts({ 1: 1 }) });
    expect(globexTrend.yesterday).toEqual({ answered: zeros(), abandoned: counts({ 95: 1 }) });
  });

  it('a shorter (23 h) or longer (25 h) yesterday: buckets start at each midnight', async () => {
    const { acme } = t().ids.corp;
    // yesterday 23 h long: the row 1 ms before todayStart sits in bucket 91; nothing beyond
    const short = await queueTrend(t().db, acme, { todayStart, yesterdayStart: todayStart - 23 * HOUR });
    expect(short.today).toEqual(acmeToday);
    expect(short.yesterday.answered[Math.floor((23 * HOUR - 1) / BUCKET)]).toBe(1);
    expect(short.yesterday.answered.slice(92)).toEqual([0, 0, 0, 0]);
    // 25 h long: its first 96 buckets (the 25th hour has no bucket)
    const long = await queueTrend(t().db, acme, { todayStart, yesterdayStart: todayStart - 25 * HOUR });
    expect(long.today).toEqual(acmeToday);
    expect(long.yesterday.abandoned[4]).toBe(1); // yesterdayStart (24 h before) is 1 h into the long day
    // the days of a zone that changes its clocks: Madrid's 2026-03-29 (23 h) and 2026-10-25 (25 h)
    expect(trendDays(Date.parse('2026-03-30T09:00:00Z'), 'Europe/Madrid')).toEqual({ yesterdayStart: Date.parse('2026-03-28T23:00:00Z'), todayStart: Date.parse('2026-03-29T22:00:00Z') });
    expect(trendDays(Date.parse('2026-10-26T09:00:00Z'), 'Europe/Madrid')).toEqual({ yesterdayStart: Date.parse('2026-10-24T22:00:00Z'), todayStart: Date.parse('2026-10-25T23:00:00Z') });
  });

  it("J-TZ-01 the days are the corp's (its zone), whatever midnights the board sends", async () => {
    const { acme } = t().ids.corp;
    await t().db.update(corp).set({ timeZone: 'Asia/Kolkata' }).where(eq(corp.id, acme));
    try {
      const [kolkataYesterday, kolkataToday] = localDayBoundaries(Date.now(), 'Asia/Kolkata', 2);
      const expected = await queueTrend(t().db, acme, { todayStart: kolkataToday, yesterdayStart: kolkataYesterday });
      // the rows above sit on UTC quarter hours: half an hour off Kolkata's, so its days cut them elsewhere
      expect(expected.today).not.toEqual(acmeToday);
      for (const url of ['/api/v1/kiosk/trend', trendUrl()]) {
        const got = await trend(CALLERS.admin, undefined, url);
        expect({ today: got.today, yesterday: got.yesterday }, url).toEqual(expected);
      }
    } finally {
      await t().db.update(corp).set({ timeZone: 'UTC' }).where(eq(corp.id, acme));
    }
  });

  it('who may: a kiosk token for its own corp, a level 5 user; 401 without a token or with a revoked screen’s token; 403 for level 4 without the kiosk view', async () => {
    expect((await t().get(trendUrl(), null)).statusCode).toBe(401);
    expect((await t().get(trendUrl(), null, bearer('not-a-token'))).statusCode).toBe(401);
    expect((await t().get(trendUrl(), CALLERS.agent)).statusCode).toBe(403);
    expect((await trend(CALLERS.wall)).today).toEqual(acmeToday);

    const screen = await kioskToken('Trend TV');
    expect(await trend(null, bearer(screen.token))).toMatchObject({ today: acmeToday, yesterday: acmeYesterday });
    expect((await t().post(`/api/v1/kiosk/${screen.id}/revoke`, CALLERS.admin)).statusCode).toBe(200);
    const revoked = await t().get(trendUrl(), null, bearer(screen.token));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ message: 'errors.kioskRevoked' });
    // the guard answers before the query is looked at
    expect((await t().get(trendUrl('x'), null)).statusCode).toBe(401);
  });

  it('level 1: its working corp (x-working-corp), else its own corp; an unknown working corp is 400', async () => {
    const { acme, globex } = t().ids.corp;
    expect((await trend(CALLERS.super, { 'x-working-corp': String(acme) })).today).toEqual(acmeToday);
    expect((await trend(CALLERS.super, { 'x-working-corp': String(globex) })).today).toEqual({ answered: counts({ 0: 1 }), abandoned: counts({ 1: 1 }) });
    expect((await trend(CALLERS.super)).today).toEqual({ answered: zeros(), abandoned: zeros() });
    expect((await t().get(trendUrl(), CALLERS.super, { 'x-working-corp': '999999' })).statusCode).toBe(400);
  });

  it("the query of older boards: both or neither, integers, a day of 23 to 25 h, todayStart at most 24 h ahead and 8 days old; else 400 naming the field", async () => {
    const bad = async (url: string, path: string) => {
      const res = await t().get(url, CALLERS.admin);
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { issues: { path: string }[] }).issues.map((e) => e.path), url).toContain(path);
    };
    expect((await trend(CALLERS.admin, undefined, '/api/v1/kiosk/trend')).today).toEqual(acmeToday);
    await bad(`/api/v1/kiosk/trend?todayStart=${todayStart}`, 'yesterdayStart');
    await bad(`/api/v1/kiosk/trend?yesterdayStart=${yesterdayStart}`, 'todayStart');
    await bad(trendUrl('abc'), 'todayStart');
    await bad(trendUrl(`${todayStart}.5`), 'todayStart');
    await bad(trendUrl(todayStart, `${yesterdayStart}.5`), 'yesterdayStart');
    await bad(trendUrl(todayStart, todayStart), 'yesterdayStart');
    await bad(trendUrl(todayStart, todayStart + 24 * HOUR), 'yesterdayStart');
    await bad(trendUrl(todayStart, todayStart - 23 * HOUR + 1), 'yesterdayStart');
    await bad(trendUrl(todayStart, todayStart - 25 * HOUR - 1), 'yesterdayStart');
    const now = Date.now();
    await bad(trendUrl(now + 25 * HOUR, now + HOUR), 'todayStart');
    await bad(trendUrl(now - 9 * 24 * HOUR, now - 10 * 24 * HOUR), 'todayStart');
    // the edges that pass
    await trend(CALLERS.admin, undefined, trendUrl(todayStart, todayStart - 23 * HOUR));
    await trend(CALLERS.admin, undefined, trendUrl(todayStart, todayStart - 25 * HOUR));
    await trend(CALLERS.admin, undefined, trendUrl(now + 23 * HOUR, now - HOUR));
    await trend(CALLERS.admin, undefined, trendUrl(now - 7 * 24 * HOUR, now - 8 * 24 * HOUR));
  });
});
