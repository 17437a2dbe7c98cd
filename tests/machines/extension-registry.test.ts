import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { EXT_STATUS, type LiveExtension } from '../../domain';
import { timerStart } from '../../machines/extension-machine';
import { childId, extensionNumbers, extensionRef, extensionRegistryMachine, routeToExtension, type RegistryEvent } from '../../machines/extension-registry';
import { CORP, OTHER_CORP, ev, ext } from './fixtures';

const all = (extensions: LiveExtension[], corpId = CORP, ts = 50_000): RegistryEvent => ({
  type: 'EXTENSIONS',
  snapshot: { corpId, extensions, ts },
});

function registry(clock?: SimulatedClock) {
  return createActor(extensionRegistryMachine, { input: { corpId: CORP }, ...(clock ? { clock } : {}) }).start();
}

describe('extension registry', () => {
  it('spawns one child actor per extension of a snapshot, in snapshot order', () => {
    const reg = registry();
    reg.send(all([ext('305'), ext('201', EXT_STATUS.offline), ext('1000', EXT_STATUS.inUse)]));
    const snap = reg.getSnapshot();
    expect(extensionNumbers(snap)).toEqual(['305', '201', '1000']);
    expect(Object.keys(snap.children).sort()).toEqual([childId('1000'), childId('201'), childId('305')].sort());
    expect(extensionRef(snap, '201')?.getSnapshot().value).toBe('offline');
    expect(extensionRef(snap, '1000')?.getSnapshot().value).toBe('inUse');
    expect(extensionRef(snap, '999')).toBeUndefined();
  });

  it('keeps the same child across snapshots and sends it the new row', () => {
    const reg = registry();
    reg.send(all([ext('201')]));
    const first = extensionRef(reg.getSnapshot(), '201');
    reg.send(all([ext('201', EXT_STATUS.ringing, { since: 60_000 })]));
    const again = extensionRef(reg.getSnapshot(), '201');
    expect(again).toBe(first);
    expect(again?.getSnapshot().value).toBe('ringing');
    expect(again?.getSnapshot().context.since).toBe(60_000);
  });

  it('stops the children that disappear from a snapshot', () => {
    const reg = registry();
    reg.send(all([ext('201'), ext('202')]));
    const gone = extensionRef(reg.getSnapshot(), '202');
    reg.send(all([ext('201')]));
    expect(extensionNumbers(reg.getSnapshot())).toEqual(['201']);
    expect(gone?.getSnapshot().status).toBe('stopped');
    expect(reg.getSnapshot().children[childId('202')]).toBeUndefined();
    // and a number that comes back gets a fresh child
    reg.send(all([ext('201'), ext('202', EXT_STATUS.offline)]));
    const back = extensionRef(reg.getSnapshot(), '202');
    expect(back).not.toBe(gone);
    expect(back?.getSnapshot().value).toBe('offline');
  });

  it('B-PNL-20 routes per-extension events to the right child only', () => {
    const reg = registry();
    reg.send(all([ext('201'), ext('202')]));
    const other = extensionRef(reg.getSnapshot(), '202');
    const before = other?.getSnapshot();
    reg.send(ev.ringing({ number: '201' }));
    reg.send(ev.connected({ number: '201', at: 12_000 }));
    expect(extensionRef(reg.getSnapshot(), '201')?.getSnapshot().value).toBe('inUse');
    expect(timerStart(extensionRef(reg.getSnapshot(), '201')!.getSnapshot())).toBe(12_000);
    expect(other?.getSnapshot()).toBe(before);
    // an event for a number that is not on the board is dropped
    reg.send(ev.device(EXT_STATUS.offline, { number: '999' }));
    expect(extensionNumbers(reg.getSnapshot())).toEqual(['201', '202']);
  });

  it('B-PNL-23 hangup delay runs in the child on the system clock', () => {
    const clock = new SimulatedClock();
    const reg = registry(clock);
    reg.send(all([ext('201')]));
    reg.send(ev.connected());
    reg.send(ev.hangup());
    const child = extensionRef(reg.getSnapshot(), '201')!;
    expect(child.getSnapshot().value).toBe('hangup');
    clock.increment(2_000);
    expect(child.getSnapshot().value).toBe('online');
    expect(child.getSnapshot().context.history).toHaveLength(1);
  });

  it('B-PNL-25 ignores snapshots and events of other corps', () => {
    const reg = registry();
    reg.send(all([ext('201')]));
    reg.send(all([ext('301', EXT_STATUS.online, { corpId: OTHER_CORP })], OTHER_CORP));
    expect(extensionNumbers(reg.getSnapshot())).toEqual(['201']);
    // a snapshot of our corp that carries a foreign row does not spawn it
    reg.send(all([ext('201'), ext('301', EXT_STATUS.online, { corpId: OTHER_CORP })]));
    expect(extensionNumbers(reg.getSnapshot())).toEqual(['201']);
    const child = extensionRef(reg.getSnapshot(), '201')!;
    const before = child.getSnapshot();
    reg.send(ev.ringing({ corpId: OTHER_CORP }));
    reg.send(ev.device(EXT_STATUS.offline, { corpId: OTHER_CORP }));
    reg.send(ev.snapshot(ext('201', EXT_STATUS.offline, { corpId: OTHER_CORP })));
    expect(child.getSnapshot()).toBe(before);
  });

  it('seeds children with histories and the hangup display time from its input', () => {
    const clock = new SimulatedClock();
    const history = [{ callId: 'x', dateTime: 1, caller: 'a', receiver: '201', duration: 3 }];
    const reg = createActor(extensionRegistryMachine, {
      input: { corpId: CORP, hangupDisplayMs: 100, histories: { '201': history } },
      clock,
    }).start();
    reg.send(all([ext('201')]));
    const child = extensionRef(reg.getSnapshot(), '201')!;
    expect(child.getSnapshot().context.history).toEqual(history);
    reg.send(ev.connected());
    reg.send(ev.hangup());
    clock.increment(100);
    expect(child.getSnapshot().value).toBe('online');
  });

  it('B-PNL-20 routeToExtension ends where registry.send ends, without a registry step for a per-extension event', () => {
    const events: RegistryEvent[] = [
      all([ext('201'), ext('202'), ext('203', EXT_STATUS.offline)]),
      ev.ringing({ number: '201', at: 10_000 }),
      ev.ringing({ number: '202', role: 'caller', peer: '201', at: 10_100 }),
      ev.connected({ number: '201', at: 12_000 }),
      ev.device(EXT_STATUS.inUse, { number: '201', callStart: 12_000, peer: '5551234', at: 12_001 }),
      ev.device(EXT_STATUS.onHold, { number: '201', at: 15_000 }),
      ev.device(EXT_STATUS.online, { number: '203', at: 16_000 }),
      ev.device(EXT_STATUS.inUse, { number: '999', at: 16_500 }), // no such extension
      ev.device(EXT_STATUS.offline, { number: '202', corpId: OTHER_CORP, at: 17_000 }), // another corp
      ev.hangup({ number: '201', callId: 'c1.1', at: 30_000 }),
      all([ext('201', EXT_STATUS.hangup, { since: 30_000 }), ext('203', EXT_STATUS.online)]),
      ev.device(EXT_STATUS.ringing, { number: '203', peer: '201', at: 31_000 }),
    ];
    const clock = new SimulatedClock();
    const viaSend = registry(clock);
    const direct = registry(clock);
    for (const event of events) {
      const before = direct.getSnapshot();
      viaSend.send(event);
      routeToExtension(direct, event);
      if (event.type !== 'EXTENSIONS') expect(direct.getSnapshot()).toBe(before);
      const numbers = extensionNumbers(viaSend.getSnapshot());
      expect(extensionNumbers(direct.getSnapshot())).toEqual(numbers);
      for (const number of numbers) {
        const a = extensionRef(viaSend.getSnapshot(), number)!.getSnapshot();
        const b = extensionRef(direct.getSnapshot(), number)!.getSnapshot();
        expect({ value: b.value, context: b.context }, `${number} after ${event.type}`).toEqual({ value: a.value, context: a.context });
      }
    }
    clock.increment(5_000);
    expect(extensionRef(direct.getSnapshot(), '201')!.getSnapshot().value).toBe(extensionRef(viaSend.getSnapshot(), '201')!.getSnapshot().value);
  });
});
