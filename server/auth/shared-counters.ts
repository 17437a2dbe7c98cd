/**
 * Counters shared by every instance of a deployment (issue 13): with REDIS_URL, the per-address
 * ceilings of @fastify/rate-limit and the failed-login backoff live in Redis under the deployment's
 * prefix, so N instances behind a balancer allow what one does, not N times as much. Without Redis they
 * stay in the process (one instance). A Redis that does not answer lets requests through (logged):
 * an outage of a cache must not lock everybody out; the password check still runs.
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { backoffMs, type LoginThrottle, type ThrottleOptions } from './login-throttle';

export interface SharedCounters {
  redis: Redis;
  prefix: string;
  /** resolves once Redis answers, or after `timeoutMs` (the counters then let requests through until it does) */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

type Log = { warn(data: Record<string, unknown>, msg: string): void };

export function openSharedCounters(url: string, prefix: string, log: Log): SharedCounters {
  // no offline queue: a command while Redis is away fails at once (and the caller lets the request through)
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: (times) => Math.min(times * 200, 2000) });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (!warned) log.warn({ error: error.message }, 'shared counters: Redis does not answer; rate limits and login backoff let requests through until it does');
    warned = true;
  });
  redis.on('ready', () => (warned = false));
  return {
    redis,
    prefix,
    async ready(timeoutMs = 2000) {
      if (redis.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        function done() {
          clearTimeout(timer);
          redis.off('ready', done);
          resolve();
        }
        redis.once('ready', done);
      });
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The options a route's @fastify/rate-limit registration adds for the shared store; none without one. */
export function rateLimitStore(counters: SharedCounters | null, scope: string): Partial<RateLimitPluginOptions> {
  return counters ? { redis: counters.redis, nameSpace: `${counters.prefix}:rate:${scope}:`, skipOnError: true } : {};
}

/**
 * The failed-login backoff of login-throttle.ts in Redis: a hash per pair (failures, last failure),
 * gone `forgetAfterMs` after the last failure as the in-memory one forgets it.
 */
export function createRedisThrottle(counters: SharedCounters, options: ThrottleOptions, log: Log): LoginThrottle {
  const key = (pair: string) => `${counters.prefix}:throttle:${pair}`;
  const now = options.now ?? Date.now;
  const failed = (what: string) => (error: unknown) => log.warn({ error: String(error) }, `shared counters: the login backoff could not ${what}`);
  return {
    async waitMs(pair) {
      try {
        const [failures, last] = await counters.redis.hmget(key(pair), 'failures', 'last');
        if (failures === null || last === null) return 0;
        return Math.max(0, Number(last) + backoffMs(Number(failures), options) - now());
      } catch (error) {
        failed('be read')(error);
        return 0;
      }
    },
    async recordFailure(pair) {
      await counters.redis
        .multi()
        .hincrby(key(pair), 'failures', 1)
        .hset(key(pair), 'last', String(now()))
        .pexpire(key(pair), options.forgetAfterMs)
        .exec()
        .catch(failed('count a failure'));
    },
    async reset(pair) {
      await counters.redis.del(key(pair)).catch(failed('be reset'));
    },
  };
}
