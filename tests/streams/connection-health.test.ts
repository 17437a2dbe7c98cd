import { describe, it } from 'vitest';
import { connectionHealth, type HubConnectionState } from '../../streams/connection-health';
import type { HubEvent } from '../../streams/hub-events';
import { CORP, OTHER, ext, hub, scheduler } from './fixtures';

describe('connection health (marbles)', () => {
  it('stale after a reconnect until a fresh AllExtensions snapshot arrives', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const state$ = hot<HubConnectionState>('a-b-------e-f------', { a: 'connecting', b: 'connected', e: 'reconnecting', f: 'connected' });
      const events$ = hot<HubEvent>('----c-d---------g-h', {
        c: hub.allExtensions([ext('201')], 100),
        d: hub.device('201', 2, 120),
        g: hub.device('201', 3, 300), // events alone do not make the board whole
        h: hub.allExtensions([ext('201')], 320),
      });
      expectObservable(connectionHealth(state$, events$, { corpId: CORP })).toBe('a-b-c-d---e-f---g-h', {
        a: { state: 'reconnecting', stale: false, asOf: null },
        b: { state: 'live', stale: false, asOf: null },
        c: { state: 'live', stale: false, asOf: 100 },
        d: { state: 'live', stale: false, asOf: 120 },
        e: { state: 'reconnecting', stale: true, asOf: 120 },
        f: { state: 'live', stale: true, asOf: 120 },
        g: { state: 'live', stale: true, asOf: 300 },
        h: { state: 'live', stale: false, asOf: 320 },
      });
    });
  });

  it('disconnected reads offline and stale; a snapshot of another corp does not clear it; repeats emit nothing', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const state$ = hot<HubConnectionState>('a-b-c-d-e', { a: 'connected', b: 'connected', c: 'disconnected', d: 'connecting', e: 'connected' });
      const events$ = hot<HubEvent>('----------f-g', {
        f: hub.allExtensions([ext('301', 3, { corpId: OTHER })], 50, OTHER),
        g: hub.allExtensions([ext('201')], 60),
      });
      expectObservable(connectionHealth(state$, events$, { corpId: CORP })).toBe('a---c-d-e---g', {
        a: { state: 'live', stale: false, asOf: null },
        c: { state: 'offline', stale: true, asOf: null },
        d: { state: 'reconnecting', stale: true, asOf: null },
        e: { state: 'live', stale: true, asOf: null },
        g: { state: 'live', stale: false, asOf: 60 },
      });
    });
  });

  it('a snapshot that arrives while still reconnecting does not clear stale', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const state$ = hot<HubConnectionState>('a-b-----d', { a: 'connected', b: 'reconnecting', d: 'connected' });
      const events$ = hot<HubEvent>('----c', { c: hub.allExtensions([], 10) });
      expectObservable(connectionHealth(state$, events$, { corpId: CORP })).toBe('a-b-c---d', {
        a: { state: 'live', stale: false, asOf: null },
        b: { state: 'reconnecting', stale: true, asOf: null },
        c: { state: 'reconnecting', stale: true, asOf: 10 },
        d: { state: 'live', stale: true, asOf: 10 },
      });
    });
  });

  it('PBX unreachable (issue 12, defect 4): the board says so rather than LIVE and goes stale; a fresh snapshot once it is back makes it live again', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const state$ = hot<HubConnectionState>('a', { a: 'connected' });
      const events$ = hot<HubEvent>('--b-c-d-e-f-g', {
        b: hub.allExtensions([ext('201')], 10),
        c: hub.pbx('down', 20),
        d: hub.allExtensions([ext('201')], 30), // the last known state, while the PBX is away: still stale
        e: hub.pbx('up', 40),
        f: hub.device('201', 2, 45), // events alone do not make the board whole
        g: hub.allExtensions([ext('201')], 50),
      });
      expectObservable(connectionHealth(state$, events$, { corpId: CORP })).toBe('a-b-c-d-e-f-g', {
        a: { state: 'live', stale: false, asOf: null },
        b: { state: 'live', stale: false, asOf: 10 },
        c: { state: 'pbxDown', stale: true, asOf: 20 },
        d: { state: 'pbxDown', stale: true, asOf: 30 },
        e: { state: 'live', stale: true, asOf: 40 },
        f: { state: 'live', stale: true, asOf: 45 },
        g: { state: 'live', stale: false, asOf: 50 },
      });
    });
  });

  it('J-UX-03 a server that drives no PBX (PBX=none) reads noPbx, never LIVE; its snapshots are fresh (nothing is stale)', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const state$ = hot<HubConnectionState>('a', { a: 'connected' });
      const events$ = hot<HubEvent>('--b-c-d', {
        b: hub.pbx('none', 10),
        c: hub.allExtensions([ext('201')], 20),
        d: hub.pbx('up', 30),
      });
      expectObservable(connectionHealth(state$, events$, { corpId: CORP })).toBe('a-b-c-d', {
        a: { state: 'live', stale: false, asOf: null },
        b: { state: 'noPbx', stale: false, asOf: 10 },
        c: { state: 'noPbx', stale: false, asOf: 20 },
        d: { state: 'live', stale: false, asOf: 30 },
      });
    });
  });

  it('the hub connection lost while the PBX is down reads reconnecting; back, the PBX still down: pbxDown; another corp’s PbxStatus changes nothing', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const state$ = hot<HubConnectionState>('a---c---e', { a: 'connected', c: 'reconnecting', e: 'connected' });
      const events$ = hot<HubEvent>('--b-------f-g', { b: hub.pbx('down', 5), f: hub.pbx('up', 9, OTHER), g: hub.pbx('up', 12) });
      expectObservable(connectionHealth(state$, events$, { corpId: CORP })).toBe('a-b-c---e---g', {
        a: { state: 'live', stale: false, asOf: null },
        b: { state: 'pbxDown', stale: true, asOf: 5 },
        c: { state: 'reconnecting', stale: true, asOf: 5 },
        e: { state: 'pbxDown', stale: true, asOf: 5 },
        g: { state: 'live', stale: true, asOf: 12 },
      });
    });
  });
});
