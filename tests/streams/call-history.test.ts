import { describe, it } from 'vitest';
import { callHistory, callHistoryOf } from '../../streams/call-history';
import type { HubEvent } from '../../streams/hub-events';
import { CORP, OTHER, ext, hub, scheduler } from './fixtures';

const entry = (callId: string, caller: string, receiver: string, at: number, duration = 10) => ({ callId, dateTime: at, caller, receiver, duration });

describe('call history (marbles)', () => {
  it('B-PNL-24 keeps the last 5 finished calls per extension, newest first, for both parties that are extensions', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const hangups = Array.from({ length: 6 }, (_, i) => hub.hangup(`c${i}`, '201', i % 2 ? '202' : '5551000', i + 1, i));
      const events$ = hot<HubEvent>('a-bcdefg', {
        a: hub.allExtensions([ext('201'), ext('202')]),
        b: hangups[0],
        c: hangups[1],
        d: hangups[2],
        e: hangups[3],
        f: hangups[4],
        g: hangups[5],
      });
      const h = (i: number) => entry(`c${i}`, '201', i % 2 ? '202' : '5551000', i + 1, i);
      const histories$ = callHistory(events$, { corpId: CORP });
      expectObservable(callHistoryOf(histories$, '201')).toBe('a-bcdefg', {
        a: [],
        b: [h(0)],
        c: [h(1), h(0)],
        d: [h(2), h(1), h(0)],
        e: [h(3), h(2), h(1), h(0)],
        f: [h(4), h(3), h(2), h(1), h(0)],
        g: [h(5), h(4), h(3), h(2), h(1)],
      });
      // 202 took part in calls 1, 3 and 5 only; the outside number is not kept
      expectObservable(callHistoryOf(histories$, '202')).toBe('a--c-e-g', { a: [], c: [h(1)], e: [h(3), h(1)], g: [h(5), h(3), h(1)] });
      expectObservable(callHistoryOf(histories$, '5551000')).toBe('a', { a: [] });
    });
  });

  it('starts with the first snapshot, drops an extension that leaves, ignores other corps', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c-d-e', {
        a: hub.hangup('c0', '201', '202', 1), // before any snapshot: nobody is known yet
        b: hub.allExtensions([ext('201'), ext('202')]),
        c: hub.hangup('c1', '201', '202', 5, 10, OTHER),
        d: hub.hangup('c2', '201', '202', 7),
        e: hub.allExtensions([ext('201')]),
      });
      expectObservable(callHistory(events$, { corpId: CORP })).toBe('--b---d-e', {
        b: { '201': [], '202': [] },
        d: { '201': [entry('c2', '201', '202', 7)], '202': [entry('c2', '201', '202', 7)] },
        e: { '201': [entry('c2', '201', '202', 7)] },
      });
    });
  });
});
