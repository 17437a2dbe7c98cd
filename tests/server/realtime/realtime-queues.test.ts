/**
 * Queues: callers and positions, today's counters against the simulator's queue_log rows, the same
 * counters as a wallboard computes them from the pushes, and the reset at local midnight.
 */
import { Subject, type Subscription } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { MANUAL_START, type QueueLogRow } from '../../../server/pbx';
import { nextMidnight } from '../../../server/realtime';
import { queueStats, type QueueStats } from '../../../streams/queue-stats';
import type { HubEvent } from '../../../streams/hub-events';
import { busyCorp } from '../pbx/helpers';
import { extensions, harness } from './helpers';

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

describe('queue counters', () => {
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
    expect(nextMidnight(Date.UTC(2024, 4, 1, 12), 'UTC')).toBe(Date.UTC(2024, 4, 2));
    expect(nextMidnight(Date.UTC(2024, 4, 1, 12), 'America/Sao_Paulo')).toBe(Date.UTC(2024, 4, 2, 3));
    expect(nextMidnight(Date.UTC(2024, 4, 2, 2, 59), 'America/Sao_Paulo')).toBe(Date.UTC(2024, 4, 2, 3));
    // Berlin: 31 March 2024 has 23 hours
    expect(nextMidnight(Date.UTC(2024, 2, 30, 23, 30), 'Europe/Berlin')).toBe(Date.UTC(2024, 2, 31, 22));
    expect(nextMidnight(MANUAL_START, 'Asia/Kolkata')).toBe(Date.UTC(2024, 4, 1, 18, 30));
  });
});
