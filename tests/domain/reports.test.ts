import { describe, expect, it } from 'vitest';
import {
  capCdrType,
  cdrCostVisible,
  cdrFormSchema,
  cdrSearchSchema,
  completeOptions,
  defaultReportPeriod,
  ivrFormSchema,
  kpiBars,
  localDayBoundaries,
  LIVE_POINTS,
  periodBoundaries,
  periodToWindow,
  pollFormSchema,
  pushLivePoint,
  queueFormSchema,
  queueStatusKey,
  reportPeriodFormSchema,
  reportWindowSchema,
  splitWeeks,
  startOfLocalDay,
  tariffSchema,
  timeZoneSchema,
  windowInZone,
} from '../../domain';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);
const period = { fromDate: '2025-03-04', fromTime: '00:00', toDate: '2025-03-04', toTime: '23:59' };

describe('report period (D-RPT)', () => {
  it("D-RPT-02 J-TZ-01 the default window is today from 00:00 to 23:59, today being the corp's", () => {
    expect(defaultReportPeriod(Date.parse('2025-03-04T15:30:00Z'), 'America/Sao_Paulo')).toEqual(period);
    // 01:30 UTC on the 5th is still the 4th in São Paulo, already the 5th in Kolkata
    expect(defaultReportPeriod(Date.parse('2025-03-05T01:30:00Z'), 'America/Sao_Paulo')).toEqual(period);
    expect(defaultReportPeriod(Date.parse('2025-03-04T20:00:00Z'), 'Asia/Kolkata')).toEqual({ ...period, fromDate: '2025-03-05', toDate: '2025-03-05' });
    // the API gets the corp's clock times; 23:59 includes the whole of its minute
    const window = periodToWindow(period);
    expect(window).toEqual({ from: '2025-03-04T00:00:00.000', to: '2025-03-04T23:59:59.999' });
    expect(reportWindowSchema.safeParse(window).success).toBe(true);
  });

  it("J-TZ-01 J-TZ-02 the server reads a window's clock times in the corp's zone; an instant with its offset stays as it is", () => {
    const day = { from: '2026-03-29T00:00:00.000', to: '2026-03-29T23:59:59.999' };
    expect(windowInZone(day, 'Europe/Madrid')).toEqual({ from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T21:59:59.999Z' });
    expect(windowInZone(day, 'Asia/Kolkata')).toEqual({ from: '2026-03-28T18:30:00.000Z', to: '2026-03-29T18:29:59.999Z' });
    expect(windowInZone(day, 'America/Sao_Paulo')).toEqual({ from: '2026-03-29T03:00:00.000Z', to: '2026-03-30T02:59:59.999Z' });
    expect(windowInZone({ from: '2026-10-25T00:00', to: '2026-10-25T23:59:59.999' }, 'Europe/Madrid')).toEqual({ from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T22:59:59.999Z' });
    const instants = { from: '2026-03-29T00:00:00.000-03:00', to: '2026-03-29T23:59:59.999Z', extra: 1 };
    expect(windowInZone(instants, 'Asia/Kolkata')).toEqual({ from: '2026-03-29T03:00:00.000Z', to: '2026-03-29T23:59:59.999Z', extra: 1 });
  });

  it('D-RPT-01 D-RPT-03 every date and time is required; the second date, or on one day the second hour, must be greater', () => {
    expect(reportPeriodFormSchema.safeParse(period).success).toBe(true);
    expect(issues(reportPeriodFormSchema.safeParse({ ...period, fromDate: '', toTime: '' }))).toEqual(['fromDate:validation.required', 'toTime:validation.required']);
    expect(issues(reportPeriodFormSchema.safeParse({ ...period, toDate: '2025-03-03' }))).toEqual(['toDate:validation.secondDate']);
    expect(issues(reportPeriodFormSchema.safeParse({ ...period, fromTime: '10:00', toTime: '10:00' }))).toEqual(['toTime:validation.secondHour']);
    expect(issues(reportPeriodFormSchema.safeParse({ ...period, fromTime: '10:00', toTime: '09:59' }))).toEqual(['toTime:validation.secondHour']);
    expect(issues(reportPeriodFormSchema.safeParse({ ...period, fromDate: '2025-02-30' }))).toEqual(['fromDate:validation.invalid']);
    expect(issues(reportPeriodFormSchema.safeParse({ ...period, fromTime: '24:00' }))).toEqual(['fromTime:validation.invalid']);
    expect(issues(reportPeriodFormSchema.safeParse({ ...period, fromDate: '2023-01-01' }))).toEqual(['toDate:validation.rangeTooLong|{"max":366}']);
    // a whole leap year is one search
    expect(reportPeriodFormSchema.safeParse({ ...period, fromDate: '2024-01-01', toDate: '2024-12-31' }).success).toBe(true);
  });

  it('D-RPT-01 the API window: ISO date-times, with their offset or the corp’s clock times, from before to, a year at most, years 2000-2100', () => {
    const ok = { from: '2025-03-04T00:00:00.000-03:00', to: '2025-03-04T23:59:59.999-03:00' };
    expect(reportWindowSchema.safeParse(ok).success).toBe(true);
    expect(reportWindowSchema.safeParse({ from: '2025-03-04T00:00', to: '2025-03-04T23:59:59.999' }).success).toBe(true);
    expect(issues(reportWindowSchema.safeParse({ from: '2025-03-04T10:00', to: '2025-03-04T10:00' }))).toEqual(['to:validation.secondDate']);
    expect(issues(reportWindowSchema.safeParse({ from: '2024-03-03T00:00', to: '2025-03-04T23:59' }))).toEqual(['to:validation.rangeTooLong|{"max":366}']);
    expect(issues(reportWindowSchema.safeParse({ from: '1999-12-31T00:00', to: '2000-01-01T00:00' }))).toEqual(['from:validation.invalid']);
    expect(issues(reportWindowSchema.safeParse({ ...ok, to: ok.from }))).toEqual(['to:validation.secondDate']);
    expect(issues(reportWindowSchema.safeParse({ ...ok, from: '2025-03-04' }))).toEqual(['from:validation.invalid']);
    expect(issues(reportWindowSchema.safeParse({ ...ok, from: '1999-12-31T00:00:00Z' }))).toEqual(['from:validation.invalid']);
    expect(issues(reportWindowSchema.safeParse({ ...ok, from: '2024-03-03T00:00:00Z' }))).toEqual(['to:validation.rangeTooLong|{"max":366}']);
    expect(issues(reportWindowSchema.safeParse({ from: ok.from }))).toEqual(['to:validation.required']);
  });

  it('D-RPT-05 D-PST-01 D-IST-01 D-QST-01 the report forms: poll and question required, the extension optional; the IVR required; the queue 0 for all', () => {
    expect(pollFormSchema.safeParse({ ...period, poll: '3', question: '7', exten: '', summarized: true }).success).toBe(true);
    expect(issues(pollFormSchema.safeParse({ ...period, poll: '0', question: '0', exten: 'x1', summarized: true }))).toEqual(['poll:validation.required', 'question:validation.required', 'exten:validation.digits']);
    expect(issues(ivrFormSchema.safeParse({ ...period, ivr: '0' }))).toEqual(['ivr:validation.required']);
    expect(queueFormSchema.parse({ ...period, queue: '0' }).queue).toBe(0);
  });
});

describe('CDR (D-CDR)', () => {
  it('D-CDR-03 type 1 outgoing, 2 incoming, 3 and above one extension (capped at 3), whose number is then required', () => {
    expect([1, 2, 3, 4, 99].map(capCdrType)).toEqual([1, 2, 3, 3, 3]);
    const window = { from: '2025-03-04T00:00:00Z', to: '2025-03-04T23:59:59Z' };
    expect(cdrSearchSchema.parse({ ...window, detailed: true, type: 7, filter: '201' })).toMatchObject({ type: 3, filter: '201', page: 0, all: false });
    expect(issues(cdrSearchSchema.safeParse({ ...window, detailed: true, type: 3 }))).toEqual(['filter:validation.required']);
    expect(issues(cdrFormSchema.safeParse({ ...period, type: '3', filter: '', detailed: true }))).toEqual(['filter:validation.required']);
    expect(cdrFormSchema.safeParse({ ...period, type: '1', detailed: false }).success).toBe(true);
  });

  it('D-CDR-07 the cost column: detailed, outgoing, a corp with costEnabled, and nothing else', () => {
    expect(cdrCostVisible({ detailed: true, type: 1 }, true)).toBe(true);
    expect(cdrCostVisible({ detailed: true, type: 1 }, false)).toBe(false);
    expect(cdrCostVisible({ detailed: false, type: 1 }, true)).toBe(false);
    expect(cdrCostVisible({ detailed: true, type: 2 }, true)).toBe(false);
    expect(cdrCostVisible({ detailed: true, type: 3 }, true)).toBe(false);
  });

  it('D-CDR-07 a tariff: one entry per group, prices and seconds within bounds', () => {
    const entry = { groupId: 1, pricePerMinute: 0.5, minimumSec: 30, incrementSec: 6 };
    expect(tariffSchema.safeParse([entry]).success).toBe(true);
    expect(issues(tariffSchema.safeParse([entry, entry]))).toEqual(['1.groupId:validation.duplicateGroup']);
    expect(tariffSchema.safeParse([{ ...entry, incrementSec: 3601 }]).success).toBe(false);
    expect(tariffSchema.safeParse([{ ...entry, groupId: 2 ** 31 }]).success).toBe(false);
  });
});

describe('queue, poll and IVR statistics', () => {
  it('D-QST-06 a status shows its translation, anything unknown "unavailable"', () => {
    expect(queueStatusKey('COMPLETEAGENT')).toBe('reports.queue.statuses.COMPLETEAGENT');
    expect(queueStatusKey('ABANDON')).toBe('reports.queue.statuses.ABANDON');
    expect(queueStatusKey('')).toBe('reports.queue.statuses.unavailable');
    expect(queueStatusKey('SOMETHINGNEW')).toBe('reports.queue.statuses.unavailable');
  });

  it('D-PST-04 a pie has every option, the unchosen at 0, in order', () => {
    expect(completeOptions([{ option: '5', count: 2 }], ['0', '1', '5'])).toEqual([
      { option: '0', count: 0 },
      { option: '1', count: 0 },
      { option: '5', count: 2 },
    ]);
  });
});

describe('dashboards (D-HOME, D-GEN)', () => {
  it('D-GEN-02 periods in a zone: today, yesterday and the last seven days, each from a local midnight', () => {
    const now = Date.parse('2025-03-05T15:00:00Z');
    expect(periodBoundaries(0, now, 'America/Sao_Paulo').map((ms) => new Date(ms).toISOString())).toEqual(['2025-03-05T03:00:00.000Z', '2025-03-06T03:00:00.000Z']);
    expect(periodBoundaries(1, now, 'America/Sao_Paulo').map((ms) => new Date(ms).toISOString())).toEqual(['2025-03-04T03:00:00.000Z', '2025-03-05T03:00:00.000Z']);
    expect(periodBoundaries(7, now, 'America/Sao_Paulo').map((ms) => new Date(ms).toISOString())).toEqual(['2025-02-27T03:00:00.000Z', '2025-03-06T03:00:00.000Z']);
  });

  it('D-HOME-07 local days across DST: 23 and 25 hours in New York, a day that starts at 01:00 where DST begins at midnight', () => {
    const spring = localDayBoundaries(Date.parse('2024-03-10T12:00:00Z'), 'America/New_York', 2);
    expect(spring.map((ms) => new Date(ms).toISOString())).toEqual(['2024-03-09T05:00:00.000Z', '2024-03-10T05:00:00.000Z', '2024-03-11T04:00:00.000Z']);
    const autumn = localDayBoundaries(Date.parse('2024-11-03T12:00:00Z'), 'America/New_York', 1);
    expect(autumn[1] - autumn[0]).toBe(25 * 3_600_000);
    // Santiago: on 2024-09-08 the clocks go from 00:00 to 01:00, so the day starts at 01:00 local (04:00 UTC)
    expect(new Date(startOfLocalDay(Date.parse('2024-09-08T12:00:00Z'), 'America/Santiago')).toISOString()).toBe('2024-09-08T04:00:00.000Z');
  });

  it('D-GEN-01 the zone is a known IANA name, UTC by default', () => {
    expect(timeZoneSchema.parse(undefined)).toBe('UTC');
    expect(timeZoneSchema.parse('Asia/Kolkata')).toBe('Asia/Kolkata');
    for (const bad of ['Mars/Base', 'UTC; drop', '../etc', 'A'.repeat(65), '\u0000']) expect(timeZoneSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('D-GEN-04 the KPI bars: the six largest categories by calls, then Others with the rest', () => {
    const categories = Array.from({ length: 9 }, (_, i) => ({ name: `g${i}`, totalE: i, totalS: 10 * i, totalMinE: 0, totalMinS: 0 }));
    const bars = kpiBars(categories);
    expect(bars.map((b) => b.name)).toEqual(['g8', 'g7', 'g6', 'g5', 'g4', 'g3', 'others']);
    expect(bars[6]).toEqual({ name: 'others', totalE: 0 + 1 + 2, totalS: 0 + 10 + 20, others: true });
    expect(kpiBars(categories.slice(0, 3)).map((b) => b.name)).toEqual(['g2', 'g1', 'g0']);
  });

  it('D-HOME-07 14 days as two 7-day series: the last week and the one before', () => {
    const points = Array.from({ length: 14 }, (_, i) => ({ day: `d${i}`, entrantes: i, salientes: 0 }));
    const { current, previous } = splitWeeks(points);
    expect(previous.map((p) => p.day)).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6']);
    expect(current.map((p) => p.day)).toEqual(['d7', 'd8', 'd9', 'd10', 'd11', 'd12', 'd13']);
  });

  it('D-HOME-03 the live chart: a point per tick, a 60-point (60 s) window', () => {
    let points: number[] = [];
    for (let i = 0; i < 61; i++) points = pushLivePoint(points, i);
    expect(LIVE_POINTS).toBe(60);
    expect(points).toHaveLength(60);
    expect(points[0]).toBe(1);
    expect(points[59]).toBe(60);
  });
});
