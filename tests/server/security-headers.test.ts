import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { TEST_HASH } from '../../server/auth/passwords';
import { openDatabase, type Database } from '../../server/db/database';
import { TEST_SECRET } from './fixtures/test-app';

const INLINE = "\n      try { if (localStorage.getItem('theme') === '1') document.documentElement.classList.add('dark'); } catch (e) {}\n    ";

/** Issue 13: security headers on every answer (@fastify/helmet), with a policy the built client lives with. */
describe('security headers', () => {
  let dir: string;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'callboard-headers-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Callboard</title><script>${INLINE}</script><script type="module" src="/assets/app-1.js"></script>`);
    writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'console.log(1)');
    database = await openDatabase({ dataDir: ':memory:' });
    await database.migrate();
    app = await buildApp({ db: database, config: { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH, clientDir: dir } });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const policyOf = (header: unknown) =>
    new Map(
      String(header)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name, values]),
    );

  it('every answer carries them: the page, an asset, the API, an error, a missing route', async () => {
    for (const url of ['/', '/acme/en/panel', '/assets/app-1.js', '/api/v1/health', '/api/v1/myuser', '/api/v1/nothing']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBeDefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+$/);
    }
  });

  it('the policy lets the client do what it does and no more: its scripts and the inline theme script by hash, the hub on its origin, blob: images and sounds', async () => {
    const policy = policyOf((await app.inject({ url: '/' })).headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(INLINE, 'utf8').digest('base64')}'`;
    expect(policy.get('script-src')).toEqual(["'self'", hash]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    // served over plain HTTP on a LAN too: nothing may be upgraded to HTTPS
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });
});
