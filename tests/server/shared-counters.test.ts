/**
 * Two instances of one deployment share their counters through Redis (issue 13: "rate-limit counters per
 * process"): the failed-login backoff and the per-address ceiling of logins count across instances,
 * so a balancer in front of N instances does not allow N times the attempts. Two apps on one PGlite
 * database and one real Redis (a prefix of their own); skipped with the reason printed where Redis is
 * absent.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DEFAULT_THROTTLE } from '../../server/auth/login-throttle';
import { TEST_HASH } from '../../server/auth/passwords';
import { startTestApp, TEST_SECRET, type TestApp } from './fixtures/test-app';
import { probeRedis, REDIS_URL } from './fixtures/redis';

const skipReason = await probeRedis();
if (skipReason) console.warn(`[shared counters] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('issue 13 counters shared by the instances of a deployment (Redis)', () => {
  let base: { testApp: TestApp; stop: () => Promise<void> };
  const instances: FastifyInstance[] = [];
  const prefix = `callboard-test-${randomUUID()}`;

  beforeAll(async () => {
    base = await startTestApp('pglite');
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ db: base.testApp.database, config: { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH }, redis: { url: REDIS_URL, prefix } });
      await app.ready();
      instances.push(app);
    }
  });

  afterAll(async () => {
    for (const app of instances) await app.close();
    await base?.stop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  const login = (instance: number, body: object, remoteAddress: string) => instances[instance].inject({ method: 'POST', url: '/api/v1/login', payload: body, remoteAddress });

  it('failures on one instance make the pair wait on the other; another address is not concerned', async () => {
    const owner = (instance: number, pass: string, ip: string) => login(instance, { nick: 'owner', pass, corpoName: 'acme' }, ip);
    // the free failures, spread over both instances
    for (let i = 0; i < DEFAULT_THROTTLE.freeFailures; i++) expect((await owner(i % 2, 'bad', '10.7.0.1')).statusCode).toBe(401);
    for (const instance of [0, 1]) {
      const waiting = await owner(instance, 'callboard', '10.7.0.1');
      expect(waiting.statusCode, `instance ${instance}`).toBe(429);
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect((await owner(1, 'callboard', '10.7.0.2')).statusCode).toBe(200);
  });

  it('the per-address ceiling counts the attempts made on either instance', async () => {
    const ip = '10.7.1.1';
    for (let i = 0; i < DEFAULT_THROTTLE.perAddressPerMinute; i++) {
      expect([400, 401]).toContain((await login(i % 2, { nick: `nobody${i}`, pass: 'bad', corpoName: 'acme' }, ip)).statusCode);
    }
    // one process alone would have let these through: each instance saw only half of the ceiling
    for (const instance of [0, 1]) expect((await login(instance, { nick: 'agent', pass: 'callboard', corpoName: 'acme' }, ip)).statusCode).toBe(429);
    expect((await login(0, { nick: 'agent', pass: 'callboard', corpoName: 'acme' }, '10.7.1.2')).statusCode).toBe(200);
  });
});
