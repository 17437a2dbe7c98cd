import type { ReactNode } from 'react';
import { HubClientProvider, type HubHolder } from '../hub';
import { useSession } from './session';

/**
 * Follows the session: signed in → one client (level 1: snapshots of the working corp); signed out → none.
 * Mount it inside SessionProvider. It lives in app/ because the hub transport may not import the session (issue 24).
 */
export function HubProvider({ holder, children }: { holder?: HubHolder; children: ReactNode }) {
  const { status, user, workingCorp } = useSession();
  const userKey = status === 'signedIn' && user ? `${user.corpId}:${user.id}` : null;
  const corpId = user ? (workingCorp?.id ?? user.corpId) : null;
  return (
    <HubClientProvider userKey={userKey} corpId={corpId} holder={holder}>
      {children}
    </HubClientProvider>
  );
}
