import { describe, expect, it } from 'vitest';
import { TIMING } from '../../domain';
import { clock$, elapsedSince } from '../../streams/clock';
import { scheduler } from './fixtures';

describe('shared clock', () => {
  it('B-PNL-21 ticks every 500 ms (the call timer refresh) with the scheduler time', () => {
    const ts = scheduler();
    ts.run(({ expectObservable }) => {
      expect(TIMING.callTimerRefreshMs).toBe(500);
      expectObservable(clock$(ts), '^ 1600ms !').toBe('a 499ms b 499ms c 499ms d', { a: 0, b: 500, c: 1000, d: 1500 });
    });
  });

  it('is one timer however many tiles read it: a late reader gets the same ticks, not a timer of its own', () => {
    const ts = scheduler();
    ts.run(({ expectObservable }) => {
      const shared = clock$(ts, 100);
      expectObservable(shared, '^ 250ms !').toBe('a 99ms b 99ms c', { a: 0, b: 100, c: 200 });
      // a second timer would tick at 50, 150, 250; the shared one ticks at 100 and 200 for everyone
      expectObservable(shared, '50ms ^ 200ms !').toBe('100ms b 99ms c', { b: 100, c: 200 });
    });
  });

  it('elapsed time is computed from a start timestamp, never negative', () => {
    expect(elapsedSince(null, 10)).toBe(0);
    expect(elapsedSince(1_000, 4_000)).toBe(3_000);
    expect(elapsedSince(5_000, 4_000)).toBe(0);
  });
});
