/**
 * The fleet of wall TVs on the real app (PGlite, the simulator on a manual clock, the official SignalR
 * client on /hub): heartbeats and the Kiosk screens list (H-FLEET-01), the dark alert as a toast push,
 * a log monitor entry and a mail to a local SMTP server (H-FLEET-02), the ticker band (H-TICK-01) and
 * the NOC screen whose key reads only the corps it names (H-NOC-01).
 */
import type { HubConnection } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIOSK_FLEET, type HubPushes, type KioskFleetEntry, type KioskHeartbeat, type KioskTickerMessage, type LiveExtension } from '../../domain';
import { corp, mailParameter } from '../../server/db/schema';
import { createKioskFleet } from '../../server/fleet/fleet';
import { createKioskTicker } from '../../server/fleet/ticker';
import { InProcessBackplane } from '../../server/hub';
import { startLiveApp, type LiveApp } from './fixtures/live-app';
import { startSmtpSink, type SmtpSink } from './fixtures/smtp-sink';
import { client, waitFor } from './hub/helpers';

let live: LiveApp;
let sink: SmtpSink;
const connections: HubConnection[] = [];
const tokens: Record<string, string> = {};
const ids = { acme: 0, globex: 0, system: 0 };

const REPORT: KioskHeartbeat = { version: 'build-1', width: 1920, height: 1080, fps: 60, reconnects: 0, dataAgeMs: 400, stale: false };

/** a JSON call with a bearer token and more headers (a supervisor's working corp) */
async function call<T>(method: string, url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: T }> {
  const res = await fetch(`${live.base}/api/v1${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

/** A new acme screen, its key exchanged, its hub connection open (as its TV has). */
async function tv(name: string, as = tokens.admin, corpUrl = 'acme', body: Record<string, unknown> = {}) {
  const created = await call<{ id: number; key: string }>('POST', '/kiosk', as, { name, boards: ['agents'], ...body });
  expect(created.status).toBe(201);
  const session = await call<{ token: string }>('POST', '/kiosk/session', null, { corp: corpUrl, screen: created.json.id, key: created.json.key });
  expect(session.status).toBe(200);
  const hub = client(`${live.base}/hub`, session.json.token);
  connections.push(hub);
  const tickers: HubPushes['KioskTicker'][] = [];
  hub.on('KioskTicker', (p: HubPushes['KioskTicker']) => tickers.push(p));
  await hub.start();
  return { id: created.json.id, key: created.json.key, token: session.json.token, hub, tickers };
}

/** A signed-in user's hub connection, keeping the pushes it gets by name. */
async function userHub(token: string) {
  const hub = client(`${live.base}/hub`, token);
  connections.push(hub);
  const got: Record<string, unknown[]> = { KioskAlert: [], LogMon: [] };
  for (const name of Object.keys(got)) hub.on(name, (p: unknown) => got[name].push(p));
  await hub.start();
  return { hub, got };
}

beforeAll(async () => {
  live = await startLiveApp();
  sink = await startSmtpSink();
  for (const [nick, corpName] of [
    ['super', 'supervisor'],
    ['owner', 'acme'],
    ['admin', 'acme'],
    ['agent', 'acme'],
    ['wall', 'acme'],
  ] as const)
    tokens[nick] = await live.login(nick, corpName);
  tokens.globex = await live.login('admin', 'globex');
  const corps = await live.database.orm.select({ id: corp.id, url: corp.url }).from(corp);
  ids.acme = corps.find((c) => c.url === 'acme')!.id;
  ids.globex = corps.find((c) => c.url === 'globex')!.id;
  ids.system = corps.find((c) => c.url === 'supervisor')!.id;
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop().catch(() => undefined)));
  await live?.close();
  await sink?.close();
});

describe('H-FLEET-01 heartbeats and the Kiosk screens list', () => {
  it('H-FLEET-01 a TV reports over its hub connection; the list shows it live with what it said, a silent screen dark, a stale TV stale', async () => {
    const a = await tv('Fleet A');
    const silent = await call<{ id: number }>('POST', '/kiosk', tokens.admin, { name: 'Fleet silent', boards: ['agents'] });
    expect(await a.hub.invoke('KioskHeartbeat', REPORT)).toEqual([]);
    const b = await tv('Fleet B');
    await b.hub.invoke('KioskHeartbeat', { ...REPORT, stale: true, reconnects: 3, dataAgeMs: 42_000 });

    const list = await call<KioskFleetEntry[]>('GET', '/kiosk/fleet', tokens.admin);
    expect(list.status).toBe(200);
    const byId = new Map(list.json.map((e) => [e.screenId, e]));
    expect(byId.get(a.id)).toMatchObject({ state: 'live', corpId: ids.acme, name: 'Fleet A', heartbeat: REPORT });
    expect(Date.now() - byId.get(a.id)!.seenAt!).toBeLessThan(5000);
    expect(byId.get(silent.json.id)).toMatchObject({ state: 'dark', seenAt: null, heartbeat: null });
    expect(byId.get(b.id)).toMatchObject({ state: 'stale', heartbeat: { reconnects: 3, dataAgeMs: 42_000, stale: true } });
    // the corp's own screens only
    expect(list.json.every((e) => e.corpId === ids.acme)).toBe(true);
    expect((await call<KioskFleetEntry[]>('GET', '/kiosk/fleet', tokens.globex)).json.some((e) => e.screenId === a.id)).toBe(false);
  });

  it('H-FLEET-01 who may: kiosk readers (admin, wall, the supervisor in its working corp); not an agent without the kiosk view, not a TV; a heartbeat only from a TV, and well-formed', async () => {
    expect((await call('GET', '/kiosk/fleet', tokens.wall)).status).toBe(200);
    expect((await call('GET', '/kiosk/fleet', tokens.agent)).status).toBe(403);
    expect((await call('GET', '/kiosk/fleet', null)).status).toBe(401);
    const screen = await tv('Fleet who');
    expect((await call('GET', '/kiosk/fleet', screen.token)).status).toBe(401);
    const asSuper = await call<KioskFleetEntry[]>('GET', '/kiosk/fleet', tokens.super, undefined, { 'x-working-corp': String(ids.acme) });
    expect(asSuper.json.some((e) => e.screenId === screen.id)).toBe(true);

    const user = await userHub(tokens.admin);
    await expect(user.hub.invoke('KioskHeartbeat', REPORT)).rejects.toThrow(/forbidden/);
    await expect(screen.hub.invoke('KioskHeartbeat', { ...REPORT, fps: 'fast' })).rejects.toThrow(/validation.invalid/);
    await expect(screen.hub.invoke('KioskHeartbeat', { ...REPORT, version: '' })).rejects.toThrow(/validation.invalid/);
  });
});

describe('H-FLEET-02 a TV dark for more than 60 s raises one alert', () => {
  it('H-FLEET-02 toast push to the corp’s kiosk readers only, a FleetAlert in the log monitor, a mail through the mail parameters; once; and "back" when it reports again', async () => {
    await live.database.orm.update(mailParameter).set({ value: '127.0.0.1' }).where(eq(mailParameter.key, 'mailer_host'));
    await live.database.orm.update(mailParameter).set({ value: String(sink.port) }).where(eq(mailParameter.key, 'mailer_port'));
    await live.database.orm.update(mailParameter).set({ value: 'none' }).where(eq(mailParameter.key, 'mailer_encryption'));
    await live.database.orm.update(mailParameter).set({ value: 'alerts@callboard.example' }).where(eq(mailParameter.key, 'mailer_from_address'));

    const admin = await userHub(tokens.admin);
    const agent = await userHub(tokens.agent);
    const globex = await userHub(tokens.globex);
    await admin.hub.invoke('StartLogMonitor');
    const screen = await tv('Fleet dark');
    await screen.hub.invoke('KioskHeartbeat', REPORT);
    const fleet = live.app.live!.fleet;

    // 59 s of silence: nothing yet for it (screens of the tests before may be claimed)
    await fleet.sweep(Date.now() + KIOSK_FLEET.darkAfterMs - 1000);
    await new Promise((r) => setTimeout(r, 200));
    expect((admin.got.KioskAlert as HubPushes['KioskAlert'][]).some((a) => a.screenId === screen.id)).toBe(false);
    const raised = await fleet.sweep(Date.now() + KIOSK_FLEET.darkAfterMs + 1000);
    expect(raised).toBeGreaterThanOrEqual(1);
    const alert = await waitFor(() => (admin.got.KioskAlert as HubPushes['KioskAlert'][]).find((a) => a.screenId === screen.id), 3000, 'KioskAlert');
    expect(alert).toMatchObject({ corpId: ids.acme, name: 'Fleet dark', state: 'dark' });
    const logged = await waitFor(() => (admin.got.LogMon as HubPushes['LogMon'][]).find((l) => l.type === 'FleetAlert' && (l.event as { screenId: number }).screenId === screen.id), 3000, 'LogMon');
    expect(logged).toMatchObject({ state: 'dark', device: `kiosk/${screen.id} Fleet dark` });
    // the mail went out before the sweep resolved: to acme's users who may read kiosk screens
    const mail = sink.messages.find((m) => m.data.includes('Fleet dark'));
    expect(mail?.from).toBe('alerts@callboard.example');
    expect([...mail!.to].sort()).toEqual(['admin@acme.example', 'owner@acme.example']);
    // the subject prefix is mailer_subject (MIME-encoded on the wire for its quotes)
    expect(mail!.data).toMatch(/^Subject: =\?UTF-8\?Q\?Callboard=3A_wall_TV_=22Fleet_dark=22/m);
    // an agent (no kiosk view) and another corp hear nothing
    await new Promise((r) => setTimeout(r, 200));
    expect(agent.got.KioskAlert).toEqual([]);
    expect(globex.got.KioskAlert).toEqual([]);

    // once: the next sweeps claim nothing more for it
    const mails = sink.messages.length;
    await fleet.sweep(Date.now() + 5 * KIOSK_FLEET.darkAfterMs);
    await new Promise((r) => setTimeout(r, 200));
    expect((admin.got.KioskAlert as HubPushes['KioskAlert'][]).filter((a) => a.screenId === screen.id && a.state === 'dark')).toHaveLength(1);
    expect(sink.messages.filter((m) => m.data.includes('Fleet dark'))).toHaveLength(1);
    expect(sink.messages.length).toBeGreaterThanOrEqual(mails);

    // it reports again: "back", and a later silence alerts again
    await screen.hub.invoke('KioskHeartbeat', REPORT);
    const back = await waitFor(() => (admin.got.KioskAlert as HubPushes['KioskAlert'][]).find((a) => a.screenId === screen.id && a.state === 'live'), 3000, 'back');
    expect(back.name).toBe('Fleet dark');
  });

  it('H-FLEET-02 several instances: two fleets sweeping one database at once raise each alert once (the UPDATE claims it)', async () => {
    const screen = await tv('Fleet twice');
    await screen.hub.invoke('KioskHeartbeat', REPORT);
    const pushes: string[] = [];
    const backplane = new InProcessBackplane();
    backplane.subscribe((e) => {
      if (e.kind === 'push' && e.push === 'KioskAlert') pushes.push(e.json);
    });
    const make = () => {
      const ticker = createKioskTicker({ db: live.database.orm, backplane });
      return createKioskFleet({ db: live.database.orm, backplane, ticker, deployedVersion: async () => null, log: { info: () => undefined, warn: () => undefined } });
    };
    const at = Date.now() + KIOSK_FLEET.darkAfterMs + 1000;
    const [one, two] = await Promise.all([make().sweep(at), make().sweep(at)]);
    expect(one + two).toBeGreaterThanOrEqual(1);
    expect(pushes.filter((json) => (JSON.parse(json) as { screenId: number }).screenId === screen.id)).toHaveLength(1);
  });
});

describe('H-TICK-01 the ticker band', () => {
  it('H-TICK-01 an admin pushes a message to chosen screens: those TVs get it at once, the heartbeat answers it, other screens do not show it', async () => {
    const chosen = await tv('Ticker chosen');
    const other = await tv('Ticker other');
    const before = Date.now();
    const pushed = await call<KioskTickerMessage>('POST', '/kiosk/ticker', tokens.admin, { text: 'Storm drill at 15:00', priority: 'critical', screens: [chosen.id], minutes: 10 });
    expect(pushed.status).toBe(201);
    expect(pushed.json).toMatchObject({ corpId: ids.acme, text: 'Storm drill at 15:00', priority: 'critical', screens: [chosen.id], author: 'admin' });
    expect(pushed.json.expiresAt - pushed.json.createdAt).toBe(10 * 60_000);
    const got = await waitFor(() => chosen.tickers.find((t) => t.messages.some((m) => m.id === pushed.json.id)), 1000, 'KioskTicker');
    expect(Date.now() - before).toBeLessThan(1000);
    expect(got.corpId).toBe(ids.acme);
    // the heartbeat's answer is what the screen shows (a lost push is made good at the next beat)
    expect((await chosen.hub.invoke<KioskTickerMessage[]>('KioskHeartbeat', REPORT)).map((m) => m.id)).toContain(pushed.json.id);
    expect((await other.hub.invoke<KioskTickerMessage[]>('KioskHeartbeat', REPORT)).map((m) => m.id)).not.toContain(pushed.json.id);
    expect((await call<KioskTickerMessage[]>('GET', '/kiosk/ticker', tokens.wall)).json.map((m) => m.id)).toContain(pushed.json.id);

    // taken off: the band empties
    expect((await call('DELETE', `/kiosk/ticker/${pushed.json.id}`, tokens.admin)).status).toBe(204);
    await waitFor(() => chosen.tickers.at(-1)?.messages.every((m) => m.id !== pushed.json.id), 1000, 'removed');
    expect((await call('DELETE', `/kiosk/ticker/${pushed.json.id}`, tokens.admin)).status).toBe(404);
  });

  it('H-TICK-01 who may push: owner, admin and the supervisor (its working corp); not an agent, not the wall, not a TV; only the corp’s own screens; the rules of the body', async () => {
    const screen = await tv('Ticker rights');
    const body = { text: 'Hello floor', screens: [screen.id] };
    expect((await call('POST', '/kiosk/ticker', tokens.owner, body)).status).toBe(201);
    expect((await call('POST', '/kiosk/ticker', tokens.super, body, { 'x-working-corp': String(ids.acme) })).status).toBe(201);
    expect((await call('POST', '/kiosk/ticker', tokens.agent, body)).status).toBe(403);
    expect((await call('POST', '/kiosk/ticker', tokens.wall, body)).status).toBe(403);
    expect((await call('POST', '/kiosk/ticker', screen.token, body)).status).toBe(401);
    // another corp's screen is unknown to globex
    const foreign = await call<{ message: string }>('POST', '/kiosk/ticker', tokens.globex, body);
    expect(foreign.status).toBe(400);
    expect(foreign.json.message).toBe('validation.refUnknown');
    for (const bad of [{ ...body, text: '' }, { ...body, text: 'x'.repeat(201) }, { ...body, screens: [] }, { ...body, priority: 'loud' }, { ...body, minutes: 0 }, { ...body, minutes: 24 * 60 + 1 }]) {
      expect((await call('POST', '/kiosk/ticker', tokens.admin, bad)).status).toBe(400);
    }
    const logged = await userHub(tokens.admin);
    await logged.hub.invoke('StartLogMonitor');
    expect((await call('POST', '/kiosk/ticker', tokens.admin, body)).status).toBe(201);
    await waitFor(() => (logged.got.LogMon as HubPushes['LogMon'][]).find((l) => l.type === 'UserAction' && l.state === 'tickerPush'), 2000, 'UserAction');
  });
});

describe('H-NOC-01 the NOC screen', () => {
  it('H-NOC-01 only the supervisor makes a NOC screen, and only in the system corp', async () => {
    const asAdmin = await call<{ message: string }>('POST', '/kiosk', tokens.admin, { name: 'Not a NOC', boards: ['agents'], noc: true });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.json.message).toBe('errors.nocScreen');
    const inAcme = await call('POST', '/kiosk', tokens.super, { name: 'NOC in acme', boards: ['agents'], noc: true, corpId: ids.acme }, { 'x-working-corp': String(ids.acme) });
    expect(inAcme.status).toBe(403);
    const made = await call<{ noc: boolean; nocCorps: number[]; corpId: number }>('POST', '/kiosk', tokens.super, { name: 'NOC made', boards: ['agents'], noc: true, nocCorps: [ids.acme], corpId: ids.system });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ noc: true, nocCorps: [ids.acme], corpId: ids.system });
  });

  it('H-NOC-01 the NOC key reads the corps it names and no other: its pages, their tokens, the hub and the REST routes', async () => {
    const noc = await tv('NOC acme', tokens.super, 'supervisor', { noc: true, nocCorps: [ids.acme], corpId: ids.system });
    const pages = await call<{ id: number; url: string }[]>('GET', '/kiosk/noc', noc.token);
    expect(pages.status).toBe(200);
    expect(pages.json.map((c) => c.url)).toEqual(['acme']);
    // a page token for acme; none for globex, nor for the system corp
    const page = await call<{ token: string; corpId: number }>('POST', '/kiosk/noc/token', noc.token, { corpId: ids.acme });
    expect(page.status).toBe(200);
    expect((await call('POST', '/kiosk/noc/token', noc.token, { corpId: ids.globex })).status).toBe(403);
    expect((await call('POST', '/kiosk/noc/token', noc.token, { corpId: ids.system })).status).toBe(403);
    // a page token makes no further tokens; a plain corp screen's token makes none
    expect((await call('POST', '/kiosk/noc/token', page.json.token, { corpId: ids.acme })).status).toBe(403);
    const plain = await tv('Plain for NOC');
    expect((await call('POST', '/kiosk/noc/token', plain.token, { corpId: ids.acme })).status).toBe(403);
    expect((await call('GET', '/kiosk/noc', plain.token)).status).toBe(403);

    // the page token on the hub: acme's floor, and never globex's
    const hub = client(`${live.base}/hub`, page.json.token);
    connections.push(hub);
    const snapshots: { corpId: number; extensions: LiveExtension[] }[] = [];
    hub.on('AllExtensions', (p: { corpId: number; extensions: LiveExtension[] }) => snapshots.push(p));
    await hub.start();
    await hub.invoke('GetAllExtensions');
    const floor = await waitFor(() => snapshots[0], 5000, 'AllExtensions');
    expect(floor.corpId).toBe(ids.acme);
    expect(floor.extensions.length).toBeGreaterThan(0);
    await expect(hub.invoke('GetAllExtensions', ids.globex)).rejects.toThrow(/forbidden/);
    await expect(hub.invoke('HangUp', '201', '202')).rejects.toThrow();
    // REST: the trend of acme; not with globex as a working corp
    expect((await call('GET', '/kiosk/trend', page.json.token)).status).toBe(200);
    const self = await call<{ corpId: number }>('GET', '/kiosk/self', page.json.token);
    expect(self.json.corpId).toBe(ids.acme);

    // an "all corps" NOC lists acme and globex, never the system corp
    const all = await tv('NOC all', tokens.super, 'supervisor', { noc: true, nocCorps: [], corpId: ids.system });
    expect((await call<{ url: string }[]>('GET', '/kiosk/noc', all.token)).json.map((c) => c.url).sort()).toEqual(['acme', 'globex']);

    // the list changed to globex only: the acme page token stops at once
    expect((await call('PUT', `/kiosk/${noc.id}`, tokens.super, { name: 'NOC acme', boards: ['agents'], noc: true, nocCorps: [ids.globex], corpId: ids.system })).status).toBe(200);
    expect((await call('GET', '/kiosk/trend', page.json.token)).status).toBe(401);
    const again = client(`${live.base}/hub`, page.json.token);
    connections.push(again);
    await expect(again.start()).rejects.toThrow();
  });
});
