/**
 * React binding of the tab's one hub client. `HubClientProvider` takes the session facts as props;
 * src/app/session-hub.tsx's `HubProvider` feeds it from the session (the transport knows no session). The client
 * lives in a holder outside React, so a remount or StrictMode's second effect reuses it: one
 * connection per tab, created when a user signs in, disposed on sign-out.
 */
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../domain/constants';
import { createHubClient, type HubClient, type HubState } from './hub-client';
import { createHubHolder, type HubHolder } from './hub-holder';
import { signalrConnection } from './signalr-connection';

let tabHolder: HubHolder | null = null;

/** The holder of this tab (created on first use; it creates no connection by itself). */
export function tabHubHolder(): HubHolder {
  tabHolder ??= createHubHolder((corpId) =>
    createHubClient({
      accessToken: () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.token)),
      corpId,
      connect: signalrConnection(),
    }),
  );
  return tabHolder;
}

const HubContext = createContext<HubHolder | null>(null);

export interface HubClientProviderProps {
  /** who is signed in (null: nobody, no connection) */
  userKey: string | null;
  /** the corp whose snapshots are asked for */
  corpId: number | null;
  /** default: the tab's holder */
  holder?: HubHolder;
  children: ReactNode;
}

export function HubClientProvider({ userKey, corpId, holder, children }: HubClientProviderProps) {
  const current = holder ?? tabHubHolder();
  useEffect(() => {
    current.update({ userKey, corpId });
  }, [current, userKey, corpId]);
  return <HubContext.Provider value={current}>{children}</HubContext.Provider>;
}

/** The hub client, null while nobody is signed in. Throws outside a provider. */
export function useHub(): HubClient | null {
  const holder = useContext(HubContext);
  if (!holder) throw new Error('useHub outside HubProvider');
  return useSyncExternalStore(holder.subscribe, holder.get, holder.get);
}

/** The connection state; 'disconnected' while there is no client. */
export function useHubState(): HubState {
  const client = useHub();
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!client) return () => undefined;
      const subscription = client.state$.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [client],
  );
  const snapshot = (): HubState => client?.state ?? 'disconnected';
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
