/**
 * Two instances on one PostgreSQL and Redis behind a round-robin balancer without sticky sessions
 * (tests/server/fixtures/round-robin.ts): the admin app's hub connection comes up whichever instance
 * each request reaches (I-INST-04), and a session ended on one instance closes its hub connections on
 * the other within 3 s (I-INST-05). Skipped, with the reason printed, without PostgreSQL or Redis.
 */
import { randomBytes } from 'node:crypto';
import type { HubConnection } from '@microsoft/signalr';
import { firstValueFrom } from 'rxjs';
import { filter, timeout } from 'rxjs/operators';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_HASH } from '../../../server/auth/passwords';
import { openDatabase } from '../../../server/db/database';
import { seedDemo } from '../../../server/db/seed';
import { createHubClient, signalrConnection, type HubClient } from '../../../src/hub';
import { startLiveApp, type LiveApp } from '../fixtures/live-app';
import { probeRedis, REDIS_URL } from '../fixtures/redis';
import { startRoundRobin, type RoundRobin } from '../fixtures/round-robin';
import { createThrowawayDatabase, postgresSkipReason } from '../fixtures/test-app';
import { client, negotiate, waitFor } from '../hub/helpers';

const skipReason = postgresSkipReason ?? (await probeRedis());
if (skipReason) console.warn(`[no sticky sessions] two-instance test skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('I-INST-04 I-INST-05 two instances behind a round-robin balancer', () => {
  const instances: LiveApp[] = [];
  const hubs: HubConnection[] = [];
  const clients: HubClient[] = [];
  let balancer: RoundRobin;
  let drop: (() => Promise<void>) | null = null;
  let a: LiveApp;
  let b: LiveApp;

  beforeAll(async () => {
    const throwaway = await createThrowawayDatabase();
    drop = throwaway.drop;
    const setup = await openDatabase({ dataDir: ':memory:', databaseUrl: throwaway.url });
    await setup.migrate();
    await seedDemo(setup.orm, TEST_HASH);
    await setup.close();
    const instance = { databaseUrl: throwaway.url, redisUrl: REDIS_URL, redisPrefix: `callboard-test-${randomBytes(4).toString('hex')}` };
    for (let i = 0; i < 2; i++) instances.push(await startLiveApp(':memory:', instance));
    [a, b] = instances;
    balancer = await startRoundRobin(instances.map((x) => Number(new URL(x.base).port)));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await Promise.all(hubs.map((h) => h.stop().catch(() => undefined)));
    await balancer?.close();
    for (const instance of instances) await instance.close();
    await drop?.();
  }, 60_000);

  /** the official client as a third-party program uses it (negotiate first), with a Close recorder */
  async function connected(base: string, token: string) {
    const hub = client(`${base}/hub`, token);
    hubs.push(hub);
    const closed: { error: Error | undefined; at: number }[] = [];
    hub.onclose((error) => closed.push({ error, at: Date.now() }));
    await hub.start();
    return { hub, closed };
  }

  it('I-INST-04 the admin app connects through the balancer every time, and a negotiate on one instance opens a WebSocket on the other', async () => {
    const token = await a.login('admin', 'acme');
    const before = [...balancer.counts];
    // the admin app's own connection (src/hub: skipNegotiation), five times: both instances serve it
    for (let i = 0; i < 5; i++) {
      const hub = createHubClient({ url: `${balancer.url}/hub`, accessToken: () => token, connect: signalrConnection(), log: { warn: () => undefined }, snapshots: ['GetAllExtensions'] });
      clients.push(hub);
      const snapshot = await firstValueFrom(hub.events$.pipe(filter((e) => e.name === 'AllExtensions'), timeout(10_000)));
      expect(snapshot.name).toBe('AllExtensions');
    }
    expect(balancer.counts.map((n, i) => n - before[i]).every((n) => n >= 2)).toBe(true);

    // a client that negotiates (any SignalR client) through the balancer, five times
    for (let i = 0; i < 5; i++) {
      const { hub } = await connected(balancer.url, token);
      expect(hub.state).toBe('Connected');
    }

    // the connection token is stateless: negotiated on A, accepted by B (409 on B once used there)
    const { connectionToken } = await negotiate(`${a.base}/hub`, token);
    const upgrade = (base: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${base.replace('http', 'ws')}/hub?id=${encodeURIComponent(connectionToken)}`, { headers: { authorization: `Bearer ${token}` } });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => {
          resolve(101);
          ws.close();
        });
      });
    expect(await upgrade(b.base)).toBe(101);
    expect(await upgrade(b.base)).toBe(409);
    // a forged or altered token is unknown
    expect(await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${b.base.replace('http', 'ws')}/hub?id=${encodeURIComponent(connectionToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`, { headers: { authorization: `Bearer ${token}` } });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    })).toBe(404);
  }, 60_000);

  it('I-INST-05 a password changed on one instance closes the user’s hub connections on both within 3 s; the new token connects', async () => {
    const admin = await a.login('admin', 'acme');
    const created = await a.api<{ id: number }>('POST', '/user', admin, { nick: 'rover', level: 4, pass: 'first-pass', passConfirm: 'first-pass' });
    expect(created.status).toBe(201);
    const token = (await a.api<{ token: string }>('POST', '/login', null, { nick: 'rover', pass: 'first-pass', corpoName: 'acme' })).json.token;
    const onA = await connected(a.base, token);
    const onB = await connected(b.base, token);
    const bystander = await connected(b.base, admin);

    const before = Date.now();
    const changed = await b.api<{ token: string }>('PUT', '/user/profile', token, { currentPass: 'first-pass', mail: 'r@acme.example', pass: 'second-pass', passConfirm: 'second-pass' });
    expect(changed.status).toBe(200);
    const closedA = await waitFor(() => onA.closed[0], 3000, 'the connection on the other instance closed');
    const closedB = await waitFor(() => onB.closed[0], 3000, 'the connection on this instance closed');
    expect(Math.max(closedA.at, closedB.at) - before).toBeLessThan(3000);
    console.log(`[I-INST-05] password change: closed on the other instance after ${closedA.at - before} ms`);
    expect(closedA.error?.message).toContain('the password was changed');
    expect(bystander.closed).toEqual([]);
    // the session goes on with the token of the answer, on either instance
    for (const base of [a.base, b.base]) expect((await connected(base, changed.json.token)).hub.state).toBe('Connected');
  }, 60_000);

  for (const ending of ['disabled', 'deleted', 'given a new password by an admin'] as const) {
    it(`I-INST-05 a user ${ending} on one instance loses its hub connection on the other within 3 s`, async () => {
      const admin = await a.login('admin', 'acme');
      const nick = `gone${randomBytes(3).toString('hex')}`;
      const created = await a.api<{ id: number }>('POST', '/user', admin, { nick, level: 4, pass: 'first-pass', passConfirm: 'first-pass' });
      expect(created.status).toBe(201);
      const token = (await a.api<{ token: string }>('POST', '/login', null, { nick, pass: 'first-pass', corpoName: 'acme' })).json.token;
      const onA = await connected(a.base, token);
      const fields = { nick, name: '', mail: '', level: 4, enabled: true, corpId: 0, roleGroupId: 0, newPassword: false, pass: '', passConfirm: '' };
      // an edit that ends nothing leaves it open
      expect((await b.api('PUT', `/user/${created.json.id}`, admin, { ...fields, name: 'Renamed' })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(onA.closed).toEqual([]);

      const before = Date.now();
      const write =
        ending === 'disabled'
          ? await b.api('PUT', `/user/${created.json.id}`, admin, { ...fields, enabled: false })
          : ending === 'deleted'
            ? await b.api('DELETE', `/user/${created.json.id}`, admin)
            : await b.api('PUT', `/user/${created.json.id}`, admin, { ...fields, newPassword: true, pass: 'reset-pass', passConfirm: 'reset-pass' });
      expect(write, JSON.stringify(write.json)).toMatchObject({ status: 200 });
      const closed = await waitFor(() => onA.closed[0], 3000, `the connection of a user ${ending} closed`);
      expect(closed.at - before).toBeLessThan(3000);
      // and it cannot come back with that token
      await expect(client(`${a.base}/hub`, token).start()).rejects.toThrow();
    }, 60_000);
  }

  it('I-INST-05 a kiosk screen revoked or rotated on one instance: its TV on the other is closed within 3 s', async () => {
    const admin = await a.login('admin', 'acme');
    for (const action of ['revoke', 'rotate'] as const) {
      const screen = await a.api<{ id: number; key: string }>('POST', '/kiosk', admin, { name: `Cluster TV ${action}`, boards: ['agents'] });
      expect(screen.status).toBe(201);
      const session = await b.api<{ token: string }>('POST', '/kiosk/session', null, { corp: 'acme', screen: screen.json.id, key: screen.json.key });
      expect(session.status).toBe(200);
      const tv = await connected(a.base, session.json.token);
      const before = Date.now();
      expect((await b.api('POST', `/kiosk/${screen.json.id}/${action}`, admin)).status).toBe(200);
      const closed = await waitFor(() => tv.closed[0], 3000, `the TV closed after ${action}`);
      expect(closed.at - before).toBeLessThan(3000);
      expect(closed.error?.message).toContain('errors.kioskRevoked');
    }
  }, 60_000);

});
