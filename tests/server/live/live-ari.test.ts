/**
 * The whole app with PBX=ari against the fake ARI (which, like Asterisk, gives an application's events
 * to the last socket that registered its name): issue 12's defects 1 and 4 as a browser and an
 * operator see them, through the hub and /api/v1/health.
 */
import type { AddressInfo } from 'node:net';
import type { HubConnection } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXT_STATUS, type HubPushes } from '../../../domain';
import { buildApp } from '../../../server/app';
import { TEST_HASH } from '../../../server/auth/passwords';
import { openDatabase, type Database } from '../../../server/db/database';
import { DEMO_PASSWORD, seedDemo } from '../../../server/db/seed';
import { createAriAdapter, type AriAdapter, type AriEndpoint } from '../../../server/pbx';
import { TEST_SECRET } from '../fixtures/test-app';
import { client, waitFor } from '../hub/helpers';
import { FakeAri } from '../pbx/ari/fake-ari';

const ACME = 2;
const endpoint = (number: string, state: AriEndpoint['state'] = 'online'): AriEndpoint => ({ technology: 'PJSIP', resource: `${ACME}_${number}`, state, channel_ids: [] });

let fake: FakeAri;
let database: Database;
let app: FastifyInstance;
let base: string;
let hub: HubConnection;
const pushes: { name: string; payload: { corpId: number } & Record<string, unknown>; at: number }[] = [];

const health = async () => (await (await fetch(`${base}/api/v1/health`)).json()) as { status: string; pbx: { state: string; since: number | null } };
const adapter = () => app.live!.adapter as AriAdapter;
const extension = (number: string) => app.live!.realtime!.getExtensions(ACME).find((e) => e.number === number)!;

beforeAll(async () => {
  fake = await FakeAri.start();
  fake.state.endpoints = ['201', '202', '203', '204', '205'].map((n) => endpoint(n));
  database = await openDatabase({ dataDir: ':memory:' });
  await database.migrate();
  await seedDemo(database.orm, TEST_HASH);
  app = await buildApp({
    db: database,
    config: { dataDir: ':memory:', jwtSecret: TEST_SECRET, hash: TEST_HASH },
    live: { pbx: 'ari', ari: { url: fake.url, user: fake.user, password: fake.password }, seed: 1, timeFactor: 1, callsPerHour: 30, redisUrl: undefined },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nick: 'wall', pass: DEMO_PASSWORD, corpoName: 'acme' }) });
  const { token } = (await login.json()) as { token: string };
  hub = client(`${base}/hub`, token);
  for (const name of ['PbxStatus', 'AllExtensions', 'DeviceStateChanged']) hub.on(name, (payload: { corpId: number }) => pushes.push({ name, payload, at: Date.now() }));
  await hub.start();
  await waitFor(() => adapter()?.stats().connected, 5000, 'the ARI event stream');
}, 60_000);

afterAll(async () => {
  await hub?.stop();
  await app?.close();
  await database?.close();
  await fake?.close();
});

describe('PBX reachability (issue 12, defect 4)', () => {
  it('B-PNL-18: GetAllExtensions answers with the PBX state first; health says the PBX is up', async () => {
    pushes.length = 0;
    await hub.invoke('GetAllExtensions', null);
    expect(pushes.map((p) => p.name)).toEqual(['PbxStatus', 'AllExtensions']);
    expect(pushes[0].payload).toMatchObject({ corpId: ACME, state: 'up' });
    expect(await health()).toMatchObject({ status: 'ok', pbx: { state: 'up' } });
  });

  it('an Asterisk outage is reported at once (health and a PbxStatus push); the state is rebuilt within 2 s of its return', async () => {
    const port = fake.port;
    pushes.length = 0;
    const lost = Date.now();
    await fake.close();
    await waitFor(() => pushes.find((p) => p.name === 'PbxStatus' && p.payload.state === 'down'), 3000, 'PbxStatus down');
    const down = await health();
    expect(down).toMatchObject({ status: 'ok', pbx: { state: 'down' } });
    expect(down.pbx.since!).toBeGreaterThanOrEqual(lost - 50);
    // down for a while: the adapter retried many times (its delay is capped at 1 s)
    await new Promise((r) => setTimeout(r, 4000));
    expect(adapter().stats().failures).toBeGreaterThan(4);
    fake.state.endpoints = ['201', '202', '203', '204'].map((n) => endpoint(n)).concat(endpoint('205', 'offline'));
    const back = Date.now();
    await fake.listen(port);
    await waitFor(() => pushes.find((p) => p.name === 'PbxStatus' && p.payload.state === 'up' && p.at >= back), 5000, 'PbxStatus up');
    const fresh = await waitFor(() => pushes.find((p) => p.name === 'AllExtensions' && p.at >= back), 5000, 'a fresh AllExtensions');
    const recovery = fresh.at - back;
    console.log(`[live-ari] PBX back: PbxStatus up and fresh snapshots ${recovery} ms after its return`);
    expect(recovery).toBeLessThan(2000);
    // the fresh snapshot is the PBX's: 205 went offline while it was away
    const snapshot = fresh.payload as unknown as HubPushes['AllExtensions'];
    expect(snapshot.extensions.find((e) => e.number === '205')!.status).toBe(EXT_STATUS.offline);
    expect(await health()).toMatchObject({ pbx: { state: 'up' } });
  });
});

describe('another ARI client under the product’s app name (issue 12, defect 1)', () => {
  it('the product subscribes again under its own fresh name and its state keeps following the PBX', async () => {
    await waitFor(() => adapter().stats().connected, 5000, 'connected');
    const name = adapter().app;
    expect(name).toMatch(/^callboard-[0-9a-f]{8}$/);
    expect(fake.liveApps).toEqual([name]);
    // a debugging tool (or an old second instance) registers the same name
    const intruder = new WebSocket(`ws://127.0.0.1:${fake.port}/ari/events?app=${name}&subscribeAll=true`, ['ari'], {
      headers: { Authorization: `Basic ${Buffer.from(`${fake.user}:${fake.password}`).toString('base64')}` },
    });
    await new Promise((resolve, reject) => intruder.once('open', resolve).once('error', reject));
    const t0 = Date.now();
    await waitFor(() => fake.liveApps.length === 2 && adapter().stats().connected && adapter().app !== name, 3000, 'subscribed again');
    console.log(`[live-ari] ApplicationReplaced: subscribed again as ${adapter().app} in ${Date.now() - t0} ms`);
    expect(fake.liveApps.sort()).toEqual([name, adapter().app].sort());
    await app.live!.realtime!.whenSynced();
    // events still reach the product: 204 goes offline
    pushes.length = 0;
    fake.send(JSON.stringify({ type: 'EndpointStateChange', timestamp: '2024-05-01T08:00:00.000+0000', application: adapter().app, endpoint: endpoint('204', 'offline') }));
    fake.send(JSON.stringify({ type: 'DeviceStateChanged', timestamp: '2024-05-01T08:00:00.000+0000', application: adapter().app, device_state: { name: 'PJSIP/2_204', state: 'UNAVAILABLE' } }));
    await waitFor(() => extension('204').status === EXT_STATUS.offline, 3000, '204 offline in the product');
    await waitFor(() => pushes.find((p) => p.name === 'DeviceStateChanged' && p.payload.number === '204'), 3000, 'the browser told');
    intruder.close();
  });

  it('two instances of the product on one Asterisk each keep their own event stream', async () => {
    const [a, b] = [createAriAdapter({ url: fake.url, user: fake.user, password: fake.password }), createAriAdapter({ url: fake.url, user: fake.user, password: fake.password })];
    const seen = { a: 0, b: 0 };
    a.events$.subscribe(() => seen.a++);
    b.events$.subscribe(() => seen.b++);
    await a.start();
    await b.start();
    expect(a.app).not.toBe(b.app);
    fake.send(JSON.stringify({ type: 'EndpointStateChange', timestamp: '2024-05-01T08:00:00.000+0000', application: 'x', endpoint: endpoint('203') }));
    await waitFor(() => seen.a === 1 && seen.b === 1, 3000, 'both instances got the event');
    expect(a.stats().replaced + b.stats().replaced).toBe(0);
    await a.stop();
    await b.stop();
  });
});
