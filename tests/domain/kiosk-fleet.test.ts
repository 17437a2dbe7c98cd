import { describe, expect, it } from 'vitest';
import {
  canAccess,
  defaultViews,
  fleetState,
  KIOSK_FLEET,
  KIOSK_FLEET_ACCESS,
  KIOSK_TICKER_ACCESS,
  LEVELS,
  readHeartbeat,
  tickerInputSchema,
  tickerOfScreen,
  type KioskHeartbeat,
  type KioskTickerMessage,
} from '../../domain';

const HB: KioskHeartbeat = { version: 'b1', width: 1920, height: 1080, fps: 60, reconnects: 0, dataAgeMs: 100, stale: false };
const NOW = 1_000_000;

describe('H-FLEET-01 a TV’s state from its last heartbeat', () => {
  it('H-FLEET-01 live, stale when late or stale by its own word, dark past 60 s or never, old version when another build runs', () => {
    expect(fleetState(NOW - 1000, HB, NOW, 'b1')).toBe('live');
    expect(fleetState(NOW - KIOSK_FLEET.staleAfterMs - 1, HB, NOW, 'b1')).toBe('stale');
    expect(fleetState(NOW - 1000, { ...HB, stale: true }, NOW, 'b1')).toBe('stale');
    expect(fleetState(NOW - KIOSK_FLEET.darkAfterMs, HB, NOW, 'b1')).toBe('stale');
    expect(fleetState(NOW - KIOSK_FLEET.darkAfterMs - 1, HB, NOW, 'b1')).toBe('dark');
    expect(fleetState(null, null, NOW, 'b1')).toBe('dark');
    expect(fleetState(NOW - 1000, HB, NOW, 'b2')).toBe('oldVersion');
    // dark wins over an old version; an unknown deployed build compares nothing
    expect(fleetState(NOW - KIOSK_FLEET.darkAfterMs - 1, HB, NOW, 'b2')).toBe('dark');
    expect(fleetState(NOW - 1000, HB, NOW, null)).toBe('live');
    // the thresholds: two missed beats are stale, dark only after the alert's 60 s
    expect(KIOSK_FLEET.staleAfterMs).toBeGreaterThan(2 * KIOSK_FLEET.heartbeatMs);
    expect(KIOSK_FLEET.darkAfterMs).toBe(60_000);
  });

  it('H-FLEET-01 a heartbeat from the wire is checked: numbers rounded and capped, anything malformed refused', () => {
    expect(readHeartbeat(HB)).toEqual(HB);
    expect(readHeartbeat({ ...HB, fps: 59.6, extra: 'x' })).toEqual({ ...HB, fps: 60 });
    expect(readHeartbeat({ ...HB, dataAgeMs: null })?.dataAgeMs).toBeNull();
    expect(readHeartbeat({ ...HB, fps: 1e9 })?.fps).toBe(1000);
    for (const bad of [null, 'x', { ...HB, version: '' }, { ...HB, version: 'v'.repeat(65) }, { ...HB, width: -1 }, { ...HB, fps: Number.NaN }, { ...HB, reconnects: '3' }, { ...HB, dataAgeMs: 'old' }]) {
      expect(readHeartbeat(bad)).toBeNull();
    }
  });

  it('H-FLEET-02 the alerts go to whoever reads kiosk screens by default: levels 1, 2, 3 and 5, not 4', () => {
    expect(LEVELS.filter((level) => canAccess({ level, views: defaultViews(level) }, KIOSK_FLEET_ACCESS))).toEqual([1, 2, 3, 5]);
  });
});

describe('H-TICK-01 the ticker', () => {
  const msg = (id: number, priority: KioskTickerMessage['priority'], screens: number[], createdAt: number, expiresAt: number): KioskTickerMessage => ({ id, corpId: 2, text: `m${id}`, priority, screens, createdAt, expiresAt, author: 'admin' });

  it('H-TICK-01 a screen shows its unexpired messages, highest priority first, then newest', () => {
    const list = [msg(1, 'info', [7], 10, NOW + 1), msg(2, 'critical', [7, 8], 5, NOW + 1), msg(3, 'info', [7], 20, NOW + 1), msg(4, 'critical', [8], 30, NOW + 1), msg(5, 'warning', [7], 1, NOW)];
    expect(tickerOfScreen(list, 7, NOW).map((m) => m.id)).toEqual([2, 3, 1]);
    expect(tickerOfScreen(list, 8, NOW).map((m) => m.id)).toEqual([4, 2]);
    expect(tickerOfScreen(list, 9, NOW)).toEqual([]);
  });

  it('H-TICK-01 who may push: levels 1, 2 and 3 with the kiosk view’s update right; a role group without it may not', () => {
    expect(LEVELS.filter((level) => canAccess({ level, views: defaultViews(level) }, KIOSK_TICKER_ACCESS))).toEqual([1, 2, 3]);
    expect(canAccess({ level: 3, views: [{ name: 'kiosk', actions: ['read'] }] }, KIOSK_TICKER_ACCESS)).toBe(false);
    // a level 4 given the kiosk update right still may not (the ceiling)
    expect(canAccess({ level: 4, views: [{ name: 'kiosk', actions: ['read', 'update'] }] }, KIOSK_TICKER_ACCESS)).toBe(false);
  });

  it('H-TICK-01 the body: text 1-200, a known priority (default info), at least one screen (each once), 1 minute to a day (default 30)', () => {
    expect(tickerInputSchema.parse({ text: ' Hi ', screens: [3, 3, '4'] })).toEqual({ text: 'Hi', priority: 'info', screens: [3, 4], minutes: 30 });
    for (const bad of [{ text: '', screens: [1] }, { text: 'x'.repeat(201), screens: [1] }, { text: 'a', screens: [] }, { text: 'a', screens: [1], priority: 'loud' }, { text: 'a', screens: [1], minutes: 0 }, { text: 'a', screens: [1], minutes: 1441 }]) {
      expect(tickerInputSchema.safeParse(bad).success).toBe(false);
    }
  });
});
