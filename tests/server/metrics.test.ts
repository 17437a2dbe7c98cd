/**
 * I-MET-01: GET /metrics serves Prometheus text (prom-client) with what an operator graphs
 * (docs/grafana-callboard.json): HTTP latency by route, the hub, the PBX, the leader, the database and
 * its pool, login throttles, the event loop; only to loopback or with METRICS_TOKEN; never the page.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { TEST_HASH } from '../../server/auth/passwords';
import { openDatabase, type Database } from '../../server/db/database';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import { isLoopback, SERIES } from '../../server/metrics';
import { describeEachDatabase, MANUAL_SIMULATOR, TEST_SECRET } from './fixtures/test-app';
import { client } from './hub/helpers';

/** the value of one series in Prometheus text (`name{labels} value`), or undefined when absent */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase(
  'I-MET-01 GET /metrics',
  (t) => {
    const scrape = async () => {
      const res = await t().app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    it('I-MET-01 Prometheus text: HTTP latency by route pattern, the PBX, the leader, the database, the event loop', async () => {
      await t().get('/api/v1/health', null);
      await t().get(`/api/v1/extension/${t().ids.extension.acme201}`, { nick: 'admin', corp: 'acme' });
      const res = await t().app.inject({ url: '/metrics' });
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = res.body;
      expect(text).toMatch(/^callboard_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status="200"\} [1-9]/m);
      // the route's pattern, not the URL with its id
      expect(text).toMatch(/route="\/api\/v1\/extension\/:id"/);
      expect(text).not.toContain(`route="/api/v1/extension/${t().ids.extension.acme201}"`);
      expect(sample(text, 'callboard_pbx_up')).toBe(1);
      expect(sample(text, 'callboard_pbx_state{state="up"}')).toBe(1);
      expect(sample(text, 'callboard_pbx_state{state="down"}')).toBe(0);
      expect(sample(text, 'callboard_leader')).toBe(1);
      expect(sample(text, 'callboard_database_up')).toBe(1);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      // no Redis here: its series are absent rather than a false 0
      expect(sample(text, 'callboard_redis_up')).toBeUndefined();
      if (t().kind === 'postgres') {
        expect(sample(text, 'callboard_db_pool_max')).toBe(10);
        expect(sample(text, 'callboard_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'callboard_db_pool_waiting')).toBe(0);
      } else {
        expect(sample(text, 'callboard_db_pool_max')).toBeUndefined();
      }
    });

    it('I-MET-01 failed logins, backoff refusals and 429 answers are counted', async () => {
      const before = await scrape();
      const failures0 = sample(before, 'callboard_login_failures_total') ?? 0;
      const wrong = { nick: 'owner', pass: 'not-the-password', corpoName: 'acme' };
      const statuses: number[] = [];
      // the backoff starts after a few free failures (login-throttle.ts)
      for (let i = 0; i < 8; i++) statuses.push((await t().app.inject({ method: 'POST', url: '/api/v1/login', payload: wrong, remoteAddress: '198.51.100.9' })).statusCode);
      expect(statuses).toContain(401);
      expect(statuses).toContain(429);
      const after = await scrape();
      expect(sample(after, 'callboard_login_failures_total')).toBe(failures0 + statuses.filter((s) => s === 401).length);
      expect(sample(after, 'callboard_login_backoff_refusals_total')).toBeGreaterThanOrEqual(1);
      expect(sample(after, 'callboard_http_throttled_total{route="/api/v1/login"}')).toBe(statuses.filter((s) => s === 429).length);
    });

    it('I-MET-01 hub connections and pushes: a connected panel is counted, its pushes and bytes add up', async () => {
      await t().app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
      const before = await scrape();
      const hub = client(`${base}/hub`, await t().login('admin', 'acme'));
      try {
        await hub.start();
        await hub.invoke('GetAllExtensions', t().ids.corp.acme);
        const during = await scrape();
        expect(sample(during, 'callboard_hub_connections')).toBe(1);
        expect(sample(during, 'callboard_hub_records_sent_total')).toBeGreaterThan(sample(before, 'callboard_hub_records_sent_total') ?? 0);
        expect(sample(during, 'callboard_hub_bytes_sent_total')).toBeGreaterThan(sample(before, 'callboard_hub_bytes_sent_total') ?? 0);
        expect(sample(during, 'callboard_hub_pushes_total')).toBeGreaterThanOrEqual(1);
        expect(sample(during, 'callboard_hub_outbox_backlog_connections')).toBe(0);
        expect(sample(during, 'callboard_hub_slow_consumers_total')).toBe(0);
      } finally {
        await hub.stop();
      }
    });
  },
  { live: MANUAL_SIMULATOR },
);

describe('I-MET-01 who may read /metrics, and never the page', () => {
  let dir: string;
  let database: Database;
  let open: FastifyInstance;
  let withToken: FastifyInstance;
  const TOKEN = 'metrics-token-for-tests-0123';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'callboard-metrics-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Callboard</title>');
    database = await openDatabase({ dataDir: ':memory:' });
    await database.migrate();
    await seedDemo(database.orm, TEST_HASH);
    const config = { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH, clientDir: dir };
    open = await buildApp({ db: database, config });
    withToken = await buildApp({ db: database, config: { ...config, metricsToken: TOKEN } });
  });
  afterAll(async () => {
    await open.close();
    await withToken.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('I-MET-01 without METRICS_TOKEN: loopback only, and not through a proxy', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await open.inject({ url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.body).toContain('# TYPE callboard_http_request_duration_seconds histogram');
    }
    const outside = await open.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.body).toContain('METRICS_TOKEN');
    expect(outside.body).not.toContain('callboard_');
    // a balancer on the same host: the socket is loopback, the request is not
    expect((await open.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(403);
    expect((await open.inject({ url: '/metrics', headers: { forwarded: 'for=203.0.113.7' } })).statusCode).toBe(403);
    expect(isLoopback('127.8.9.10')).toBe(true);
    expect(isLoopback('10.0.0.1')).toBe(false);
    expect(isLoopback('::ffff:10.0.0.1')).toBe(false);
  });

  it('I-MET-01 with METRICS_TOKEN: the bearer token from anywhere, nothing without it (loopback included)', async () => {
    const none = await withToken.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect((await withToken.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await withToken.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
    const ok = await withToken.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('callboard_database_up 1');
  });

  it('I-MET-01 /metrics is never the SPA fallback: refused answers are text, paths below it are the API 404', async () => {
    for (const res of [await open.inject({ url: '/metrics', remoteAddress: '203.0.113.7' }), await withToken.inject({ url: '/metrics' })]) {
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).not.toContain('<title>Callboard</title>');
    }
    const below = await open.inject({ url: '/metrics/anything' });
    expect(below.statusCode).toBe(404);
    expect(below.json()).toMatchObject({ status: 404, error: 'Not Found', message: 'errors.notFound' });
    // the page still falls back for the app's routes
    expect((await open.inject({ url: '/acme/en/panel' })).body).toContain('<title>Callboard</title>');
    // no live side here: its series are absent, the app's own are there
    const text = (await open.inject({ url: '/metrics' })).body;
    expect(text).not.toMatch(/^callboard_hub_connections /m);
    expect(text).toMatch(/^callboard_pbx_state\{state="none"\} 1$/m);
    expect(sample(text, 'callboard_login_failures_total')).toBe(0);
    // a login from the token app's instance is counted by that instance only
    await withToken.inject({ method: 'POST', url: '/api/v1/login', payload: { nick: 'admin', pass: `${DEMO_PASSWORD}x`, corpoName: 'acme' } });
    expect(sample((await open.inject({ url: '/metrics' })).body, 'callboard_login_failures_total')).toBe(0);
  });

  it('I-MET-01 the Grafana dashboard in docs/ graphs only series that /metrics serves', async () => {
    const dashboard = JSON.parse(readFileSync(fileURLToPath(new URL('../../docs/grafana-callboard.json', import.meta.url)), 'utf8')) as { panels: { title: string; targets?: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((target) => target.expr));
    expect(exprs.length).toBeGreaterThanOrEqual(10);
    // the process's series as served, and every series of the app's (some are served only where they apply)
    const text = (await open.inject({ url: '/metrics' })).body;
    const known = new Set([...text.split('\n').filter((l) => l.startsWith('# TYPE ')).map((l) => l.split(' ')[2]), ...Object.keys(SERIES)]);
    const used = new Set(exprs.flatMap((e) => e.match(/\b(callboard|nodejs|process)_[a-z0-9_]+/g) ?? []).map((name) => name.replace(/_(bucket|count|sum)$/, '')));
    expect([...used].filter((name) => !known.has(name))).toEqual([]);
    for (const series of ['callboard_http_request_duration_seconds', 'callboard_hub_connections', 'callboard_hub_pushes_total', 'callboard_leader', 'callboard_pbx_up', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(used, series).toContain(series);
    }
  });
});
