import { describe, expect, it } from 'vitest';
import { LOG_EVENT_TYPES, type LogEventType } from '../../../../domain/realtime';
import { clearLog, EMPTY_LOG, LOG_LIMIT, pushLog, setPaused, visibleEntries, type LogPayload } from '../../../../src/features/live/log-buffer';

const ev = (n: number, type: LogEventType = 'Dial'): LogPayload => ({
  corpId: 2,
  type,
  timestamp: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}Z`,
  device: `PJSIP/2_${200 + (n % 10)}`,
  state: 'Up',
  event: { n },
  ts: n,
});
const ns = (entries: readonly { event: unknown }[]) => entries.map((e) => (e.event as { n: number }).n);

describe('log monitor buffer (B-LOG-02..04)', () => {
  it('B-LOG-03 new events are put at the top', () => {
    let b = EMPTY_LOG;
    for (let i = 1; i <= 3; i++) b = pushLog(b, ev(i));
    expect(ns(b.entries)).toEqual([3, 2, 1]);
    expect(new Set(b.entries.map((e) => e.id)).size).toBe(3);
  });

  it('keeps at most 1,000 entries, dropping the oldest', () => {
    let b = EMPTY_LOG;
    for (let i = 1; i <= 1205; i++) b = pushLog(b, ev(i));
    expect(LOG_LIMIT).toBe(1000);
    expect(b.entries).toHaveLength(1000);
    expect(ns(b.entries)[0]).toBe(1205);
    expect(ns(b.entries)[999]).toBe(206);
  });

  it('honours a smaller limit', () => {
    let b = EMPTY_LOG;
    for (let i = 1; i <= 5; i++) b = pushLog(b, ev(i), 3);
    expect(ns(b.entries)).toEqual([5, 4, 3]);
  });

  it('B-LOG-04 an entry keeps type, timestamp, device, state and the full event', () => {
    const b = pushLog(EMPTY_LOG, ev(7, 'ChannelStateChange'));
    expect(b.entries[0]).toMatchObject({ type: 'ChannelStateChange', timestamp: '2026-01-01T00:00:07Z', device: 'PJSIP/2_207', state: 'Up', event: { n: 7 } });
  });

  it('B-LOG-02 the toggles filter what is shown; switching a type back on shows its entries again', () => {
    let b = EMPTY_LOG;
    b = pushLog(b, ev(1, 'Dial'));
    b = pushLog(b, ev(2, 'ChannelCreated'));
    b = pushLog(b, ev(3, 'Dial'));
    const all = new Set<LogEventType>(LOG_EVENT_TYPES);
    expect(ns(visibleEntries(b, all))).toEqual([3, 2, 1]);
    const noDial = new Set(all);
    noDial.delete('Dial');
    expect(ns(visibleEntries(b, noDial))).toEqual([2]);
    expect(visibleEntries(b, new Set())).toEqual([]);
    expect(ns(visibleEntries(b, all))).toEqual([3, 2, 1]);
  });

  it('pause: new events are counted but not shown; resume puts them on top', () => {
    let b = pushLog(EMPTY_LOG, ev(1));
    b = setPaused(b, true);
    b = pushLog(b, ev(2));
    b = pushLog(b, ev(3));
    expect(ns(b.entries)).toEqual([1]);
    expect(b.pendingCount).toBe(2);
    b = setPaused(b, false);
    expect(b.paused).toBe(false);
    expect(ns(b.entries)).toEqual([3, 2, 1]);
    expect(b.pendingCount).toBe(0);
    expect(b.pending).toEqual([]);
  });

  it('pause stays bounded: the count goes on, the held events and the list keep the limit', () => {
    let b = setPaused(pushLog(EMPTY_LOG, ev(0), 3), true);
    for (let i = 1; i <= 5; i++) b = pushLog(b, ev(i), 3);
    expect(b.pendingCount).toBe(5);
    expect(b.pending).toHaveLength(3);
    b = setPaused(b, false, 3);
    expect(ns(b.entries)).toEqual([5, 4, 3]);
  });

  it('setting the same pause state returns the same buffer; clear empties list and pending', () => {
    const b = pushLog(EMPTY_LOG, ev(1));
    expect(setPaused(b, false)).toBe(b);
    const paused = pushLog(setPaused(b, true), ev(2));
    const cleared = clearLog(paused);
    expect(cleared.entries).toEqual([]);
    expect(cleared.pendingCount).toBe(0);
    expect(cleared.paused).toBe(true);
  });
});
