import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate, useParams } from 'react-router';
import type { MyUser } from '../../../domain/auth';
import { isLanguage } from '../../../domain/constants';
import { LEVEL } from '../../../domain/levels';
import { lookAndFeelQuery } from '../../api/look-and-feel';
import { paramsQuery } from '../../api/system';
import { Spinner } from '../../ui/spinner';
import { applyBrand, DEFAULT_TITLE } from '../brand';
import { withLanguage } from '../login-redirect';
import { buildMenu } from '../menu';
import { findEntry } from '../navigation';
import { usePaths } from '../paths';
import { useSession, useUser } from '../session';
import { STORAGE_KEYS } from '../session-store';
import { MonitorNav } from './monitor-nav';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

export interface RouteHandle {
  navKey: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).navKey === 'string';
}

function initialCollapsed(): boolean {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.menuCollapsed);
    if (stored !== null) return stored === '1';
  } catch {
    // fall through to the screen width
  }
  return window.innerWidth < 768;
}

/**
 * What the frame shows of the features. The router, which may import features, hands them in: the shell
 * itself imports none (issue 24), so a feature can use app/ without a cycle through the shell.
 */
export interface ShellParts {
  /** the top bar's Meetings popup of this user (E-MEET-01) */
  meetings?: (user: MyUser) => ReactNode;
  /** alerts said on every screen (H-FLEET-02) */
  alerts?: ReactNode;
}

/** The signed-in frame: side menu, top bar, the page (A-MENU, A-TOP). */
export function ShellLayout({ meetings, alerts }: ShellParts) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const { workingCorp, selectWorkingCorp } = useSession();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const paths = usePaths();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';

  const parameters = useQuery(paramsQuery());
  const lookAndFeel = useQuery(lookAndFeelQuery(workingCorp?.id ?? null));

  // the corp's look and feel drives the menu and brand tokens, the tab title and the favicon
  useEffect(() => {
    applyBrand(lookAndFeel.data ?? null);
    if (lookAndFeel.data?.tabName) localStorage.setItem(STORAGE_KEYS.tabName, lookAndFeel.data.tabName);
  }, [lookAndFeel.data]);

  // the lang segment of the address always shows the interface language (A-RTE-01)
  useEffect(() => {
    if (params.lang !== lang) navigate(withLanguage(location.pathname, lang) + location.search, { replace: true, state: location.state });
  }, [params.lang, lang, location.pathname, location.search, location.state, navigate]);

  const menu = useMemo(() => buildMenu({ user, params: parameters.data ?? {}, workingCorp }), [user, parameters.data, workingCorp]);
  const showMenu = user.level !== LEVEL.monitor && menu.length > 0;
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const toggle = () =>
    setCollapsed((c) => {
      localStorage.setItem(STORAGE_KEYS.menuCollapsed, c ? '0' : '1');
      return !c;
    });

  const handle = [...matches].reverse().map((m) => m.handle).find(isRouteHandle);
  const entry = handle ? findEntry(handle.navKey) : undefined;
  const title = entry
    ? entry.titleSuffixKey
      ? `${t(entry.titleKey)} · ${t(entry.titleSuffixKey)}`
      : t(entry.titleKey)
    : handle?.navKey === 'notFound'
      ? t('nav.notFound')
      : DEFAULT_TITLE;

  return (
    <div className="flex h-full overflow-hidden">
      {showMenu ? (
        <SideMenu
          menu={menu}
          collapsed={collapsed}
          onToggle={toggle}
          to={paths.to}
          onDeselectCorp={() => selectWorkingCorp(null)}
          brandName={lookAndFeel.data?.tabName?.trim() || DEFAULT_TITLE}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col overflow-hidden">
        <TopBar title={title} user={user} meetings={meetings?.(user)} />
        {/* H-FLEET-02: a TV of the corp gone dark is said on every screen */}
        {alerts}
        <main className="scroll-thin min-h-0 flex-1 overflow-auto bg-brand-bg" data-testid="page">
          <div className="mx-auto w-full max-w-[1400px] p-4 sm:p-6">
            <MonitorNav user={user} to={paths.to} />
            <Suspense
              fallback={
                <div className="flex justify-center py-20">
                  <Spinner label={t('common.loading')} />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
