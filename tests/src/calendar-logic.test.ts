import { describe, expect, it } from 'vitest';
import { DAY_INTERVAL_DEFAULT, DAY_INTERVALS, DAY_START_HOUR_DEFAULT, DAY_START_HOURS, type MeetingRow } from '../../domain/meetings';
import { runtimeTimeZone } from '../../domain/time-zone';
import {
  addDays,
  backRoute,
  corpTodayFetchFrom,
  dayKey,
  daySlots,
  detailSearch,
  eventShade,
  eventTone,
  fetchFrom,
  meetingsByDay,
  monthGrid,
  parseDayKey,
  parseMonthParam,
  popupGroups,
  shiftMonth,
  showsAlert,
} from '../../src/features/calendar/calendar-logic';

/** A meeting at a local time (the calendar works in the browser's local days). */
function row(id: number, start: Date, minutes = 30, name = `Meeting ${id}`): MeetingRow {
  return {
    id,
    name,
    topic: 'about',
    fromDate: start.toISOString(),
    toDate: new Date(start.getTime() + minutes * 60_000).toISOString(),
    src: `/1/2/1/${encodeURIComponent(name)}`,
    userOption: 'allUsers',
    creator: 'admin',
    creatorId: 2,
    roomId: null,
    selectedUsers: [],
  };
}
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
/** the zone `at` reads its times in: the tests' corp is in the runtime's zone */
const here = runtimeTimeZone();

describe('calendar month grid', () => {
  it('E-CAL-01 whole weeks from Sunday, today marked, the other months dimmed', () => {
    const weeks = monthGrid({ year: 2026, month: 10 }, at(2026, 11, 26, 12)); // November 2026 starts on a Sunday
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0][0].key).toBe('2026-11-01');
    expect(weeks[4][6].key).toBe('2026-12-05');
    expect(weeks[4][6].inMonth).toBe(false);
    expect(weeks.flat().filter((c) => c.today).map((c) => c.key)).toEqual(['2026-11-26']);
    expect(weeks.flat().every((c) => c.date.getDay() === weeks.flat().indexOf(c) % 7)).toBe(true);
  });

  it('E-CAL-01 a month that needs six rows, and one that fits four', () => {
    expect(monthGrid({ year: 2026, month: 7 }, at(2026, 1, 1))).toHaveLength(6); // August 2026: Sat 1st, 31 days
    expect(monthGrid({ year: 2015, month: 1 }, at(2026, 1, 1))).toHaveLength(4); // February 2015: Sun 1st, 28 days
    const monday = monthGrid({ year: 2026, month: 10 }, at(2026, 1, 1), 1);
    expect(monday[0][0].key).toBe('2026-10-26');
    expect(monday[0][0].date.getDay()).toBe(1);
  });

  it('E-CAL-01 previous and next month across the year, the month parameter', () => {
    expect(shiftMonth({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(shiftMonth({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(parseMonthParam('2026-02')).toEqual({ year: 2026, month: 1 });
    expect(parseMonthParam('2026-13')).toBeNull();
    expect(parseMonthParam(null)).toBeNull();
  });

  it('E-CAL-02 day keys are local days; a wrong key is no day', () => {
    expect(dayKey(at(2026, 3, 9, 23, 59))).toBe('2026-03-09');
    expect(parseDayKey('2026-02-29')).toBeNull();
    expect(parseDayKey('2026-02-28')?.getDate()).toBe(28);
    expect(parseDayKey('junk')).toBeNull();
    expect(dayKey(addDays(at(2026, 12, 31), 1))).toBe('2027-01-01');
    // the UTC day to read a local day with is never after that local day
    expect(fetchFrom(at(2026, 11, 26, 18)) <= '2026-11-26').toBe(true);
  });

  it('E-CAL-01 meetings by the local day of their start, sorted by start', () => {
    const byDay = meetingsByDay([row(1, at(2026, 11, 26, 15)), row(2, at(2026, 11, 26, 9)), row(3, at(2026, 11, 27, 9))]);
    expect(byDay.get('2026-11-26')?.map((m) => m.id)).toEqual([2, 1]);
    expect(byDay.get('2026-11-27')?.map((m) => m.id)).toEqual([3]);
  });
});

describe('event colour', () => {
  const now = at(2026, 11, 26, 10, 0);
  it('E-CAL-11 red when it starts today within 30 minutes, else one of four shades', () => {
    expect(eventTone(row(7, at(2026, 11, 26, 10, 20)), now, here)).toBe('soon');
    expect(eventTone(row(7, at(2026, 11, 26, 10, 30)), now, here)).toBe('soon');
    expect(eventTone(row(7, at(2026, 11, 26, 10, 31)), now, here)).toBe(eventShade(7));
    expect(eventTone(row(7, at(2026, 11, 26, 9, 50)), now, here)).toBe(eventShade(7)); // already started
    expect(eventTone(row(7, at(2026, 11, 27, 10, 10)), now, here)).toBe(eventShade(7));
  });

  it('E-CAL-11 the "random" shade is stable per meeting and uses all four shades', () => {
    expect(eventShade(42)).toBe(eventShade(42));
    const shades = new Set(Array.from({ length: 40 }, (_, i) => eventShade(i + 1)));
    expect([...shades].sort()).toEqual([0, 1, 2, 3]);
    // neighbouring ids do not all share a colour
    expect(new Set([1, 2, 3, 4, 5, 6].map(eventShade)).size).toBeGreaterThan(1);
  });
});

describe('day view', () => {
  it('E-CAL-04 E-CAL-05 start hour 0-23 (7), interval 15/30/60 (30)', () => {
    expect(DAY_START_HOURS).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(DAY_START_HOUR_DEFAULT).toBe(7);
    expect([...DAY_INTERVALS]).toEqual([15, 30, 60]);
    expect(DAY_INTERVAL_DEFAULT).toBe(30);
  });

  it('E-CAL-04 E-CAL-05 slots from the start hour to midnight, meetings in the slot of their start', () => {
    const day = at(2026, 11, 26);
    const meetings = [row(1, at(2026, 11, 26, 9, 40)), row(2, at(2026, 11, 26, 7, 0)), row(3, at(2026, 11, 26, 6, 30)), row(4, at(2026, 11, 27, 9, 0)), row(5, at(2026, 11, 26, 23, 59))];
    const half = daySlots(meetings, day, 7, 30);
    expect(half.slots).toHaveLength(34);
    expect(half.slots[0].label).toBe('07:00');
    expect(half.slots.at(-1)?.label).toBe('23:30');
    expect(half.slots.find((s) => s.label === '09:30')?.meetings.map((m) => m.id)).toEqual([1]);
    expect(half.slots[0].meetings.map((m) => m.id)).toEqual([2]);
    expect(half.slots.at(-1)?.meetings.map((m) => m.id)).toEqual([5]);
    expect(half.earlier.map((m) => m.id)).toEqual([3]);
    expect(half.slots.flatMap((s) => s.meetings).some((m) => m.id === 4)).toBe(false);

    const quarter = daySlots(meetings, day, 0, 15);
    expect(quarter.slots).toHaveLength(96);
    expect(quarter.slots.find((s) => s.label === '09:30')?.meetings.map((m) => m.id)).toEqual([1]);
    expect(quarter.earlier).toEqual([]);
    const hour = daySlots(meetings, day, 23, 60);
    expect(hour.slots.map((s) => s.label)).toEqual(['23:00']);
    expect(hour.earlier.map((m) => m.id)).toEqual([3, 2, 1]);
  });
});

describe('Meetings popup', () => {
  it("E-MEET-02 E-MEET-03 today's meetings (also the ones over) and the upcoming ones, by start", () => {
    const now = at(2026, 11, 26, 12);
    const groups = popupGroups([row(1, at(2026, 11, 28, 9)), row(2, at(2026, 11, 26, 15)), row(3, at(2026, 11, 26, 8)), row(4, at(2026, 11, 27, 9))], now, here);
    expect(groups.today.map((m) => m.id)).toEqual([3, 2]);
    expect(groups.upcoming.map((m) => m.id)).toEqual([4, 1]);
  });

  it('E-MEET-04 the alert: starts today within 30 minutes (the first reading)', () => {
    const now = at(2026, 11, 26, 12);
    expect(showsAlert(row(1, at(2026, 11, 26, 12, 25)), now, here)).toBe(true);
    expect(showsAlert(row(1, at(2026, 11, 26, 12, 45)), now, here)).toBe(false);
    expect(showsAlert(row(1, at(2026, 11, 26, 11, 55)), now, here)).toBe(false);
  });

  it("J-TZ-01 today and the 30-minute alert are the corp's day, one and the same, whatever the browser's zone", () => {
    const utcRow = (id: number, iso: string) => row(id, new Date(iso));
    // 02:50 UTC on 27 Nov: still the 26th in São Paulo (23:50), already the 27th in Kolkata (08:20)
    const now = new Date('2026-11-27T02:50:00Z');
    const meetings = [utcRow(1, '2026-11-26T12:00:00Z'), utcRow(2, '2026-11-27T03:10:00Z'), utcRow(3, '2026-11-27T04:00:00Z'), utcRow(4, '2026-11-27T20:00:00Z')];
    const sp = popupGroups(meetings, now, 'America/Sao_Paulo');
    expect(sp.today.map((m) => m.id)).toEqual([1]);
    expect(sp.upcoming.map((m) => m.id)).toEqual([2, 3, 4]);
    // 20 minutes ahead, but tomorrow there (00:10): no alert, as no entry of today
    expect(showsAlert(meetings[1], now, 'America/Sao_Paulo')).toBe(false);
    const kolkata = popupGroups(meetings, now, 'Asia/Kolkata');
    expect(kolkata.today.map((m) => m.id)).toEqual([2, 3]);
    expect(kolkata.upcoming.map((m) => m.id)).toEqual([4]);
    expect(showsAlert(meetings[1], now, 'Asia/Kolkata')).toBe(true);
    expect(eventTone(meetings[1], now, 'Asia/Kolkata')).toBe('soon');
    // the meetings are read from the UTC day holding the corp's midnight
    expect(corpTodayFetchFrom(now, 'America/Sao_Paulo')).toBe('2026-11-26');
    expect(corpTodayFetchFrom(now, 'Asia/Kolkata')).toBe('2026-11-26');
    expect(corpTodayFetchFrom(new Date('2026-11-27T12:00:00Z'), 'America/Sao_Paulo')).toBe('2026-11-27');
  });
});

describe('detail route', () => {
  it('E-CAL-03 the detail names the event, its UTC day and the route to return to; Back goes only to a calendar route', () => {
    const search = new URLSearchParams(detailSearch(row(9, new Date('2026-11-26T10:00:00Z')), 'salas/Calendario?month=2026-11'));
    expect(search.get('selectedEvent')).toBe('9');
    expect(search.get('date')).toBe('2026-11-26');
    expect(search.get('route')).toBe('salas/Calendario?month=2026-11');
    expect(backRoute('salas/DayCalendar/2026-11-26?start=7&interval=30', 'salas/Calendario')).toBe('salas/DayCalendar/2026-11-26?start=7&interval=30');
    expect(backRoute('//evil.example/x', 'salas/Calendario')).toBe('salas/Calendario');
    expect(backRoute('https://evil.example', 'salas/Calendario')).toBe('salas/Calendario');
    expect(backRoute(null, 'salas/Calendario')).toBe('salas/Calendario');
  });
});
