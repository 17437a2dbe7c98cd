/**
 * The live queues of the panel and the kiosk from hub pushes (B-PNL-07, B-PNL-19): AllQueues replaces the list,
 * CallerInQueue adds or updates a waiting caller, deleteCaller removes one. Pure; other corps ignored.
 */
import type { LiveQueue, QueueCaller } from '../domain/realtime';
import type { HubEvent } from './hub-events';

export function reduceQueues(queues: readonly LiveQueue[], event: HubEvent, corpId: number): readonly LiveQueue[] {
  if (event.payload.corpId !== corpId) return queues;
  switch (event.name) {
    case 'AllQueues':
      return event.payload.queues.filter((q) => q.corpId === corpId);
    case 'CallerInQueue': {
      const { ts: _ts, ...caller } = event.payload;
      return queues.map((q) =>
        q.queueId === caller.queueId ? { ...q, callers: [...q.callers.filter((c) => c.callId !== caller.callId), caller] } : q,
      );
    }
    case 'deleteCaller': {
      const { queueId, callId } = event.payload;
      return queues.map((q) => (q.queueId === queueId && q.callers.some((c) => c.callId === callId) ? { ...q, callers: q.callers.filter((c) => c.callId !== callId) } : q));
    }
    default:
      return queues;
  }
}

/** Every waiting caller of every queue, longest wait first (the kiosk's callers board). */
export function waitingCallers(queues: readonly LiveQueue[]): (QueueCaller & { queueName: string })[] {
  return queues.flatMap((q) => q.callers.map((c) => ({ ...c, queueName: q.name }))).sort((a, b) => a.since - b.since || a.queueId - b.queueId || a.position - b.position);
}
