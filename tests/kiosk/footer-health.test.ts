/**
 * Issue 13: the kiosk footer follows the data's real state. "Waiting for data" is gone the moment the
 * first data arrives (it used to wait for the footer's one-second refresh while numbers were already on
 * the board), a stale board says its data is not up to date, and "data as of" alone still redraws at
 * most once a second.
 */
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { FOOTER_REFRESH_MS, footerDataLine, footerHealth } from '../../kiosk/chrome/footer-health';
import type { ConnectionHealth } from '../../streams/connection-health';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const h = (state: ConnectionHealth['state'], asOf: number | null, stale = false): ConnectionHealth => ({ state, stale, asOf });

describe('kiosk footer health', () => {
  it('the first data shows at once, not a second later', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const values = { a: h('reconnecting', null), b: h('live', null), c: h('live', 100) };
      const health$ = cold('a 10ms b 10ms c', values);
      // a, b and c each change what the footer says: all three at once (then the audit repeats c, dropped)
      expectObservable(footerHealth(health$, undefined), '^ 2000ms !').toBe('a 10ms b 10ms c', values);
    });
  });

  it('a newer asOf alone waits for the one-second refresh', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const values = { a: h('live', 100), b: h('live', 200), c: h('live', 300) };
      const health$ = cold('a 99ms b 99ms c', values);
      const t = FOOTER_REFRESH_MS;
      expectObservable(footerHealth(health$), `^ ${3 * t}ms !`).toBe(`a ${t - 1}ms c`, values);
    });
  });

  it('stale and fresh again show at once', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const values = { a: h('live', 100), b: h('reconnecting', 100, true), c: h('live', 150, true), d: h('live', 200, false) };
      const health$ = cold('a 9ms b 9ms c 9ms d', values);
      expectObservable(footerHealth(health$), '^ 3000ms !').toBe('a 9ms b 9ms c 9ms d', values);
    });
  });

  it('the data line: none yet, as of, or not up to date', () => {
    expect(footerDataLine(null)).toEqual({ key: 'kiosk.health.noData', asOf: null });
    expect(footerDataLine(h('live', null))).toEqual({ key: 'kiosk.health.noData', asOf: null });
    expect(footerDataLine(h('live', 5))).toEqual({ key: 'kiosk.health.asOf', asOf: 5 });
    expect(footerDataLine(h('reconnecting', 5, true))).toEqual({ key: 'kiosk.health.staleAsOf', asOf: 5 });
  });
});
