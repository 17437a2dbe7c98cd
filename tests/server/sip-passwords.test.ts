/**
 * I-SEC-01 on the server: where a real Asterisk reads the extensions' SIP passwords (PBX=ari, the
 * app's strongSipPasswords), a weak one is refused on create, update and bulk import with a translated
 * field message; stored ones are counted at start; a demo seeded for Asterisk gets random secrets.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWeakSipPassword, SIP_PASSWORD_STRONG_MIN } from '../../domain';
import { buildApp } from '../../server/app';
import { weakSipPasswords } from '../../server/asterisk/sip-passwords';
import { TEST_HASH } from '../../server/auth/passwords';
import { openDatabase, type Database } from '../../server/db/database';
import { extension, trunk } from '../../server/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed';
import { MANUAL_SIMULATOR, TEST_SECRET } from './fixtures/test-app';

interface Row {
  id: number;
  number: string;
  pass: string;
  enabled: boolean;
}
type Issue = { path: string; message: string };
const WEAK = `validation.sipPasswordWeak|{"min":${SIP_PASSWORD_STRONG_MIN}}`;
const STRONG = 'kD9_xv2LqP0a';

describe('I-SEC-01 SIP passwords where Asterisk reads them', () => {
  let database: Database;
  let app: FastifyInstance;
  const tokens = new Map<string, string>();

  const login = async (nick: string) => {
    const cached = tokens.get(nick);
    if (cached) return cached;
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { nick, pass: DEMO_PASSWORD, corpoName: 'acme' } });
    const token = (res.json() as { token: string }).token;
    tokens.set(nick, token);
    return token;
  };
  const call = async (nick: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as Record<string, unknown>, headers: { authorization: `Bearer ${await login(nick)}` } });
  const byNumber = async (number: string) => ((await call('admin', 'GET', '/api/v1/extension')).json() as Row[]).find((r) => r.number === number)!;
  const issues = (res: { json: () => unknown }) => (res.json() as { issues?: Issue[] }).issues ?? [];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' });
    await database.migrate();
    // the simulator's demo: `{corp}-{number}` passwords, as a database moved from the simulator to Asterisk has them
    await seedDemo(database.orm, TEST_HASH);
    app = await buildApp({ db: database, config: { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH, strongSipPasswords: true } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('I-SEC-01 a weak password is refused on create with the translated field message; a strong one is taken', async () => {
    for (const pass of ['acme-241', 'abcd', '2415551234', 'kD9_241_qP0a', 'aaaaaaaaaaaa']) {
      const res = await call('admin', 'POST', '/api/v1/extension', { number: '241', pass });
      expect(res.statusCode, pass).toBe(400);
      expect(issues(res), pass).toEqual([expect.objectContaining({ path: 'pass', message: WEAK })]);
    }
    const created = await call('admin', 'POST', '/api/v1/extension', { number: '241', pass: STRONG });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ number: '241', pass: STRONG });
  });

  it('I-SEC-01 on update a new weak password is refused; a blank one keeps the stored password; level 4 switches its extension as before', async () => {
    const row = await byNumber('211');
    const weak = await call('admin', 'PUT', `/api/v1/extension/${row.id}`, { ...row, pass: 'acme-2111' });
    expect(weak.statusCode).toBe(400);
    expect(issues(weak)).toEqual([expect.objectContaining({ path: 'pass', message: WEAK })]);
    // the stored acme-211 stays until someone changes it: other fields can still be edited
    const kept = await call('admin', 'PUT', `/api/v1/extension/${row.id}`, { ...row, pass: '', description: 'Kept password' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ pass: 'acme-211', description: 'Kept password' });
    const resent = await call('admin', 'PUT', `/api/v1/extension/${row.id}`, { ...row, description: 'Sent back' });
    expect(resent.statusCode).toBe(200);
    // an agent cannot change the password, so its stored weak one must not stop the switches it may use
    const agentExt = await byNumber('212');
    const toggled = await call('agent', 'PUT', `/api/v1/extension/${agentExt.id}`, { enabled: false });
    expect(toggled.statusCode).toBe(200);
    expect((await byNumber('212')).enabled).toBe(false);
    const strong = await call('admin', 'PUT', `/api/v1/extension/${row.id}`, { ...row, pass: STRONG });
    expect(strong.statusCode).toBe(200);
    expect(strong.json()).toMatchObject({ pass: STRONG });
  });

  it('I-SEC-01 the bulk import refuses a row with a weak password (400 with the message) and imports none of the file', async () => {
    const res = await call('admin', 'POST', '/api/v1/extension/bulk', [
      { Number: '251', Pass: 'Zq8_pL3vRx0m' },
      { Number: '252', Pass: 'acme-252' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ content: '252', statusCode: 400, message: WEAK }]);
    expect(await byNumber('251')).toBeUndefined();
  });

  it('I-SEC-01 the stored weak passwords are counted per corp, the passwords themselves never returned', async () => {
    const weak = await weakSipPasswords(database.orm);
    // the demo's 52 less 211 (strong now); 241 was created strong
    expect(weak).toEqual({ count: 51, byCorp: { acme: 39, globex: 12 } });
    expect(JSON.stringify(weak)).not.toMatch(/acme-2|globex-1/);
  });

  it('I-SEC-01 the simulator keeps the spec rule alone (C-EXT-17: 4 characters), PBX=ari turns the strong rule on by default', async () => {
    const simulator = await buildApp({ db: database, config: { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH } });
    const ari = await buildApp({
      db: database,
      config: { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH },
      // never started (no ready): only the settings it derives are read
      live: { ...MANUAL_SIMULATOR, pbx: 'ari', ari: { url: 'http://127.0.0.1:9', user: 'u', password: 'p' }, dialplanFile: null },
    });
    try {
      expect(simulator.ctx.config.strongSipPasswords).toBe(false);
      expect(ari.ctx.config.strongSipPasswords).toBe(true);
    } finally {
      await simulator.close();
      await ari.close();
    }
  });

  it('I-SEC-01 a demo seeded for Asterisk has random SIP passwords, voicemail PINs and trunk secret; the simulator demo keeps {corp}-{number}', async () => {
    const strong = await openDatabase({ dataDir: ':memory:' });
    try {
      await strong.migrate();
      await seedDemo(strong.orm, TEST_HASH, undefined, { strongSecrets: true });
      const rows = await strong.orm.select({ number: extension.number, pass: extension.pass, vmpass: extension.vmpass }).from(extension);
      expect(rows).toHaveLength(52);
      expect(rows.filter((r) => isWeakSipPassword(r.pass, r.number))).toEqual([]);
      expect(rows.filter((r) => r.vmpass === r.number)).toEqual([]);
      expect(rows.every((r) => /^[0-9]{4}$/.test(r.vmpass))).toBe(true);
      expect(new Set(rows.map((r) => r.pass)).size).toBe(52);
      expect(await weakSipPasswords(strong.orm)).toEqual({ count: 0, byCorp: {} });
      const trunks = await strong.orm.select({ pass: trunk.pass }).from(trunk);
      expect(trunks.map((t) => t.pass)).not.toContain('acme-trunk');
    } finally {
      await strong.close();
    }
    const [demo] = await database.orm.select({ pass: extension.pass }).from(extension).limit(1);
    expect(demo.pass).toMatch(/^(acme|globex)-\d+$/);
  });
});
