/**
 * I-INST-07: files written by one instance are read by every instance, through one data folder that
 * they all mount at DATA_DIR (checked at start: server/files/shared-folder.ts), and only the PBX leader
 * rewrites the generated dialplan file, whichever instance took the write. Two instances on one
 * PostgreSQL and Redis with PBX=ari towards a stand-in for Asterisk's HTTP server that accepts the
 * module reloads. Skipped, with the reason printed, without PostgreSQL or Redis.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_HASH } from '../../../server/auth/passwords';
import { SettingsError } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/database';
import { seedDemo } from '../../../server/db/seed';
import { checkSharedDataFolder, DATA_FOLDER_MARKER } from '../../../server/files/shared-folder';
import { startLiveApp, type LiveApp } from '../fixtures/live-app';
import { probeRedis, REDIS_URL } from '../fixtures/redis';
import { upload, wav } from '../fixtures/sounds';
import { createThrowawayDatabase, multipart, postgresSkipReason } from '../fixtures/test-app';
import { waitFor } from '../hub/helpers';

const skipReason = postgresSkipReason ?? (await probeRedis());
if (skipReason) console.warn(`[shared files] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('I-INST-07 one data folder, one dialplan writer', () => {
  const dirs: string[] = [];
  const instances: LiveApp[] = [];
  let database: Database;
  let databaseUrl = '';
  let drop: (() => Promise<void>) | null = null;
  let ari: http.Server;
  const reloads: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'callboard-shared-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    const throwaway = await createThrowawayDatabase();
    drop = throwaway.drop;
    databaseUrl = throwaway.url;
    database = await openDatabase({ dataDir: ':memory:', databaseUrl });
    await database.migrate();
    await seedDemo(database.orm, TEST_HASH);
    // Asterisk's HTTP server as far as the dialplan sync needs it: module reloads accepted, nothing else
    ari = http.createServer((req, res) => {
      if (req.method === 'PUT' && req.url?.startsWith('/ari/asterisk/modules/')) {
        reloads.push(req.url);
        res.writeHead(204).end();
        return;
      }
      res.writeHead(404).end();
    });
    ari.on('upgrade', (_req, socket) => socket.destroy());
    await new Promise<void>((resolve) => ari.listen(0, '127.0.0.1', resolve));
  }, 60_000);

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database?.close();
    await new Promise((resolve) => ari?.close(resolve));
    await drop?.();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('I-INST-07 a start checks that DATA_DIR is the folder the other instances share (a marker file named in the database)', async () => {
    const shared = folder();
    expect(await checkSharedDataFolder(database, shared)).toMatchObject({ registered: 'now' });
    const id = readFileSync(path.join(shared, DATA_FOLDER_MARKER), 'utf8').trim();
    // the same folder again (another instance mounting it, or a restart) is accepted
    expect(await checkSharedDataFolder(database, shared)).toEqual({ id, registered: 'before' });
    // a folder of its own is refused, saying what to do
    const own = folder();
    const refused = await checkSharedDataFolder(database, own).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SettingsError);
    expect((refused as Error).message).toContain(`is not the data folder the other instances share (it has no ${DATA_FOLDER_MARKER}; theirs says ${id})`);
    expect(existsSync(path.join(own, DATA_FOLDER_MARKER))).toBe(false);
    // and a folder of another group too
    writeFileSync(path.join(own, DATA_FOLDER_MARKER), 'another-group\n');
    await expect(checkSharedDataFolder(database, own)).rejects.toThrow(/another instance group's data folder: its .callboard-data-folder says another-group/);
  });

  it('I-INST-07 a sound uploaded through one instance is served by the other; only the leader rewrites the dialplan file, for a write on either', async () => {
    const shared = folder();
    const aristerisk = `http://127.0.0.1:${(ari.address() as AddressInfo).port}`;
    const prefix = `callboard-test-${randomBytes(4).toString('hex')}`;
    const dialplanDirs = [folder(), folder()];
    for (const dir of dialplanDirs) {
      mkdirSync(dir, { recursive: true });
      instances.push(
        await startLiveApp(shared, {
          databaseUrl,
          redisUrl: REDIS_URL,
          redisPrefix: prefix,
          // each instance its own file path here, to see which one writes (in production: one path Asterisk reads)
          live: { pbx: 'ari', ari: { url: aristerisk, user: 'callboard', password: 'nowhere', ami: { port: 9 } }, dialplanFile: path.join(dir, 'extensions_callboard.conf') },
        }),
      );
    }
    const leaderIndex = await waitFor(() => {
      const i = instances.findIndex((x) => x.app.live!.cluster.isLeader());
      return i >= 0 ? i + 1 : 0;
    }, 10_000, 'a leader') - 1;
    const leader = instances[leaderIndex];
    const replica = instances[1 - leaderIndex];
    const leaderFile = path.join(dialplanDirs[leaderIndex], 'extensions_callboard.conf');
    const replicaFile = path.join(dialplanDirs[1 - leaderIndex], 'extensions_callboard.conf');
    // the leader wrote the file when it began to lead
    await waitFor(() => existsSync(leaderFile), 10_000, 'the leader’s first rewrite');

    // an IVR with its sound, written through the replica
    const admin = await replica.login('admin', 'acme');
    const body = await multipart({ Name: 'Shared menu', Sound: upload(wav({ tone: true })), option0: 'hangup' });
    const created = await replica.app.inject({ method: 'POST', url: '/api/v1/ivr', headers: { ...body.headers, authorization: `Bearer ${admin}` }, payload: body.payload });
    expect(created.statusCode, created.body).toBe(201);
    const ivr = created.json() as { id: number; sound: string };

    // the file is read through the other instance
    const onReplica = await replica.app.inject({ url: `/api/v1/ivr/${ivr.id}/files/sound`, headers: { authorization: `Bearer ${admin}` } });
    const onLeader = await leader.app.inject({ url: `/api/v1/ivr/${ivr.id}/files/sound`, headers: { authorization: `Bearer ${admin}` } });
    expect(onLeader.statusCode).toBe(200);
    expect(Buffer.compare(onLeader.rawPayload, onReplica.rawPayload)).toBe(0);

    // the leader rewrote its dialplan with the new IVR (its sound named in it), the replica wrote nothing
    await waitFor(() => readFileSync(leaderFile, 'utf8').includes(ivr.sound.replace(/\.wav$/, '')), 10_000, 'the IVR in the leader’s dialplan');
    expect(existsSync(replicaFile)).toBe(false);
    expect(reloads.some((url) => url.endsWith('/pbx_config.so'))).toBe(true);
  }, 90_000);
});
