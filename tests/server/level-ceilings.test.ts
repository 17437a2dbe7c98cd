import { expect, it } from 'vitest';
import { defaultViews, type Level } from '../../domain';
import { checkGuard } from '../../src/app/guards';
import { findEntry } from '../../src/app/navigation';
import { CALLERS, describeEachDatabase, MANUAL_SIMULATOR, type Caller } from './fixtures/test-app';

/** The acme callers of each level (level 1 without a working corp: a corp's route answers it 400, not 403). */
const BY_LEVEL: [Level, Caller][] = [
  [1, CALLERS.super],
  [2, CALLERS.owner],
  [3, CALLERS.admin],
  [4, CALLERS.agent],
  [5, CALLERS.wall],
];

type Probe = { method: 'GET' | 'POST'; url: string; body?: unknown };

/**
 * A screen of the navigation and the route it reads: the screen's guard (its named ceiling on the
 * client) must open for exactly the levels the route does not refuse with 403 (the same ceiling on the
 * server). The bodies are empty or minimal, so an allowed caller gets 200 or 400 and nothing changes.
 */
const SCREEN_ROUTES: [screen: string, route: Probe][] = [
  ['clickToCall', { method: 'POST', url: '/api/v1/clicktocall/call', body: {} }],
  ['configClickToCall', { method: 'GET', url: '/api/v1/clicktocall/keys' }],
  ['clickToCallTable', { method: 'GET', url: '/api/v1/clicktocall/history' }],
  ['webphone', { method: 'GET', url: '/api/v1/webphone/extensions' }],
  ['salas', { method: 'GET', url: '/api/v1/meet/rooms?softwareId=1' }],
  ['calendar', { method: 'POST', url: '/api/v1/meet/DateRooms/rooms-from-date', body: { date: new Date().toISOString(), softwareId: 1 } }],
  ['dayCalendar', { method: 'POST', url: '/api/v1/meet/DateRooms/rooms-by-date', body: {} }],
  ['infoMeet', { method: 'POST', url: '/api/v1/meet/DateRooms/rooms-from-date', body: {} }],
];

describeEachDatabase(
  'level ceilings: client and server read the same ones',
  (t) => {
    it('J-ONE-01 each screen opens for exactly the levels its route lets in (the one ceiling of domain/level-ceilings on both sides)', async () => {
      const disagreements: string[] = [];
      for (const [screen, probe] of SCREEN_ROUTES) {
        const entry = findEntry(screen);
        expect(entry, screen).toBeDefined();
        for (const [level, caller] of BY_LEVEL) {
          const opens = checkGuard(entry!.guard, { level, views: defaultViews(level), allowCustom: true }).allow;
          const res = probe.method === 'GET' ? await t().get(probe.url, caller) : await t().post(probe.url, caller, probe.body);
          expect(res.statusCode, `${probe.method} ${probe.url} as level ${level}`).toBeLessThan(500);
          const letIn = res.statusCode !== 403;
          if (opens !== letIn) disagreements.push(`${screen} level ${level}: screen ${opens ? 'opens' : 'refuses'}, ${probe.url} answers ${res.statusCode}`);
        }
      }
      expect(disagreements).toEqual([]);
    });
  },
  { live: MANUAL_SIMULATOR },
);
