import { describe, expect, it } from 'vitest';
import { abandonDistribution, agentReportSearchSchema, foldPresence, hourlyServiceLevel, localHour, occupancyPct, queueSlaSearchSchema, type PresenceEvent } from '../../domain';

const H = 3_600_000;
const M = 60_000;
const from = Date.UTC(2025, 2, 4);
const end = from + 24 * H;
const period = { from, end };
const ev = (queue: string, agent: string, at: number, event: PresenceEvent['event'], data1 = ''): PresenceEvent => ({ queue, agent, at, event, data1 });

describe('G-RPT-01 agent presence fold (logged-in and pause time)', () => {
  it('G-RPT-01 an agent in two overlapping queues is logged in once; a pause across the period start counts from the start; pauses of one reason merge across queues', () => {
    const [row] = foldPresence(
      [
        ev('2_1', '237', from - 2 * H, 'ADDMEMBER'),
        ev('2_1', '237', from - 30 * M, 'PAUSE', 'LUNCH'),
        ev('2_1', '237', from + 30 * M, 'UNPAUSE'),
        ev('2_2', '237', from + 8 * H, 'ADDMEMBER'),
        ev('2_1', '237', from + 10 * H, 'PAUSE', 'BREAK'),
        ev('2_2', '237', from + 10 * H, 'PAUSE', 'BREAK'),
        ev('2_1', '237', from + 10 * H + 15 * M, 'UNPAUSE'),
        ev('2_2', '237', from + 10 * H + 20 * M, 'UNPAUSE'),
        ev('2_1', '237', from + 12 * H, 'REMOVEMEMBER'),
        ev('2_2', '237', from + 17 * H, 'REMOVEMEMBER'),
      ],
      period,
    );
    expect(row).toEqual({ agent: '237', loggedInMs: 17 * H, pauseMs: 50 * M, pauseByReason: { BREAK: 20 * M, LUNCH: 30 * M }, firstLoginAt: null, lastLogoutAt: from + 17 * H });
  });

  it('G-RPT-01 joining paused, an empty reason, a reason changed while paused, a second log-in still open at the end', () => {
    const [row] = foldPresence(
      [
        ev('2_3', '238', from + 9 * H, 'ADDMEMBER', 'PAUSED'),
        ev('2_3', '238', from + 9 * H + 10 * M, 'UNPAUSE'),
        ev('2_3', '238', from + 13 * H, 'PAUSE', ''),
        ev('2_3', '238', from + 13 * H + 5 * M, 'PAUSE', 'LUNCH'),
        ev('2_3', '238', from + 13 * H + 35 * M, 'UNPAUSE'),
        ev('2_3', '238', from + 18 * H, 'REMOVEMEMBER'),
        ev('2_3', '238', from + 19 * H, 'ADDMEMBER'),
      ],
      period,
    );
    expect(row).toEqual({ agent: '238', loggedInMs: 14 * H, pauseMs: 45 * M, pauseByReason: { '': 15 * M, LUNCH: 30 * M }, firstLoginAt: from + 9 * H, lastLogoutAt: null });
  });

  it('G-RPT-01 the state at the start: a member whose first row is a log-out or an unpause was in already; one logged out before the period is not there', () => {
    const rows = foldPresence(
      [
        ev('2_2', '240', from + 6 * H, 'REMOVEMEMBER'),
        ev('2_1', '241', from + 2 * H, 'UNPAUSE'),
        ev('2_1', '239', from - 16 * H, 'ADDMEMBER'),
        ev('2_1', '239', from - 7 * H, 'REMOVEMEMBER'),
      ],
      period,
    );
    expect(rows).toEqual([
      { agent: '240', loggedInMs: 6 * H, pauseMs: 0, pauseByReason: {}, firstLoginAt: null, lastLogoutAt: from + 6 * H },
      { agent: '241', loggedInMs: 24 * H, pauseMs: 2 * H, pauseByReason: { '': 2 * H }, firstLoginAt: null, lastLogoutAt: null },
    ]);
  });

  it('G-RPT-01 a static member (no row at all) is logged in for the whole period; one with rows follows them; agents sort by number', () => {
    const rows = foldPresence([ev('2_1', '213', from + 14 * H, 'PAUSE', 'TRAINING'), ev('2_1', '213', from + 14 * H + 30 * M, 'UNPAUSE')], period, [
      { queue: '2_1', agent: '213' },
      { queue: '2_1', agent: '201' },
      { queue: '2_2', agent: '201' },
      { queue: '2_1', agent: '1001' },
    ]);
    expect(rows.map((r) => [r.agent, r.loggedInMs / H, r.pauseMs / M, r.firstLoginAt, r.lastLogoutAt])).toEqual([
      ['201', 24, 0, null, null],
      ['213', 24, 30, null, null],
      ['1001', 24, 0, null, null],
    ]);
  });

  it('G-RPT-01 occupancy is (talk + wrap-up) / (logged in - paused) in percent, null with no available time', () => {
    expect(occupancyPct(400, 45, 61_200, 3_000)).toBe(0.8);
    expect(occupancyPct(1_800, 0, 7_200, 3_600)).toBe(50);
    expect(occupancyPct(10, 0, 600, 600)).toBeNull();
    expect(occupancyPct(0, 0, 0, 0)).toBeNull();
  });

  it('G-RPT-01 the search is a report window and a queue (0 = all)', () => {
    expect(agentReportSearchSchema.safeParse({ from: '2025-03-04T00:00:00.000Z', to: '2025-03-04T23:59:59.999Z', queue: 0 }).success).toBe(true);
    expect(agentReportSearchSchema.safeParse({ from: '2025-03-04T00:00:00.000Z', to: '2025-03-03T23:59:59.999Z', queue: 0 }).success).toBe(false);
    expect(agentReportSearchSchema.safeParse({ from: '2025-03-04T00:00:00.000Z', to: '2025-03-04T23:59:59.999Z' }).success).toBe(false);
  });
});

describe('G-RPT-02 service level by hour and the abandoned waits', () => {
  const slice = (at: number, offered: number, answered: number, answeredWithinSl: number, abandoned: number) => ({ at, offered, answered, answeredWithinSl, abandoned });

  it('G-RPT-02 slices fold into 24 hours of the zone (a +05:30 zone moves a quarter into the next hour) and a total', () => {
    const slices = [slice(from + 8 * H + 15 * M, 2, 2, 1, 0), slice(from + 8 * H + 30 * M, 2, 1, 1, 1), slice(from + 23 * H + 45 * M, 1, 0, 0, 0)];
    const utc = hourlyServiceLevel(slices, (ms) => localHour(ms, 'UTC'));
    expect(utc.hours).toHaveLength(24);
    expect(utc.hours[8]).toEqual({ hour: 8, offered: 4, answered: 3, answeredWithinSl: 2, abandoned: 1, serviceLevelPct: 50 });
    expect(utc.hours[23]).toEqual({ hour: 23, offered: 1, answered: 0, answeredWithinSl: 0, abandoned: 0, serviceLevelPct: 0 });
    expect(utc.hours[9]).toEqual({ hour: 9, offered: 0, answered: 0, answeredWithinSl: 0, abandoned: 0, serviceLevelPct: null });
    expect(utc.total).toEqual({ offered: 5, answered: 3, answeredWithinSl: 2, abandoned: 1, serviceLevelPct: 40 });
    const kolkata = hourlyServiceLevel(slices, (ms) => localHour(ms, 'Asia/Kolkata'));
    expect(kolkata.hours.filter((h) => h.offered > 0).map((h) => [h.hour, h.offered])).toEqual([
      [5, 1],
      [13, 2],
      [14, 2],
    ]);
  });

  it('G-RPT-02 the waits: buckets from 0-10 s to 300 s and more (lower bound included), mean and median', () => {
    const result = abandonDistribution([
      { sec: 130, count: 1 },
      { sec: 5, count: 1 },
      { sec: 10, count: 1 },
      { sec: 45, count: 1 },
      { sec: 120, count: 1 },
      { sec: 400, count: 1 },
    ]);
    expect(result).toEqual({
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
    expect(abandonDistribution([{ sec: 7, count: 3 }, { sec: 61, count: 2 }])).toMatchObject({ count: 5, meanSec: 28.6, medianSec: 7 });
    expect(abandonDistribution([])).toMatchObject({ count: 0, meanSec: null, medianSec: null });
  });

  it('G-RPT-02 the zone is a known IANA name, UTC when not given', () => {
    const window = { from: '2025-03-04T00:00:00.000Z', to: '2025-03-04T23:59:59.999Z', queue: 0 };
    expect(queueSlaSearchSchema.parse(window).tz).toBe('UTC');
    expect(queueSlaSearchSchema.safeParse({ ...window, tz: 'America/Sao_Paulo' }).success).toBe(true);
    expect(queueSlaSearchSchema.safeParse({ ...window, tz: 'Mars/Olympus' }).success).toBe(false);
    expect(localHour(Date.UTC(2025, 2, 4, 2, 30), 'America/Sao_Paulo')).toBe(23);
  });
});
