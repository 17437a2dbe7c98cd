/**
 * Holds the tab's one hub client and follows the session (no React here, so it is testable in node):
 * the client is created lazily when a user is signed in, disposed on sign-out or when another user
 * signs in, and asked for fresh snapshots when the working corp of a level 1 user changes.
 */
import type { HubClient } from './hub-client';

export interface HubSessionFacts {
  /** who is signed in (e.g. the user id); null when nobody is */
  userKey: string | null;
  /** the corp whose snapshots the screens need (level 1: the working corp, else the own corp) */
  corpId: number | null;
}

export interface HubHolder {
  /** the client, null while signed out */
  get(): HubClient | null;
  /** called whenever get() changes */
  subscribe(listener: () => void): () => void;
  update(facts: HubSessionFacts): void;
  /** disposes the client (sign-out, tests) */
  dispose(): Promise<void>;
}

/** `create` gets a corpId reader that always returns the latest corp of the session. */
export function createHubHolder(create: (corpId: () => number | null) => HubClient): HubHolder {
  let client: HubClient | null = null;
  let userKey: string | null = null;
  let corpId: number | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  function drop(): Promise<void> {
    const old = client;
    client = null;
    return old ? old.dispose() : Promise.resolve();
  }

  return {
    get: () => client,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(facts) {
      const corpChanged = facts.corpId !== corpId;
      corpId = facts.corpId;
      if (facts.userKey !== userKey) {
        userKey = facts.userKey;
        void drop();
        if (userKey !== null) client = create(() => corpId);
        notify();
        return; // a new client asks for its snapshots once connected
      }
      if (corpChanged) client?.requestSnapshots('requested');
    },
    dispose() {
      userKey = null;
      const done = drop();
      notify();
      return done;
    },
  };
}
