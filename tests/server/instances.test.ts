/**
 * Several instances and their start (issue 22, spec 4 §I): the settings that must agree (I-INST-01,
 * I-INST-02), three instances started at once on one fresh PostgreSQL (I-INST-03), /health telling
 * the database, Redis, the leader and the PBX (I-INST-08), and a PBX=ari start (I-SEC-01): no demo
 * unless asked for, a loud warning when it is, the weak SIP passwords already stored counted.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { weakSipPasswords } from '../../server/asterisk/sip-passwords';
import { TEST_HASH } from '../../server/auth/passwords';
import { checkSettings, readEnvironment, readLiveEnvironment, SettingsError } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { corp, extension } from '../../server/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import { prepareDatabase } from '../../server/db/startup';
import { probeRedis, REDIS_URL } from './fixtures/redis';
import { createThrowawayDatabase, MANUAL_SIMULATOR, postgresSkipReason, TEST_SECRET } from './fixtures/test-app';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const clusterSkip = postgresSkipReason ?? (await probeRedis());
if (clusterSkip) console.warn(`[instances] the three-instance test is skipped: ${clusterSkip}`);

/** the settings check of a start with this environment (what main.ts runs before opening anything) */
function check(env: NodeJS.ProcessEnv): void {
  checkSettings(readEnvironment(env), readLiveEnvironment(env));
}
function problemsOf(env: NodeJS.ProcessEnv): string {
  try {
    check(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'callboard-instances-'));
  dirs.push(dir);
  return dir;
}

/**
 * server/main.ts in a process of its own with only these settings; resolves with what it printed once
 * it exits, or once its output matches `until` (then it is stopped).
 */
function runMain(env: Record<string, string>, until?: RegExp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.ts did not finish: ${output}`));
    }, 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (until?.test(output) && child.exitCode === null) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** PBX=ari towards an address where nothing answers: the server starts with the PBX down */
const ARI_NOWHERE = { PBX: 'ari', ARI_URL: 'http://127.0.0.1:9', ARI_USER: 'callboard', ARI_PASSWORD: 'nowhere', AMI_PORT: '9' };

describe('I-INST-01 I-INST-02 the settings of several instances are checked at start', () => {
  const pg = 'postgres://cb@db.example/callboard';
  const redis = 'redis://127.0.0.1:6379';

  it('I-INST-01 REDIS_URL with the embedded database is refused with a message that says what to set', () => {
    expect(problemsOf({ REDIS_URL: redis, JWT_SECRET: TEST_SECRET })).toMatch(/^REDIS_URL is set \(several instances\) but DATABASE_URL is not: the embedded database in DATA_DIR belongs to one process.*DATABASE_URL=postgres/);
    expect(problemsOf({ REDIS_URL: redis, JWT_SECRET: TEST_SECRET, DATABASE_URL: pg })).toBe('');
    // one instance on its own database is the default
    expect(problemsOf({})).toBe('');
  });

  it('I-INST-02 REDIS_URL needs JWT_SECRET (at least 32 characters): a generated secret is per data folder', () => {
    expect(problemsOf({ REDIS_URL: redis, DATABASE_URL: pg })).toMatch(/^REDIS_URL is set \(several instances\) but JWT_SECRET is not: .*refused by the others/);
    expect(problemsOf({ REDIS_URL: redis, DATABASE_URL: pg, JWT_SECRET: 'short' })).toBe('JWT_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`)');
    // every problem at once, one a line
    expect(problemsOf({ REDIS_URL: redis }).split('\n')).toHaveLength(2);
  });

  it('I-INST-01 the URLs and METRICS_TOKEN are checked too', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://x@y/z' })).toBe('DATABASE_URL must be a postgres:// (or postgresql://) connection string');
    expect(problemsOf({ REDIS_URL: 'localhost:6379', DATABASE_URL: pg, JWT_SECRET: TEST_SECRET })).toBe('REDIS_URL must be a redis:// (or rediss://) URL');
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toMatch(/^METRICS_TOKEN must be at least 16 characters/);
    expect(problemsOf({ METRICS_TOKEN: 'a-long-enough-metrics-token' })).toBe('');
    expect(() => readEnvironment({ CALLBOARD_DEMO: 'yes' })).toThrow('CALLBOARD_DEMO must be 1 or 0 (got "yes")');
  });

  it('I-OPS-01 every number and name a start reads is checked: a typo is refused with the setting named, never run as the default', () => {
    const refused = (env: NodeJS.ProcessEnv, live = false) => {
      try {
        if (live) readLiveEnvironment(env);
        else readEnvironment(env);
      } catch (error) {
        expect(error, JSON.stringify(env)).toBeInstanceOf(SettingsError);
        return (error as Error).message;
      }
      return '';
    };
    expect(refused({ PORT: 'abc' })).toBe('PORT must be a whole number from 0 to 65535 (got "abc")');
    expect(refused({ PORT: '70000' })).toBe('PORT must be a whole number from 0 to 65535 (got "70000")');
    expect(readEnvironment({ PORT: ' 8081 ' }).port).toBe(8081);
    expect(readEnvironment({}).port).toBe(8080);
    expect(refused({ LOG_LEVEL: 'loud' })).toBe('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")');
    expect(readEnvironment({ LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
    expect(refused({ SIM_SEED: 'abc' }, true)).toBe('SIM_SEED must be a whole number of 0 or more (got "abc")');
    expect(refused({ SIM_TIME_FACTOR: '0' }, true)).toBe('SIM_TIME_FACTOR must be a number above 0 (got "0")');
    expect(refused({ SIM_CALLS_PER_HOUR: '-5' }, true)).toBe('SIM_CALLS_PER_HOUR must be a number of 0 or more (got "-5")');
    expect(refused({ PBX: 'foo' }, true)).toBe('PBX must be simulator, ari or none (got "foo")');
    expect(refused({ PBX: 'ari' }, true)).toBe('PBX=ari needs ARI_URL (and ARI_USER, ARI_PASSWORD)');
    expect(readLiveEnvironment({ SIM_SEED: '7', SIM_TIME_FACTOR: '2.5', SIM_CALLS_PER_HOUR: '' })).toMatchObject({ seed: 7, timeFactor: 2.5, callsPerHour: 30 });
  });

  it('I-OPS-01 TRUST_PROXY believes the balancer in front (1), a number of proxies or their addresses, never every hop', () => {
    const trust = (value?: string) => readEnvironment(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('0')).toBe(false);
    // 'true' was Fastify's trust-everything: a client could name its own address in X-Forwarded-For
    expect(trust('1')).toBe(1);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.5, 10.0.1.0/24,fd00::/8')).toEqual(['10.0.0.5', '10.0.1.0/24', 'fd00::/8']);
    for (const bad of ['yes', '11', '10.0.0.300', '10.0.0.0/33', 'balancer.example.com', '10.0.0.1/8/8']) {
      expect(() => trust(bad), bad).toThrow(`TRUST_PROXY must be 0, 1 (one balancer in front), the number of proxies in a row (up to 10) or the proxies' addresses, e.g. 10.0.0.5,10.0.1.0/24 (got "${bad}")`);
    }
  });

  it('I-INST-01 main.ts started with REDIS_URL and no DATABASE_URL exits before opening any database, naming both settings', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const { code, output } = await runMain({ DATA_DIR: dataDir, REDIS_URL: redis });
    expect(code).toBe(1);
    expect(output).toContain('Callboard cannot start with these settings:');
    expect(output).toContain('REDIS_URL is set (several instances) but DATABASE_URL is not');
    expect(output).toContain('REDIS_URL is set (several instances) but JWT_SECRET is not');
    // refused before the embedded database (or the generated secret) was made
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('I-OPS-01 main.ts started with a port that is no port says so, without a stack trace', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const { code, output } = await runMain({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(code).toBe(1);
    expect(output).toContain('Callboard cannot start with these settings:\nPORT must be a whole number from 0 to 65535 (got "eighty")');
    expect(output).not.toMatch(/^\s+at /m);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});

describe.skipIf(clusterSkip !== null)('I-INST-03 three instances started at once on one fresh PostgreSQL', () => {
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await drop?.();
  });

  it('I-INST-03 I-INST-02 I-INST-08 all come up, the migrations and the demo run once, a token of one is accepted by all, health names one leader', async () => {
    const throwaway = await createThrowawayDatabase();
    drop = throwaway.drop;
    for (let i = 0; i < 3; i++) databases.push(await openDatabase({ dataDir: ':memory:', databaseUrl: throwaway.url }));
    // what main.ts does before building the app, three times at once (without the lock two of three failed in the migrations)
    const prepared = await Promise.all(databases.map((database) => prepareDatabase(database, { demo: true, hash: TEST_HASH })));
    expect(prepared.map((p) => p.seeded).sort()).toEqual(['demo', null, null]);
    const [corps] = await databases[0].orm.select({ n: count() }).from(corp);
    expect(Number(corps.n)).toBe(3);
    const [extensions] = await databases[0].orm.select({ n: count() }).from(extension);
    expect(Number(extensions.n)).toBe(52);

    const prefix = `callboard-test-${randomBytes(4).toString('hex')}`;
    for (const database of databases) {
      const app = await buildApp({
        db: database,
        config: { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH },
        live: { ...MANUAL_SIMULATOR, redisUrl: REDIS_URL, redisPrefix: prefix },
      });
      apps.push(app);
      await app.ready();
    }

    // I-INST-02: one secret, so a session signed by one instance is a session on every one
    const login = await apps[0].inject({ method: 'POST', url: '/api/v1/login', payload: { nick: 'admin', pass: DEMO_PASSWORD, corpoName: 'acme' } });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    for (const app of apps) expect((await app.inject({ url: '/api/v1/myuser', headers: auth })).statusCode).toBe(200);
    // and an instance with another secret refuses it: what a secret generated per data folder did
    const stranger = await buildApp({ db: databases[0], config: { dataDir: ':memory:', jwtSecret: `${TEST_SECRET}-other`, hash: TEST_HASH } });
    try {
      expect((await stranger.inject({ url: '/api/v1/myuser', headers: auth })).statusCode).toBe(401);
    } finally {
      await stranger.close();
    }

    // I-INST-08: every instance reaches PostgreSQL and Redis; one leads, and all name the same one
    const healths = await Promise.all(
      apps.map(async (app) => (await app.inject({ url: '/api/v1/health' })).json() as { status: string; database: string; databaseUp: boolean; redis: { state: string; roundTripMs: number }; leader: { self: boolean; instance: string; current: string }; pbx: { state: string } }),
    );
    for (const health of healths) {
      expect(health).toMatchObject({ status: 'ok', database: 'postgres', databaseUp: true, redis: { state: 'up' } });
      expect(health.redis.roundTripMs).toBeGreaterThanOrEqual(0);
      // the simulator is driven by the leader and reached through it
      expect(health.pbx.state).toBe('up');
    }
    const leaders = healths.filter((h) => h.leader.self);
    expect(leaders).toHaveLength(1);
    expect(new Set(healths.map((h) => h.leader.current))).toEqual(new Set([leaders[0].leader.instance]));
    expect(new Set(healths.map((h) => h.leader.instance)).size).toBe(3);
  }, 90_000);
});

describe('I-SEC-01 a PBX=ari start', () => {
  it('I-SEC-01 seeds no demo unless CALLBOARD_DEMO=1: a fresh start creates the supervisor only, even outside production', async () => {
    const dataDir = tempDir();
    const { output } = await runMain({ DATA_DIR: dataDir, ...ARI_NOWHERE }, /Callboard is running[\s\S]*\n\n/);
    expect(output).toContain('Supervisor: super / ');
    expect(output).not.toContain('Demo users');
    const database = await openDatabase({ dataDir });
    try {
      expect((await database.orm.select({ url: corp.url }).from(corp)).map((c) => c.url)).toEqual(['supervisor']);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('I-SEC-01 with CALLBOARD_DEMO=1 the demo is seeded with random SIP passwords and the start warns loudly', async () => {
    const dataDir = tempDir();
    const { output } = await runMain({ DATA_DIR: dataDir, CALLBOARD_DEMO: '1', ...ARI_NOWHERE }, /! SECURITY: CALLBOARD_DEMO=1 with PBX=ari[\s\S]*!{78}/);
    expect(output).toMatch(/! SECURITY: CALLBOARD_DEMO=1 with PBX=ari: the demo tenants are on a real Asterisk/);
    expect(output).not.toMatch(/weak SIP password/);
    const database = await openDatabase({ dataDir });
    try {
      expect(await weakSipPasswords(database.orm)).toEqual({ count: 0, byCorp: {} });
      const [extensions] = await database.orm.select({ n: count() }).from(extension);
      expect(Number(extensions.n)).toBe(52);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('I-SEC-01 weak SIP passwords already stored are counted per corp at start, never printed', async () => {
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await seedDemo(database.orm, TEST_HASH);
    await database.close();
    const { output } = await runMain({ DATA_DIR: dataDir, CALLBOARD_DEMO: '0', ...ARI_NOWHERE }, /SECURITY: 52 extensions[\s\S]*!{78}/);
    expect(output).toContain("SECURITY: 52 extensions have weak SIP passwords (acme 40, globex 12) that Asterisk answers with: short, number-like or holding the extension's number.");
    expect(output).not.toMatch(/acme-2\d\d|globex-1\d{3}/);
  }, 90_000);
});
