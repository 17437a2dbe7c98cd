/**
 * The active calls list (spec 1 §2 "Active calls", B-ACT-05/06, B-PNL-23):
 * `(events$, {corpId}) => Observable<ActiveCall[]>`.
 *
 * - An ActiveCalls snapshot replaces the list (authoritative: profile, trunk, dialed come from it).
 * - Ringing and CallConnected add a call the list does not hold yet, as a provisional row built from the
 *   push (profile 'internal', destination and dialed = receiver, no trunk) until the next snapshot
 *   brings the real one; a call already listed is left as it is.
 * - Hangup removes the call.
 * - Calls are de-duplicated by domain `callKey` (B-ACT-06: the part of the call id before the first dot,
 *   except for Asterisk ids, whose part before the dot is only the second the call began; see callKey):
 *   of two legs of one call the earliest (by time, then call id) stays.
 * - Newest first. Only the four pushes above are read; ends with distinctUntilChanged(deepEqual).
 */
import { Observable, distinctUntilChanged, filter, map, scan } from 'rxjs';
import { callKey, type ActiveCall } from '../domain/realtime';
import { deepEqual } from './deep-equal';
import { isPush, ofCorp, type HubEvent } from './hub-events';

const earlier = (a: ActiveCall, b: ActiveCall) => a.time < b.time || (a.time === b.time && a.callId < b.callId);

/** One row per call key, the earliest leg kept. */
export function dedupeCalls(calls: readonly ActiveCall[]): Record<string, ActiveCall> {
  const byKey: Record<string, ActiveCall> = {};
  for (const call of calls) {
    const key = callKey(call.callId);
    const held = byKey[key];
    if (!held || earlier(call, held)) byKey[key] = call;
  }
  return byKey;
}

/** Newest first; ties by call id, so the order is stable. */
export function sortCalls(byKey: Record<string, ActiveCall>): ActiveCall[] {
  return Object.values(byKey).sort((a, b) => b.time - a.time || (a.callId < b.callId ? -1 : a.callId > b.callId ? 1 : 0));
}

export function activeCalls(events$: Observable<HubEvent>, options: { corpId: number }): Observable<ActiveCall[]> {
  return events$.pipe(
    filter(ofCorp(options.corpId)),
    filter(isPush('ActiveCalls', 'Ringing', 'CallConnected', 'Hangup')),
    scan((byKey: Record<string, ActiveCall>, event): Record<string, ActiveCall> => {
      switch (event.name) {
        case 'ActiveCalls':
          return dedupeCalls(event.payload.calls.filter((c) => c.corpId === options.corpId));
        case 'Ringing':
        case 'CallConnected': {
          const { corpId, callId, caller, receiver, ts } = event.payload;
          const key = callKey(callId);
          if (byKey[key]) return byKey;
          const provisional: ActiveCall = { corpId, callId, time: ts, profile: 'internal', caller, destination: receiver, dialed: receiver, receiver, trunk: null };
          return { ...byKey, [key]: provisional };
        }
        case 'Hangup': {
          const key = callKey(event.payload.callId);
          if (!byKey[key]) return byKey;
          const { [key]: _ended, ...rest } = byKey;
          return rest;
        }
      }
    }, {}),
    map(sortCalls),
    distinctUntilChanged(deepEqual),
  );
}
