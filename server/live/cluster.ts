/**
 * Several instances, one PBX driver (REDIS_URL set): a leader lock in Redis (SET NX PX, renewed by
 * its holder; whoever finds it free takes it) and request/reply over Redis pub/sub, so a replica
 * forwards what needs the live state or the PBX to the leader and waits with a timeout. Without
 * Redis the one instance is always the leader.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { BehaviorSubject, type Observable } from 'rxjs';
import { PbxError, type PbxErrorCode } from '../pbx';

/** This instance does not (or no longer) hold the leader lock: the command was not sent to the PBX. */
export class NotLeaderError extends PbxError {
  constructor() {
    super('unavailable', 'This instance no longer drives the PBX');
  }
}

export type RequestHandler = (method: string, args: unknown[]) => Promise<unknown>;

export interface ClusterLogger {
  warn(msg: string, data?: Record<string, unknown>): void;
  info?(msg: string, data?: Record<string, unknown>): void;
}

export interface Cluster {
  readonly instanceId: string;
  /** true while this instance holds the lock (drives the PBX) */
  readonly leader$: Observable<boolean>;
  isLeader(): boolean;
  /**
   * resolves while this instance still holds the lock, checked now (I-INST-08 fencing: a paused old
   * leader cannot act); else steps down and throws NotLeaderError
   */
  fence(): Promise<void>;
  /** sends a request to the leader; PbxError 'unavailable' when none answers in time */
  request(method: string, args: unknown[]): Promise<unknown>;
  /** what this instance answers while it leads */
  serve(handler: RequestHandler): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The single-instance cluster: always the leader, no requests (nobody to ask). */
export function createLocalCluster(): Cluster {
  const leader$ = new BehaviorSubject(false);
  let handler: RequestHandler | null = null;
  return {
    instanceId: 'local',
    leader$: leader$.asObservable(),
    isLeader: () => leader$.getValue(),
    fence: async () => {
      if (!leader$.getValue()) throw new NotLeaderError();
    },
    request: (method, args) => (handler ? handler(method, args) : Promise.reject(new PbxError('unavailable', 'not started'))),
    serve: (h) => {
      handler = h;
    },
    start: async () => leader$.next(true),
    close: async () => leader$.next(false),
  };
}

export interface RedisClusterOptions {
  url: string;
  /** key and channel prefix (default 'callboard') */
  prefix?: string;
  /**
   * lock lifetime (default 4000 ms); a leader that cannot renew for this long steps down. A leader that
   * dies holds it this long at most, so with the acquire period it bounds the takeover (I-FAIL-01: 6 s)
   */
  ttlMs?: number;
  /** renew / acquire period (default 500 ms) */
  renewMs?: number;
  /** how long a forwarded request waits for the leader (default 3000 ms) */
  requestTimeoutMs?: number;
  log?: ClusterLogger;
}

interface RequestMessage {
  id: string;
  from: string;
  method: string;
  args: unknown[];
}
interface ReplyMessage {
  id: string;
  ok: boolean;
  value?: unknown;
  code?: PbxErrorCode;
  message?: string;
}

/** The Redis key of the leader lock: its value is the leading instance's id (read by /health). */
export const leaderLockKey = (prefix: string): string => `${prefix}:leader`;

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export function createRedisCluster(options: RedisClusterOptions): Cluster {
  const prefix = options.prefix ?? 'callboard';
  const ttlMs = options.ttlMs ?? 4000;
  const renewMs = options.renewMs ?? 500;
  const timeoutMs = options.requestTimeoutMs ?? 3000;
  const instanceId = randomUUID();
  const lockKey = leaderLockKey(prefix);
  const requestChannel = `${prefix}:rpc`;
  const replyChannel = `${prefix}:rpc:reply:${instanceId}`;
  const retryStrategy = (times: number) => Math.min(50 * 2 ** Math.min(times, 10), 2000);
  const cmd = new Redis(options.url, { retryStrategy, enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: true });
  const sub = new Redis(options.url, { retryStrategy, maxRetriesPerRequest: null, lazyConnect: true, autoResubscribe: false });
  const leader$ = new BehaviorSubject(false);
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  let handler: RequestHandler | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  /**
   * when the request that last set or renewed the lock was sent: Redis keeps it at least ttlMs from
   * then (it counts from when it received it), the bound the fence trusts without asking
   */
  let heldSince = 0;
  let closed = false;
  let lastError = 0;

  const logError = (where: string, error: unknown) => {
    if (Date.now() - lastError < 5000) return;
    lastError = Date.now();
    options.log?.warn(`cluster: redis ${where} error`, { error: String(error) });
  };
  cmd.on('error', (e: Error) => logError('command', e));
  sub.on('error', (e: Error) => logError('subscriber', e));

  function setLeader(value: boolean): void {
    if (leader$.getValue() === value) return;
    options.log?.info?.(value ? 'cluster: this instance leads (drives the PBX)' : 'cluster: this instance no longer leads', { instanceId });
    leader$.next(value);
  }

  async function tick(): Promise<void> {
    if (closed) return;
    try {
      const sent = Date.now();
      if (leader$.getValue()) {
        const renewed = Number(await cmd.eval(RENEW, 1, lockKey, instanceId, String(ttlMs)));
        if (renewed === 1) {
          heldSince = sent;
        } else setLeader(false);
      } else {
        const taken = await cmd.set(lockKey, instanceId, 'PX', ttlMs, 'NX');
        if (taken === 'OK') {
          heldSince = sent;
          setLeader(true);
        }
      }
    } catch (error) {
      logError('lock', error);
      // unable to renew for a whole lifetime: another instance may hold the lock by now
      if (leader$.getValue() && Date.now() >= heldSince + ttlMs) setLeader(false);
    }
  }

  /** the lock's life left by this clock must cover a command's round trip; a paused process finds it spent */
  const FENCE_MARGIN_MS = Math.min(500, Math.floor(ttlMs / 4));

  async function fence(): Promise<void> {
    if (!leader$.getValue()) throw new NotLeaderError();
    if (Date.now() >= heldSince + ttlMs - FENCE_MARGIN_MS) {
      setLeader(false);
      throw new NotLeaderError();
    }
    // the holder as Redis has it; a Redis that does not answer (in time) cannot give the lock to another either
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(instanceId), FENCE_MARGIN_MS)));
    const holder = await Promise.race([cmd.get(lockKey).catch(() => instanceId), late]).finally(() => clearTimeout(timer));
    if (holder !== instanceId || Date.now() >= heldSince + ttlMs) {
      setLeader(false);
      throw new NotLeaderError();
    }
  }

  async function answer(message: RequestMessage): Promise<void> {
    if (!leader$.getValue() || !handler) return;
    let reply: ReplyMessage;
    try {
      reply = { id: message.id, ok: true, value: await handler(message.method, message.args) };
    } catch (error) {
      // deposed while answering: the new leader answers this request too
      if (error instanceof NotLeaderError) return;
      reply = error instanceof PbxError ? { id: message.id, ok: false, code: error.code, message: error.message } : { id: message.id, ok: false, code: 'unavailable', message: String(error) };
    }
    await cmd.publish(`${prefix}:rpc:reply:${message.from}`, JSON.stringify(reply)).catch((error: unknown) => logError('reply', error));
  }

  // (re)subscribes on every connection, so a Redis that comes back later is followed
  sub.on('ready', () => {
    sub.subscribe(requestChannel, replyChannel).catch((error: unknown) => logError('subscribe', error));
  });
  sub.on('message', (channel: string, text: string) => {
    try {
      if (channel === requestChannel) {
        void answer(JSON.parse(text) as RequestMessage);
        return;
      }
      if (channel === replyChannel) {
        const reply = JSON.parse(text) as ReplyMessage;
        const waiting = pending.get(reply.id);
        if (!waiting) return;
        pending.delete(reply.id);
        clearTimeout(waiting.timer);
        if (reply.ok) waiting.resolve(reply.value);
        else waiting.reject(new PbxError(reply.code ?? 'unavailable', reply.message ?? 'failed'));
      }
    } catch (error) {
      logError('message', error);
    }
  });

  return {
    instanceId,
    leader$: leader$.asObservable(),
    isLeader: () => leader$.getValue(),
    fence,
    serve: (h) => {
      handler = h;
    },
    async request(method, args) {
      if (leader$.getValue() && handler) return handler(method, args);
      const id = randomUUID();
      return new Promise<unknown>((resolve, reject) => {
        const t = setTimeout(() => {
          pending.delete(id);
          reject(new PbxError('unavailable', 'No leader answered in time'));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer: t });
        cmd.publish(requestChannel, JSON.stringify({ id, from: instanceId, method, args } satisfies RequestMessage)).catch((error: unknown) => {
          clearTimeout(t);
          pending.delete(id);
          reject(new PbxError('unavailable', `The request was not sent: ${String(error)}`));
        });
      });
    },
    async start() {
      // a Redis that is down at start is retried in the background; this instance leads only once it answers
      await Promise.all([cmd.connect(), sub.connect()]).catch((error: unknown) => logError('connect', error));
      if (sub.status === 'ready') await sub.subscribe(requestChannel, replyChannel).catch((error: unknown) => logError('subscribe', error));
      await tick();
      timer = setInterval(() => void tick(), renewMs);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      for (const [id, waiting] of pending) {
        clearTimeout(waiting.timer);
        waiting.reject(new PbxError('stopped', 'closed'));
        pending.delete(id);
      }
      if (leader$.getValue()) await cmd.eval(RELEASE, 1, lockKey, instanceId).catch(() => undefined);
      setLeader(false);
      await Promise.all([cmd, sub].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
