import { describe, expect, it } from 'vitest';
import { EXT_STATUS, type HubPushes } from '../../domain';
import { HUB_PUSH_NAMES, parseHubRecord, splitHubRecords, toTypedEvents, type MalformedRecord } from '../../streams/hub-events';
import { CORP, call, caller, ext, hub, queue, scheduler } from './fixtures';

/** One valid payload of every push, typed by the contract (a contract change breaks this file first). */
const valid: { [K in keyof HubPushes]: HubPushes[K] } = {
  AllExtensions: { corpId: CORP, extensions: [ext('201'), ext('202', EXT_STATUS.inUse, { callStart: 5, peer: '300' })], ts: 1 },
  AllChannels: {
    corpId: CORP,
    channels: [{ id: 'c1', corpId: CORP, name: 'PJSIP/7_201-0001', state: 'Up', callerNumber: '201', connectedNumber: '300', extension: '201', created: 1 }],
    ts: 1,
  },
  AllContacts: {
    corpId: CORP,
    contacts: [{ corpId: CORP, endpoint: '7_201', number: '201', viaAddr: '10.0.0.2', viaPort: 5060, status: 'Reachable' }],
    ts: 1,
  },
  AllQueues: { corpId: CORP, queues: [queue(1, { members: ['201'], callers: [caller('q1', 0)] })], ts: 1 },
  Ringing: { corpId: CORP, callId: 'c1.1', caller: '201', receiver: '202', ts: 1 },
  CallConnected: { corpId: CORP, callId: 'c1.1', caller: '201', receiver: '202', ts: 1 },
  DeviceStateChanged: { corpId: CORP, number: '201', status: EXT_STATUS.onHold, ts: 1 },
  Hangup: { corpId: CORP, callId: 'c1.1', caller: '201', receiver: '202', cause: 16, duration: 12, ts: 1 },
  ActiveCalls: { corpId: CORP, calls: [call('c1.1', 1, { trunk: null, profile: 'internal' })], ts: 1 },
  CallerInQueue: { ...caller('q1', 0), ts: 1 },
  deleteCaller: { corpId: CORP, queueId: 1, callId: 'q1', reason: 'timeout', waitedMs: 100, ts: 1 },
  LogMon: { corpId: CORP, type: 'ChannelHold', timestamp: '2025-01-01T00:00:00Z', device: 'PJSIP/7_201', state: 'Up', event: { any: 'thing' }, ts: 1 },
  PbxStatus: { corpId: CORP, state: 'down', since: 1, ts: 1 },
  AgentState: {
    corpId: CORP,
    number: '201',
    agent: { dndSince: null, pause: { queues: [1, 2], reason: 'LUNCH', label: 'Lunch', since: 5, warnAfterMs: 1_800_000 }, wrapUp: { since: 1, until: 11 } },
    ts: 6,
  },
  KioskTicker: { corpId: CORP, messages: [{ id: 1, corpId: CORP, text: 'Storm drill at 3', priority: 'warning', screens: [4], createdAt: 1, expiresAt: 2, author: 'admin' }], ts: 7 },
  KioskAlert: { corpId: CORP, screenId: 4, name: 'Floor TV', state: 'dark', seenAt: 1, ts: 8 },
};

describe('hub events: raw records to typed events', () => {
  it('B-PNL-19 accepts a valid record of every push of the contract', () => {
    expect(HUB_PUSH_NAMES.sort()).toEqual(Object.keys(valid).sort());
    for (const name of HUB_PUSH_NAMES) {
      const r = parseHubRecord({ name, payload: valid[name] });
      expect(r, name).toEqual({ ok: true, event: { name, payload: valid[name] } });
    }
  });

  it('names the field that is wrong', () => {
    const reasonOf = (record: unknown) => {
      const r = parseHubRecord(record);
      return r.ok ? null : r.malformed.reason;
    };
    expect(reasonOf(null)).toBe('not an object');
    expect(reasonOf([])).toBe('not an object');
    expect(reasonOf({ name: 'Foo', payload: {} })).toBe('unknown push "Foo"');
    expect(reasonOf({ name: 'toString', payload: {} })).toBe('unknown push "toString"');
    // AllDash is named by the spec (B-PNL-19) but is not part of domain HubPushes: reported, not passed on
    expect(reasonOf({ name: 'AllDash', payload: {} })).toBe('unknown push "AllDash"');
    expect(reasonOf({ name: 'Ringing' })).toBe('Ringing.payload');
    expect(reasonOf({ name: 'Ringing', payload: { ...valid.Ringing, callId: 5 } })).toBe('Ringing.payload.callId');
    expect(reasonOf({ name: 'DeviceStateChanged', payload: { ...valid.DeviceStateChanged, status: 9 } })).toBe('DeviceStateChanged.payload.status');
    expect(reasonOf({ name: 'Hangup', payload: { ...valid.Hangup, ts: Number.NaN } })).toBe('Hangup.payload.ts');
    expect(
      reasonOf({ name: 'AllExtensions', payload: { ...valid.AllExtensions, extensions: [ext('201'), { ...ext('202'), callStart: '5' }] } }),
    ).toBe('AllExtensions.payload.extensions.1.callStart');
    expect(reasonOf({ name: 'AllQueues', payload: { ...valid.AllQueues, queues: [queue(1, { members: [201 as unknown as string] })] } })).toBe(
      'AllQueues.payload.queues.0.members.0',
    );
    expect(reasonOf({ name: 'deleteCaller', payload: { ...valid.deleteCaller, reason: 'gone' } })).toBe('deleteCaller.payload.reason');
  });

  it('drops malformed records and reports them, never erroring (marbles)', () => {
    scheduler().run(({ cold, expectObservable, flush }) => {
      const good = { name: 'Ringing', payload: valid.Ringing };
      const bad = { name: 'Ringing', payload: { corpId: CORP } };
      const raw$ = cold('a-b-c-d|', { a: good, b: bad, c: 'garbage', d: good });
      const reported: MalformedRecord[] = [];
      expectObservable(toTypedEvents(raw$, (m) => reported.push(m))).toBe('a-----d|', {
        a: hub.ringing('c1.1', '201', '202', 1),
        d: hub.ringing('c1.1', '201', '202', 1),
      });
      flush();
      expect(reported.map((m) => m.reason)).toEqual(['Ringing.payload.ts', 'not an object']);
      expect(reported[1].record).toBe('garbage');
    });
  });

  it('counts what it drops through the callback, and a throwing callback does not break the feed', () => {
    scheduler().run(({ cold, expectObservable, flush }) => {
      const raw$ = cold('abc|', { a: { name: 'X' }, b: { name: 'Ringing', payload: valid.Ringing }, c: 42 });
      let count = 0;
      expectObservable(
        toTypedEvents(raw$, () => {
          count += 1;
          throw new Error('reporter down');
        }),
      ).toBe('-b-|', { b: hub.ringing('c1.1', '201', '202', 1) });
      flush();
      expect(count).toBe(2);
    });
  });

  it('splits into events$ and malformed$ over one subscription to the source', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const raw$ = cold('a-b|', { a: { name: 'Hangup', payload: valid.Hangup }, b: { name: 'Hangup', payload: { ...valid.Hangup, cause: 'x' } } });
      const { events$, malformed$ } = splitHubRecords(raw$);
      expectObservable(events$).toBe('a--|', { a: { name: 'Hangup', payload: valid.Hangup } });
      expectObservable(malformed$).toBe('--b|', {
        b: { record: { name: 'Hangup', payload: { ...valid.Hangup, cause: 'x' } }, reason: 'Hangup.payload.cause' },
      });
      expectSubscriptions(raw$.subscriptions).toBe('^--!');
    });
  });
});
