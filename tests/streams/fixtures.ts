import { TestScheduler } from 'rxjs/testing';
import { expect } from 'vitest';
import { EXT_STATUS, type ActiveCall, type ExtStatus, type HubPushes, type LiveExtension, type LiveQueue, type PbxState, type QueueCaller } from '../../domain';
import type { HubEvent } from '../../streams/hub-events';
import type { QueueStats } from '../../streams/queue-stats';

export const CORP = 7;
export const OTHER = 8;

export const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

export function ext(number: string, status: ExtStatus = EXT_STATUS.online, over: Partial<LiveExtension> = {}): LiveExtension {
  return { corpId: CORP, number, userName: `user ${number}`, status, since: 0, callStart: null, peer: null, ...over };
}

export function queue(queueId: number, over: Partial<LiveQueue> = {}): LiveQueue {
  return {
    corpId: CORP,
    queueId,
    name: `queue ${queueId}`,
    strategy: 'ringall',
    members: [],
    answered: 0,
    abandoned: 0,
    answeredWithinSl: 0,
    serviceLevelSec: 60,
    wrapupSec: 0,
    callers: [],
    ...over,
  };
}

export function caller(callId: string, since: number, over: Partial<QueueCaller> = {}): QueueCaller {
  return { corpId: CORP, queueId: 1, callId, caller: '5551000', trunkNumber: '4000', position: 1, since, ...over };
}

export function call(callId: string, time: number, over: Partial<ActiveCall> = {}): ActiveCall {
  return { corpId: CORP, callId, time, profile: 'entrante', caller: '5551000', destination: '201', dialed: '201', receiver: '201', trunk: '4000', ...over };
}

type Payload<K extends keyof HubPushes> = HubPushes[K];
const push = <K extends keyof HubPushes>(name: K, payload: Payload<K>) => ({ name, payload }) as HubEvent;

export const hub = {
  allExtensions: (extensions: LiveExtension[], ts = 0, corpId = CORP) => push('AllExtensions', { corpId, extensions, ts }),
  allQueues: (queues: LiveQueue[], ts = 0, corpId = CORP) => push('AllQueues', { corpId, queues, ts }),
  activeCalls: (calls: ActiveCall[], ts = 0, corpId = CORP) => push('ActiveCalls', { corpId, calls, ts }),
  ringing: (callId: string, caller: string, receiver: string, ts = 0, corpId = CORP) => push('Ringing', { corpId, callId, caller, receiver, ts }),
  connected: (callId: string, caller: string, receiver: string, ts = 0, corpId = CORP) =>
    push('CallConnected', { corpId, callId, caller, receiver, ts }),
  device: (number: string, status: ExtStatus, ts = 0, corpId = CORP) => push('DeviceStateChanged', { corpId, number, status, ts }),
  hangup: (callId: string, caller: string, receiver: string, ts = 0, duration = 10, corpId = CORP) =>
    push('Hangup', { corpId, callId, caller, receiver, cause: 16, duration, ts }),
  joined: (c: QueueCaller, ts = c.since) => push('CallerInQueue', { ...c, ts }),
  left: (queueId: number, callId: string, reason: 'answered' | 'abandoned' | 'timeout', waitedMs: number, ts = 0, corpId = CORP) =>
    push('deleteCaller', { corpId, queueId, callId, reason, waitedMs, ts }),
  pbx: (state: PbxState, ts = 0, corpId = CORP) => push('PbxStatus', { corpId, state, since: ts, ts }),
};

/** A queue's aggregates with nothing counted yet (override what a test needs). */
export function queueStatsRow(over: Partial<QueueStats> = {}): QueueStats {
  return {
    corpId: CORP,
    queueId: 1,
    name: 'queue 1',
    waiting: 0,
    longestWaitMs: 0,
    answered: 0,
    abandoned: 0,
    answeredWithinSl: 0,
    serviceLevelSec: 60,
    serviceLevelPct: null,
    ...over,
  };
}
