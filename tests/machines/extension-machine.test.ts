import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { EXT_STATUS, LIMITS, type ExtStatus } from '../../domain';
import {
  HANGUP_DISPLAY_MS,
  changesExtension,
  elapsedMs,
  extensionMachine,
  formatTimer,
  presenceOf,
  reduceExtension,
  statusCode,
  timerStart,
  type ExtensionEvent,
  type ExtensionInput,
  type ExtensionSnapshot,
} from '../../machines/extension-machine';
import { CORP, OTHER_CORP, ev, ext } from './fixtures';

function start(input: ExtensionInput = { extension: ext('201') }, clock?: SimulatedClock) {
  const actor = createActor(extensionMachine, { input, ...(clock ? { clock } : {}) });
  actor.start();
  return actor;
}

describe('extension machine: plain actor', () => {
  it('B-PNL-14 starts in the state of its snapshot status and reports the spec code', () => {
    const expected: Record<ExtStatus, string> = { 0: 'offline', 1: 'ringing', 2: 'inUse', 3: 'online', 4: 'hangup', 5: 'onHold' };
    for (const [code, state] of Object.entries(expected)) {
      const status = Number(code) as ExtStatus;
      const snap = start({ extension: ext('201', status) }).getSnapshot();
      expect(snap.value).toBe(state);
      expect(statusCode(snap)).toBe(status);
      expect(snap.context.status).toBe(status);
    }
  });

  it('B-PNL-17 an extension in use from a snapshot without an answer time shows a timer from its start', () => {
    const snap = start({ extension: ext('201', EXT_STATUS.inUse, { since: 5_000 }) }).getSnapshot();
    expect(timerStart(snap)).toBe(5_000);
    expect(formatTimer(elapsedMs(snap, 65_000))).toBe('01:00');
  });

  it('B-PNL-20 ringing sets the receiver to ringing only when online, the caller always', () => {
    const online = start();
    online.send(ev.ringing({ role: 'receiver', peer: '5550000' }));
    expect(online.getSnapshot().value).toBe('ringing');
    expect(online.getSnapshot().context).toMatchObject({ peer: '5550000', since: 10_000, status: EXT_STATUS.ringing });

    const offlineReceiver = start({ extension: ext('201', EXT_STATUS.offline) });
    offlineReceiver.send(ev.ringing({ role: 'receiver' }));
    expect(offlineReceiver.getSnapshot().value).toBe('offline');

    const offlineCaller = start({ extension: ext('201', EXT_STATUS.offline) });
    offlineCaller.send(ev.ringing({ role: 'caller' }));
    expect(offlineCaller.getSnapshot().value).toBe('ringing');
  });

  it('B-PNL-21 call connected puts the extension in use and starts the timer at the answer time', () => {
    const actor = start();
    actor.send(ev.ringing());
    actor.send(ev.connected({ at: 12_000, peer: '5559999' }));
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('inUse');
    expect(statusCode(snap)).toBe(EXT_STATUS.inUse);
    expect(timerStart(snap)).toBe(12_000);
    expect(snap.context.peer).toBe('5559999');
    // the view computes elapsed time from the shared clock: 12.0 s → 13.5 s is 00:01
    expect(formatTimer(elapsedMs(snap, 13_500))).toBe('00:01');
    expect(formatTimer(elapsedMs(snap, 12_000 + 3_725_000))).toBe('1:02:05');
  });

  it('B-PNL-22 on hold keeps the same timer, and back in use too', () => {
    const actor = start();
    actor.send(ev.connected({ at: 12_000 }));
    actor.send(ev.device(EXT_STATUS.onHold, { at: 15_000 }));
    expect(actor.getSnapshot().value).toBe('onHold');
    expect(timerStart(actor.getSnapshot())).toBe(12_000);
    actor.send(ev.device(EXT_STATUS.inUse, { at: 16_000 }));
    expect(actor.getSnapshot().value).toBe('inUse');
    expect(timerStart(actor.getSnapshot())).toBe(12_000);
  });

  it('B-PNL-22 an in-use extension changing to anything other than on hold resets to online 00:00', () => {
    for (const code of [EXT_STATUS.ringing, EXT_STATUS.online, EXT_STATUS.hangup]) {
      const actor = start();
      actor.send(ev.connected({ at: 12_000 }));
      actor.send(ev.device(code, { at: 20_000 }));
      const snap = actor.getSnapshot();
      expect(snap.value).toBe('online');
      expect(snap.context.callStart).toBeNull();
      expect(formatTimer(elapsedMs(snap, 99_000))).toBe('00:00');
    }
    // our reading: 0 means the device is gone, so offline (also with the timer cleared)
    const gone = start();
    gone.send(ev.connected());
    gone.send(ev.device(EXT_STATUS.offline));
    expect(gone.getSnapshot().value).toBe('offline');
    expect(timerStart(gone.getSnapshot())).toBeNull();
  });

  it('B-PNL-22 a device state maps to its state from idle (in use without a connect starts the timer)', () => {
    const actor = start();
    actor.send(ev.device(EXT_STATUS.inUse, { at: 21_000 }));
    expect(actor.getSnapshot().value).toBe('inUse');
    expect(timerStart(actor.getSnapshot())).toBe(21_000);
    const idle = start();
    idle.send(ev.device(EXT_STATUS.offline));
    expect(idle.getSnapshot().value).toBe('offline');
    idle.send(ev.device(EXT_STATUS.online, { at: 22_000 }));
    expect(idle.getSnapshot().value).toBe('online');
    expect(idle.getSnapshot().context.since).toBe(22_000);
  });

  it('B-PNL-23 hangup clears the timer, appends the call and shows hangup before online', () => {
    const clock = new SimulatedClock();
    const actor = start(undefined, clock);
    actor.send(ev.connected({ at: 12_000 }));
    actor.send(ev.hangup({ at: 30_000, duration: 18 }));
    let snap = actor.getSnapshot();
    expect(snap.value).toBe('hangup');
    expect(statusCode(snap)).toBe(EXT_STATUS.hangup);
    expect(timerStart(snap)).toBeNull();
    expect(snap.context.history).toEqual([{ callId: 'c1.2', dateTime: 30_000, caller: '5551234', receiver: '201', duration: 18 }]);
    // the NOT_INUSE that follows a hangup does not cut the display short
    actor.send(ev.device(EXT_STATUS.online, { at: 30_100 }));
    expect(actor.getSnapshot().value).toBe('hangup');
    clock.increment(HANGUP_DISPLAY_MS);
    snap = actor.getSnapshot();
    expect(snap.value).toBe('online');
    expect(snap.context).toMatchObject({ status: EXT_STATUS.online, since: 30_000 + HANGUP_DISPLAY_MS, callStart: null, peer: null });
    expect(formatTimer(elapsedMs(snap, 1e9))).toBe('00:00');
  });

  it('B-PNL-23 a hangup of another call is recorded but keeps the current call and its timer', () => {
    const actor = start();
    actor.send(ev.connected({ callId: 'c1.1', at: 12_000 }));
    actor.send(ev.hangup({ callId: 'c9.1' }));
    expect(actor.getSnapshot().value).toBe('inUse');
    expect(timerStart(actor.getSnapshot())).toBe(12_000);
    expect(actor.getSnapshot().context.history).toHaveLength(1);
    // the same call key (part before the first dot) ends the call
    actor.send(ev.hangup({ callId: 'c1.7' }));
    expect(actor.getSnapshot().value).toBe('hangup');
  });

  it('B-PNL-24 history keeps the last 5 calls, newest first, with dateTime, caller, receiver, duration', () => {
    const clock = new SimulatedClock();
    const actor = start(undefined, clock);
    for (let i = 1; i <= 7; i++) {
      actor.send(ev.connected({ callId: `c${i}.1`, at: i * 100_000 }));
      actor.send(ev.hangup({ callId: `c${i}.2`, at: i * 100_000 + 5_000, duration: i }));
      clock.increment(HANGUP_DISPLAY_MS);
    }
    const history = actor.getSnapshot().context.history;
    expect(history).toHaveLength(LIMITS.callHistory);
    expect(history.map((h) => h.duration)).toEqual([7, 6, 5, 4, 3]);
    expect(Object.keys(history[0]).sort()).toEqual(['callId', 'caller', 'dateTime', 'duration', 'receiver']);
  });

  it('B-PNL-25 events for another corp (or another number) change nothing', () => {
    const actor = start();
    actor.send(ev.connected({ at: 12_000 }));
    const before = actor.getSnapshot();
    for (const e of [
      ev.hangup({ corpId: OTHER_CORP }),
      ev.device(EXT_STATUS.offline, { corpId: OTHER_CORP }),
      ev.device(EXT_STATUS.offline, { number: '202' }),
      ev.snapshot(ext('201', EXT_STATUS.offline, { corpId: OTHER_CORP })),
      ev.connected({ corpId: OTHER_CORP, peer: 'x' }),
    ]) {
      actor.send(e);
      expect(actor.getSnapshot().value).toBe(before.value);
      expect(actor.getSnapshot().context).toEqual(before.context);
    }
  });

  it('a snapshot replaces the live state from any state (after a reconnect)', () => {
    const actor = start();
    actor.send(ev.connected());
    actor.send(ev.snapshot(ext('201', EXT_STATUS.online, { since: 40_000, userName: 'Ana' })));
    expect(actor.getSnapshot().value).toBe('online');
    expect(actor.getSnapshot().context).toMatchObject({ userName: 'Ana', since: 40_000, callStart: null });
    actor.send(ev.snapshot(ext('201', EXT_STATUS.onHold, { since: 41_000, callStart: 39_000, peer: '300' })));
    expect(actor.getSnapshot().value).toBe('onHold');
    expect(timerStart(actor.getSnapshot())).toBe(39_000);
  });

  it('formats timers and never shows a negative time', () => {
    expect(formatTimer(0)).toBe('00:00');
    expect(formatTimer(-5_000)).toBe('00:00');
    expect(formatTimer(Number.NaN)).toBe('00:00');
    expect(formatTimer(59_999)).toBe('00:59');
    expect(formatTimer(3_600_000)).toBe('1:00:00');
    expect(CORP).not.toBe(OTHER_CORP);
  });
});

describe('extension machine: hangup delay on a SimulatedClock', () => {
  it('stays in hangup until the named delay has passed, then goes online', () => {
    const clock = new SimulatedClock();
    const actor = start(undefined, clock);
    actor.send(ev.ringing());
    actor.send(ev.hangup({ callId: 'c1.0', at: 11_000 }));
    clock.increment(HANGUP_DISPLAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('hangup');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('online');
  });

  it('the delay is a named effect: .provide() replaces it', () => {
    const clock = new SimulatedClock();
    const fast = extensionMachine.provide({ delays: { hangupDisplay: 10 } });
    const actor = createActor(fast, { input: { extension: ext('201') }, clock }).start();
    actor.send(ev.connected());
    actor.send(ev.hangup());
    clock.increment(9);
    expect(actor.getSnapshot().value).toBe('hangup');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('online');
  });

  it('the delay comes from input too (hangupDisplayMs), and a new call during hangup cancels it', () => {
    const clock = new SimulatedClock();
    const actor = start({ extension: ext('201'), hangupDisplayMs: 500 }, clock);
    actor.send(ev.connected());
    actor.send(ev.hangup());
    clock.increment(499);
    actor.send(ev.ringing({ callId: 'c2.0', at: 30_400 }));
    expect(actor.getSnapshot().value).toBe('ringing');
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('ringing');
  });
});

describe('extension machine: pure steps for aggregates', () => {
  it('reduceExtension starts from a SNAPSHOT, advances like the actor, and ignores unknown extensions', () => {
    expect(reduceExtension(undefined, ev.device(EXT_STATUS.inUse))).toBeUndefined();
    const a = reduceExtension(undefined, ev.snapshot(ext('201')))!;
    expect(a.value).toBe('online');
    const b = reduceExtension(a, ev.connected({ at: 12_000 }))!;
    expect(b.value).toBe('inUse');
    expect(timerStart(b)).toBe(12_000);
    const c = reduceExtension(b, ev.hangup())!;
    expect(c.value).toBe('hangup');
    expect(c.context.history).toHaveLength(1);
    // foreign events leave it as it was
    expect(reduceExtension(c, ev.device(EXT_STATUS.offline, { corpId: OTHER_CORP }))!.context).toEqual(c.context);
  });

  it('B-PNL-17 B-PNL-20 B-PNL-21 changesExtension says false exactly when a call push leaves state and context as they were', () => {
    // few peers, calls, times and codes, so that pushes repeat what the extension already holds
    let seed = 12345;
    const pick = <T>(items: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return items[seed % items.length]!;
    };
    const peers = ['5551234', '202'];
    const ats = [10_000, 20_000];
    const push = (): ExtensionEvent =>
      pick([
        () => ev.ringing({ role: pick(['caller', 'receiver'] as const), peer: pick(peers), callId: pick(['c1', 'c2']), at: pick(ats) }),
        () => ev.connected({ peer: pick(peers), callId: pick(['c1', 'c2']), at: pick(ats) }),
        () =>
          ev.device(pick([0, 1, 2, 3, 4, 5] as ExtStatus[]), {
            at: pick(ats),
            ...pick([{}, { callStart: pick([null, 10_000]) }]),
            ...pick([{}, { peer: pick([null, ...peers]) }]),
            ...pick([{}, { listening: pick([null, 'listen'] as const) }]),
          }),
        () => ev.hangup({ callId: pick(['c1', 'c2']), at: pick(ats) }),
        () => ev.device(EXT_STATUS.online, { corpId: OTHER_CORP }),
      ])();
    let snapshot: ExtensionSnapshot = reduceExtension(undefined, ev.snapshot(ext('201')))!;
    let unchanged = 0;
    for (let i = 0; i < 3000; i++) {
      const event = push();
      const next = reduceExtension(snapshot, event)!;
      const same = next.value === snapshot.value && JSON.stringify(next.context) === JSON.stringify(snapshot.context);
      if (event.type === 'HANGUP') expect(changesExtension(snapshot, event)).toBe(true);
      else expect(changesExtension(snapshot, event), `${JSON.stringify(event)} in ${String(snapshot.value)}`).toBe(!same);
      if (!changesExtension(snapshot, event)) unchanged++;
      snapshot = next;
    }
    // the walk meets both answers often
    expect(unchanged).toBeGreaterThan(300);
    expect(unchanged).toBeLessThan(2700);
  });

  it('presence for wallboard agent counts: online and hangup free, offline offline, the rest busy', () => {
    expect([0, 1, 2, 3, 4, 5].map((c) => presenceOf(c as ExtStatus))).toEqual(['offline', 'busy', 'busy', 'free', 'free', 'busy']);
  });
});
