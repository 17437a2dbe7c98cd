import { describe, expect, it } from 'vitest';
import { HUB } from '../../../domain/realtime';
import { createRetryPolicy, RETRY_DEFAULTS, retryCeilingMs, retryDelayMs } from '../../../src/hub';

/** a small seeded generator, so a failure can be replayed */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const context = (previousRetryCount: number) => ({ previousRetryCount, elapsedMilliseconds: previousRetryCount * 10_000, retryReason: new Error('x') });

describe('reconnect policy', () => {
  it('never gives up: a number (never null) for 1000 attempts, always within 0..10 s', () => {
    const policy = createRetryPolicy();
    for (let n = 0; n <= 1000; n++) {
      const delay = policy.nextRetryDelayInMilliseconds(context(n));
      expect(delay).not.toBeNull();
      expect(Number.isFinite(delay)).toBe(true);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(HUB.maxReconnectDelayMs);
    }
    expect(HUB.maxReconnectDelayMs).toBe(10_000);
    expect(RETRY_DEFAULTS.maxDelayMs).toBe(HUB.maxReconnectDelayMs);
  });

  it('the backoff ceiling doubles from 500 ms and is capped at 10 s', () => {
    const ceilings = Array.from({ length: 10 }, (_, n) => retryCeilingMs(n));
    expect(ceilings).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000, 10_000]);
    expect(retryCeilingMs(1000)).toBe(10_000);
    expect(retryCeilingMs(Number.MAX_SAFE_INTEGER)).toBe(10_000);
  });

  it('is monotonic: for any fixed draw the delays never shrink', () => {
    for (const draw of [0, 0.25, 0.5, 0.999]) {
      const delays = Array.from({ length: 50 }, (_, n) => retryDelayMs(n, { random: () => draw }));
      for (let n = 1; n < delays.length; n++) expect(delays[n]).toBeGreaterThanOrEqual(delays[n - 1]);
      expect(delays.at(-1)).toBe(Math.round(10_000 * (1 - 0.5 * draw)));
    }
  });

  it('is monotonic before the cap even with random jitter (each range starts where the previous ends)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = seeded(seed);
      const delays = Array.from({ length: 5 }, (_, n) => retryDelayMs(n, { random }));
      for (let n = 1; n < delays.length; n++) expect(delays[n]).toBeGreaterThanOrEqual(delays[n - 1]);
    }
  });

  it('jitter spreads each delay over the upper half of its ceiling', () => {
    const random = seeded(42);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const n = i % 12;
      const delay = retryDelayMs(n, { random });
      const ceiling = retryCeilingMs(n);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
      if (n >= 5) seen.add(delay);
    }
    expect(seen.size).toBeGreaterThan(50); // not one value for the whole fleet
  });

  it('odd inputs stay within bounds: negative, NaN and fractional counts, draws outside [0, 1), options', () => {
    expect(retryDelayMs(-3, { random: () => 0 })).toBe(500);
    expect(retryDelayMs(Number.NaN, { random: () => 0 })).toBe(500);
    expect(retryDelayMs(1.7, { random: () => 0 })).toBe(1000);
    expect(retryDelayMs(3, { random: () => 7 })).toBe(2000);
    expect(retryDelayMs(3, { random: () => Number.NaN })).toBe(4000);
    expect(retryDelayMs(20, { baseDelayMs: 50, maxDelayMs: 400, jitter: 0, random: () => 0.9 })).toBe(400);
    expect(retryDelayMs(0, { baseDelayMs: 50, jitter: 2, random: () => 0.5 })).toBe(25);
  });
});
