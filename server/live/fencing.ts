/**
 * Fencing (I-INST-08): a PBX command acts only while this instance holds the leader lock, checked
 * right before the command. A leader paused longer than the lock's life (SIGSTOP, a frozen VM, a long
 * collection) wakes up believing it leads until its next renewal; meanwhile another instance took the
 * lock. Every command of the adapter therefore asks the cluster first (Cluster.fence: the lock's
 * remaining life by this clock, then the holder as Redis has it) and is refused with NotLeaderError
 * when the lock is gone. Reads (snapshot, queue members, the event streams) pass through.
 */
import type { PbxAdapter } from '../pbx';

/** the adapter's methods that change something on the PBX */
const COMMANDS = new Set<keyof PbxAdapter>(['hangup', 'originate', 'dialOut', 'addQueueMember', 'removeQueueMember', 'pauseMember', 'spy', 'record', 'redirect', 'consult', 'completeTransfer']);

/**
 * The adapter with every command behind `fence` (which throws when this instance no longer leads).
 * A Proxy, so what an adapter has besides the interface (the ARI adapter's app name and stats) stays.
 */
export function fencedAdapter<A extends PbxAdapter>(adapter: A, fence: () => Promise<void>): A {
  return new Proxy(adapter, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || !COMMANDS.has(prop as keyof PbxAdapter)) return value;
      const command = value as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        await fence();
        return command.apply(target, args);
      };
    },
  });
}
