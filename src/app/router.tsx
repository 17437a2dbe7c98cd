import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { DEFAULT_CORP } from '../../domain/constants';
import { HubProvider } from '../hub';
import { Spinner } from '../ui/spinner';
import { checkGuard } from './guards';
import LoginPage from './login/login-page';
import { loginPathFor } from './login-redirect';
import { aliasTarget, findEntry, NAVIGATION, type NavEntry } from './navigation';
import { ForbiddenPage } from './pages/forbidden-page';
import NotFoundPage from './pages/not-found-page';
import { usePaths } from './paths';
import { SCREENS } from './screens';
import { SessionProvider, useSession } from './session';
import { ShellLayout } from './shell/layout';

function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full items-center justify-center">
      <Spinner className="size-7 text-primary" label={t('common.loading')} />
    </div>
  );
}

/** Routes under /:corp/:lang need a token (A-RTE-02): without one, the login page of the url's corp. */
function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'signedOut') return <Navigate to={loginPathFor(location.pathname)} replace />;
  if (status === 'loading') return <FullPageSpinner />;
  return <>{children}</>;
}

/** Opens a screen when its guard allows (A-RTE-09..16), redirects when the guard says so. */
function GuardedScreen({ entry }: { entry: NavEntry }) {
  const { user } = useSession();
  const paths = usePaths();
  const result = checkGuard(entry.guard, user);
  if (!result.allow) {
    const target = result.redirectTo ? findEntry(result.redirectTo) : undefined;
    if (target?.path) return <Navigate to={paths.toEntry(target.key)} replace />;
    return <ForbiddenPage />;
  }
  const Screen = SCREENS[entry.screen];
  return <Screen entry={entry} />;
}

function Root() {
  return (
    <SessionProvider>
      {/* the tab's one hub connection follows the session: opened on sign-in, closed on sign-out */}
      <HubProvider>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </HubProvider>
    </SessionProvider>
  );
}

/** The route table, derived from NAVIGATION (A-RTE). */
export function buildRoutes(): RouteObject[] {
  const screens: RouteObject[] = NAVIGATION.filter((e) => e.path).map((entry) => ({
    path: entry.path,
    handle: { navKey: entry.key },
    element: <GuardedScreen key={entry.key} entry={entry} />,
  }));
  const aliases: RouteObject[] = NAVIGATION.flatMap((entry) =>
    (entry.aliases ?? []).map((alias) => ({ path: alias, element: <Navigate to={aliasTarget(alias, entry.path!)} relative="path" replace /> })),
  );
  return [
    {
      element: <Root />,
      children: [
        { path: '/', element: <Navigate to={`/login/${DEFAULT_CORP}`} replace /> },
        { path: '/login/:corp?', element: <LoginPage /> },
        {
          path: '/:corp/:lang',
          element: (
            <RequireSession>
              <ShellLayout />
            </RequireSession>
          ),
          children: [
            { index: true, element: <Navigate to="home" replace /> },
            ...screens,
            ...aliases,
            { path: '*', handle: { navKey: 'notFound' }, element: <NotFoundPage /> },
          ],
        },
        {
          path: '*',
          element: (
            <RequireSession>
              <div className="p-6">
                <NotFoundPage />
              </div>
            </RequireSession>
          ),
        },
      ],
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}
