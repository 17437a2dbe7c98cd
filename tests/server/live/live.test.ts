/**
 * The real-time core in one process: the app on PGlite with the simulator (manual clock), the
 * official SignalR client on /hub with a login JWT, the PBX routes, and the records in the database.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HubConnection } from '@microsoft/signalr';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveExtension } from '../../../domain';
import type { Database } from '../../../server/db/database';
import { cdr, corp, extension, queue, queueLog, queueMember } from '../../../server/db/schema';
import { DEMO_PASSWORD } from '../../../server/db/seed';
import type { CallCentreSimulator } from '../../../server/pbx';
import { startLiveApp, type LiveApp } from '../fixtures/live-app';
import { client, waitFor } from '../hub/helpers';

interface Push {
  name: string;
  payload: { corpId: number; caller?: string; receiver?: string; extensions?: LiveExtension[] };
}

let live: LiveApp;
let app: FastifyInstance;
let database: Database;
let dataDir: string;
let base: string;
let sim: CallCentreSimulator;
let acme: number;
let globex: number;
const connections: HubConnection[] = [];

async function login(nick: string, corpoName: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nick, pass: DEMO_PASSWORD, corpoName }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const api = (method: string, url: string, token: string | null, body?: unknown) => live.api(method, url, token, body);

const PUSHES = ['AllExtensions', 'Ringing', 'CallConnected', 'Hangup', 'DeviceStateChanged', 'ActiveCalls', 'AllChannels', 'AllContacts', 'CallerInQueue', 'deleteCaller'];

async function connect(token: string): Promise<{ hub: HubConnection; pushes: Push[] }> {
  const hub = client(`${base}/hub`, token);
  const pushes: Push[] = [];
  for (const name of PUSHES) hub.on(name, (payload: Push['payload']) => pushes.push({ name, payload }));
  await hub.start();
  connections.push(hub);
  return { hub, pushes };
}

/** moves the simulated clock in steps, letting the server deliver between them */
async function advance(ms: number, step = 1000): Promise<void> {
  for (let done = 0; done < ms; done += step) {
    sim.advance(Math.min(step, ms - done));
    await new Promise((r) => setTimeout(r, 5));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'callboard-live-'));
  const started = await startLiveApp(dataDir);
  ({ app, database, base } = started);
  live = started;
  sim = app.live!.simulator!;
  const corps = await database.orm.select({ id: corp.id, url: corp.url }).from(corp);
  acme = corps.find((c) => c.url === 'acme')!.id;
  globex = corps.find((c) => c.url === 'globex')!.id;
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop().catch(() => undefined)));
  await live?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('live core in one process (simulator, manual clock)', () => {
  it('answers 401 at negotiate without a token', async () => {
    const res = await fetch(`${base}/hub/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(res.status).toBe(401);
  });

  it('GetAllExtensions answers AllExtensions with the corp’s enabled extensions (38 of its 40: 239 and 240 are off)', async () => {
    const { hub, pushes } = await connect(await login('admin', 'acme'));
    await hub.invoke('GetAllExtensions');
    const all = await waitFor(() => pushes.find((p) => p.name === 'AllExtensions'), 5000, 'AllExtensions');
    expect(all.payload.corpId).toBe(acme);
    const enabled = await database.orm.select({ number: extension.number }).from(extension).where(and(eq(extension.corpId, acme), eq(extension.enabled, true)));
    expect(enabled).toHaveLength(38);
    expect(all.payload.extensions!.map((e) => e.number).sort()).toEqual(enabled.map((e) => e.number).sort());
    expect(all.payload.extensions!.map((e) => e.number)).not.toContain('240');
  });

  it('originate 201 → 202 rings then connects for acme only; HangUp through the hub ends it', async () => {
    const a = await connect(await login('admin', 'acme'));
    const g = await connect(await login('admin', 'globex'));
    const token = await login('admin', 'acme');
    const res = await api('POST', '/originate', token, { from: '201', to: '202' });
    expect(res.status).toBe(200);
    expect((res.json as { channelId: string }).channelId).toMatch(/\S/);

    await advance(15_000);
    const between = (p: Push) => [p.payload.caller, p.payload.receiver].sort().join('-') === '201-202';
    await waitFor(() => a.pushes.find((p) => p.name === 'CallConnected' && between(p)), 5000, 'CallConnected');
    const ringing = a.pushes.findIndex((p) => p.name === 'Ringing' && (p.payload.caller === '201' || p.payload.receiver === '202' || p.payload.receiver === '201'));
    const connected = a.pushes.findIndex((p) => p.name === 'CallConnected' && between(p));
    expect(ringing).toBeGreaterThanOrEqual(0);
    expect(ringing).toBeLessThan(connected);

    expect(await a.hub.invoke('HangUp', '201', '202')).toBe(true);
    await advance(2000);
    await waitFor(() => a.pushes.find((p) => p.name === 'Hangup' && between(p)), 5000, 'Hangup');

    // the other tenant heard nothing of it
    expect(g.pushes.filter((p) => p.payload.corpId !== globex)).toEqual([]);
    expect(a.pushes.every((p) => p.payload.corpId === acme)).toBe(true);
  });

  it('originate: level 5 refused, another corp’s extension is a 404', async () => {
    expect((await api('POST', '/originate', await login('wall', 'acme'), { from: '203', to: '204' })).status).toBe(403);
    expect((await api('POST', '/originate', await login('admin', 'acme'), { from: '1001', to: '204' })).status).toBe(404);
    expect((await api('POST', '/originate', await login('admin', 'acme'), { from: '203', to: 'abc' })).status).toBe(400);
    expect((await api('POST', '/originate', null, { from: '203', to: '204' })).status).toBe(401);
  });

  it('simulated calls leave cdr and queue_log rows and WAV recordings', async () => {
    await advance(2 * 3600_000, 60_000);
    await app.live!.sink.flush();
    const [cdrs] = await database.orm.select({ n: count() }).from(cdr).where(eq(cdr.corpId, acme));
    const [logs] = await database.orm.select({ n: count() }).from(queueLog).where(and(eq(queueLog.corpId, acme), eq(queueLog.event, 'CONNECT')));
    expect(Number(cdrs.n)).toBeGreaterThan(10);
    expect(Number(logs.n)).toBeGreaterThan(5);
    const [recorded] = await database.orm.select({ name: cdr.recordingfile, corpId: cdr.corpId, uniqueid: cdr.uniqueid }).from(cdr).where(eq(cdr.disposition, 'ANSWERED')).limit(1);
    expect(recorded.name).toMatch(new RegExp(`^${recorded.corpId}/\\d{8}/[\\d.]+\\.wav$`));
    await waitFor(() => existsSync(path.join(dataDir, 'recordings', recorded.name)), 5000, 'the WAV file');
  });

  it('astqueue adds and removes a member; another corp gets 404', async () => {
    const token = await login('admin', 'acme');
    const [sales] = await database.orm.select({ id: queue.id }).from(queue).where(and(eq(queue.corpId, acme), eq(queue.name, 'Sales')));
    const body = { membername: '237', _interface: `PJSIP/${acme}_237`, penalty: 1, paused: 0, queue_name: `${acme}_${sales.id}` };
    const globexToken = await login('admin', 'globex');
    expect((await api('POST', '/astqueue', globexToken, body)).status).toBe(404);

    const added = await api('POST', '/astqueue', token, body);
    expect(added.status).toBe(201);
    const id = (added.json as { id: number }).id;
    expect(added.json).toMatchObject({ membername: '237', queue_name: `${acme}_${sales.id}`, interface: `PJSIP/${acme}_237` });
    expect((await api('POST', '/astqueue', token, body)).status).toBe(406);
    await waitFor(() => app.live!.realtime!.getQueues(acme).find((q) => q.queueId === sales.id)?.members.includes('237'), 5000, 'the live queue member');

    expect((await api('DELETE', `/astqueue/${id}`, globexToken)).status).toBe(404);
    expect((await api('DELETE', `/astqueue/${id}`, token)).status).toBe(200);
    expect(await database.orm.select().from(queueMember).where(eq(queueMember.uniqueId, id))).toEqual([]);
    expect((await api('DELETE', `/astqueue/${id}`, token)).status).toBe(404);
    await waitFor(() => !app.live!.realtime!.getQueues(acme).find((q) => q.queueId === sales.id)?.members.includes('237'), 5000, 'the member gone');
  });

  it('the PBX routes are in the OpenAPI document', async () => {
    const doc = (await api('GET', '/openapi.json', null)).json as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/astqueue', '/api/v1/astqueue/{id}', '/api/v1/exten/ip/{number}', '/api/v1/originate']));
  });

  it('exten/ip lists a registered extension’s ip:port', async () => {
    const contact = app.live!.realtime!.getContacts(acme).find((c) => c.viaAddr !== null && c.viaPort !== null)!;
    const res = await api('GET', `/exten/ip/${contact.number}`, await login('admin', 'acme'));
    expect(res.status).toBe(200);
    expect(res.json).toContain(`${contact.viaAddr}:${contact.viaPort}`);
    expect((await api('GET', `/exten/ip/${contact.number}`, await login('admin', 'globex'))).json).toEqual([]);
  });

  it('an extension written through the API reaches the live state', async () => {
    const token = await login('admin', 'acme');
    const res = await api('POST', '/extension', token, { number: '241', pass: 'secret_241', description: 'New one' });
    expect(res.status).toBe(201);
    await waitFor(() => app.live!.realtime!.getExtensions(acme).find((e) => e.number === '241'), 5000, 'the new extension');
    const id = (res.json as { id: number }).id;
    expect((await api('DELETE', `/extension/${id}`, token)).status).toBe(200);
    await waitFor(() => !app.live!.realtime!.getExtensions(acme).find((e) => e.number === '241'), 5000, 'the extension gone');
  });
});
