/**
 * The web phone's server side (B-WP-01..04): the dropdown's list of the user's WSS extensions and the
 * credentials the pop-up registers with. Demo data: acme's 205 (WSS) belongs to the agent, 215 (WSS)
 * to the admin, 201 (UDP) to the agent; globex has no WSS extension.
 */
import { expect, it } from 'vitest';
import type { WebphoneCredentials, WebphoneExtension } from '../../domain';
import { CALLERS, describeEachDatabase, MANUAL_SIMULATOR } from './fixtures/test-app';

const { agent, admin, owner, wall, globexAdmin, super: SUPER } = CALLERS;

describeEachDatabase(
  'web phone',
  (t) => {
    const setParams = (params: { key: string; value: string }[]) => t().post('/api/v1/getAllParams', SUPER, params);

    it("B-WP-02 the dropdown lists the user's own enabled WSS extensions only", async () => {
      const mine = await t().get('/api/v1/webphone/extensions', agent);
      expect(mine.statusCode, mine.body).toBe(200);
      expect((mine.json() as WebphoneExtension[]).map((e) => e.number)).toEqual(['205']);
      const admins = (await t().get('/api/v1/webphone/extensions', admin)).json() as WebphoneExtension[];
      expect(admins.map((e) => e.number)).toEqual(['215']);
      // another corp's admin has none; level 5 is refused
      expect((await t().get('/api/v1/webphone/extensions', globexAdmin)).json()).toEqual([]);
      expect((await t().get('/api/v1/webphone/extensions', wall)).statusCode).toBe(403);
      expect((await t().get('/api/v1/webphone/extensions', null)).statusCode).toBe(401);
    });

    it('B-WP-03 B-WP-04 the own WSS extension gets its SIP user, secret, the WebSocket URL (port 4443 by default) and the PBX kind', async () => {
      await setParams([{ key: 'webrtcserver', value: 'pbx.acme.example' }]);
      const res = await t().get('/api/v1/webphone/credentials/205', agent);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as WebphoneCredentials;
      expect(body).toMatchObject({ number: '205', corpId: t().ids.corp.acme, username: `${t().ids.corp.acme}_205`, password: 'acme-205', socketUrl: 'wss://pbx.acme.example:4443/ws', pbx: 'simulator' });
      expect(body.displayName).toBe('Ana Agent');
      // a full URL is taken as written
      await setParams([{ key: 'webrtcserver', value: 'ws://127.0.0.1:8088/ws' }]);
      expect(((await t().get('/api/v1/webphone/credentials/205', agent)).json() as WebphoneCredentials).socketUrl).toBe('ws://127.0.0.1:8088/ws');
      await setParams([{ key: 'webrtcserver', value: '' }]);
      expect(((await t().get('/api/v1/webphone/credentials/205', agent)).json() as WebphoneCredentials).socketUrl).toBeNull();
    });

    it("B-WP-03 another user's extension: 404 for a level 4 user, allowed for levels 2-3 of the corp", async () => {
      expect((await t().get('/api/v1/webphone/credentials/215', agent)).statusCode).toBe(404);
      expect((await t().get('/api/v1/webphone/credentials/205', admin)).statusCode).toBe(200);
      expect((await t().get('/api/v1/webphone/credentials/205', owner)).statusCode).toBe(200);
    });

    it('B-WP-03 another corp: 404 (globex has no 205; its own 1001 is not WSS and not its admin\'s: 409 at most)', async () => {
      expect((await t().get('/api/v1/webphone/credentials/205', globexAdmin)).statusCode).toBe(404);
      expect((await t().get('/api/v1/webphone/credentials/9999', agent)).statusCode).toBe(404);
      expect((await t().get('/api/v1/webphone/credentials/abc', agent)).statusCode).toBe(400);
    });

    it('B-WP-02 a non-WSS extension is refused (409), even the own one', async () => {
      const res = await t().get('/api/v1/webphone/credentials/201', agent);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'webphone.errors.notWss' });
    });

    it('B-WP-01 level 5 and anonymous callers are refused', async () => {
      expect((await t().get('/api/v1/webphone/credentials/205', wall)).statusCode).toBe(403);
      expect((await t().get('/api/v1/webphone/credentials/205', null)).statusCode).toBe(401);
    });

    it("B-WP-04 only the pop-up's document may open WebSockets to another origin (the PBX's SIP WebSocket)", async () => {
      const connectSrc = (csp: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'));
      const popup = await t().get('/acme/en/webphone/phone?ext=205', null);
      expect(connectSrc(String(popup.headers['content-security-policy']))).toBe("connect-src 'self' ws: wss:");
      for (const other of ['/acme/en/webphone', '/acme/en/home']) {
        const res = await t().get(other, null);
        expect(connectSrc(String(res.headers['content-security-policy'])), other).toBe("connect-src 'self'");
      }
    });

    it('B-WP-01 with parameter webphone = no both routes answer 403', async () => {
      await setParams([{ key: 'webphone', value: 'no' }]);
      try {
        for (const path of ['/api/v1/webphone/extensions', '/api/v1/webphone/credentials/205']) {
          const res = await t().get(path, agent);
          expect(res.statusCode, path).toBe(403);
          expect(res.json()).toMatchObject({ message: 'webphone.errors.disabled' });
        }
      } finally {
        await setParams([{ key: 'webphone', value: 'yes' }]);
      }
      expect((await t().get('/api/v1/webphone/extensions', agent)).statusCode).toBe(200);
    });
  },
  { live: MANUAL_SIMULATOR },
);
