import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { KioskTickerMessage } from '../../domain/kiosk-fleet';
import { heartbeatReport } from '../../kiosk/live/heartbeat';
import { tickerFeed, type TickerSnapshot } from '../../kiosk/live/ticker-feed';
import type { HubEvent } from '../../streams/hub-events';

const m = (id: number, screens: number[], expiresAt: number): KioskTickerMessage => ({ id, corpId: 2, text: `t${id}`, priority: 'info', screens, createdAt: id, expiresAt, author: 'a' });

describe('H-FLEET-01 the TV’s report', () => {
  it('H-FLEET-01 says its size, fps, reconnects, the age of its data and whether it shows stale data', () => {
    expect(heartbeatReport({ state: 'live', stale: false, asOf: 9000 }, 10_000, 58, 2, { width: 1920.4, height: 1080 })).toMatchObject({ width: 1920, height: 1080, fps: 58, reconnects: 2, dataAgeMs: 1000, stale: false });
    expect(heartbeatReport({ state: 'pbxDown', stale: false, asOf: null }, 10_000, 60, 0, { width: 1, height: 1 })).toMatchObject({ dataAgeMs: null, stale: true });
    expect(heartbeatReport(null, 10_000, 60, 0, { width: 1, height: 1 }).stale).toBe(true);
  });
});

describe('H-TICK-01 the band’s feed', () => {
  it('H-TICK-01 shows the pushes and the beats’ answers for its screen, the newer list wins, expired messages leave on the clock', () => {
    const events = new Subject<HubEvent>();
    const answers = new Subject<TickerSnapshot>();
    const clock = new Subject<number>();
    const seen: number[][] = [];
    const sub = tickerFeed(events, answers, clock, 7).subscribe((list) => seen.push(list.map((x) => x.id)));
    clock.next(100);
    events.next({ name: 'KioskTicker', payload: { corpId: 2, messages: [m(1, [7], 500), m(2, [8], 500)], ts: 50 } });
    // a beat answered before that push (its list is older) does not take the message away
    answers.next({ messages: [], at: 40 });
    answers.next({ messages: [m(1, [7], 500), m(3, [7], 200)], at: 60 });
    clock.next(300);
    expect(seen).toEqual([[], [1], [3, 1], [1]]);
    sub.unsubscribe();
  });
});
