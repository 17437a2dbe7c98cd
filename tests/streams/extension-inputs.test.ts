import { Subject, endWith, map, mergeMap } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EXT_STATUS } from '../../domain';
import { extensionRef, extensionRegistryMachine } from '../../machines/extension-registry';
import { timerStart } from '../../machines/extension-machine';
import { extensionEventsFromHub, extensionInputs, registryEvents } from '../../streams/extension-inputs';
import type { HubEvent } from '../../streams/hub-events';
import { CORP, OTHER, ext, hub, scheduler } from './fixtures';

describe('extension inputs: hub pushes to per-extension machine events', () => {
  it('B-PNL-20 Ringing concerns the caller (role caller) and the receiver (role receiver), each with the other as peer', () => {
    expect(extensionEventsFromHub(hub.ringing('c1.1', '201', '202', 5))).toEqual([
      { type: 'RINGING', corpId: CORP, number: '201', role: 'caller', callId: 'c1.1', peer: '202', at: 5 },
      { type: 'RINGING', corpId: CORP, number: '202', role: 'receiver', callId: 'c1.1', peer: '201', at: 5 },
    ]);
  });

  it('B-PNL-21 B-PNL-23 CallConnected and Hangup concern both parties; a call to oneself once', () => {
    expect(extensionEventsFromHub(hub.connected('c1.1', '201', '202', 6)).map((e) => e.type === 'CALL_CONNECTED' && [e.number, e.peer])).toEqual([
      ['201', '202'],
      ['202', '201'],
    ]);
    expect(extensionEventsFromHub(hub.hangup('c1.1', '201', '202', 9, 3))).toEqual([
      { type: 'HANGUP', corpId: CORP, number: '201', callId: 'c1.1', caller: '201', receiver: '202', cause: 16, duration: 3, at: 9 },
      { type: 'HANGUP', corpId: CORP, number: '202', callId: 'c1.1', caller: '201', receiver: '202', cause: 16, duration: 3, at: 9 },
    ]);
    expect(extensionEventsFromHub(hub.hangup('c2', '201', '201'))).toHaveLength(1);
    expect(extensionEventsFromHub(hub.device('201', EXT_STATUS.onHold, 4))).toEqual([
      { type: 'DEVICE_STATE', corpId: CORP, number: '201', status: EXT_STATUS.onHold, at: 4 },
    ]);
    expect(extensionEventsFromHub(hub.activeCalls([]))).toEqual([]);
  });

  it('B-PNL-25 a snapshot row of another corp is not an input', () => {
    expect(extensionEventsFromHub(hub.allExtensions([ext('201'), ext('301', 3, { corpId: OTHER })]))).toEqual([
      { type: 'SNAPSHOT', extension: ext('201') },
    ]);
  });

  it('groups the events by extension (corp + number), one inner stream per extension of the snapshot', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('a 9ms b 9ms c 9ms d 9ms e 9ms f 9ms |', {
        a: hub.allExtensions([ext('201'), ext('202')]),
        b: hub.ringing('c1', '5551000', '201', 10), // the outside caller is not an extension: dropped
        c: hub.device('202', EXT_STATUS.inUse, 20),
        d: hub.device('201', EXT_STATUS.offline, 30, OTHER), // another corp: dropped
        e: hub.allExtensions([ext('201')]), // 202 leaves: its stream completes
        f: hub.device('202', EXT_STATUS.online, 50), // no longer on the board: dropped
      });
      const flat$ = extensionInputs(events$, CORP).pipe(
        mergeMap((input) =>
          input.events$.pipe(
            map((e) => `${input.key} ${e.type}`),
            endWith(`${input.key} done`),
          ),
        ),
      );
      expectObservable(flat$).toBe('(AB) 6ms C 9ms D 19ms (EF) 16ms (G|)', {
        A: '7_201 SNAPSHOT',
        B: '7_202 SNAPSHOT',
        C: '7_201 RINGING',
        D: '7_202 DEVICE_STATE',
        E: '7_202 done',
        F: '7_201 SNAPSHOT',
        G: '7_201 done',
      });
    });
  });

  it('B-PNL-25 events of another corp open no group, even with a snapshot of that corp', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c|', {
        a: hub.allExtensions([ext('301', 3, { corpId: OTHER })], 0, OTHER),
        b: hub.device('301', EXT_STATUS.offline, 2, OTHER),
        c: hub.allExtensions([ext('201')]),
      });
      expectObservable(extensionInputs(events$, CORP).pipe(map((i) => `${i.key}:${i.number}:${i.corpId}`))).toBe('----c|', { c: '7_201:201:7' });
    });
  });

  it('a number that comes back gets a new group', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = hot<HubEvent>('a-b-c|', {
        a: hub.allExtensions([ext('201')]),
        b: hub.allExtensions([]),
        c: hub.allExtensions([ext('201')]),
      });
      expectObservable(extensionInputs(events$, CORP).pipe(map((i) => i.key))).toBe('a---c|', { a: '7_201', c: '7_201' });
    });
  });

  it('registryEvents feeds the registry: snapshot whole, the rest per extension, other corps dropped', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const snapshot = hub.allExtensions([ext('201')]);
      const events$ = hot<HubEvent>('a-b-c|', { a: snapshot, b: hub.device('201', EXT_STATUS.inUse, 2), c: hub.device('201', 0, 3, OTHER) });
      expectObservable(registryEvents(events$, CORP)).toBe('a-b--|', {
        a: { type: 'EXTENSIONS', snapshot: snapshot.payload },
        b: { type: 'DEVICE_STATE', corpId: CORP, number: '201', status: EXT_STATUS.inUse, at: 2 },
      });
    });
  });

  it('end to end: hub events → registryEvents → one actor per extension', () => {
    const hub$ = new Subject<HubEvent>();
    const registry = createActor(extensionRegistryMachine, { input: { corpId: CORP } }).start();
    const sub = registryEvents(hub$, CORP).subscribe((e) => registry.send(e));
    hub$.next(hub.allExtensions([ext('201'), ext('202')]));
    hub$.next(hub.ringing('c1.1', '201', '202', 100));
    hub$.next(hub.connected('c1.1', '201', '202', 200));
    const a = extensionRef(registry.getSnapshot(), '201')!.getSnapshot();
    const b = extensionRef(registry.getSnapshot(), '202')!.getSnapshot();
    expect([a.value, b.value]).toEqual(['inUse', 'inUse']);
    expect([timerStart(a), timerStart(b)]).toEqual([200, 200]);
    expect([a.context.peer, b.context.peer]).toEqual(['202', '201']);
    sub.unsubscribe();
    registry.stop();
  });
});
