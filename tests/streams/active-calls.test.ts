import { describe, expect, it } from 'vitest';
import type { ActiveCall } from '../../domain';
import { activeCalls, dedupeCalls, sortCalls } from '../../streams/active-calls';
import type { HubEvent } from '../../streams/hub-events';
import { CORP, OTHER, call, hub, scheduler } from './fixtures';

const provisional = (callId: string, caller: string, receiver: string, time: number): ActiveCall => ({
  corpId: CORP,
  callId,
  time,
  profile: 'internal',
  caller,
  destination: receiver,
  dialed: receiver,
  receiver,
  trunk: null,
});

describe('active calls (marbles)', () => {
  it('B-ACT-06 active calls are de-duplicated by their key: the earliest leg of a call stays', () => {
    // legs written after the call's id (`{linkedid}.{leg}`), and ids of another form (the part before the dot)
    const legs = [call('1700.5.2', 20), call('1700.5.1', 10), call('1800.7', 30), call('1700.5', 10), call('c9.2', 40), call('c9.1', 35)];
    expect(sortCalls(dedupeCalls(legs)).map((c) => c.callId)).toEqual(['c9.1', '1800.7', '1700.5']);
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b', {
        a: hub.activeCalls([call('1700.5.1', 10), call('1700.5.2', 12), call('1800.7', 30)]),
        b: hub.ringing('1700.5.3', '201', '202', 40), // another leg of a listed call: nothing new
      });
      expectObservable(activeCalls(events$, { corpId: CORP })).toBe('a', { a: [call('1800.7', 30), call('1700.5.1', 10)] });
    });
  });

  it('B-ACT-06 two calls that began in the same second stay two rows (issue 12, defect 6: the part before the dot is only the second)', () => {
    const twins = [call('1714550400.101', 10), call('1714550400.105', 11)];
    expect(sortCalls(dedupeCalls(twins)).map((c) => c.callId)).toEqual(['1714550400.105', '1714550400.101']);
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c', {
        a: hub.activeCalls([call('1714550400.101', 10)]),
        b: hub.connected('1714550400.105', '203', '204', 11),
        c: hub.hangup('1714550400.101', '5551000', '201', 50),
      });
      expectObservable(activeCalls(events$, { corpId: CORP })).toBe('a-b-c', {
        a: [call('1714550400.101', 10)],
        b: [provisional('1714550400.105', '203', '204', 11), call('1714550400.101', 10)],
        c: [provisional('1714550400.105', '203', '204', 11)],
      });
    });
  });

  it('B-PNL-23 a hangup removes the call (by its key), newest first otherwise', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c-d', {
        a: hub.activeCalls([call('1700.1', 10), call('1800.1', 30)]),
        b: hub.hangup('1700.1.9', '5551000', '201', 50), // another leg id, same call
        c: hub.hangup('1900.1', '201', '202', 60), // not listed: nothing to emit
        d: hub.hangup('1800.1', '5551000', '201', 70),
      });
      expectObservable(activeCalls(events$, { corpId: CORP })).toBe('a-b---d', {
        a: [call('1800.1', 30), call('1700.1', 10)],
        b: [call('1800.1', 30)],
        d: [],
      });
    });
  });

  it('B-ACT-05 Ringing and CallConnected add a provisional row until a snapshot brings the real one', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c-d', {
        a: hub.ringing('2000.1', '201', '202', 5),
        b: hub.connected('2000.1', '201', '202', 7), // same call: stays as it is
        c: hub.connected('2100.1', '203', '5559999', 9),
        d: hub.activeCalls([call('2000.1', 5, { profile: 'internal', caller: '201', destination: '202', dialed: '202', receiver: '202', trunk: null })]),
      });
      expectObservable(activeCalls(events$, { corpId: CORP })).toBe('a---c-d', {
        a: [provisional('2000.1', '201', '202', 5)],
        c: [provisional('2100.1', '203', '5559999', 9), provisional('2000.1', '201', '202', 5)],
        d: [provisional('2000.1', '201', '202', 5)],
      });
    });
  });

  it('B-PNL-25 ignores other corps (whole pushes and foreign rows) and pushes that are not about calls', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c-d-e', {
        a: hub.activeCalls([call('1', 1, { corpId: OTHER })], 0, OTHER),
        b: hub.ringing('2', '201', '202', 2, OTHER),
        c: hub.activeCalls([call('3', 3), call('4', 4, { corpId: OTHER })]),
        d: hub.device('201', 2, 5),
        e: hub.hangup('3', '5551000', '201', 6, 10, OTHER),
      });
      expectObservable(activeCalls(events$, { corpId: CORP })).toBe('----c', { c: [call('3', 3)] });
    });
  });

  it('emits only real changes: the same snapshot twice emits once', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b', { a: hub.activeCalls([call('1', 1)], 1), b: hub.activeCalls([call('1', 1)], 2) });
      expectObservable(activeCalls(events$, { corpId: CORP })).toBe('a', { a: [call('1', 1)] });
    });
  });
});
