/**
 * GET /metrics: Prometheus text (I-MET-01) for the Grafana dashboard in docs/grafana-callboard.json.
 *
 * What it tells: HTTP latency by route; the hub's connections, pushes, records and bytes sent, its
 * outbox backlog and slow consumers dropped; the backplane's publishes, drops and resyncs; the live
 * state's events and drops (while this instance leads); the PBX state, the leader, Redis's round trip
 * (the backplane's transport time) and the database with its pool; failed logins and throttled
 * requests; and the process (CPU, memory, GC, event-loop lag) from prom-client's default metrics.
 *
 * Who may read it: the figures are totals over every corp, but they tell an outsider how busy the site
 * is, when logins are being guessed and which routes exist, so it is not public. Without METRICS_TOKEN
 * only a direct request from a loopback address is answered (a Prometheus or an agent on the same
 * host); a request that came through a proxy (X-Forwarded-For or Forwarded present) is refused even
 * from loopback, since a balancer on the same host would otherwise hand it to the internet. With
 * METRICS_TOKEN every request must carry `Authorization: Bearer {token}` (Prometheus's
 * `authorization: { credentials: … }`), from anywhere.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { LoginThrottle } from './auth/login-throttle';
import { RedisBackplane } from './hub/redis-backplane';
import { instanceStatus } from './instance-status';

export const METRICS_PATH = '/metrics';

/**
 * The process's own metrics (CPU, memory, GC, event-loop lag) belong to the process, not to an app:
 * registered once however many apps a process builds (the tests build many), and served by each.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    // 10 ms: the event-loop delay histogram's resolution (prom-client's default)
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

const PBX_STATES = ['up', 'down', 'none', 'unknown'] as const;

/**
 * Every series this module serves besides the process's, by name: its type, help and labels. A
 * series that does not apply here (Redis without REDIS_URL, the hub without a live side, the pool on
 * the embedded database) is registered on the first scrape where it does, so it is absent rather than
 * a false 0. docs/grafana-callboard.json graphs these names (a test checks it).
 */
export const SERIES = {
  callboard_http_request_duration_seconds: { type: 'histogram', help: 'HTTP request duration by route pattern, method and status code', labels: ['method', 'route', 'status'] },
  callboard_http_throttled_total: { type: 'counter', help: 'Requests answered 429 (login backoff, per-address rate limits), by route pattern', labels: ['route'] },
  callboard_login_failures_total: { type: 'counter', help: 'Failed password checks (logins and profile changes) the login throttle was told of' },
  callboard_login_backoff_refusals_total: { type: 'counter', help: 'Password checks refused while their user and address wait out a backoff' },
  callboard_hub_connections: { type: 'gauge', help: 'Open hub connections (after the handshake)' },
  callboard_hub_pushes_total: { type: 'counter', help: 'Pushes handed to the hub for a corp (its broadcasts)' },
  callboard_hub_records_sent_total: { type: 'counter', help: 'Hub records sent, summed over connections' },
  callboard_hub_frames_sent_total: { type: 'counter', help: 'WebSocket frames sent by the hub' },
  callboard_hub_bytes_sent_total: { type: 'counter', help: 'Bytes sent by the hub' },
  callboard_hub_slow_consumers_total: { type: 'counter', help: 'Connections closed because their outbox grew past the limit (their records dropped)' },
  callboard_hub_deferred_flushes_total: { type: 'counter', help: 'Flushes postponed because a socket was over its high-water mark' },
  callboard_hub_outbox_backlog_connections: { type: 'gauge', help: 'Connections with records waiting to be sent' },
  callboard_hub_outbox_backlog_bytes: { type: 'gauge', help: 'Bytes waiting to be sent by the hub' },
  callboard_backplane_published_total: { type: 'counter', help: 'Pushes published to the Redis backplane' },
  callboard_backplane_received_total: { type: 'counter', help: 'Pushes received from the Redis backplane' },
  callboard_backplane_dropped_total: { type: 'counter', help: 'Pushes dropped while Redis was unreachable' },
  callboard_backplane_resyncs_total: { type: 'counter', help: 'Resyncs after a backplane outage (clients refetch)' },
  callboard_realtime_events_total: { type: 'counter', help: 'PBX events taken by the live state (while this instance leads)' },
  callboard_realtime_events_dropped_total: { type: 'counter', help: 'PBX events the live state dropped, by reason (while this instance leads)', labels: ['reason'] },
  callboard_leader: { type: 'gauge', help: '1 while this instance drives the PBX (holds the leader lock)' },
  callboard_pbx_up: { type: 'gauge', help: '1 while the PBX is reached (as the leading instance sees it)' },
  callboard_pbx_state: { type: 'gauge', help: 'The PBX state: 1 for the current one', labels: ['state'] },
  callboard_redis_up: { type: 'gauge', help: '1 while Redis answers (with REDIS_URL)' },
  callboard_redis_ping_seconds: { type: 'gauge', help: "A PING's round trip to Redis: the backplane's transport time, a lower bound of its lag" },
  callboard_database_up: { type: 'gauge', help: '1 while the database answers' },
  callboard_db_pool_connections: { type: 'gauge', help: 'PostgreSQL pool connections by state (total, idle)', labels: ['state'] },
  callboard_db_pool_waiting: { type: 'gauge', help: 'Queries waiting for a PostgreSQL pool connection' },
  callboard_db_pool_max: { type: 'gauge', help: 'The PostgreSQL pool ceiling' },
} as const satisfies Record<string, { type: 'counter' | 'gauge' | 'histogram'; help: string; labels?: readonly string[] }>;
type SeriesName = keyof typeof SERIES;
type NameOf<K extends 'counter' | 'gauge' | 'histogram'> = { [N in SeriesName]: (typeof SERIES)[N]['type'] extends K ? N : never }[SeriesName];

/** the buckets of the HTTP latency histogram (seconds): a fast API answer to a slow report */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface AppMetrics {
  /** the login throttle, counting its refusals and the failures it is told of */
  countThrottle(throttle: LoginThrottle): LoginThrottle;
  /** times every request (added before the routes, so it applies to all of them) */
  timeRequests(app: FastifyInstance): void;
  /** GET /metrics (before the client's fallback is registered) */
  serve(app: FastifyInstance, options: { token?: string }): void;
}

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const made = new Map<SeriesName, Counter | Gauge | Histogram>();
  /** the series `name`, registered the first time it is needed */
  function series(name: SeriesName): Counter | Gauge | Histogram {
    let metric = made.get(name);
    if (!metric) {
      const def: { type: string; help: string; labels?: readonly string[] } = SERIES[name];
      const config = { name, help: def.help, labelNames: [...(def.labels ?? [])], registers: [registry] };
      metric = def.type === 'counter' ? new Counter(config) : def.type === 'gauge' ? new Gauge(config) : new Histogram({ ...config, buckets: HTTP_BUCKETS });
      made.set(name, metric);
    }
    return metric;
  }
  const counter = (name: NameOf<'counter'>) => series(name) as Counter;
  const gauge = (name: NameOf<'gauge'>) => series(name) as Gauge;
  /** a counter kept by another part (the hub, the backplane): its value copied at each scrape */
  const copy = (name: NameOf<'counter'>, value: number, labels?: Record<string, string>) => {
    const c = counter(name);
    if (labels) {
      c.remove(labels);
      c.inc(labels, value);
    } else {
      c.reset();
      c.inc(value);
    }
  };
  // what every instance has from its start: 0 is a true value for these
  const httpDuration = series('callboard_http_request_duration_seconds') as Histogram;
  const loginFailures = counter('callboard_login_failures_total');
  const loginRefused = counter('callboard_login_backoff_refusals_total');

  /** the figures kept elsewhere, read at scrape time */
  async function update(app: FastifyInstance): Promise<void> {
    const status = await instanceStatus(app);
    const live = app.live;
    if (live) {
      const c = live.hub.counters;
      gauge('callboard_hub_connections').set(c.connections);
      copy('callboard_hub_pushes_total', c.broadcasts);
      copy('callboard_hub_records_sent_total', c.records);
      copy('callboard_hub_frames_sent_total', c.frames);
      copy('callboard_hub_bytes_sent_total', c.bytes);
      copy('callboard_hub_slow_consumers_total', c.slowConsumers);
      copy('callboard_hub_deferred_flushes_total', c.deferred);
      const backlog = live.hub.outboxBacklog();
      gauge('callboard_hub_outbox_backlog_connections').set(backlog.connections);
      gauge('callboard_hub_outbox_backlog_bytes').set(backlog.bytes);
      if (live.backplane instanceof RedisBackplane) {
        const b = live.backplane.counters;
        copy('callboard_backplane_published_total', b.published);
        copy('callboard_backplane_received_total', b.received);
        copy('callboard_backplane_dropped_total', b.dropped);
        copy('callboard_backplane_resyncs_total', b.resyncs);
      }
      const realtime = live.realtime?.stats();
      if (realtime) {
        copy('callboard_realtime_events_total', realtime.events);
        for (const [reason, n] of Object.entries(realtime.dropped)) copy('callboard_realtime_events_dropped_total', n, { reason });
      }
      gauge('callboard_leader').set(live.cluster.isLeader() ? 1 : 0);
    }
    gauge('callboard_pbx_up').set(status.pbx.state === 'up' ? 1 : 0);
    for (const state of PBX_STATES) gauge('callboard_pbx_state').set({ state }, status.pbx.state === state ? 1 : 0);
    if (status.redis.state !== 'none') {
      gauge('callboard_redis_up').set(status.redis.state === 'up' ? 1 : 0);
      if (status.redis.roundTripMs !== null) gauge('callboard_redis_ping_seconds').set(status.redis.roundTripMs / 1000);
    }
    gauge('callboard_database_up').set(status.database.up ? 1 : 0);
    const pool = app.ctx.database.poolStats?.() ?? null;
    if (pool) {
      gauge('callboard_db_pool_connections').set({ state: 'total' }, pool.total);
      gauge('callboard_db_pool_connections').set({ state: 'idle' }, pool.idle);
      gauge('callboard_db_pool_waiting').set(pool.waiting);
      gauge('callboard_db_pool_max').set(pool.max);
    }
  }

  return {
    countThrottle: (throttle) => ({
      ...throttle,
      async waitMs(pair) {
        const wait = await throttle.waitMs(pair);
        if (wait > 0) loginRefused.inc();
        return wait;
      },
      async recordFailure(pair) {
        loginFailures.inc();
        return throttle.recordFailure(pair);
      },
    }),
    timeRequests(app) {
      app.addHook('onResponse', async (request, reply) => {
        // the route's pattern, never the URL (ids and paths would make a series each); no route: the fallback
        const route = request.routeOptions.url ?? 'unmatched';
        httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
        if (reply.statusCode === 429) counter('callboard_http_throttled_total').inc({ route });
      });
    },
    serve(app, options) {
      app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
        if (!mayRead(request, reply, options.token)) return reply;
        await update(app);
        const text = (await processMetrics().metrics()) + (await registry.metrics());
        return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
      });
    },
  };
}

/** Whether the request may read the metrics; when not, the refusal is sent (see the file's comment). */
function mayRead(request: FastifyRequest, reply: FastifyReply, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const wanted = Buffer.from(`Bearer ${token}`);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
    reply.code(401).header('www-authenticate', 'Bearer realm="callboard-metrics"').type('text/plain; charset=utf-8').send('metrics need the METRICS_TOKEN bearer token\n');
    return false;
  }
  // the socket's peer, not request.ip: TRUST_PROXY would make that the address a header claims
  const peer = request.socket.remoteAddress ?? '';
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (isLoopback(peer) && !proxied) return true;
  reply.code(403).type('text/plain; charset=utf-8').send('metrics are served to loopback only; set METRICS_TOKEN to scrape from elsewhere\n');
  return false;
}

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.x.x). */
export function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}
