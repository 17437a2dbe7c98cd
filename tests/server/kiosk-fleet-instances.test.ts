/**
 * The fleet across two instances on one PostgreSQL and one Redis (H-FLEET-01, H-FLEET-02, H-TICK-01):
 * a TV connected to instance A is listed live by an admin on instance B (the heartbeat is a row both
 * read), both instances sweep and the dark alert is raised once and reaches the admin on B, and a
 * message pushed through B reaches the TV on A within a second (the backplane).
 */
import type { HubConnection } from '@microsoft/signalr';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_FLEET, type HubPushes, type KioskFleetEntry, type KioskHeartbeat, type KioskTickerMessage } from '../../domain';
import { TEST_HASH } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/database';
import { seedDemo } from '../../server/db/seed';
import { startLiveApp, type LiveApp } from './fixtures/live-app';
import { probeRedis, REDIS_URL } from './fixtures/redis';
import { createThrowawayDatabase, postgresSkipReason } from './fixtures/test-app';
import { client, waitFor } from './hub/helpers';

const skip = postgresSkipReason ?? (await probeRedis());
const REPORT: KioskHeartbeat = { version: 'build-1', width: 3840, height: 2160, fps: 60, reconnects: 1, dataAgeMs: 200, stale: false };

describe.skipIf(skip !== null)('the fleet on two instances (PostgreSQL and Redis)', () => {
  let a: LiveApp;
  let b: LiveApp;
  let drop: () => Promise<void> = async () => undefined;
  const connections: HubConnection[] = [];

  beforeAll(async () => {
    const throwaway = await createThrowawayDatabase();
    drop = throwaway.drop;
    const database = await openDatabase({ dataDir: ':memory:', databaseUrl: throwaway.url });
    await database.migrate();
    await seedDemo(database.orm, TEST_HASH);
    await database.close();
    const instance = { databaseUrl: throwaway.url, redisUrl: REDIS_URL, redisPrefix: `fleet-${randomBytes(4).toString('hex')}` };
    a = await startLiveApp(':memory:', instance);
    b = await startLiveApp(':memory:', instance);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.stop().catch(() => undefined)));
    await a?.close();
    await b?.close();
    await drop();
  });

  it('H-FLEET-01 H-FLEET-02 H-TICK-01 a TV on A is live for an admin on B, goes dark once for both sweepers, and gets a message pushed through B within 1 s', async () => {
    const adminOnB = await b.login('admin', 'acme');
    const created = await b.api<{ id: number; key: string }>('POST', '/kiosk', adminOnB, { name: 'Two instances', boards: ['agents'] });
    expect(created.status).toBe(201);
    const session = await a.api<{ token: string }>('POST', '/kiosk/session', null, { corp: 'acme', screen: created.json.id, key: created.json.key });
    const tv = client(`${a.base}/hub`, session.json.token);
    connections.push(tv);
    const tickers: HubPushes['KioskTicker'][] = [];
    tv.on('KioskTicker', (p: HubPushes['KioskTicker']) => tickers.push(p));
    await tv.start();
    await tv.invoke('KioskHeartbeat', REPORT);

    const listed = await b.api<KioskFleetEntry[]>('GET', '/kiosk/fleet', adminOnB);
    expect(listed.json.find((e) => e.screenId === created.json.id)).toMatchObject({ state: 'live', heartbeat: REPORT });

    // the admin's tab is on B; both instances sweep at once: one alert, and it crosses the backplane
    const admin = client(`${b.base}/hub`, adminOnB);
    connections.push(admin);
    const alerts: HubPushes['KioskAlert'][] = [];
    admin.on('KioskAlert', (p: HubPushes['KioskAlert']) => alerts.push(p));
    await admin.start();
    const at = Date.now() + KIOSK_FLEET.darkAfterMs + 1000;
    const [onA, onB] = await Promise.all([a.app.live!.fleet.sweep(at), b.app.live!.fleet.sweep(at)]);
    expect(onA + onB).toBe(1);
    await waitFor(() => alerts.find((x) => x.screenId === created.json.id), 3000, 'KioskAlert on B');
    await new Promise((r) => setTimeout(r, 300));
    expect(alerts.filter((x) => x.screenId === created.json.id && x.state === 'dark')).toHaveLength(1);

    // a message through B, on the TV connected to A
    const before = Date.now();
    const pushed = await b.api<KioskTickerMessage>('POST', '/kiosk/ticker', adminOnB, { text: 'Across instances', screens: [created.json.id] });
    expect(pushed.status).toBe(201);
    await waitFor(() => tickers.find((t) => t.messages.some((m) => m.id === pushed.json.id)), 1000, 'KioskTicker on A');
    console.log(`[H-TICK-01] two instances: ticker on the TV ${Date.now() - before} ms after the POST`);
  });
});
