import { describe, expect, it } from 'vitest';
import { EXT_STATUS } from '../../domain';
import { clock$ } from '../../streams/clock';
import type { HubEvent } from '../../streams/hub-events';
import { queueStats, queueStatsOf, serviceLevelPct, type QueueStats } from '../../streams/queue-stats';
import { CORP, OTHER, caller, ext, hub, queue, queueStatsRow, scheduler } from './fixtures';

const base = queueStatsRow();
const s = (over: Partial<QueueStats> = {}): QueueStats[] => [{ ...base, ...over }];
const s2 = s;

describe('queue stats (marbles)', () => {
  it('waiting, longest wait from the shared clock, answered, abandoned and service level', () => {
    const ts = scheduler();
    ts.run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('10ms a 89ms b 199ms c 899ms d 499ms e', {
        a: hub.allQueues([queue(1, { members: ['201', '202'] })], 10),
        b: hub.joined(caller('q1', 100)),
        c: hub.joined(caller('q2', 300, { position: 2 })),
        d: hub.left(1, 'q1', 'answered', 1100, 1200),
        e: hub.left(1, 'q2', 'abandoned', 1400, 1700),
      });
      // ticks at 0, 500, 1000, 1500, 2000, 2500: the last two change nothing and emit nothing
      expectObservable(queueStats(events$, clock$(ts), { corpId: CORP }), '^ 2599ms !').toBe(
        '10ms A 89ms B 199ms C 199ms D 499ms E 199ms F 299ms G 199ms H',
        {
          A: s2(),
          B: s2({ waiting: 1 }), // the clock still reads 0: no negative wait
          C: s2({ waiting: 2 }),
          D: s2({ waiting: 2, longestWaitMs: 400 }),
          E: s2({ waiting: 2, longestWaitMs: 900 }),
          F: s2({ waiting: 1, longestWaitMs: 700, answered: 1, answeredWithinSl: 1, serviceLevelPct: 100 }),
          G: s2({ waiting: 1, longestWaitMs: 1200, answered: 1, answeredWithinSl: 1, serviceLevelPct: 100 }),
          H: s2({ answered: 1, answeredWithinSl: 1, abandoned: 1, serviceLevelPct: 50 }),
        },
      );
    });
  });

  it('service level: within means waited ≤ threshold; a timeout counts in neither; baseline from the snapshot', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c-d-e', {
        // today so far: 8 answered (6 within), 2 abandoned → 6 / 10
        a: hub.allQueues([queue(1, { answered: 8, answeredWithinSl: 6, abandoned: 2, callers: [caller('q1', 0), caller('q2', 0), caller('q3', 0)] })]),
        b: hub.left(1, 'q1', 'answered', 60_000), // exactly the threshold: within
        c: hub.left(1, 'q2', 'answered', 60_001), // just over
        d: hub.left(1, 'q3', 'timeout', 90_000), // leaves the queue, counts in neither
        e: hub.left(1, 'q9', 'abandoned', 5_000), // a caller we did not see join still counts
      });
      const clock = cold<number>('-');
      expectObservable(queueStats(events$, clock, { corpId: CORP })).toBe('a-b-c-d-e', {
        a: s({ waiting: 3, answered: 8, answeredWithinSl: 6, abandoned: 2, serviceLevelPct: 60 }),
        b: s({ waiting: 2, answered: 9, answeredWithinSl: 7, abandoned: 2, serviceLevelPct: 63.6 }),
        c: s({ waiting: 1, answered: 10, answeredWithinSl: 7, abandoned: 2, serviceLevelPct: 58.3 }),
        d: s({ waiting: 0, answered: 10, answeredWithinSl: 7, abandoned: 2, serviceLevelPct: 58.3 }),
        e: s({ waiting: 0, answered: 10, answeredWithinSl: 7, abandoned: 3, serviceLevelPct: 53.8 }),
      });
    });
  });

  it("the formula: 'offered' (default) divides by answered + abandoned, 'asterisk' (ServicelevelPerf) by answered", () => {
    const q = { answered: 8, abandoned: 2, answeredWithinSl: 6 };
    expect(serviceLevelPct(q)).toBe(60);
    expect(serviceLevelPct(q, 'asterisk')).toBe(75);
    expect(serviceLevelPct({ answered: 0, abandoned: 0, answeredWithinSl: 0 })).toBeNull();
    expect(serviceLevelPct({ answered: 0, abandoned: 3, answeredWithinSl: 0 })).toBe(0);
    expect(serviceLevelPct({ answered: 0, abandoned: 3, answeredWithinSl: 0 }, 'asterisk')).toBeNull();
    scheduler().run(({ hot, cold, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b', {
        a: hub.allQueues([queue(1, { serviceLevelSec: 60 })]),
        b: hub.left(1, 'q1', 'answered', 30_000), // within 60 s, not within the 20 s override
      });
      expectObservable(queueStats(events$, cold('-'), { corpId: CORP, serviceLevelSec: 20, formula: 'asterisk' })).toBe('a-b', {
        a: s({ serviceLevelSec: 20 }),
        b: s({ serviceLevelSec: 20, answered: 1, serviceLevelPct: 0 }),
      });
    });
  });

  it('extension events change no queue figure (agents are counted from the extension registry, not here)', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c-d-e', {
        a: hub.allQueues([queue(1, { members: ['201', '202'] })]),
        b: hub.allExtensions([ext('201'), ext('202', EXT_STATUS.offline)]),
        c: hub.ringing('c1', '5551000', '201', 4),
        d: hub.device('202', EXT_STATUS.online, 5),
        e: hub.joined(caller('x', 6)),
      });
      expectObservable(queueStats(events$, cold('-'), { corpId: CORP })).toBe('a-------e', {
        a: s(),
        e: s({ waiting: 1 }),
      });
    });
  });

  it('B-PNL-25 ignores other corps: their snapshots, callers and queue rows', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c-d', {
        a: hub.allQueues([queue(1)], 0, OTHER), // not ours: still no baseline
        b: hub.allQueues([queue(1), queue(2, { corpId: OTHER })]),
        c: hub.joined(caller('x', 0, { corpId: OTHER })),
        d: hub.left(1, 'x', 'abandoned', 10, 6, OTHER),
      });
      expectObservable(queueStats(events$, cold('-'), { corpId: CORP })).toBe('--b', { b: s() });
    });
  });

  it('emits only real changes (distinctUntilChanged): idle ticks, repeats and unrelated events emit nothing', () => {
    const ts = scheduler();
    ts.run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('1ms a 99ms b 99ms c 99ms d', {
        a: hub.allQueues([queue(1, { members: ['201', '202'] })], 1),
        b: hub.joined(caller('q1', 1_000)), // joined "in the future" of the clock: wait reads 0
        c: hub.joined(caller('q1', 1_000)), // the same caller again
        d: hub.activeCalls([], 301), // not a queue matter
      });
      expectObservable(queueStats(events$, clock$(ts), { corpId: CORP }), '^ 999ms !').toBe('1ms a 99ms b', {
        a: s2(),
        b: s2({ waiting: 1 }),
      });
    });
  });

  it('a new AllQueues snapshot replaces the baseline (after a reconnect)', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c', {
        a: hub.allQueues([queue(1)]),
        b: hub.joined(caller('q1', 0)),
        c: hub.allQueues([queue(1, { answered: 4, answeredWithinSl: 4 }), queue(2)]),
      });
      expectObservable(queueStats(events$, cold('-'), { corpId: CORP })).toBe('a-b-c', {
        a: s(),
        b: s({ waiting: 1 }),
        c: [
          { ...base, answered: 4, answeredWithinSl: 4, serviceLevelPct: 100 },
          { ...base, queueId: 2, name: 'queue 2' },
        ],
      });
    });
  });

  it('queueStatsOf gives one queue and emits only when that queue changes', () => {
    scheduler().run(({ hot, cold, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c', {
        a: hub.allQueues([queue(1), queue(2)]),
        b: hub.joined(caller('q1', 0, { queueId: 2 })),
        c: hub.joined(caller('q2', 0, { queueId: 1 })),
      });
      const one$ = queueStatsOf(queueStats(events$, cold('-'), { corpId: CORP }), 1);
      const missing$ = queueStatsOf(queueStats(events$, cold('-'), { corpId: CORP }), 9);
      expectObservable(one$).toBe('a---c', { a: base, c: { ...base, waiting: 1 } });
      expectObservable(missing$).toBe('a', { a: null });
    });
  });

  it('a caller joining one queue makes one new record; the other queues keep theirs, and other pushes emit nothing', () => {
    const emitted: QueueStats[][] = [];
    scheduler().run(({ hot, cold, flush }) => {
      const events$ = hot<HubEvent>('a-b-c-d', {
        a: hub.allQueues([queue(1), queue(2), queue(3)]),
        b: hub.joined(caller('q1', 0, { queueId: 2 })),
        c: hub.device('201', EXT_STATUS.inUse, 5),
        d: hub.ringing('x.1', '5551234', '201', 6),
      });
      // the clock ticked once: the other pushes no longer move `now`
      queueStats(events$, cold<number>('a', { a: 0 }), { corpId: CORP }).subscribe((list) => emitted.push(list));
      flush();
    });
    expect(emitted).toHaveLength(2);
    const [before, after] = emitted;
    expect(after.map((q) => q.waiting)).toEqual([0, 1, 0]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).toBe(before[2]);
  });
});
