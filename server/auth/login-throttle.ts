/**
 * Failed logins of one user from one address (corp, nick and address together): after
 * `freeFailures` failures the pair waits before its next try, a wait that doubles with each further
 * failure up to `maxDelayMs` (a backoff, never a lock). Another address is another pair, so the right
 * password from elsewhere is never refused, and a stranger cannot lock a user out by failing on
 * purpose. The address's ceiling on attempts of any user (malformed ones too) is @fastify/rate-limit
 * on the route (routes/session.ts).
 *
 * The interface is async so a shared store (Redis, several instances) can replace the in-memory one
 * without changes to the login route.
 */
export interface LoginThrottle {
  /** milliseconds the pair must still wait before it may try again; 0 when it may try now */
  waitMs(pair: string): Promise<number>;
  recordFailure(pair: string): Promise<void>;
  /** a successful login forgets the pair's failures */
  reset(pair: string): Promise<void>;
}

export interface ThrottleOptions {
  /** failures a pair has before any wait (a typo or two, a forgotten caps lock) */
  freeFailures: number;
  /** the first wait; each further failure doubles it */
  baseDelayMs: number;
  maxDelayMs: number;
  /** failures are forgotten this long after the pair's last one */
  forgetAfterMs: number;
  /** the per-address ceiling: login attempts of any user from one address per minute */
  perAddressPerMinute: number;
  now?: () => number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 5 * 60 * 1000,
  forgetAfterMs: 15 * 60 * 1000,
  perAddressPerMinute: 60,
};

/** The wait after `failures` failures (0 while they are free). */
export function backoffMs(failures: number, options: Pick<ThrottleOptions, 'freeFailures' | 'baseDelayMs' | 'maxDelayMs'>): number {
  if (failures < options.freeFailures) return 0;
  return Math.min(options.baseDelayMs * 2 ** (failures - options.freeFailures), options.maxDelayMs);
}

/** The most pairs remembered: beyond it the pairs idle longest are forgotten first (a flood of made-up nicks). */
const MAX_PAIRS = 100_000;

export function createMemoryThrottle(options: ThrottleOptions = DEFAULT_THROTTLE): LoginThrottle {
  // insertion order = last failure order (a pair is moved to the end on each failure)
  const pairs = new Map<string, { failures: number; last: number }>();
  const now = options.now ?? Date.now;

  function current(pair: string) {
    const entry = pairs.get(pair);
    if (entry && now() - entry.last > options.forgetAfterMs) {
      pairs.delete(pair);
      return undefined;
    }
    return entry;
  }

  return {
    async waitMs(pair) {
      const entry = current(pair);
      if (!entry) return 0;
      return Math.max(0, entry.last + backoffMs(entry.failures, options) - now());
    },
    async recordFailure(pair) {
      const failures = (current(pair)?.failures ?? 0) + 1;
      pairs.delete(pair);
      pairs.set(pair, { failures, last: now() });
      if (pairs.size > MAX_PAIRS) pairs.delete(pairs.keys().next().value!);
    },
    async reset(pair) {
      pairs.delete(pair);
    },
  };
}

/** The pair of a login: the corp and nick as typed (in any case) and the caller's address. */
export const pairKey = (corpUrl: string, nick: string, ip: string) => `login:${corpUrl.toLowerCase()}:${nick.toLowerCase()}:${ip}`;
