/**
 * Ending a session on every instance (I-INST-05). A password change, a user disabled or deleted, a
 * kiosk screen revoked or rotated: the instance that wrote it calls `end(principalId)`, the backplane
 * carries it to every instance (this one at once, the others through Redis), and each checks its own
 * connections of that principal against the database (sessionStillValid): those whose grant no longer
 * stands are closed with a Close without reconnect. Checking rather than closing blindly means the
 * echo of a message, or a connection opened meanwhile with a fresh token, is left alone.
 */
import type { Backplane, HubLogger, HubPrincipal, HubServer } from '../hub';

export interface SessionEnder {
  /** every instance checks this principal's connections (user id, or minus a kiosk screen's id) */
  end(principalId: number, reason: string): void;
  /** resolves once the checks started so far are done (tests) */
  settled(): Promise<void>;
  stop(): void;
}

export interface SessionEnderOptions {
  hub: Pick<HubServer, 'connectionsOf' | 'closeConnection'>;
  backplane: Pick<Backplane, 'endSessions' | 'subscribe'>;
  stillValid(principalId: number, session: string): Promise<boolean>;
  log: HubLogger;
}

export function createSessionEnder(o: SessionEnderOptions): SessionEnder {
  let running: Promise<void> = Promise.resolve();

  async function check(principalId: number, reason: string): Promise<void> {
    const connections = o.hub.connectionsOf(principalId);
    if (connections.length === 0) return;
    // one read per grant: a user's tabs usually share one
    const bySession = new Map<string | undefined, string[]>();
    for (const { connectionId, principal } of connections) {
      const key = (principal as HubPrincipal).session;
      bySession.set(key, [...(bySession.get(key) ?? []), connectionId]);
    }
    let closed = 0;
    for (const [session, ids] of bySession) {
      // a connection that carries no grant cannot be checked: the session's end closes it
      if (session !== undefined && (await o.stillValid(principalId, session))) continue;
      for (const id of ids) if (o.hub.closeConnection(id, reason, false)) closed++;
    }
    if (closed > 0) o.log.info?.('hub: ended sessions closed', { principalId, closed, reason });
  }

  const unsubscribe = o.backplane.subscribe((event) => {
    if (event.kind !== 'sessions') return;
    const done = check(event.principalId, event.reason).catch((error: unknown) =>
      o.log.warn('hub: checking ended sessions failed', { principalId: event.principalId, error: String(error) }),
    );
    running = running.then(() => done);
  });

  return {
    end: (principalId, reason) => o.backplane.endSessions(principalId, reason),
    settled: () => running,
    stop: unsubscribe,
  };
}
