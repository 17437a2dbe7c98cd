import { describe, expect, it } from 'vitest';
import { backoffMs, createMemoryThrottle, DEFAULT_THROTTLE, pairKey } from '../../server/auth/login-throttle';

describe('login throttle: a backoff per user and address (issue 13)', () => {
  const options = { ...DEFAULT_THROTTLE, freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 60_000, forgetAfterMs: 15 * 60_000 };

  it('five failures are free, then each one doubles the wait, up to its ceiling (never a lock)', () => {
    expect([0, 1, 4].map((n) => backoffMs(n, options))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => backoffMs(n, options))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(40, options)).toBe(60_000);
  });

  it('a pair waits from its last failure; the wait runs out by itself; a success forgets; old failures are forgotten', async () => {
    let now = 1_000_000;
    const throttle = createMemoryThrottle({ ...options, now: () => now });
    const pair = pairKey('Acme', 'Owner', '10.0.0.1');
    expect(pair).toBe(pairKey('acme', 'owner', '10.0.0.1'));
    for (let i = 0; i < 5; i++) await throttle.recordFailure(pair);
    expect(await throttle.waitMs(pair)).toBe(1000);
    // another address of the same user is another pair
    expect(await throttle.waitMs(pairKey('acme', 'owner', '10.0.0.2'))).toBe(0);
    now += 400;
    expect(await throttle.waitMs(pair)).toBe(600);
    now += 600;
    expect(await throttle.waitMs(pair)).toBe(0);
    await throttle.recordFailure(pair);
    expect(await throttle.waitMs(pair)).toBe(2000);
    await throttle.reset(pair);
    expect(await throttle.waitMs(pair)).toBe(0);
    for (let i = 0; i < 7; i++) await throttle.recordFailure(pair);
    now += 15 * 60_000 + 1;
    expect(await throttle.waitMs(pair)).toBe(0);
    await throttle.recordFailure(pair);
    expect(await throttle.waitMs(pair)).toBe(0);
  });
});
