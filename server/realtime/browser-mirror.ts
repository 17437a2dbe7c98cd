/**
 * What the browsers hold for an extension: the extension status reducer the browser's machine runs
 * (domain/extension-shown-status.ts, spec 1 §4, B-PNL-20..23, J-ONE-01) stepped over the pushes the
 * server sends, so the server knows when a browser would show something else than the extension's
 * derived state and sends a DeviceStateChanged that puts it right (extensions.ts). The one difference:
 * the machine shows "hangup" for a moment after a call; here the extension is online at once (both
 * mean "free").
 */
import { stepShown, type ShownInput } from '../../domain/extension-shown-status';
import { EXT_STATUS, type ExtStatus, type SpyMode } from '../../domain';
import { inCall, type ShownExtension } from './state';

/** the hangup display, taken as over at once */
const NO_HANGUP_DISPLAY = 0;

function step(shown: ShownExtension, input: ShownInput<number>): void {
  const next = stepShown(shown, input, NO_HANGUP_DISPLAY);
  if (next) Object.assign(shown, next);
}

/** Ringing (B-PNL-20): the caller rings even when offline, the receiver only when online; a call in progress stays. */
export function mirrorRing(shown: ShownExtension, role: 'caller' | 'receiver', peer: string, call: number, at: number): void {
  step(shown, { type: 'RINGING', role, peer, callId: call, at });
}

/** CallConnected (B-PNL-21): in use with the timer from now; already in use: only the party changes; on hold: nothing. */
export function mirrorConnect(shown: ShownExtension, peer: string, call: number, at: number): void {
  step(shown, { type: 'CALL_CONNECTED', peer, callId: call, at });
}

/**
 * DeviceStateChanged (B-PNL-22) with the call start, party and listening mode it may carry: in a call,
 * hold ⇄ in use and in use again keep the call (and take what is given); anything else ends it. Out of
 * a call, a call state starts one (from the start given, else now).
 */
export function mirrorDevice(shown: ShownExtension, device: { status: ExtStatus; callStart?: number | null; peer?: string | null; listening?: SpyMode | null }, at: number): void {
  step(shown, { type: 'DEVICE_STATE', status: device.status, callStart: device.callStart, peer: device.peer, listening: device.listening, at });
}

/** Hangup (B-PNL-23), for the push's caller and receiver: the call they hold (or any, when they know none) ends. */
export function mirrorHangup(shown: ShownExtension, call: number, at: number): void {
  step(shown, { type: 'HANGUP', sameCall: shown.callId === null || shown.callId === call, at });
}

/** whether the browsers show what the extension's channels say */
export function agrees(shown: ShownExtension, derived: { status: ExtStatus; callStart: number | null; peer: string | null; listening: SpyMode | null }): boolean {
  if (shown.status !== derived.status) return false;
  if (inCall(derived.status)) return shown.callStart === derived.callStart && shown.peer === derived.peer && shown.listening === derived.listening;
  if (derived.status === EXT_STATUS.ringing) return derived.peer === null || shown.peer === derived.peer;
  return true;
}
