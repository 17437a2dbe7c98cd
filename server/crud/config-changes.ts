/**
 * Every successful configuration write of the write pipeline (server/crud/pipeline.ts), for what
 * follows the configuration as a whole rather than one resource: the generated Asterisk dialplan
 * (server/asterisk/dialplan-sync.ts) reads extensions, queues, trunks, IVRs, time conditions, follow-me
 * and speed dials, and schedules a rewrite on any change. A binding's own `onChange` stays for what is
 * special to its resource (the live directory reloads on extension, queue, user and corp writes).
 */
export interface ConfigChange {
  /** the resource's registry name (e.g. `ivr`, `timeCondition`) */
  resource: string;
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
