/**
 * Queues: callers and positions, today's counters against the simulator's queue_log rows, the same
 * counters as a wallboard computes them from the pushes, and the reset at each corp's midnight.
 */
import { Subject, type Subscription } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { startOfNextLocalDay } from '../../../domain';
import { MANUAL_START, type QueueLogRow, type SimCorp } from '../../../server/pbx';
import { createRealtimeService, foldQueueLog, type QueueHistory } from '../../../server/realtime';
import { queueStats, type QueueStats } from '../../../streams/queue-stats';
import type { HubEvent } from '../../../streams/hub-events';
import { busyCorp } from '../pbx/helpers';
import { Collector, directoryOf, extensions, harness } from './helpers';

const HOUR = 3_600_000;

function counts(rows: QueueLogRow[], queuename: string, sl: number) {
  const mine = rows.filter((r) => r.queuename === queuename);
  const connects = mine.filter((r) => r.event === 'CONNECT');
  return {
    enter: mine.filter((r) => r.event === 'ENTERQUEUE').length,
    answered: connects.length,
    abandoned: mine.filter((r) => r.event === 'ABANDON').length,
    timeouts: mine.filter((r) => r.event === 'EXITWITHTIMEOUT').length,
    // queue_log holds whole seconds: the exact wait lies within a second of them
    withinSlMin: connects.filter((r) => Number(r.data1) < sl).length,
    withinSlMax: connects.filter((r) => Number(r.data1) <= sl).length,
  };
}

// Each test simulates hours to a day of a busy corp in one go: 0.4-5 s alone, but past the 30 s hang guard on a
// clean-clone CI whose two cores the browser tests and the other suites share (the zone-change test: 4.6 s alone,
// over 30 s there). Two minutes is still a hang guard.
describe('queue counters', { timeout: 120_000 }, () => {
  it("today's answered and abandoned counts equal the queue_log's over a simulated hour, for every strategy", async () => {
    const corp = busyCorp(2);
    const h = await harness({ seed: 41, corps: [corp] });
    // a wallboard that took the AllQueues snapshot at the start and applies every push since
    const hub = new Subject<HubEvent>();
    let board: QueueStats[] = [];
    const sub: Subscription = queueStats(hub, new Subject<number>(), { corpId: 2 }).subscribe((s) => (board = s));
    hub.next({ name: 'AllQueues', payload: { corpId: 2, queues: h.service.getQueues(2), ts: h.sim.now() } });
    const from = h.collector.pushes.length;
    h.advance(HOUR, 1000);
    for (const p of h.collector.pushes.slice(from)) if (p.corpId === 2) hub.next({ name: p.push, payload: p.payload } as HubEvent);
    sub.unsubscribe();

    const queues = h.service.getQueues(2);
    expect(queues.map((q) => q.queueId)).toEqual([1, 2, 3]);
    for (const q of queues) {
      const expected = counts(h.sink.queueLog, `2_${q.queueId}`, q.serviceLevelSec);
      expect(expected.answered, `queue ${q.queueId} answered`).toBeGreaterThan(5);
      expect({ queue: q.queueId, answered: q.answered, abandoned: q.abandoned }).toEqual({ queue: q.queueId, answered: expected.answered, abandoned: expected.abandoned });
      expect(q.answeredWithinSl).toBeGreaterThanOrEqual(expected.withinSlMin);
      expect(q.answeredWithinSl).toBeLessThanOrEqual(expected.withinSlMax);
      const joined = new Set(h.collector.of('CallerInQueue', 2).filter((c) => c.queueId === q.queueId).map((c) => c.callId));
      expect(joined.size).toBe(expected.enter);
      const left = h.collector.of('deleteCaller', 2).filter((d) => d.queueId === q.queueId);
      expect(left.filter((d) => d.reason === 'timeout')).toHaveLength(expected.timeouts);
      expect(q.callers.length).toBe(expected.enter - left.length);
      // the wallboard's numbers from the pushes are the server's
      expect(board.find((b) => b.queueId === q.queueId)).toMatchObject({
        answered: q.answered,
        abandoned: q.abandoned,
        answeredWithinSl: q.answeredWithinSl,
        waiting: q.callers.length,
      });
    }
    expect(queues.reduce((n, q) => n + q.abandoned, 0)).toBeGreaterThan(0);
  });

  it('B-PNL-07: waiting callers keep consecutive positions in arrival order; the ones behind move up when one leaves', async () => {
    const corp = { corpId: 4, extensions: extensions(1), queues: [{ id: 9, name: 'Help', strategy: 'ringall' as const, members: ['1001'], callsPerHour: 120, ivrSec: 0 }] };
    const h = await harness({ seed: 6, corps: [corp], traffic: { offlineAtStart: 0, unregisterPerHour: 0, answerProbability: 0, patience: { distribution: 'exponential', meanSec: 400 } } });
    let moved = 0;
    for (let i = 0; i < 60; i++) {
      h.advance(30_000, 1000);
      const [q] = h.service.getQueues(4);
      expect(q.callers.map((c) => c.position)).toEqual(q.callers.map((_, k) => k + 1));
      expect(q.callers.map((c) => c.since)).toEqual([...q.callers.map((c) => c.since)].sort((a, b) => a - b));
      expect(q.callers.every((c) => c.trunkNumber === '40009' && /^55119\d{8}$/.test(c.caller))).toBe(true);
    }
    const updates = h.collector.of('CallerInQueue', 4);
    const first = new Map<string, number>();
    for (const u of updates) {
      if (!first.has(u.callId)) first.set(u.callId, u.position);
      else moved++;
    }
    expect(moved).toBeGreaterThan(5);
    // every later CallerInQueue of a caller is a move up by one
    const last = new Map<string, number>();
    for (const u of updates) {
      const before = last.get(u.callId);
      if (before !== undefined) expect(u.position).toBe(before - 1);
      last.set(u.callId, u.position);
    }
  });

  it('the counters start again at local midnight and every corp gets a fresh AllQueues', async () => {
    const start = Date.UTC(2024, 4, 1, 23, 20);
    const h = await harness({ seed: 5, startTime: start, corps: [busyCorp(2), busyCorp(3)] });
    const midnight = Date.UTC(2024, 4, 2);
    h.advance(HOUR, 1000);
    for (const corpId of [2, 3]) {
      const resets = h.collector.of('AllQueues', corpId).filter((a) => a.ts >= midnight);
      expect(resets.length).toBe(1);
      expect(resets[0].ts - midnight).toBeLessThan(1000);
      expect(resets[0].queues.every((q) => q.answered === 0 && q.abandoned === 0 && q.answeredWithinSl === 0)).toBe(true);
      const today = h.sink.queueLog.filter((r) => r.corpId === corpId && r.time.getTime() >= midnight);
      for (const q of h.service.getQueues(corpId)) {
        const expected = counts(today, `${corpId}_${q.queueId}`, q.serviceLevelSec);
        expect([q.answered, q.abandoned]).toEqual([expected.answered, expected.abandoned]);
      }
    }
  });

  it('local midnight follows the time zone, daylight saving included', () => {
    expect(startOfNextLocalDay(Date.UTC(2024, 4, 1, 12), 'UTC')).toBe(Date.UTC(2024, 4, 2));
    expect(startOfNextLocalDay(Date.UTC(2024, 4, 1, 12), 'America/Sao_Paulo')).toBe(Date.UTC(2024, 4, 2, 3));
    expect(startOfNextLocalDay(Date.UTC(2024, 4, 2, 2, 59), 'America/Sao_Paulo')).toBe(Date.UTC(2024, 4, 2, 3));
    // Berlin: 31 March 2024 has 23 hours
    expect(startOfNextLocalDay(Date.UTC(2024, 2, 30, 23, 30), 'Europe/Berlin')).toBe(Date.UTC(2024, 2, 31, 22));
    expect(startOfNextLocalDay(MANUAL_START, 'Asia/Kolkata')).toBe(Date.UTC(2024, 4, 1, 18, 30));
  });

  it("J-TZ-01 J-TZ-02 with the server in UTC, each corp's counters start again at its own midnight: São Paulo, Kolkata, and Madrid across the night its clocks go forward", async () => {
    const serverZone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      const zones: Record<number, string> = { 2: 'America/Sao_Paulo', 3: 'Asia/Kolkata', 4: 'Europe/Madrid' };
      const small = (corpId: number): SimCorp => ({ corpId, extensions: extensions(4), queues: [{ id: 1, name: 'Line', strategy: 'ringall', members: ['1001', '1002', '1003', '1004'], callsPerHour: 30, serviceLevelSec: 30 }] });
      const corps = [small(2), small(3), small(4)];
      const start = Date.UTC(2026, 2, 28, 17, 0);
      // no zone given to the service: a corp's zone is the directory's, the server's (UTC) the default
      const h = await harness({ seed: 11, startTime: start, corps }, { directory: directoryOf(corps).map((c) => ({ ...c, timeZone: zones[c.corpId] })), service: { timeZone: undefined } });
      const midnights: Record<number, number[]> = {
        2: [Date.UTC(2026, 2, 29, 3)],
        3: [Date.UTC(2026, 2, 28, 18, 30), Date.UTC(2026, 2, 29, 18, 30)],
        // Madrid's 29 March lasts 23 hours: 00:00 +01:00, then 00:00 +02:00
        4: [Date.UTC(2026, 2, 28, 23), Date.UTC(2026, 2, 29, 22)],
      };
      const lastMidnight = (corpId: number, at: number) => Math.max(start, ...midnights[corpId].filter((m) => m <= at));
      const checkpoints = [Date.UTC(2026, 2, 28, 20), Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 2, 29, 5), Date.UTC(2026, 2, 29, 23)];
      // the clock stops on every midnight, so a call is on one side of it in the log and in the counters alike
      const stops = [...new Set([...checkpoints, ...Object.values(midnights).flat()])].sort((a, b) => a - b);
      for (const stop of stops) {
        h.advance(stop - h.sim.now(), 10_000);
        if (!checkpoints.includes(stop)) continue;
        for (const corpId of [2, 3, 4]) {
          // today's counters are the queue_log's since the corp's own last midnight (before the first: since the start)
          const today = h.sink.queueLog.filter((r) => r.corpId === corpId && r.time.getTime() >= lastMidnight(corpId, stop));
          const [q] = h.service.getQueues(corpId);
          const expected = counts(today, `${corpId}_1`, q.serviceLevelSec);
          const at = new Date(stop).toISOString();
          expect({ corpId, at, answered: q.answered, abandoned: q.abandoned }).toEqual({ corpId, at, answered: expected.answered, abandoned: expected.abandoned });
        }
      }
      for (const corpId of [2, 3, 4]) {
        // one fresh AllQueues at each of the corp's midnights, none at UTC's or another corp's
        const resets = h.collector.of('AllQueues', corpId).filter((a) => a.ts > start);
        expect(resets.map((a) => new Date(a.ts).toISOString()), `corp ${corpId}`).toEqual(midnights[corpId].map((m) => new Date(m).toISOString()));
        expect(resets.every((a) => a.queues.every((q) => q.answered === 0 && q.abandoned === 0 && q.answeredWithinSl === 0))).toBe(true);
      }
      expect(h.sink.queueLog.filter((r) => r.event === 'CONNECT').length).toBeGreaterThan(100);
    } finally {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    }
  });
  it("J-TZ-01 after a restart each corp's counters come back from queue_log of its own today (Kolkata from its midnight, São Paulo's day still running)", async () => {
    const zones: Record<number, string> = { 2: 'Asia/Kolkata', 3: 'America/Sao_Paulo' };
    const corps = [busyCorp(2), busyCorp(3)];
    const directory = directoryOf(corps).map((c) => ({ ...c, timeZone: zones[c.corpId] }));
    const start = Date.UTC(2026, 2, 28, 15, 0);
    const h = await harness({ seed: 17, startTime: start, corps }, { directory });
    // across Kolkata's midnight (18:30 UTC); São Paulo's 28th runs from 03:00 UTC to 03:00 UTC
    h.advance(5 * HOUR, 10_000);
    await h.service.stop();
    const asked: number[] = [];
    const history: QueueHistory = {
      counters: async (from, to, levels) => {
        asked.push(from);
        return foldQueueLog(h.sink.queueLog.filter((r) => r.time.getTime() >= from && r.time.getTime() <= to), levels);
      },
    };
    const service = createRealtimeService({ adapter: h.adapter, publish: new Collector().publish, directory: { corps: () => directory }, history, now: () => h.sim.now(), timers: h.timers });
    await service.start();
    try {
      // one read per midnight
      expect(asked.sort((a, b) => a - b)).toEqual([Date.UTC(2026, 2, 28, 3), Date.UTC(2026, 2, 28, 18, 30)]);
      const since: Record<number, number> = { 2: Date.UTC(2026, 2, 28, 18, 30), 3: start };
      for (const corpId of [2, 3]) {
        const today = h.sink.queueLog.filter((r) => r.corpId === corpId && r.time.getTime() >= since[corpId]);
        for (const q of service.getQueues(corpId)) {
          const expected = counts(today, `${corpId}_${q.queueId}`, q.serviceLevelSec);
          expect({ corpId, queue: q.queueId, answered: q.answered, abandoned: q.abandoned }).toEqual({ corpId, queue: q.queueId, answered: expected.answered, abandoned: expected.abandoned });
        }
      }
      // Kolkata's counters are of its few hours, São Paulo's of the whole run
      const total = (corpId: number) => service.getQueues(corpId).reduce((n, q) => n + q.answered, 0);
      expect(total(3)).toBeGreaterThan(total(2));
    } finally {
      await service.stop();
    }
  });
  it("J-TZ-01 a corp given another zone: its counters are read again for its new today and start again at its new midnight", async () => {
    const corp = busyCorp(2);
    const start = Date.UTC(2026, 2, 28, 15, 0);
    const directory = directoryOf([corp]).map((c) => ({ ...c, timeZone: 'UTC' }));
    // queue_log as the database holds it (the record sink's rows)
    const rows: QueueLogRow[] = [];
    const history: QueueHistory = { counters: async (from, to, levels) => foldQueueLog(rows.filter((r) => r.time.getTime() >= from && r.time.getTime() <= to), levels) };
    const h = await harness({ seed: 23, startTime: start, corps: [corp] }, { directory, service: { history } });
    const sync = () => rows.splice(0, rows.length, ...h.sink.queueLog);
    const answered = (since: number) => counts(h.sink.queueLog.filter((r) => r.time.getTime() >= since), '2_1', 30).answered;
    h.advance(5 * HOUR, 10_000);
    expect(h.service.getQueues(2)[0].answered).toBe(answered(start));
    // 20:00 UTC: already the 29th in Kolkata, whose day began at 18:30 UTC
    sync();
    h.directory.list = directory.map((c) => ({ ...c, timeZone: 'Asia/Kolkata' }));
    await h.service.reload();
    expect(h.service.getQueues(2)[0].answered).toBe(answered(Date.UTC(2026, 2, 28, 18, 30)));
    expect(h.service.getQueues(2)[0].answered).toBeLessThan(answered(start));
    // its next midnight is Kolkata's (18:30 UTC on the 29th), not UTC's
    const before = h.collector.of('AllQueues', 2).length;
    h.advance(Date.UTC(2026, 2, 29, 18, 30) - h.sim.now(), 10_000);
    expect(h.collector.of('AllQueues', 2).slice(before).map((a) => new Date(a.ts).toISOString())).toEqual(['2026-03-29T18:30:00.000Z']);
    expect(h.service.getQueues(2)[0].answered).toBe(0);
  });
});
