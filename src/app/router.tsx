import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { DEFAULT_CORP } from '../../domain/constants';
import { MeetingsPopup } from '../features/calendar/meetings-popup';
import { FleetAlerts } from '../features/kiosk-screens/fleet-alerts';
import { HubProvider } from './session-hub';
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

/** The web phone pop-up (B-WP-03): its own lazy chunk with the SIP library, outside the shell. */
const WebphonePopup = lazy(() => import('../features/webphone/webphone-popup'));
/** Where a room's or meeting's link lands without a meeting site (E-ROOM-18, E-CAL-22). */
const MeetingLinkPage = lazy(() => import('../features/rooms/meeting-link-page'));

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
    // the web phone pop-up has no shell, no session provider and no hub connection of its own: the API
    // client reads the token the main window left in storage, and the server checks everything (B-WP-01..03)
    {
      path: '/:corp/:lang/webphone/phone',
      element: (
        <Suspense fallback={<FullPageSpinner />}>
          <WebphonePopup />
        </Suspense>
      ),
    },
    // room links `{corpId}/{softwareId}/2/{name}` and meeting links `{softwareId}/{corpId}/1/{name}` under
    // this origin (the system parameter meetinghost empty): their static segment outranks `/:corp/:lang/*`
    ...(['room', 'meeting'] as const).map((kind) => ({
      path: `/:first/:second/${kind === 'room' ? 2 : 1}/:name`,
      element: (
        <Suspense fallback={<FullPageSpinner />}>
          <MeetingLinkPage kind={kind} />
        </Suspense>
      ),
    })),
    {
      element: <Root />,
      children: [
        { path: '/', element: <Navigate to={`/login/${DEFAULT_CORP}`} replace /> },
        { path: '/login/:corp?', element: <LoginPage /> },
        {
          path: '/:corp/:lang',
          element: (
            <RequireSession>
              <ShellLayout meetings={(user) => <MeetingsPopup user={user} />} alerts={<FleetAlerts />} />
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
