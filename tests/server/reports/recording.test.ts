import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { TEST_HASH } from '../../../server/auth/passwords';
import { openDatabase, type Database } from '../../../server/db/database';
import { corp } from '../../../server/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../../server/db/seed';
import { TEST_SECRET } from '../fixtures/test-app';
import { insertCdr, outgoing, utc } from './fixtures';

/** Recordings live on disk under DATA_DIR/recordings: this suite has a data folder of its own. */
describe('reports: CDR recordings (D-CDR-06)', () => {
  let dataDir: string;
  let database: Database;
  let app: FastifyInstance;
  const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(40, 1)]);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'callboard-recordings-'));
    database = await openDatabase({ dataDir: ':memory:' });
    await database.migrate();
    await seedDemo(database.orm, TEST_HASH);
    app = await buildApp({ db: database, config: { dataDir, jwtSecret: TEST_SECRET, hash: TEST_HASH } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const bearer = async (nick: string, corpUrl: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { nick, pass: DEMO_PASSWORD, corpoName: corpUrl } });
    return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
  };

  it('D-CDR-06 a detailed row’s recording is sent to its corp, as audio; another corp’s row, a file outside the corp’s folder or a missing file are 404', async () => {
    const corps = await database.orm.select({ id: corp.id, url: corp.url }).from(corp);
    const acme = corps.find((c) => c.url === 'acme')!.id;
    const globex = corps.find((c) => c.url === 'globex')!.id;
    const name = `${acme}/20250304/1741082400.1.wav`;
    mkdirSync(path.join(dataDir, 'recordings', String(acme), '20250304'), { recursive: true });
    writeFileSync(path.join(dataDir, 'recordings', ...name.split('/')), wav);
    const [own, foreignFolder, missing, strange] = await insertCdr(database.orm, [
      outgoing(acme, utc('2025-03-04', '10:00:00'), '201', '01131234567', 30, { recordingfile: name }),
      outgoing(acme, utc('2025-03-04', '10:01:00'), '201', '01131234567', 30, { recordingfile: `${globex}/20250304/1741082400.1.wav` }),
      outgoing(acme, utc('2025-03-04', '10:02:00'), '201', '01131234567', 30, { recordingfile: `${acme}/20250304/nothing.wav` }),
      outgoing(acme, utc('2025-03-04', '10:03:00'), '201', '01131234567', 30, { recordingfile: `${acme}/../../etc/passwd` }),
    ]);
    const admin = await bearer('admin', 'acme');
    const res = await app.inject({ url: `/api/v1/cdrs/getsound/${own}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.equals(wav)).toBe(true);
    for (const id of [foreignFolder, missing, strange]) expect((await app.inject({ url: `/api/v1/cdrs/getsound/${id}`, headers: admin })).statusCode, String(id)).toBe(404);
    expect((await app.inject({ url: `/api/v1/cdrs/getsound/${own}`, headers: await bearer('admin', 'globex') })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/v1/cdrs/getsound/${own}` })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/v1/cdrs/getsound/${own}`, headers: await bearer('wall', 'acme') })).statusCode).toBe(403);
  });
});
