import { lazy, type ComponentType } from 'react';
import type { NavEntry, ScreenKey } from './navigation';

/** The component of each screen key; admin screens are lazy chunks (ARCHITECTURE front end). */
export const SCREENS: Record<ScreenKey, ComponentType<{ entry: NavEntry }>> = {
  home: lazy(() => import('./pages/home-page')),
  configHome: lazy(() => import('./pages/config-home-page')),
  planned: lazy(() => import('./pages/planned-page')),
  corpList: lazy(() => import('../resources/corp-list-screen')),
  userList: lazy(() => import('../resources/user-list-screen')),
  roleGroupList: lazy(() => import('../resources/role-group-list-screen')),
  roleGroupForm: lazy(() => import('../resources/role-group-form-page')),
  extensionList: lazy(() => import('../resources/extension-list-screen')),
  lookAndFeel: lazy(() => import('../features/look-and-feel/look-and-feel-page')),
  profile: lazy(() => import('../features/profile/profile-page')),
  panelCards: lazy(() => import('../features/panel/panel-page')),
  panelList: lazy(() => import('../features/panel/panel-list-page')),
  activeCalls: lazy(() => import('../features/live/active-calls-screen')),
  logMonitor: lazy(() => import('../features/live/log-monitor-screen')),
  extensionMonitor: lazy(() => import('../features/live/extension-monitor-screen')),
  kioskScreens: lazy(() => import('../features/kiosk-screens/kiosk-screen-list-screen')),
  resource: lazy(() => import('../resources/resource-screen')),
  systemParameters: lazy(() => import('../features/parameters/system-parameters-page')),
  dialerList: lazy(() => import('../features/dialers/dialer-list-screen')),
  mailParameters: lazy(() => import('../features/parameters/mail-parameters-page')),
  cdrStats: lazy(() => import('../features/reports/cdr-screen')),
  queueStats: lazy(() => import('../features/reports/queue-stats-screen')),
  pollStats: lazy(() => import('../features/reports/poll-stats-screen')),
  ivrStats: lazy(() => import('../features/reports/ivr-stats-screen')),
  dashboard: lazy(() => import('../features/dashboard/dashboard-screen')),
  rooms: lazy(() => import('../features/rooms/rooms-screen')),
};
