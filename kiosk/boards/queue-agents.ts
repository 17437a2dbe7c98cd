/**
 * Agents free / busy / offline per queue, from the live feed's extension actors (the registry runs the
 * extension machine for every extension; nothing runs it a second time). Read on the shared clock's
 * tick, like the Agents board's totals.
 */
import type { ExtStatus, LiveQueue } from '../../domain/realtime';
import { presenceOf, statusCode } from '../../machines/extension-machine';
import type { KioskLive } from '../live/kiosk-live';
import { useFloorReading } from '../live/use-floor-reading';

export interface AgentCounts {
  free: number;
  busy: number;
  offline: number;
}

/** Members unknown to the board count offline (as the queue stats stream counts them). */
export function countAgents(members: readonly string[], statusOf: (number: string) => ExtStatus | undefined): AgentCounts {
  const counts: AgentCounts = { free: 0, busy: 0, offline: 0 };
  for (const member of members) {
    const status = statusOf(member);
    counts[status === undefined ? 'offline' : presenceOf(status)] += 1;
  }
  return counts;
}

/** queueId → counts, the same object while no count changed. */
export function useQueueAgents(live: KioskLive, queues: readonly LiveQueue[]): ReadonlyMap<number, AgentCounts> {
  return useFloorReading(
    live,
    () => {
      const { extensions } = live.members.get();
      const statusOf = (n: string) => {
        const ref = extensions[n];
        return ref ? statusCode(ref.getSnapshot()) : undefined;
      };
      const value = new Map(queues.map((q) => [q.queueId, countAgents(q.members, statusOf)]));
      return { key: [...value].map(([id, c]) => `${id}:${c.free},${c.busy},${c.offline}`).join(';'), value };
    },
    [queues],
  );
}
