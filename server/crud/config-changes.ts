/**
 * Every successful configuration write of the write pipeline (server/crud/pipeline.ts), for what
 * follows the configuration as a whole rather than one resource: the generated Asterisk dialplan
 * (server/asterisk/dialplan-sync.ts) reads extensions, queues, trunks, IVRs, time conditions, follow-me
 * and speed dials, and schedules a rewrite on any change; the live directory reloads on a change of a
 * table it reads (server/live/directory-follow.ts). A binding's own `onChange` stays for what is special
 * to its resource.
 */
export interface ConfigChange {
  /** the resource's registry name (e.g. `ivr`, `timeCondition`) */
  resource: string;
  /**
   * the SQL name of the resource's table (e.g. `ivr`, `time_condition`): the live directory reloads on a
   * change of a table it reads (server/live/directory.ts DIRECTORY_TABLES); rows a write keeps beside its
   * own (queue members, time options) are in tables of their own that the parent's change stands for
   */
  table: string;
  mode: 'create' | 'update' | 'delete';
  /** the row's id (0 for a bulk import) */
  id: number;
}

export interface ConfigChanges {
  emit(change: ConfigChange): void;
  /** calls `listener` after every write; returns the unsubscribe */
  subscribe(listener: (change: ConfigChange) => void): () => void;
}

export function createConfigChanges(onListenerError: (error: unknown) => void): ConfigChanges {
  const listeners = new Set<(change: ConfigChange) => void>();
  return {
    emit(change) {
      for (const listener of listeners) {
        // a listener's failure is its own: the write that caused it has succeeded
        try {
          listener(change);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
