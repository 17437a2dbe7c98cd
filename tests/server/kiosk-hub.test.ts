/**
 * A kiosk token on the real hub: the app on PGlite with the simulator (manual clock), the official
 * SignalR client on /hub with the 60 s token a screen's key is exchanged for.
 */
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveExtension } from '../../domain';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { startLiveApp, type LiveApp } from './fixtures/live-app';
import { client, waitFor } from './hub/helpers';

let live: LiveApp;
let base: string;
const connections: HubConnection[] = [];
const api = <T>(method: string, url: string, token: string | null, body?: unknown) => live.api<T>(method, url, token, body);

beforeAll(async () => {
  live = await startLiveApp();
  base = live.base;
});

afterAll(async () => {
  await Promise.all(connections.map((c) => c.stop().catch(() => undefined)));
  await live?.close();
});

describe('kiosk token on the hub (official SignalR client)', () => {
  it('watches its corp’s panel, may not hang up, and a revoked screen cannot connect again', async () => {
    const admin = await api<{ token: string }>('POST', '/login', null, { nick: 'admin', pass: DEMO_PASSWORD, corpoName: 'acme' });
    const created = await api<{ id: number; corpId: number; key: string }>('POST', '/kiosk', admin.json.token, { name: 'Hub TV', boards: ['agents'] });
    expect(created.status).toBe(201);
    const session = await api<{ token: string }>('POST', '/kiosk/session', null, { corp: 'acme', screen: 'Hub TV', key: created.json.key });
    expect(session.status).toBe(200);

    const hub = client(`${base}/hub`, session.json.token);
    connections.push(hub);
    const pushes: { corpId: number; extensions: LiveExtension[] }[] = [];
    hub.on('AllExtensions', (payload: { corpId: number; extensions: LiveExtension[] }) => pushes.push(payload));
    await hub.start();
    await hub.invoke('GetAllExtensions');
    const all = await waitFor(() => pushes[0], 5000, 'AllExtensions');
    expect(all.corpId).toBe(created.json.corpId);
    expect(all.extensions.length).toBeGreaterThan(0);
    expect(all.extensions.every((e) => e.corpId === created.json.corpId)).toBe(true);
    // read-only: hanging up is refused
    await expect(hub.invoke('HangUp', '201', '202')).rejects.toThrow();

    expect((await api('POST', `/kiosk/${created.json.id}/revoke`, admin.json.token)).status).toBe(200);
    const again = client(`${base}/hub`, session.json.token);
    connections.push(again);
    await expect(again.start()).rejects.toThrow();
  });

  /** A screen with an open hub connection on its kiosk token; `closed` fills when the server closes it. */
  async function connectedScreen(name: string) {
    const admin = await api<{ token: string }>('POST', '/login', null, { nick: 'admin', pass: DEMO_PASSWORD, corpoName: 'acme' });
    const created = await api<{ id: number; key: string }>('POST', '/kiosk', admin.json.token, { name, boards: ['agents'] });
    expect(created.status).toBe(201);
    const session = await api<{ token: string }>('POST', '/kiosk/session', null, { corp: 'acme', screen: created.json.id, key: created.json.key });
    expect(session.status).toBe(200);
    const hub = client(`${base}/hub`, session.json.token);
    connections.push(hub);
    const closed: { error: Error | undefined; at: number }[] = [];
    hub.onclose((error) => closed.push({ error, at: Date.now() }));
    await hub.start();
    return { admin: admin.json.token, id: created.json.id, token: session.json.token, hub, closed };
  }

  for (const action of ['revoke', 'rotate'] as const) {
    it(`${action} closes the screen’s open hub connection within a second with Close errors.kioskRevoked, and its token cannot connect again`, async () => {
      const screen = await connectedScreen(`Live ${action}`);
      // another screen of the corp stays connected
      const other = await connectedScreen(`Bystander ${action}`);
      const before = Date.now();
      expect((await api('POST', `/kiosk/${screen.id}/${action}`, screen.admin)).status).toBe(200);
      const closed = await waitFor(() => screen.closed[0], 1000, 'Close');
      expect(closed.at - before).toBeLessThan(1000);
      expect(closed.error?.message).toContain('errors.kioskRevoked');
      expect(other.closed).toEqual([]);
      expect(other.hub.state).toBe('Connected');
      const again = client(`${base}/hub`, screen.token);
      connections.push(again);
      await expect(again.start()).rejects.toThrow();
    });
  }
});
