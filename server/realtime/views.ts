/**
 * The live state as the hub contract shapes it (domain/realtime.ts): what the snapshot pushes and the
 * LiveSource reads carry. Pure reads of the state.
 */
import { callKey, NO_AGENT_STATE, type ActiveCall, type CallProfile, type LiveChannel, type LiveContact, type LiveExtension, type LiveQueue } from '../../domain';
import { toLiveExtension } from './extension-status';
import type { CallRecord, CorpState } from './state';

export function extensionsView(corp: CorpState | undefined): LiveExtension[] {
  if (!corp) return [];
  return [...corp.exts.values()].map((e) => ({ ...toLiveExtension(e), agent: corp.agents.get(e.number)?.shown ?? NO_AGENT_STATE }));
}

export function channelsView(corp: CorpState | undefined): LiveChannel[] {
  if (!corp) return [];
  return [...corp.channels.values()].map((c) => ({
    id: c.id,
    corpId: c.corpId,
    name: c.name,
    state: c.state,
    callerNumber: c.callerNumber,
    connectedNumber: c.connectedNumber,
    extension: c.isExt ? c.number : null,
    created: c.created,
  }));
}

export function contactsView(corp: CorpState | undefined): LiveContact[] {
  return corp ? [...corp.contacts.values()].map((c) => ({ ...c })) : [];
}

export function queuesView(corp: CorpState | undefined): LiveQueue[] {
  if (!corp) return [];
  return [...corp.queues.values()].map((q) => ({
    corpId: corp.corpId,
    queueId: q.cfg.queueId,
    name: q.cfg.name,
    strategy: q.cfg.strategy,
    members: [...q.cfg.members],
    answered: q.answered,
    abandoned: q.abandoned,
    answeredWithinSl: q.answeredWithinSl,
    serviceLevelSec: q.cfg.serviceLevelSec,
    wrapupSec: q.cfg.wrapupSec ?? 0,
    callers: [...q.callers.values()].map((c) => ({ ...c })),
  }));
}

function activeCall(corp: CorpState, call: CallRecord): ActiveCall {
  const profile: CallProfile = call.inbound ? 'entrante' : call.trunk !== null ? 'saliente' : 'internal';
  return {
    corpId: corp.corpId,
    callId: call.id,
    time: call.time,
    profile,
    caller: call.caller,
    destination: call.queueName ?? call.dialed,
    dialed: call.dialed,
    receiver: call.receiver ?? call.dialed,
    trunk: call.trunk,
    // only on a call someone listens to, so the rows of every other call stay as they were
    ...(call.spy ? { spy: { ...call.spy } } : {}),
    ...(call.recording ? { recording: true } : {}),
  };
}

/**
 * The calls in progress, newest first (B-ACT-05), one row per call key (B-ACT-06, domain callKey: an
 * Asterisk linkedid is its own key, so calls that began in the same second stay apart); of two records
 * with one key (a channel that called again after its call ended) the earliest stays.
 */
export function activeCallsView(corp: CorpState | undefined): ActiveCall[] {
  if (!corp) return [];
  const byKey = new Map<string, ActiveCall>();
  for (const call of corp.calls.values()) {
    if (call.ended) continue;
    const row = activeCall(corp, call);
    const key = callKey(row.callId);
    const held = byKey.get(key);
    if (!held || row.time < held.time || (row.time === held.time && row.callId < held.callId)) byKey.set(key, row);
  }
  return [...byKey.values()].sort((a, b) => b.time - a.time || (a.callId < b.callId ? -1 : a.callId > b.callId ? 1 : 0));
}
