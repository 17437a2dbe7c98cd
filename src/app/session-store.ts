import { STORAGE_KEYS } from '../../domain/constants';
import type { LoginResponse } from '../../domain/auth';

/** Browser storage of the session (A-SES-01): token and expiry in localStorage. */
export { STORAGE_KEYS } from '../../domain/constants';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoredSession {
  token: string;
  expiration: string;
}

/** Both token and expiry must exist for a session to be resumed (A-SES-02). */
export function readSession(store: KeyValueStore): StoredSession | null {
  const token = store.getItem(STORAGE_KEYS.token);
  const expiration = store.getItem(STORAGE_KEYS.expiration);
  return token && expiration ? { token, expiration } : null;
}

export function writeSession(store: KeyValueStore, session: LoginResponse): void {
  store.setItem(STORAGE_KEYS.token, session.token);
  store.setItem(STORAGE_KEYS.expiration, session.expiration);
}

/** Sign-out removes token and expiry and clears the web phone flag (A-SES-04). */
export function clearSession(store: KeyValueStore): void {
  store.removeItem(STORAGE_KEYS.token);
  store.removeItem(STORAGE_KEYS.expiration);
  store.removeItem(STORAGE_KEYS.webphone);
}

/**
 * When to refresh the token: two minutes before it expires, never sooner than 5 s from now and
 * never later than a day (setTimeout's range). Null when the expiry is unreadable.
 */
export function refreshDelayMs(expiration: string, now: number): number | null {
  const at = Date.parse(expiration);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(at - now - 120_000, 5_000), 86_400_000);
}

export interface PeriodicRefreshOptions {
  periodMs: number;
  /** asks for a new token (POST /refresh) */
  refresh: () => Promise<LoginResponse>;
  store: KeyValueStore;
  /** a failed refresh (a 401 has already signed out through the API client) */
  onError: (error: unknown) => void;
}

/**
 * B-PNL-27: while a screen is open its token is refreshed every `periodMs`, and once more when it
 * closes. Returns the stop, which does that last refresh.
 */
export function startPeriodicRefresh({ periodMs, refresh, store, onError }: PeriodicRefreshOptions): () => void {
  const once = () => {
    refresh()
      .then((next) => writeSession(store, next))
      .catch(onError);
  };
  const timer = setInterval(once, periodMs);
  return () => {
    clearInterval(timer);
    if (readSession(store)) once();
  };
}
