/**
 * The event driver of bench/cluster-bench.ts: publishes DeviceStateChanged pushes on the cluster's
 * Redis channel (`<REDIS_PREFIX>:hub`) in the backplane's own message format, as the leader instance
 * publishes what its PBX says; every instance broadcasts each push to its hub connections of that
 * corp. Event k goes to corp k mod C. Each event's `ts` is its scheduled time, not the time the driver
 * got round to it, so a cluster that falls behind shows it in the latency (no coordinated omission).
 */
import { Redis } from 'ioredis';
import { EXT_STATUS, type HubPushes } from '../../domain';
import { clock, PUSH, roundTs, sleep } from '../bench-common';

export interface DriverStep {
  rate: number;
  warmupMs: number;
  durationMs: number;
  /** gives the step up when an event is this late (far past saturation: the rest count as lost) */
  abortLagMs: number;
}

export interface DriverWindow {
  measureStart: number;
  measureEnd: number;
  /** events scheduled in the window, per corp index */
  eventsPerCorp: number[];
}

export interface DriverDone {
  events: number;
  eventsPublished: number;
  aborted: boolean;
  lagMaxMs: number;
}

export class RedisDriver {
  private readonly redis: Redis;

  constructor(
    redisUrl: string,
    private readonly channel: string,
    private readonly corpIds: number[],
  ) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  }

  connect(): Promise<void> {
    return this.redis.connect();
  }

  /** `onWindow` is told the window before the first event; resolves when the last event is sent */
  async step(req: DriverStep, onWindow: (w: DriverWindow) => void): Promise<DriverDone> {
    const interval = 1000 / req.rate;
    const start = clock() + 100;
    const measureStart = start + req.warmupMs;
    const measureEnd = measureStart + req.durationMs;
    const total = Math.ceil((measureEnd - start) / interval);
    const tsOf = (k: number) => roundTs(start + k * interval);
    const inWindow = (k: number) => tsOf(k) >= measureStart && tsOf(k) < measureEnd;
    const corps = this.corpIds.length;
    const eventsPerCorp = this.corpIds.map(() => 0);
    let events = 0;
    for (let k = 0; k < total; k++) {
      if (!inWindow(k)) continue;
      events++;
      eventsPerCorp[k % corps]++;
    }
    onWindow({ measureStart, measureEnd, eventsPerCorp });

    let published = 0;
    let lagMax = 0;
    let aborted = false;
    for (let k = 0; k < total; ) {
      const now = clock();
      const scheduled = start + k * interval;
      if (scheduled > now) {
        await sleep(Math.max(0, scheduled - now));
        continue;
      }
      if (now - scheduled > req.abortLagMs) {
        aborted = true;
        lagMax = Math.max(lagMax, now - scheduled);
        break;
      }
      const corpId = this.corpIds[k % corps];
      const payload: HubPushes[typeof PUSH] = { corpId, number: String(1000 + (k % 50)), status: k % 2 ? EXT_STATUS.inUse : EXT_STATUS.online, ts: tsOf(k) };
      // the backplane's wire format (server/hub/redis-backplane.ts): P \n corp \n push \n json
      void this.redis.publish(this.channel, `P\n${corpId}\n${PUSH}\n${JSON.stringify(payload)}`).catch(() => undefined);
      if (inWindow(k)) {
        published++;
        lagMax = Math.max(lagMax, now - scheduled);
      }
      k++;
    }
    while (clock() < measureEnd) await sleep(Math.min(50, measureEnd - clock()));
    return { events, eventsPublished: published, aborted, lagMaxMs: lagMax };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
