/**
 * Failed-login limit (per nick+corp and per IP): after `maxFailures` failures inside `windowMs`
 * further attempts are refused until the oldest of them leaves the window. The interface is async
 * so a Redis implementation (sorted sets per key) can replace the in-memory one without changes
 * to the login route.
 */
export interface LoginThrottle {
  /** true while any of the keys is blocked */
  isBlocked(keys: readonly string[]): Promise<boolean>;
  recordFailure(keys: readonly string[]): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface ThrottleOptions {
  maxFailures: number;
  windowMs: number;
  now?: () => number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { maxFailures: 5, windowMs: 15 * 60 * 1000 };

export function createMemoryThrottle(options: ThrottleOptions = DEFAULT_THROTTLE): LoginThrottle {
  const failures = new Map<string, number[]>();
  const now = options.now ?? Date.now;

  function recent(key: string): number[] {
    const since = now() - options.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  }

  // drop stale keys now and then so the map cannot grow without bound
  let writes = 0;
  function sweep(): void {
    if (++writes % 500 !== 0) return;
    for (const key of [...failures.keys()]) recent(key);
  }

  return {
    async isBlocked(keys) {
      return keys.some((key) => recent(key).length >= options.maxFailures);
    },
    async recordFailure(keys) {
      for (const key of keys) {
        const list = recent(key);
        list.push(now());
        failures.set(key, list.slice(-options.maxFailures));
      }
      sweep();
    },
    async reset(key) {
      failures.delete(key);
    },
  };
}

export const nickKey = (corpUrl: string, nick: string) => `nick:${corpUrl.toLowerCase()}:${nick.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;
