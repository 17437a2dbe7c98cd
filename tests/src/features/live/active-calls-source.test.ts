import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ActiveCall } from '../../../../domain/realtime';
import type { HubEvent } from '../../../../streams/hub-events';
import { sharedActiveCalls } from '../../../../src/features/live/active-calls-source';

const call = (callId: string, caller: string): ActiveCall => ({ corpId: 2, callId, time: 1, profile: 'entrante', caller, destination: '201', dialed: '4000', receiver: '201', trunk: 't' });

describe('active calls kept across visits (B-ACT-05)', () => {
  it('one stream per client and corp; a later visit sees the last list at once', () => {
    const hub = { events$: new Subject<HubEvent>() };
    const a$ = sharedActiveCalls(hub, 2);
    expect(sharedActiveCalls(hub, 2)).toBe(a$);
    expect(sharedActiveCalls(hub, 3)).not.toBe(a$);
    expect(sharedActiveCalls({ events$: new Subject<HubEvent>() }, 2)).not.toBe(a$);

    const first = a$.subscribe();
    hub.events$.next({ name: 'ActiveCalls', payload: { corpId: 2, calls: [call('c1.1', '555')], ts: 1 } });
    first.unsubscribe();
    // while nobody looks the list still follows the hub
    hub.events$.next({ name: 'Ringing', payload: { corpId: 2, callId: 'c2.1', caller: '202', receiver: '203', ts: 2 } });

    let seen: ActiveCall[] = [];
    const second = a$.subscribe((calls) => (seen = calls));
    expect(seen.map((c) => c.callId)).toEqual(['c2.1', 'c1.1']);
    second.unsubscribe();
  });
});
