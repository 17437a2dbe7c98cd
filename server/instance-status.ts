/**
 * What one instance knows of what it depends on (I-INST-08, ARCHITECTURE "Several instances"): the
 * database, Redis, who leads the PBX and the PBX itself. Read by GET /api/v1/health and /metrics.
 * Every look has a time limit: a database or Redis that hangs is reported down, never waited for.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PbxState } from '../domain';
import { leaderLockKey } from './live/cluster';

/** How long each look waits (the health route's answer stays well under a balancer's check timeout). */
export const STATUS_TIMEOUT_MS = 1000;

export interface InstanceStatus {
  database: { kind: 'pglite' | 'postgres'; up: boolean };
  /** 'none' without REDIS_URL; roundTripMs: a PING's round trip (the backplane's transport time) */
  redis: { state: 'none' | 'up' | 'down'; roundTripMs: number | null };
  /**
   * who drives the PBX, without a live side null: whether this instance does, its id, and the lock
   * holder's id as Redis has it (null: nobody holds it, or Redis did not answer)
   */
  leader: { self: boolean; instance: string; current: string | null } | null;
  pbx: { state: PbxState | 'unknown'; since: number | null };
}

const TIMED_OUT: unique symbol = Symbol('timed out');

/** `work`'s value, or TIMED_OUT after `ms`; a rejection is TIMED_OUT too (the caller says "down"). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work.catch((): typeof TIMED_OUT => TIMED_OUT), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function instanceStatus(app: FastifyInstance, timeoutMs = STATUS_TIMEOUT_MS): Promise<InstanceStatus> {
  const ctx = app.ctx;
  const live = app.live;
  const redis = ctx.counters;
  const [database, ping, holder, pbx] = await Promise.all([
    within(ctx.db.execute(sql`select 1`), timeoutMs),
    redis
      ? within(
          (async () => {
            const started = performance.now();
            await redis.redis.ping();
            return performance.now() - started;
          })(),
          timeoutMs,
        )
      : null,
    redis && live ? within(redis.redis.get(leaderLockKey(redis.prefix)), timeoutMs) : null,
    live ? live.pbxHealth(timeoutMs) : { state: 'none' as const, since: null },
  ]);
  const self = live?.cluster.isLeader() ?? false;
  return {
    database: { kind: ctx.database.kind, up: database !== TIMED_OUT },
    redis: redis ? (ping === TIMED_OUT || ping === null ? { state: 'down', roundTripMs: null } : { state: 'up', roundTripMs: ping }) : { state: 'none', roundTripMs: null },
    leader: live
      ? {
          self,
          instance: live.cluster.instanceId,
          // without Redis this instance is the only one: it leads once started
          current: redis ? (holder === TIMED_OUT ? null : holder) : self ? live.cluster.instanceId : null,
        }
      : null,
    pbx,
  };
}

/** 'ok' while the database answers and Redis (when configured) does; the PBX is reported, not judged. */
export function overall(status: InstanceStatus): 'ok' | 'degraded' {
  return status.database.up && status.redis.state !== 'down' ? 'ok' : 'degraded';
}
