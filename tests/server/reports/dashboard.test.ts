import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { EXT_STATUS, localDay, localDayBoundaries, type DashCorpRow, type DashExtensionsRow, type DashKpi, type DashPoint, type InUse } from '../../../domain';
import { callTotals, pointsOf } from '../../../server/routes/reports/dashboard-queries';
import { CALLERS, describeEachDatabase, MANUAL_SIMULATOR, type Caller } from '../fixtures/test-app';
import { incoming, insertCdr, internal, outgoing } from './fixtures';

const HOUR = 3_600_000;

describeEachDatabase(
  'reports: dashboards',
  (t) => {
    const now = Date.now();
    const yesterday = now - 24 * HOUR;

    // the calls every test below reads: today and yesterday for acme and globex (rated by a tariff)
    beforeAll(async () => {
      const { acme, globex } = t().ids.corp;
      const groups = (await t().get('/api/v1/destinationgroup', CALLERS.super)).json() as { id: number; name: string }[];
      const nationalLandline = groups.find((g) => g.name === 'National landline')!.id;
      await t().put('/api/v1/tariff', CALLERS.super, [{ groupId: nationalLandline, pricePerMinute: 0.6, minimumSec: 0, incrementSec: 60 }], { 'x-working-corp': String(acme) });
      await insertCdr(t().db, [
        outgoing(acme, new Date(now), '201', '01131234567', 90), // 120 s billed: 1.2
        outgoing(acme, new Date(now), '202', '011987654321', 30), // national mobile, no tariff
        incoming(acme, new Date(now), '5511912345678', '551130001000', '201', 60),
        incoming(acme, new Date(now), '5511912345679', '551130001000', null, 0),
        internal(acme, new Date(now), '201', '202', 10),
        outgoing(acme, new Date(yesterday), '201', '01131234567', 30), // 60 s billed: 0.6
        incoming(globex, new Date(now), '5511900000000', '551140002000', '1001', 120),
      ]);
    });

    const get = async <T>(url: string, as: Caller = CALLERS.admin, headers?: Record<string, string>) => {
      const res = await t().get(url, as, headers);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      return res.json() as T;
    };

    it('D-GEN-02 D-GEN-04 D-GEN-05 D-HOME-02 the KPI record of today, yesterday and the week: calls in and out, minutes, spend, per destination group', async () => {
      const today = await get<DashKpi>('/api/v1/dash/kpi/days/0?tz=UTC');
      expect(today).toMatchObject({ totalEntrantes: 2, totalSalientes: 2, totalMinEntrantes: 1, totalMinSalientes: 2, totalCosto: 1.2 });
      expect(today.categories).toEqual([
        { name: 'Entrante', totalE: 2, totalS: 0, totalMinE: 1, totalMinS: 0 },
        { name: 'National landline', totalE: 0, totalS: 1, totalMinE: 0, totalMinS: 1.5 },
        { name: 'National mobile', totalE: 0, totalS: 1, totalMinE: 0, totalMinS: 0.5 },
      ]);
      expect(await get<DashKpi>('/api/v1/dash/kpi/days/1?tz=UTC')).toMatchObject({ totalEntrantes: 0, totalSalientes: 1, totalCosto: 0.6 });
      expect(await get<DashKpi>('/api/v1/dash/kpi/days/7?tz=UTC')).toMatchObject({ totalEntrantes: 2, totalSalientes: 3, totalCosto: 1.8 });
      // a corp in another zone (half an hour off UTC: its days summed from the calls themselves) holds the same calls of the last week
      await t().db.execute(sql`update corp set time_zone = 'Asia/Kolkata' where id = ${t().ids.corp.acme}`);
      expect(await get<DashKpi>('/api/v1/dash/kpi/days/7?tz=UTC')).toMatchObject({ totalSalientes: 3, totalCosto: 1.8 });
      await t().db.execute(sql`update corp set time_zone = null where id = ${t().ids.corp.acme}`);
      // the supervisor without a working corp sees every corp; with one, that corp
      expect(await get<DashKpi>('/api/v1/dash/kpi/days/0?tz=UTC', CALLERS.super)).toMatchObject({ totalEntrantes: 3, totalSalientes: 2 });
      expect(await get<DashKpi>('/api/v1/dash/kpi/days/0?tz=UTC', CALLERS.super, { 'x-working-corp': String(t().ids.corp.globex) })).toMatchObject({ totalEntrantes: 1, totalSalientes: 0 });
      expect(await get<DashKpi>('/api/v1/dash/kpi/days/0?tz=UTC', CALLERS.globexAdmin)).toMatchObject({ totalEntrantes: 1, totalSalientes: 0, totalCosto: 0 });
    });

    it('D-GEN-06 D-GEN-07 spend and calls per corp, every corp listed, by the chosen metric (level 1 only)', async () => {
      const byCost = await get<DashCorpRow[]>('/api/v1/dash/days/7/costo/0/group/0?tz=UTC', CALLERS.super);
      expect(byCost.map((r) => r.name)).toEqual(['Acme', 'Globex']);
      expect(byCost[0]).toEqual({ corpId: t().ids.corp.acme, name: 'Acme', entrantes: 2, salientes: 3, duracionEnt: 60, duracionSal: 150, costo: 1.8 });
      expect(byCost[1]).toMatchObject({ entrantes: 1, salientes: 0, duracionEnt: 120, costo: 0 });
      const byIncoming = await get<DashCorpRow[]>('/api/v1/dash/days/0/entrantes/0/group/0?tz=UTC', CALLERS.super);
      expect(byIncoming.map((r) => [r.name, r.entrantes])).toEqual([
        ['Acme', 2],
        ['Globex', 1],
      ]);
      expect((await t().get('/api/v1/dash/days/0/costo/0/group/0', CALLERS.admin)).statusCode).toBe(403);
      for (const bad of ['/api/v1/dash/days/2/costo/0/group/0', '/api/v1/dash/days/0/nope/0/group/0', '/api/v1/dash/days/0/costo/1/group/0', '/api/v1/dash/days/0/costo/0/group/x', '/api/v1/dash/days/0/costo/0/group/0?tz=Mars%2FBase']) {
        expect((await t().get(bad, CALLERS.super)).statusCode, bad).toBe(400);
      }
    });

    it('D-HOME-07 the call periods: 14 local days, oldest first, today last', async () => {
      const points = await get<DashPoint[]>('/api/v1/dash/points/14?tz=UTC');
      expect(points).toHaveLength(14);
      expect(points[13]).toEqual({ day: localDay(now, 'UTC'), entrantes: 2, salientes: 2 });
      expect(points[12]).toEqual({ day: localDay(yesterday, 'UTC'), entrantes: 0, salientes: 1 });
      expect(points.slice(0, 12).every((p) => p.entrantes === 0 && p.salientes === 0)).toBe(true);
      for (const bad of ['/api/v1/dash/points/0', '/api/v1/dash/points/99', '/api/v1/dash/points/14?tz=%00', '/api/v1/dash/kpi/days/3', '/api/v1/dash/kpi/days/0?tz=' + 'A'.repeat(80)]) {
        expect((await t().get(bad, CALLERS.admin)).statusCode, bad).toBe(400);
      }
    });

    it('D-HOME-07 period bucketing across midnight and DST: New York’s 23-hour day (rollup) and Kolkata’s half-hour midnight (from the calls) give the same calls to the right days', async () => {
      const { acme } = t().ids.corp;
      const at = (iso: string) => new Date(iso);
      await insertCdr(t().db, [
        incoming(acme, at('2024-03-10T04:59:59Z'), '5511900000001', '1', '201', 10), // New York 9 March 23:59:59 EST
        outgoing(acme, at('2024-03-10T05:00:00Z'), '201', '01131234567', 10), // 10 March 00:00 EST
        incoming(acme, at('2024-03-11T03:59:59Z'), '5511900000002', '1', '201', 10), // 10 March 23:59:59 EDT (a 23-hour day)
        outgoing(acme, at('2024-03-11T04:00:00Z'), '201', '01131234567', 10), // 11 March 00:00 EDT
        incoming(acme, at('2024-03-11T18:29:59Z'), '5511900000003', '1', '201', 10), // Kolkata 11 March 23:59:59
        outgoing(acme, at('2024-03-11T18:30:00Z'), '201', '01131234567', 10), // Kolkata 12 March 00:00
      ]);
      const ny = localDayBoundaries(Date.parse('2024-03-11T12:00:00Z'), 'America/New_York', 3);
      expect(ny.map((ms) => new Date(ms).toISOString())).toEqual(['2024-03-09T05:00:00.000Z', '2024-03-10T05:00:00.000Z', '2024-03-11T04:00:00.000Z', '2024-03-12T04:00:00.000Z']);
      expect(await pointsOf(t().db, acme, ny, (ms) => localDay(ms, 'America/New_York'))).toEqual([
        { day: '2024-03-09', entrantes: 1, salientes: 0 },
        { day: '2024-03-10', entrantes: 1, salientes: 1 },
        { day: '2024-03-11', entrantes: 1, salientes: 2 },
      ]);
      const kolkata = localDayBoundaries(Date.parse('2024-03-12T12:00:00Z'), 'Asia/Kolkata', 2);
      expect(await pointsOf(t().db, acme, kolkata, (ms) => localDay(ms, 'Asia/Kolkata'))).toEqual([
        { day: '2024-03-11', entrantes: 2, salientes: 1 },
        { day: '2024-03-12', entrantes: 0, salientes: 1 },
      ]);
    });

    it('D-GEN-05 the hourly rollup and the calls themselves agree (whole hours from the rollup, a half-hour edge from the rows)', async () => {
      const { acme } = t().ids.corp;
      const from = Date.parse('2024-03-09T00:00:00Z');
      const to = Date.parse('2024-03-13T00:00:00Z');
      const key = (r: { direction: number; groupId: number }) => `${r.direction}/${r.groupId}`;
      const fromRollup = await callTotals(t().db, acme, from, to, ['group']);
      const fromRows = await callTotals(t().db, acme, from, to, ['group'], [from + 30 * 60_000]);
      const sorted = (rows: typeof fromRollup) => rows.map((r) => ({ ...r, bucket: 0, key: key(r) })).sort((a, b) => a.key.localeCompare(b.key));
      expect(sorted(fromRows)).toEqual(sorted(fromRollup));
      expect(fromRollup.reduce((s, r) => s + r.calls, 0)).toBe(6);
      // a deleted call leaves the rollup too
      await t().db.execute(`delete from cdr where corp_id = ${acme} and calldate = '2024-03-10T05:00:00Z'`);
      expect((await callTotals(t().db, acme, from, to, ['group'])).reduce((s, r) => s + r.calls, 0)).toBe(5);
    });

    it('D-GEN-08 extensions per corp: total, enabled, disabled and online from the live state (level 1)', async () => {
      const rows = await get<DashExtensionsRow[]>('/api/v1/dash/extensions', CALLERS.super);
      expect(rows.map((r) => r.name)).toEqual(['Acme', 'Globex']);
      const live = t().app.live!.ops;
      for (const row of rows) {
        const extensions = await live.getExtensions(row.corpId);
        const stored = (await t().db.execute(`select count(*) as n, count(*) filter (where enabled) as enabled from extension where corp_id = ${row.corpId}`)) as unknown as { rows: { n: string; enabled: string }[] };
        expect(row.totalExt).toBe(Number(stored.rows[0].n));
        expect(row.totalEnable).toBe(Number(stored.rows[0].enabled));
        expect(row.totalEnable + row.totalDisable).toBe(row.totalExt);
        expect(row.totalOnline).toBe(extensions.filter((e) => e.status !== 0).length);
      }
      expect((await t().get('/api/v1/dash/extensions', CALLERS.admin)).statusCode).toBe(403);
    });

    it('D-HOME-05 the in-use gauges with a call up: the two extensions on it count as in use, and their queue as in use, each of all', async () => {
      const { acme } = t().ids.corp;
      const live = t().app.live!;
      const statusOf = async (number: string) => (await live.ops.getExtensions(acme)).find((e) => e.number === number)?.status;
      const total = (await live.ops.getExtensions(acme)).length;
      // the manual clock has not moved: every phone is idle, no queue has a caller or a member on a call
      expect(await get<InUse>('/api/v1/dash/inuse/extensions')).toEqual({ use: 0, total });
      expect(await get<InUse>('/api/v1/dash/inuse/queues')).toEqual({ use: 0, total: 3 });

      // 201 calls 202 (both members of Sales only) on the simulator, through the panel's originate, until both talk
      const originate = await t().post('/api/v1/originate', CALLERS.admin, { from: '201', to: '202' });
      expect(originate.statusCode, originate.body).toBe(200);
      // half a simulated second a step (a real millisecond between, for the pushes), at most a simulated minute
      for (let step = 0; step < 120 && !((await statusOf('201')) === EXT_STATUS.inUse && (await statusOf('202')) === EXT_STATUS.inUse); step++) {
        live.simulator!.advance(500);
        await new Promise((r) => setTimeout(r, 1));
      }
      expect([await statusOf('201'), await statusOf('202')]).toEqual([EXT_STATUS.inUse, EXT_STATUS.inUse]);

      expect(await get<InUse>('/api/v1/dash/inuse/extensions')).toEqual({ use: 2, total });
      expect(await get<InUse>('/api/v1/dash/inuse/queues')).toEqual({ use: 1, total: 3 });
      // another corp sees none of it; the supervisor without a working corp sees every corp's
      expect(await get<InUse>('/api/v1/dash/inuse/queues', CALLERS.globexAdmin)).toEqual({ use: 0, total: 1 });
      expect((await get<InUse>('/api/v1/dash/inuse/extensions', CALLERS.super)).use).toBe(2);
      expect((await t().get('/api/v1/dash/inuse/queues', CALLERS.wall)).statusCode).toBe(403);
      expect((await t().get('/api/v1/dash/inuse/queues', CALLERS.agent)).statusCode).toBe(200);
    });
  },
  { live: MANUAL_SIMULATOR },
);
