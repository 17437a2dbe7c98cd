/**
 * The one zone rule (domain/time-zone.ts, J-TZ-01) around the days whose clocks change, with the
 * runtime in UTC as a server would be: Madrid's 23-hour 29 March 2026 and 25-hour 25 October 2026,
 * São Paulo (no DST since 2019; a day that began at 01:00 when it had one), Kolkata at +05:30.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  isTimeZone,
  localDay,
  localDayAndTime,
  localDayBoundaries,
  localHour,
  runtimeTimeZone,
  startOfLocalDay,
  startOfNextLocalDay,
  timeZoneNames,
  timeZoneNameSchema,
  wallClock,
  zonedInstant,
  zoneOffsetMs,
} from '../../domain';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => Date.parse(s);

let serverZone: string | undefined;
beforeAll(() => {
  serverZone = process.env.TZ;
  process.env.TZ = 'UTC';
});
afterAll(() => {
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

describe('J-TZ-01 the zone rule', () => {
  it('J-TZ-02 Madrid, 29 March 2026: the clocks jump from 02:00 to 03:00; the day lasts 23 hours', () => {
    const [start, end] = localDayBoundaries(at('2026-03-29T12:00:00Z'), 'Europe/Madrid', 1);
    expect([iso(start), iso(end)]).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(end - start).toBe(23 * HOUR);
    expect(zoneOffsetMs(at('2026-03-29T00:59:59Z'), 'Europe/Madrid')).toBe(HOUR);
    expect(zoneOffsetMs(at('2026-03-29T01:00:00Z'), 'Europe/Madrid')).toBe(2 * HOUR);
    // the last instant before the jump reads 01:59:59, the first after it 03:00:00
    expect(wallClock(at('2026-03-29T00:59:59Z'), 'Europe/Madrid')).toMatchObject({ hour: 1, minute: 59, second: 59 });
    expect(wallClock(at('2026-03-29T01:00:00Z'), 'Europe/Madrid')).toMatchObject({ hour: 3, minute: 0, second: 0, weekday: 6 });
    // 02:30 does not exist that night: read with the offset before the change it lands as far past it (03:30)
    expect(iso(zonedInstant('2026-03-29', '02:30', 'Europe/Madrid'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedInstant('2026-03-29', '03:00', 'Europe/Madrid'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(zonedInstant('2026-03-29', '01:59:59.999', 'Europe/Madrid'))).toBe('2026-03-29T00:59:59.999Z');
    // the hours of the day: 0, 1, then 3
    expect([0, 1, 2].map((h) => localHour(start + h * HOUR, 'Europe/Madrid'))).toEqual([0, 1, 3]);
    expect(localDay(end - 1, 'Europe/Madrid')).toBe('2026-03-29');
    expect(localDay(end, 'Europe/Madrid')).toBe('2026-03-30');
  });

  it('J-TZ-02 Madrid, 25 October 2026: the clocks go back from 03:00 to 02:00; the day lasts 25 hours and 02:30 happens twice', () => {
    const [start, end] = localDayBoundaries(at('2026-10-25T12:00:00Z'), 'Europe/Madrid', 1);
    expect([iso(start), iso(end)]).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(end - start).toBe(25 * HOUR);
    // the first 02:30 (+02:00), not the second (+01:00)
    expect(iso(zonedInstant('2026-10-25', '02:30', 'Europe/Madrid'))).toBe('2026-10-25T00:30:00.000Z');
    expect(localHour(at('2026-10-25T00:30:00Z'), 'Europe/Madrid')).toBe(2);
    expect(localHour(at('2026-10-25T01:30:00Z'), 'Europe/Madrid')).toBe(2);
    expect(iso(zonedInstant('2026-10-25', '03:00', 'Europe/Madrid'))).toBe('2026-10-25T02:00:00.000Z');
    expect(iso(startOfLocalDay(end - 1, 'Europe/Madrid'))).toBe(iso(start));
    expect(iso(startOfNextLocalDay(start, 'Europe/Madrid'))).toBe(iso(end));
  });

  it('J-TZ-02 São Paulo (-03:00) and Kolkata (+05:30): midnights off UTC by hours and by half an hour', () => {
    expect(localDayBoundaries(at('2026-03-29T12:00:00Z'), 'America/Sao_Paulo', 2).map(iso)).toEqual(['2026-03-28T03:00:00.000Z', '2026-03-29T03:00:00.000Z', '2026-03-30T03:00:00.000Z']);
    expect(localDayBoundaries(at('2026-03-29T12:00:00Z'), 'Asia/Kolkata', 1).map(iso)).toEqual(['2026-03-28T18:30:00.000Z', '2026-03-29T18:30:00.000Z']);
    // 20:00 UTC is already tomorrow in Kolkata, still today in São Paulo
    expect(localDay(at('2026-03-29T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-30');
    expect(localDay(at('2026-03-29T20:00:00Z'), 'America/Sao_Paulo')).toBe('2026-03-29');
    expect(localDay(at('2026-03-30T02:59:59Z'), 'America/Sao_Paulo')).toBe('2026-03-29');
    expect(localDayAndTime(at('2026-03-29T20:00:00Z'), 'Asia/Kolkata')).toEqual({ day: 0, hhmm: 130 });
    expect(zoneOffsetMs(at('2026-03-29T20:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    // yesterday, the day before and so on: whole local days back
    expect(localDayBoundaries(at('2026-03-29T12:00:00Z'), 'Asia/Kolkata', 1, 1).map(iso)).toEqual(['2026-03-27T18:30:00.000Z', '2026-03-28T18:30:00.000Z']);
  });

  it('where the clocks jumped at midnight the day began at 01:00 (São Paulo, 4 November 2018)', () => {
    expect(iso(startOfLocalDay(at('2018-11-04T12:00:00Z'), 'America/Sao_Paulo'))).toBe('2018-11-04T03:00:00.000Z');
    expect(wallClock(at('2018-11-04T03:00:00Z'), 'America/Sao_Paulo')).toMatchObject({ hour: 1, minute: 0 });
    expect(localDayBoundaries(at('2018-11-04T12:00:00Z'), 'America/Sao_Paulo', 1).map((ms, i, all) => (i > 0 ? ms - all[i - 1] : 0))).toEqual([0, 23 * HOUR]);
  });

  it('day keys by calendar, whatever the zone; the runtime zone; names', () => {
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(runtimeTimeZone()).toBe('UTC');
    expect(Number.isNaN(zonedInstant('2026-02-30x', '00:00', 'UTC'))).toBe(true);
    expect(Number.isNaN(zonedInstant('2026-03-29', '24:00', 'UTC'))).toBe(true);
    // the list offers the runtime's names (ICU's: Asia/Calcutta); any IANA name it knows is a zone
    expect(timeZoneNames()).toEqual(expect.arrayContaining(['UTC', 'Europe/Madrid', 'America/Sao_Paulo']));
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('J-TZ-01 a corp zone is an IANA name the runtime knows, with a translated message', () => {
    for (const good of ['UTC', 'Europe/Madrid', 'America/Argentina/Buenos_Aires', 'Etc/GMT+3']) expect(timeZoneNameSchema.safeParse(good).success, good).toBe(true);
    for (const bad of ['Mars/Olympus', '+05:30', '../etc/passwd', 'Europe/Madrid; drop', 'A'.repeat(65)]) {
      const result = timeZoneNameSchema.safeParse(bad);
      expect(result.error?.issues.map((i) => i.message), bad).toEqual(['validation.timeZone']);
    }
    expect(timeZoneNameSchema.safeParse('').error?.issues.map((i) => i.message)).toEqual(['validation.required']);
  });
});
