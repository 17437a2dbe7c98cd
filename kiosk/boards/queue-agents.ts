/**
 * Agents free / busy / offline per queue, from the live feed's extension actors (the registry runs the
 * extension machine for every extension; nothing runs it a second time). Read on the shared clock's
 * tick, like the Agents board's totals.
 */
import { pausedIn } from '../../domain/agents';
import type { LiveQueue } from '../../domain/realtime';
import { presenceOf, statusCode } from '../../machines/extension-machine';
import type { MemberReading } from './queue-forecast';
import type { KioskLive } from '../live/kiosk-live';
import { useFloorReading } from '../live/use-floor-reading';

export interface AgentCounts {
  free: number;
  busy: number;
  offline: number;
}

/**
 * Members unknown to the board count offline (as the queue stats stream counts them). "Free" is what a
 * supervisor reads as "can take this queue's next caller": an idle phone whose agent is not in wrap-up,
 * not on do-not-disturb and not paused in this queue (app_queue offers such an agent none of its callers,
 * the same rule as the forecast's, queue-forecast.ts); those count busy. Unlike the forecast, a ringing
 * phone counts busy here: on the tile it is an agent already being offered a call.
 */
export function countAgents(queueId: number, members: readonly string[], read: (number: string) => MemberReading | undefined, now: number): AgentCounts {
  const counts: AgentCounts = { free: 0, busy: 0, offline: 0 };
  for (const member of members) {
    const m = read(member);
    const presence = m === undefined ? 'offline' : presenceOf(m.status);
    const resting = m !== undefined && (m.agent.dndSince !== null || pausedIn(m.agent, queueId) || (m.agent.wrapUp !== null && now < m.agent.wrapUp.until));
    counts[presence === 'free' && resting ? 'busy' : presence] += 1;
  }
  return counts;
}

/** queueId → counts, the same object while no count changed. */
export function useQueueAgents(live: KioskLive, queues: readonly LiveQueue[]): ReadonlyMap<number, AgentCounts> {
  return useFloorReading(
    live,
    () => {
      const { extensions } = live.members.get();
      const now = live.now();
      const read = (n: string): MemberReading | undefined => {
        const snapshot = extensions[n]?.getSnapshot();
        return snapshot ? { status: statusCode(snapshot), agent: snapshot.context.agent } : undefined;
      };
      const value = new Map(queues.map((q) => [q.queueId, countAgents(q.queueId, q.members, read, now)]));
      return { key: [...value].map(([id, c]) => `${id}:${c.free},${c.busy},${c.offline}`).join(';'), value };
    },
    [queues],
  );
}
