/**
 * The server's copy of an extension's live status, moved by the same rules the browser's extension
 * machine applies to the pushes we send (machines/extension-machine.ts, spec 1 §4), so a snapshot
 * (AllExtensions) agrees with what a client derived from the pushes. The one difference: the server
 * has no "hangup shown briefly" state; after a hangup the extension is online at once.
 */
import { EXT_STATUS, type ExtStatus, type LiveExtension } from '../../domain';

export interface ExtensionRecord {
  corpId: number;
  number: string;
  userName: string;
  status: ExtStatus;
  since: number;
  callStart: number | null;
  peer: string | null;
  /** internal key of the call that set ringing / in use, null when unknown */
  call: number | null;
  /** last status reported by the device (DeviceStateChanged), null before the first */
  device: ExtStatus | null;
}

const inCall = (status: ExtStatus) => status === EXT_STATUS.inUse || status === EXT_STATUS.onHold;

export function newExtension(corpId: number, number: string, userName: string, status: ExtStatus, at: number): ExtensionRecord {
  return { corpId, number, userName, status, since: at, callStart: inCall(status) ? at : null, peer: null, call: null, device: null };
}

export function toLiveExtension(e: ExtensionRecord): LiveExtension {
  return { corpId: e.corpId, number: e.number, userName: e.userName, status: e.status, since: e.since, callStart: e.callStart, peer: e.peer };
}

function settle(e: ExtensionRecord, status: ExtStatus, at: number): void {
  e.status = status;
  e.since = at;
  e.callStart = null;
  e.peer = null;
  e.call = null;
}

/** Ringing: the caller rings even when offline, the receiver only when online; a call in progress stays. */
export function ringExtension(e: ExtensionRecord, role: 'caller' | 'receiver', peer: string, call: number, at: number): void {
  if (inCall(e.status)) return;
  if (e.status === EXT_STATUS.ringing) {
    e.peer = peer;
    e.call = call;
    return;
  }
  if (role === 'receiver' && e.status === EXT_STATUS.offline) return;
  settle(e, EXT_STATUS.ringing, at);
  e.peer = peer;
  e.call = call;
}

/** Call connected: in use, the call timer starts now. */
export function connectExtension(e: ExtensionRecord, peer: string, call: number, at: number): void {
  if (e.status === EXT_STATUS.inUse && e.call === call) {
    e.peer = peer;
    return;
  }
  e.status = EXT_STATUS.inUse;
  e.since = at;
  e.callStart = at;
  e.peer = peer;
  e.call = call;
}

/** A status from the device (or from hold/unhold). In a call: hold ⇄ in use keep the timer; anything else ends it. */
export function deviceStatus(e: ExtensionRecord, status: ExtStatus, at: number): void {
  const next = status === EXT_STATUS.hangup ? EXT_STATUS.online : status;
  if (inCall(e.status)) {
    if (next === e.status) return;
    if (inCall(next)) {
      e.status = next;
      e.since = at;
      return;
    }
    settle(e, next === EXT_STATUS.offline ? EXT_STATUS.offline : EXT_STATUS.online, at);
    return;
  }
  if (next === e.status) return;
  if (inCall(next)) {
    e.status = next;
    e.since = at;
    e.callStart = e.callStart ?? at;
    return;
  }
  settle(e, next, at);
}

/**
 * The call ended. `party`: the extension is the push's caller or receiver (the browser then ends the
 * call it holds even when it did not know the call's id); other extensions only when this call is theirs.
 */
export function hangupExtension(e: ExtensionRecord, call: number, party: boolean, at: number): void {
  if (e.status === EXT_STATUS.offline || e.status === EXT_STATUS.online) return;
  const same = e.call === call || (party && e.call === null);
  if (!same) return;
  settle(e, EXT_STATUS.online, at);
}
