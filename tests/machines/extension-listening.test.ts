/**
 * G-SPY-05 in the browser's extension machine: a supervisor's leg (the phone running ChanSpy on another
 * extension's call) is marked with its mode while the call goes on, from the DeviceStateChanged that says
 * so or from a snapshot, and the mark goes with the call. The server's mirror of the machine
 * (server/realtime/browser-mirror.ts) follows the same rule: the last test runs both over one sequence.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EXT_STATUS, listeningAfter } from '../../domain';
import { extensionMachine, statusCode, type ExtensionEvent } from '../../machines/extension-machine';
import { extensionRegistryMachine } from '../../machines/extension-registry';
import { mirrorConnect, mirrorDevice, mirrorHangup, mirrorRing } from '../../server/realtime/browser-mirror';
import type { ShownExtension } from '../../server/realtime/state';
import { CORP, ev, ext } from './fixtures';

const start = (extension = ext('237')) => createActor(extensionMachine, { input: { extension } }).start();

describe('G-SPY-05 the listening leg in the extension machine', () => {
  it('G-SPY-05 a call the device says is a listening leg is marked with its mode; in use again without a word keeps it, a new mode replaces it, null clears it', () => {
    const actor = start();
    expect(actor.getSnapshot().context.listening).toBeNull();
    actor.send(ev.device(EXT_STATUS.inUse, { number: '237', callStart: 10_000, peer: '202', listening: 'listen', at: 10_050 }));
    expect(actor.getSnapshot().context).toMatchObject({ status: EXT_STATUS.inUse, peer: '202', callStart: 10_000, listening: 'listen' });
    actor.send(ev.device(EXT_STATUS.inUse, { number: '237', callStart: 10_000, peer: '202', at: 11_000 }));
    expect(actor.getSnapshot().context.listening).toBe('listen');
    actor.send(ev.device(EXT_STATUS.onHold, { number: '237', at: 12_000 }));
    expect(actor.getSnapshot().context).toMatchObject({ status: EXT_STATUS.onHold, listening: 'listen' });
    actor.send(ev.device(EXT_STATUS.inUse, { number: '237', listening: 'barge', at: 13_000 }));
    expect(actor.getSnapshot().context.listening).toBe('barge');
    actor.send(ev.device(EXT_STATUS.inUse, { number: '237', listening: null, at: 14_000 }));
    expect(actor.getSnapshot().context.listening).toBeNull();
  });

  it('G-SPY-05 the mark goes with the call: a hang-up, the device free, a call connected from idle or a ring never carry it', () => {
    const listening = (mode: 'listen' | 'whisper' = 'whisper') => ev.device(EXT_STATUS.inUse, { number: '237', callStart: 10_000, peer: '202', listening: mode, at: 10_000 });
    const byHangup = start();
    byHangup.send(listening());
    byHangup.send(ev.hangup({ number: '237', callId: 'spy.1', at: 20_000 }));
    expect(statusCode(byHangup.getSnapshot())).toBe(EXT_STATUS.hangup);
    expect(byHangup.getSnapshot().context.listening).toBeNull();

    const byDevice = start();
    byDevice.send(listening());
    byDevice.send(ev.device(EXT_STATUS.online, { number: '237', at: 20_000 }));
    expect(byDevice.getSnapshot().context).toMatchObject({ status: EXT_STATUS.online, listening: null });
    // a later call from idle is an ordinary one
    byDevice.send(ev.connected({ number: '237', peer: '238', at: 30_000 }));
    expect(byDevice.getSnapshot().context).toMatchObject({ status: EXT_STATUS.inUse, peer: '238', listening: null });
    byDevice.send(ev.device(EXT_STATUS.inUse, { number: '237', at: 31_000 }));
    expect(byDevice.getSnapshot().context.listening).toBeNull();

    const offline = start();
    offline.send(listening('listen'));
    offline.send(ev.device(EXT_STATUS.offline, { number: '237', at: 20_000 }));
    expect(offline.getSnapshot().context.listening).toBeNull();
    offline.send(ev.ringing({ number: '237', role: 'caller', at: 21_000 }));
    expect(offline.getSnapshot().context).toMatchObject({ status: EXT_STATUS.ringing, listening: null });
  });

  it('G-SPY-05 a snapshot carries the mark of a call in progress (after a reload), never of an idle phone', () => {
    expect(start(ext('237', EXT_STATUS.inUse, { callStart: 5_000, peer: '202', listening: 'barge' })).getSnapshot().context.listening).toBe('barge');
    expect(start(ext('237', EXT_STATUS.online, { listening: 'barge' })).getSnapshot().context.listening).toBeNull();
    const actor = start(ext('237', EXT_STATUS.inUse, { callStart: 5_000, peer: '202', listening: 'listen' }));
    actor.send(ev.snapshot(ext('237', EXT_STATUS.inUse, { callStart: 5_000, peer: '202' })));
    expect(actor.getSnapshot().context.listening).toBeNull();
  });

  it('G-SPY-05 the registry routes the mark to the supervisor\'s child only', () => {
    const registry = createActor(extensionRegistryMachine, { input: { corpId: CORP } }).start();
    registry.send({ type: 'EXTENSIONS', snapshot: { corpId: CORP, extensions: [ext('202', EXT_STATUS.inUse, { peer: '238', callStart: 1_000 }), ext('237')], ts: 1_000 } });
    registry.send(ev.device(EXT_STATUS.inUse, { number: '237', peer: '202', callStart: 2_000, listening: 'listen', at: 2_000 }));
    const child = (number: string) => registry.getSnapshot().context.extensions[number].getSnapshot().context;
    expect(child('237')).toMatchObject({ peer: '202', listening: 'listen' });
    expect(child('202')).toMatchObject({ peer: '238', listening: null });
  });

  it('G-SPY-05 the server\'s mirror of the browsers ends where the machine ends, push by push (domain listeningAfter, one rule)', () => {
    expect(listeningAfter(undefined, 'listen')).toBe('listen');
    expect(listeningAfter(null, 'listen')).toBeNull();
    expect(listeningAfter('whisper', null)).toBe('whisper');
    const events: ExtensionEvent[] = [
      ev.ringing({ number: '237', role: 'receiver', peer: '202', at: 1_000 }),
      ev.device(EXT_STATUS.inUse, { number: '237', callStart: 2_000, peer: '202', at: 2_000 }),
      ev.device(EXT_STATUS.inUse, { number: '237', callStart: 2_000, peer: '202', listening: 'whisper', at: 2_100 }),
      ev.device(EXT_STATUS.onHold, { number: '237', at: 3_000 }),
      ev.device(EXT_STATUS.inUse, { number: '237', listening: 'barge', at: 3_500 }),
      ev.connected({ number: '237', peer: '238', at: 4_000 }),
      ev.device(EXT_STATUS.online, { number: '237', at: 5_000 }),
      ev.device(EXT_STATUS.inUse, { number: '237', peer: '202', listening: 'listen', at: 6_000 }),
      ev.device(EXT_STATUS.inUse, { number: '237', listening: null, at: 6_500 }),
      ev.device(EXT_STATUS.inUse, { number: '237', listening: 'listen', at: 6_600 }),
    ];
    const actor = start();
    const shown: ShownExtension = { status: EXT_STATUS.online, since: 0, callStart: null, peer: null, callId: null, listening: null };
    for (const event of events) {
      actor.send(event);
      if (event.type === 'RINGING') mirrorRing(shown, event.role, event.peer, 1, event.at);
      else if (event.type === 'CALL_CONNECTED') mirrorConnect(shown, event.peer, 1, event.at);
      else if (event.type === 'DEVICE_STATE') mirrorDevice(shown, event, event.at);
      const { context } = actor.getSnapshot();
      expect({ status: shown.status, callStart: shown.callStart, peer: shown.peer, listening: shown.listening }, JSON.stringify(event)).toEqual({
        status: context.status,
        callStart: context.callStart,
        peer: context.peer,
        listening: context.listening,
      });
    }
    actor.send(ev.hangup({ number: '237', at: 7_000 }));
    mirrorHangup(shown, 1, 7_000);
    expect([shown.listening, actor.getSnapshot().context.listening]).toEqual([null, null]);
  });
});
