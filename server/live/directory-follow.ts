/**
 * The live directory follows the configuration (J-ONE-03): every write of the write pipeline emits a
 * change (ctx.configChanges) naming its table; a change of a table the directory reads (DIRECTORY_TABLES)
 * asks for a reload, whatever the resource (IVRs, polls and their questions as much as extensions and
 * queues). On every instance: `reload` is the live operations' one, which a replica forwards to the
 * leader (live-ops.ts), so a write taken by a replica reaches the leader's directory and simulator.
 */
import type { ConfigChange, ConfigChanges } from '../crud/config-changes';
import { DIRECTORY_TABLE_NAMES } from './directory';

/** whether the live directory reads what this change wrote */
export const directoryReads = (change: Pick<ConfigChange, 'table'>): boolean => DIRECTORY_TABLE_NAMES.has(change.table);

/** subscribes `reload` to the changes of the directory's tables; returns the unsubscribe */
export function followDirectoryChanges(changes: ConfigChanges, reload: () => Promise<void>, warn: (msg: string, data?: Record<string, unknown>) => void): () => void {
  return changes.subscribe((change) => {
    if (!directoryReads(change)) return;
    reload().catch((error: unknown) => warn('live: the directory did not reload after a configuration change', { resource: change.resource, error: String(error) }));
  });
}
