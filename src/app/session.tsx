import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { LoginResponse, MyUser } from '../../domain/auth';
import { isLanguage } from '../../domain/constants';
import { LEVEL } from '../../domain/levels';
import { myUserKey, myUserQuery, refreshToken } from '../api/auth';
import { configureClient } from '../api/client';
import { currentLanguage, setLanguage } from './i18n';
import { corpOfPath, loginPathFor } from './login-redirect';
import { clearSession, readSession, refreshDelayMs, writeSession } from './session-store';
import { applyTheme } from './theme';
import { readWorkingCorpCookie, writeWorkingCorpCookie, type WorkingCorp } from './working-corp';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionValue {
  status: SessionStatus;
  user: MyUser | null;
  /** the level 1 working corp (A-SES-07), null for everyone else */
  workingCorp: WorkingCorp | null;
  signIn: (session: LoginResponse) => Promise<MyUser>;
  signOut: () => void;
  selectWorkingCorp: (corp: WorkingCorp | null) => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in user; only for screens behind RequireSession. */
export function useUser(): MyUser {
  const { user } = useSession();
  if (!user) throw new Error('useUser without a signed-in user');
  return user;
}

/** The cache scope of resource queries: the working corp of a level 1 user. */
export function useScope(): number | null {
  return useSession().workingCorp?.id ?? null;
}

/**
 * The session (A-SES-01..08): token and expiry in localStorage; on load the user is fetched when
 * both exist, otherwise the user is signed out; any failure fetching the user signs out.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [hasToken, setHasToken] = useState(() => readSession(localStorage) !== null);
  const [corp, setCorp] = useState<WorkingCorp | null>(() => readWorkingCorpCookie());
  const [refreshTick, setRefreshTick] = useState(0);
  const me = useQuery({ ...myUserQuery(), enabled: hasToken });
  const user = hasToken && me.data ? me.data : null;
  const workingCorp = user?.level === LEVEL.supervisor ? corp : null;

  const signOut = useCallback(() => {
    clearSession(localStorage);
    setHasToken(false);
    queryClient.clear();
    navigate(loginPathFor(window.location.pathname), { replace: true });
  }, [navigate, queryClient]);

  // the API client reads the token itself; it needs the working corp and a way to sign out
  const latest = useRef({ workingCorp, signOut });
  useEffect(() => {
    latest.current = { workingCorp, signOut };
  });
  useEffect(() => {
    configureClient({
      workingCorp: () => latest.current.workingCorp?.id ?? null,
      onUnauthorized: () => {
        if (readSession(localStorage)) latest.current.signOut();
      },
    });
  }, []);

  // A-SES-03: any failure fetching the user signs out
  useEffect(() => {
    if (hasToken && me.isError) signOut();
  }, [hasToken, me.isError, signOut]);

  // the saved theme and language of the user win once signed in (A-THM, A-I18N)
  useEffect(() => {
    if (!user) return;
    applyTheme(user.theme === 1 ? 1 : 0);
    if (user.lang && isLanguage(user.lang) && user.lang !== currentLanguage()) setLanguage(user.lang);
  }, [user]);

  // refresh the token in the background before it expires
  useEffect(() => {
    if (!user) return;
    const stored = readSession(localStorage);
    if (!stored) return;
    const delay = refreshDelayMs(stored.expiration, Date.now());
    if (delay === null) return;
    const timer = window.setTimeout(() => {
      refreshToken()
        .then((next) => {
          writeSession(localStorage, next);
          setRefreshTick((n) => n + 1);
        })
        .catch(() => {
          // a 401 already signed out; try again later on anything else
          window.setTimeout(() => setRefreshTick((n) => n + 1), 60_000);
        });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [user, refreshTick]);

  const signIn = useCallback(
    async (session: LoginResponse) => {
      writeSession(localStorage, session);
      queryClient.removeQueries({ queryKey: myUserKey });
      try {
        const fetched = await queryClient.fetchQuery(myUserQuery());
        setHasToken(true);
        return fetched;
      } catch (error) {
        clearSession(localStorage);
        throw error;
      }
    },
    [queryClient],
  );

  const selectWorkingCorp = useCallback(
    (next: WorkingCorp | null) => {
      writeWorkingCorpCookie(next);
      setCorp(next);
      void queryClient.invalidateQueries();
      navigate(`/${corpOfPath(window.location.pathname)}/${currentLanguage()}/home`);
    },
    [navigate, queryClient],
  );

  const status: SessionStatus = !hasToken ? 'signedOut' : user ? 'signedIn' : 'loading';
  const value = useMemo<SessionValue>(
    () => ({ status, user, workingCorp, signIn, signOut, selectWorkingCorp }),
    [status, user, workingCorp, signIn, signOut, selectWorkingCorp],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
