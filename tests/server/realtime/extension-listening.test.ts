/**
 * G-SPY-05 in the server's live state, as pure steps: an extension whose current call is a supervisor's
 * leg (the call's ChanSpy names another extension) is derived with the mode; the spied extension and an
 * ordinary call are not; the browsers' mirror disagrees until a push carries the mode, and again when
 * it must go.
 */
import { describe, expect, it } from 'vitest';
import { EXT_STATUS } from '../../../domain';
import { agrees, mirrorDevice } from '../../../server/realtime/browser-mirror';
import { deriveState, newExtension, toLiveExtension } from '../../../server/realtime/extension-status';
import { LiveState, type CallRecord, type ChannelRecord, type ShownExtension } from '../../../server/realtime/state';

const CORP = 2;

function channel(id: string, number: string, call: number, over: Partial<ChannelRecord> = {}): ChannelRecord {
  return {
    id,
    corpId: CORP,
    name: `PJSIP/${CORP}_${number}-${id}`,
    state: 'Up',
    callerNumber: number,
    connectedNumber: '',
    endpoint: `${CORP}_${number}`,
    number,
    isExt: true,
    context: 'callboard-spy-leg',
    exten: 's',
    app: 'ChanSpy',
    created: 1_000,
    upAt: 2_000,
    call,
    bridge: null,
    onHold: false,
    hangingUp: false,
    queued: null,
    ...over,
  };
}

function call(key: number, caller: string, receiver: string, spy: CallRecord['spy']): CallRecord {
  return {
    key,
    id: `17000.${key}`,
    corpId: CORP,
    origin: `c${key}`,
    channels: new Set([`c${key}`]),
    time: 1_000,
    caller,
    dialed: receiver,
    receiver,
    answeredAt: 2_000,
    talking: new Set(),
    trunk: null,
    inbound: false,
    queueName: null,
    queueId: null,
    spy,
    recording: null,
    ended: false,
  };
}

function world() {
  const state = new LiveState();
  const corp = state.addCorp(CORP);
  for (const n of ['202', '237', '238']) corp.exts.set(n, newExtension(CORP, n, `user ${n}`, true, 0));
  corp.calls.set(1, call(1, '202', '238', null));
  corp.calls.set(2, call(2, '237', '202', { number: '202', mode: 'whisper' }));
  state.addChannel(corp, channel('c1', '202', 1, { context: 'internal', app: 'Dial' }));
  state.addChannel(corp, channel('c2', '237', 2));
  return { state, corp };
}

describe('G-SPY-05 the listening leg in the server\'s live state', () => {
  it('G-SPY-05 the supervisor\'s extension is derived in use with the spied party and the mode; the spied one and an idle one are not marked', () => {
    const { state, corp } = world();
    const derive = (n: string) => deriveState(corp, corp.exts.get(n)!, state.channelsOf(corp, n));
    expect(derive('237')).toMatchObject({ status: EXT_STATUS.inUse, peer: '202', callStart: 2_000, listening: 'whisper' });
    expect(derive('202')).toMatchObject({ status: EXT_STATUS.inUse, peer: '238', listening: null });
    expect(derive('238')).toMatchObject({ status: EXT_STATUS.online, listening: null });
    // the snapshot row carries the mode only where there is one
    const ext = corp.exts.get('237')!;
    Object.assign(ext, derive('237'));
    expect(toLiveExtension(ext).listening).toBe('whisper');
    expect('listening' in toLiveExtension(corp.exts.get('238')!)).toBe(false);
    // the leg ended: free, no mode
    corp.calls.get(2)!.ended = true;
    state.removeChannel(corp, corp.channels.get('c2')!);
    expect(derive('237')).toMatchObject({ status: EXT_STATUS.online, listening: null });
  });

  it('G-SPY-05 the browsers\' mirror disagrees with a derived mode until a push carries it, and with a shown mode once the call is ordinary again', () => {
    const mirror: ShownExtension = { status: EXT_STATUS.inUse, since: 2_000, callStart: 2_000, peer: '202', callId: 2, listening: null };
    const derived = { status: EXT_STATUS.inUse, callStart: 2_000, peer: '202', call: 2, listening: 'listen' as const };
    expect(agrees(mirror, derived)).toBe(false);
    mirrorDevice(mirror, derived, 3_000);
    expect(mirror.listening).toBe('listen');
    expect(agrees(mirror, derived)).toBe(true);
    const ordinary = { ...derived, listening: null };
    expect(agrees(mirror, ordinary)).toBe(false);
    mirrorDevice(mirror, ordinary, 4_000);
    expect(agrees(mirror, ordinary)).toBe(true);
    // a push without the field (none shown, none derived) keeps what is shown
    mirrorDevice(mirror, { status: EXT_STATUS.onHold }, 5_000);
    expect(mirror).toMatchObject({ status: EXT_STATUS.onHold, listening: null });
  });
});
