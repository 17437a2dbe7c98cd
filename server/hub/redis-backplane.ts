/**
 * Redis pub/sub backplane (REDIS_URL). One channel carries every push as
 * `P\n{corpId}\n{push}\n{payload JSON}` (the payload is forwarded to the hub without re-parsing),
 * resync markers as `R\n{reason}` and ended sessions as `S\n{principalId}\n{reason}`.
 *
 * Outages: while Redis is unreachable publishes are dropped (no offline queue: a late burst of stale
 * pushes would be worse than a refetch). When the subscriber connection comes back, this instance
 * signals `resync` (it may have missed messages); when the publisher comes back after dropping
 * messages, it publishes a resync marker so every instance refetches.
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { HubPushes, HubPushName } from '../../domain';
import { deliver, type Backplane, type BackplaneHandler, type BackplaneLogger } from './backplane';

export interface RedisBackplaneOptions {
  url: string;
  /** pub/sub channel (default 'callboard:hub') */
  channel?: string;
  /** reconnect delay cap in ms (default 2000) */
  maxRetryDelayMs?: number;
  log?: BackplaneLogger;
  /** extra ioredis options (tests) */
  redis?: Partial<RedisOptions>;
}

export interface RedisBackplaneCounters {
  published: number;
  received: number;
  /** publishes dropped while Redis was unreachable */
  dropped: number;
  resyncs: number;
  malformed: number;
}

export class RedisBackplane implements Backplane {
  readonly channel: string;
  readonly counters: RedisBackplaneCounters = { published: 0, received: 0, dropped: 0, resyncs: 0, malformed: 0 };
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Set<BackplaneHandler>();
  private readonly log?: BackplaneLogger;
  private subscribedOnce = false;
  private droppedSinceReady = 0;
  private closed = false;
  private lastErrorLog = 0;
  private readonly readyPromise: Promise<void>;

  constructor(options: RedisBackplaneOptions) {
    this.channel = options.channel ?? 'callboard:hub';
    this.log = options.log;
    const maxDelay = options.maxRetryDelayMs ?? 2000;
    const base: RedisOptions = {
      retryStrategy: (times: number) => Math.min(50 * 2 ** Math.min(times, 10), maxDelay),
      ...options.redis,
    };
    this.pub = new Redis(options.url, { ...base, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    this.sub = new Redis(options.url, { ...base, autoResubscribe: false, maxRetriesPerRequest: null });
    this.pub.on('error', (error: Error) => this.logError('publisher', error));
    this.sub.on('error', (error: Error) => this.logError('subscriber', error));
    this.sub.on('message', (_channel: string, message: string) => this.onMessage(message));

    let subReady: () => void;
    let pubReady: () => void;
    const subscribed = new Promise<void>((resolve) => (subReady = resolve));
    const published = new Promise<void>((resolve) => (pubReady = resolve));
    this.readyPromise = Promise.all([subscribed, published]).then(() => undefined);

    this.sub.on('ready', () => {
      this.sub.subscribe(this.channel).then(
        () => {
          if (this.subscribedOnce) this.emitResync('backplane reconnected');
          this.subscribedOnce = true;
          subReady();
        },
        (error: unknown) => this.logError('subscribe', error),
      );
    });
    this.pub.on('ready', () => {
      pubReady();
      if (this.droppedSinceReady > 0) {
        this.droppedSinceReady = 0;
        this.pub.publish(this.channel, 'R\npublishes were dropped during an outage').catch((error: unknown) => this.logError('publish', error));
      }
    });
  }

  /** resolves once both connections are up and subscribed */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  publish<K extends HubPushName>(corpId: number, push: K, payload: HubPushes[K]): void {
    if (this.closed) return;
    const message = `P\n${corpId}\n${push}\n${JSON.stringify(payload)}`;
    if (this.pub.status !== 'ready') {
      this.drop();
      return;
    }
    this.counters.published++;
    this.pub.publish(this.channel, message).catch((error: unknown) => {
      this.counters.published--;
      this.drop();
      this.logError('publish', error);
    });
  }

  /**
   * Sent to every instance through Redis and checked here at once too: a Redis that is down must not
   * keep this instance's connections of an ended session open (the echo checks them again, harmless).
   */
  endSessions(principalId: number, reason: string): void {
    if (this.closed) return;
    deliver(this.handlers, { kind: 'sessions', principalId, reason }, this.log);
    if (this.pub.status !== 'ready') {
      this.drop();
      return;
    }
    this.pub.publish(this.channel, `S\n${principalId}\n${reason}`).catch((error: unknown) => {
      this.drop();
      this.logError('publish', error);
    });
  }

  subscribe(handler: BackplaneHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    await Promise.all([this.pub, this.sub].map((client) => client.quit().catch(() => client.disconnect())));
  }

  private drop(): void {
    this.counters.dropped++;
    this.droppedSinceReady++;
  }

  private emitResync(reason: string): void {
    this.counters.resyncs++;
    deliver(this.handlers, { kind: 'resync', reason }, this.log);
  }

  private onMessage(message: string): void {
    if (this.closed) return;
    if (message.startsWith('R\n')) {
      this.emitResync(message.slice(2));
      return;
    }
    if (message.startsWith('S\n')) {
      const end = message.indexOf('\n', 2);
      const principalId = Number(message.slice(2, end));
      if (end < 0 || !Number.isSafeInteger(principalId)) this.counters.malformed++;
      else deliver(this.handlers, { kind: 'sessions', principalId, reason: message.slice(end + 1) }, this.log);
      return;
    }
    const a = message.indexOf('\n', 2);
    const b = a < 0 ? -1 : message.indexOf('\n', a + 1);
    const corpId = Number(message.slice(2, a));
    if (!message.startsWith('P\n') || b < 0 || !Number.isSafeInteger(corpId)) {
      this.counters.malformed++;
      return;
    }
    this.counters.received++;
    deliver(this.handlers, { kind: 'push', corpId, push: message.slice(a + 1, b) as HubPushName, json: message.slice(b + 1) }, this.log);
  }

  private logError(where: string, error: unknown): void {
    const now = Date.now();
    if (now - this.lastErrorLog < 5000) return;
    this.lastErrorLog = now;
    this.log?.warn(`backplane: redis ${where} error`, { error: String(error) });
  }
}
