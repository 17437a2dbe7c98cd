/**
 * An extension's state derived from its live channels (issue 12, defect 5: taken from the last event,
 * an agent with two calls showed Available when one of them ended).
 *
 * The status follows the rule Asterisk applies to a PJSIP endpoint's device state (chan_pjsip's
 * devicestate callback: each channel's state through ast_state_chan2dev, a held channel as ONHOLD,
 * folded by ast_devstate_aggregate), read through domain statusFromDeviceState: a channel ringing makes
 * the extension ringing, any channel off hook (dialling, talking) makes it in use whatever the other
 * channels do, held channels alone make it on hold. One difference: a channel whose hang-up was
 * requested no longer counts (Asterisk counts it until it is destroyed, a few ms later), so the Hangup
 * push is not followed by a stray "in use". Without channels: online when the phone is registered,
 * else offline.
 *
 * Beside the status: `callStart`, when the earliest call still up was answered (the channel's answer,
 * or after a restart the snapshot's bridge and channel times), the dialling start while nothing is
 * answered yet; and `peer`, the other party of the call connected last (as the browser's machine notes
 * it), else of the ringing one; `listening`, the mode of that call when it is a supervisor's leg
 * running ChanSpy on `peer`'s call (G-SPY-05: the call knows it from the leg's ChannelDialplan, on the
 * simulator as on Asterisk), so the wall marks the supervisor's phone as a listening leg.
 */
import { EXT_STATUS, type ExtStatus, type LiveExtension, type SpyMode } from '../../domain';
import { inCall, type CallRecord, type ChannelRecord, type CorpState, type ExtensionRecord } from './state';

export function newExtension(corpId: number, number: string, userName: string, registered: boolean, at: number): ExtensionRecord {
  const status = registered ? EXT_STATUS.online : EXT_STATUS.offline;
  return {
    corpId,
    number,
    userName,
    registered,
    status,
    since: at,
    callStart: null,
    peer: null,
    call: null,
    listening: null,
    shown: { status, since: at, callStart: null, peer: null, callId: null, listening: null },
  };
}

/** `listening` only when set: an ordinary extension's row (2,000 of them in a snapshot) stays as it was */
export function toLiveExtension(e: ExtensionRecord): LiveExtension {
  const live: LiveExtension = { corpId: e.corpId, number: e.number, userName: e.userName, status: e.status, since: e.since, callStart: e.callStart, peer: e.peer };
  if (e.listening !== null) live.listening = e.listening;
  return live;
}

type ChannelDevice = 'ringing' | 'inUse' | 'held' | 'idle';

/** ast_state_chan2dev, with a held channel as ONHOLD (chan_pjsip) */
function channelDevice(rec: ChannelRecord): ChannelDevice {
  if (rec.onHold) return 'held';
  switch (rec.state) {
    case 'Ringing':
    case 'Pre-ring':
      return 'ringing';
    case 'Down':
      return 'idle';
    default:
      // Up, Ring (the caller's own leg while it dials), Dialing, OffHook, Busy, Rsrvd ...
      return 'inUse';
  }
}

const counts = (rec: ChannelRecord) => !rec.hangingUp;

/** The status of an extension with these live channels (ast_devstate_aggregate's order). */
export function statusFromChannels(channels: readonly ChannelRecord[], registered: boolean): ExtStatus {
  let ringing = false;
  let inUse = false;
  let held = false;
  let any = false;
  for (const rec of channels) {
    if (!counts(rec)) continue;
    any = true;
    const device = channelDevice(rec);
    if (device === 'ringing') ringing = true;
    else if (device === 'inUse') inUse = true;
    else if (device === 'held') held = true;
  }
  // RINGINUSE (ringing beside a call, held or not) reads as in use (domain statusFromDeviceState)
  if (inUse) return EXT_STATUS.inUse;
  if (held) return ringing ? EXT_STATUS.inUse : EXT_STATUS.onHold;
  if (ringing) return EXT_STATUS.ringing;
  if (any) return EXT_STATUS.online; // only channels not yet dialling: NOT_INUSE
  return registered ? EXT_STATUS.online : EXT_STATUS.offline;
}

const answered = (rec: ChannelRecord) => rec.upAt !== null || rec.onHold;

/** the channel whose call the extension shows: the one answered last, else a held one, else one ringing */
function currentChannel(channels: readonly ChannelRecord[]): ChannelRecord | null {
  let best: ChannelRecord | null = null;
  let bestRank = -1;
  for (const rec of channels) {
    if (!counts(rec)) continue;
    const device = channelDevice(rec);
    const rank = device === 'inUse' && rec.upAt !== null ? 3 : device === 'held' ? 2 : device === 'ringing' ? 1 : 0;
    const newer = best !== null && (rec.upAt ?? rec.created) > (best.upAt ?? best.created);
    if (rank > bestRank || (rank === bestRank && newer)) {
      best = rec;
      bestRank = rank;
    }
  }
  return best;
}

/** the other party of a call, seen from one of its extensions */
export function peerIn(call: CallRecord, number: string): string | null {
  if (number === call.caller) return call.receiver ?? (call.dialed || null);
  return call.caller || null;
}

export interface DerivedState {
  status: ExtStatus;
  callStart: number | null;
  peer: string | null;
  call: number | null;
  listening: SpyMode | null;
}

/** the mode of a supervisor's leg: a call whose spy is some other extension's (never the spied one's own) */
function listeningIn(call: CallRecord | undefined, number: string): SpyMode | null {
  return call?.spy && call.spy.number !== number ? call.spy.mode : null;
}

/** what an extension's live channels say */
export function deriveState(corp: CorpState, ext: ExtensionRecord, channels: readonly ChannelRecord[]): DerivedState {
  const status = statusFromChannels(channels, ext.registered);
  if (status === EXT_STATUS.online || status === EXT_STATUS.offline) return { status, callStart: null, peer: null, call: null, listening: null };
  let callStart: number | null = null;
  if (inCall(status)) {
    let earliestAnswer = Number.POSITIVE_INFINITY;
    let earliestDial = Number.POSITIVE_INFINITY;
    for (const rec of channels) {
      if (!counts(rec)) continue;
      if (answered(rec)) earliestAnswer = Math.min(earliestAnswer, rec.upAt ?? rec.created);
      else if (channelDevice(rec) === 'inUse') earliestDial = Math.min(earliestDial, rec.created);
    }
    const start = Number.isFinite(earliestAnswer) ? earliestAnswer : earliestDial;
    callStart = Number.isFinite(start) ? start : null;
  }
  const current = currentChannel(channels);
  const call = current && current.call !== null ? corp.calls.get(current.call) : undefined;
  const live = call && !call.ended ? call : undefined;
  return {
    status,
    callStart,
    peer: live ? peerIn(live, ext.number) : null,
    call: live ? live.key : null,
    listening: inCall(status) ? listeningIn(live, ext.number) : null,
  };
}

/** Applies what the channels say; `since` moves when the status changes. True when anything changed. */
export function applyDerived(ext: ExtensionRecord, derived: DerivedState, at: number): boolean {
  const changed = ext.status !== derived.status || ext.callStart !== derived.callStart || ext.peer !== derived.peer || ext.listening !== derived.listening;
  if (ext.status !== derived.status) ext.since = at;
  ext.status = derived.status;
  ext.callStart = derived.callStart;
  ext.peer = derived.peer;
  ext.call = derived.call;
  ext.listening = derived.listening;
  return changed;
}
