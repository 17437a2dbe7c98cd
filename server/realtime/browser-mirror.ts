/**
 * What the browsers hold for an extension: the rules of the browser's extension machine
 * (machines/extension-machine.ts, spec 1 §4, B-PNL-20..23) applied to the pushes the server sends, so
 * the server knows when a browser would show something else than the extension's derived state and
 * sends a DeviceStateChanged that puts it right (extensions.ts). The one difference: the machine shows
 * "hangup" for a moment after a call; here the extension is online at once (both mean "free").
 */
import { EXT_STATUS, type ExtStatus } from '../../domain';
import { inCall, type ShownExtension } from './state';

function settle(shown: ShownExtension, status: ExtStatus, peer: string | null = null): void {
  shown.status = status;
  shown.callStart = null;
  shown.peer = peer;
  shown.call = null;
}

/** Ringing (B-PNL-20): the caller rings even when offline, the receiver only when online; a call in progress stays. */
export function mirrorRing(shown: ShownExtension, role: 'caller' | 'receiver', peer: string, call: number): void {
  if (inCall(shown.status)) return;
  if (shown.status === EXT_STATUS.ringing) {
    shown.peer = peer;
    shown.call = call;
    return;
  }
  if (role === 'receiver' && shown.status === EXT_STATUS.offline) return;
  settle(shown, EXT_STATUS.ringing, peer);
  shown.call = call;
}

/** CallConnected (B-PNL-21): in use with the timer from now; already in use: only the party changes; on hold: nothing. */
export function mirrorConnect(shown: ShownExtension, peer: string, call: number, at: number): void {
  if (shown.status === EXT_STATUS.onHold) return;
  if (shown.status === EXT_STATUS.inUse) {
    shown.peer = peer;
    shown.call = call;
    return;
  }
  shown.status = EXT_STATUS.inUse;
  shown.callStart = at;
  shown.peer = peer;
  shown.call = call;
}

/**
 * DeviceStateChanged (B-PNL-22) with the call start and party it may carry: in a call, hold ⇄ in use and
 * in use again keep the call (and take the start and party given); anything else ends it. Out of a call,
 * a call state starts one (from the start given, else now).
 */
export function mirrorDevice(shown: ShownExtension, device: { status: ExtStatus; callStart?: number | null; peer?: string | null }, at: number): void {
  const next = device.status === EXT_STATUS.hangup ? EXT_STATUS.online : device.status;
  const callStart = device.callStart ?? null;
  const peer = device.peer ?? null;
  if (inCall(shown.status)) {
    if (inCall(next)) {
      shown.status = next;
      shown.callStart = callStart ?? shown.callStart;
      shown.peer = peer ?? shown.peer;
      return;
    }
    settle(shown, next === EXT_STATUS.offline ? EXT_STATUS.offline : EXT_STATUS.online);
    return;
  }
  if (inCall(next)) {
    shown.status = next;
    shown.callStart = callStart ?? shown.callStart ?? at;
    shown.peer = peer ?? shown.peer;
    return;
  }
  if (next === shown.status) {
    if (next === EXT_STATUS.ringing && peer !== null) shown.peer = peer;
    return;
  }
  if (shown.status === EXT_STATUS.offline && next === EXT_STATUS.online) return settle(shown, next);
  settle(shown, next, next === EXT_STATUS.ringing ? peer : null);
}

/** Hangup (B-PNL-23), for the push's caller and receiver: the call they hold (or any, when they know none) ends. */
export function mirrorHangup(shown: ShownExtension, call: number): void {
  if (shown.status !== EXT_STATUS.ringing && !inCall(shown.status)) return;
  if (shown.call !== null && shown.call !== call) return;
  settle(shown, EXT_STATUS.online);
}

/** whether the browsers show what the extension's channels say */
export function agrees(shown: ShownExtension, derived: { status: ExtStatus; callStart: number | null; peer: string | null }): boolean {
  if (shown.status !== derived.status) return false;
  if (inCall(derived.status)) return shown.callStart === derived.callStart && shown.peer === derived.peer;
  if (derived.status === EXT_STATUS.ringing) return derived.peer === null || shown.peer === derived.peer;
  return true;
}
