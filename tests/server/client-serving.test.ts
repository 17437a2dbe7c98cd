import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { TEST_HASH } from '../../server/auth/passwords';
import { openDatabase, type Database } from '../../server/db/database';
import { TEST_SECRET } from './fixtures/test-app';

/** The built client is served with an SPA fallback; API and hub paths never fall back to it. */
describe('serving the built client', () => {
  let dir: string;
  let database: Database;
  let withClient: FastifyInstance;
  let withoutClient: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'callboard-client-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Callboard</title>');
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    database = await openDatabase({ dataDir: ':memory:' });
    await database.migrate();
    const config = { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH };
    withClient = await buildApp({ db: database, config: { ...config, clientDir: dir } });
    withoutClient = await buildApp({ db: database, config: { ...config, clientDir: path.join(dir, 'missing') } });
  });

  afterAll(async () => {
    await withClient.close();
    await withoutClient.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('A-LOG-01 SPA routes get index.html (no-cache); hashed assets are immutable', async () => {
    for (const url of ['/', '/login/supervisor', '/acme/en/panel']) {
      const res = await withClient.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Callboard</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await withClient.inject({ url: '/assets/missing-old.js' })).statusCode).toBe(404);
    const asset = await withClient.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('unknown /api and /hub paths and non-GET methods answer the ApiError 404, not the page', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['GET', '/hub/unknown'],
      ['POST', '/somewhere'],
    ] as const) {
      const res = await withClient.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, error: 'Not Found', message: 'errors.notFound' });
    }
    expect((await withClient.inject({ url: '/api/v1/health' })).json()).toMatchObject({ status: 'ok', database: 'pglite', pbx: { state: 'none', since: null } });
  });

  it('without a built client the API still works and pages say so in a short text', async () => {
    const res = await withoutClient.inject({ url: '/login/supervisor' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/not built/);
    expect((await withoutClient.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
