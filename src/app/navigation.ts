import type { Level } from '../../domain/levels';
import type { Action, View } from '../../domain/permissions';

/**
 * THE navigation declaration (A-RTE, A-MENU). The route table (router.tsx), the side menu
 * (menu.ts) and the route guards (guards.ts) are all derived from NAVIGATION below; nothing else
 * lists screens. Kept free of React so it can be tested in node.
 *
 * Paths are relative to `/:corp/:lang/` (A-RTE-01).
 */

/** Icon names; src/app/nav-icons.tsx maps them to lucide components. */
export type IconName =
  | 'home'
  | 'dashboard'
  | 'panel'
  | 'activeCalls'
  | 'statistics'
  | 'cdr'
  | 'ivr'
  | 'poll'
  | 'queue'
  | 'monitor'
  | 'clickToCall'
  | 'config'
  | 'moh'
  | 'extension'
  | 'lookAndFeel'
  | 'restriction'
  | 'incoming'
  | 'speedDial'
  | 'time'
  | 'timeExten'
  | 'trunk'
  | 'user'
  | 'voiceMail'
  | 'roleGroup'
  | 'webphone'
  | 'corp'
  | 'destinationGroup'
  | 'sipRoute'
  | 'mediaServer'
  | 'server'
  | 'parameters'
  | 'mail'
  | 'logmon'
  | 'fail2ban'
  | 'rooms'
  | 'calendar'
  | 'dialer'
  | 'integration'
  | 'follow'
  | 'profile'
  | 'kiosk'
  | 'about';

/** Which component renders an entry (src/app/screens.tsx). Everything not built yet is 'planned'. */
export type ScreenKey =
  | 'home'
  | 'configHome'
  | 'corpList'
  | 'userList'
  | 'roleGroupList'
  | 'roleGroupForm'
  | 'extensionList'
  | 'queueList'
  | 'lookAndFeel'
  | 'profile'
  | 'activeCalls'
  | 'logMonitor'
  | 'extensionMonitor'
  | 'panelCards'
  | 'panelList'
  | 'kioskScreens'
  | 'planned';

export type SpecialGuard =
  /** lookAndFeel: the corp's allowCustom flag (A-RTE-11) */
  | 'allowCustom'
  /** user administration is refused for level 4 (A-RTE-15) */
  | 'notLevel4'
  /** configuration/home sends level 4 to extension (A-RTE-16) */
  | 'level4ToExtension'
  /** a level 5 user lives on the panel (A-LOG-16, A-MENU-01) */
  | 'level5ToPanel';

export interface Guard {
  view?: View;
  /** default 'read' when a view is given */
  action?: Action;
  /** highest level number allowed (1 = supervisor only) */
  maxLevel?: Level;
  /** lowest level number allowed */
  minLevel?: Level;
  special?: readonly SpecialGuard[];
}

export type GroupKey = 'workingCorp' | 'config' | 'statistics' | 'rooms';
export type MenuLevel = 1 | 3 | 4;

/** Extra conditions for showing a menu item (spec 1 "Side menu"). */
export type MenuCondition =
  | 'notParamsvoip'
  | 'onlyParamsvoip'
  | 'param:clickToCall'
  | 'param:webphone'
  | 'param:webadmin'
  | 'roomEnabled'
  | 'workingCorp';

export interface MenuPlacement {
  level: MenuLevel;
  /** inside this group; top level when absent */
  group?: GroupKey;
  order: number;
  when?: readonly MenuCondition[];
}

export interface NavEntry {
  key: string;
  /** route path under /:corp/:lang/; absent for menu-only external items */
  path?: string;
  titleKey: string;
  /** appended to the title in the top bar (new / edit routes) */
  titleSuffixKey?: string;
  icon: IconName;
  screen: ScreenKey;
  guard: Guard;
  menu?: readonly MenuPlacement[];
  /** opens an external address in a new tab instead of a route (A-MENU-06) */
  external?: 'logmon' | 'fail2ban';
  /** other paths that redirect here (A-RTE-07 path names) */
  aliases?: readonly string[];
}

export interface MenuGroupDef {
  key: GroupKey;
  titleKey: string;
  icon: IconName;
  placements: readonly MenuPlacement[];
  /** the working-corp group shows the corp's name and a close icon (A-MENU-03) */
  closable?: boolean;
}

export const MENU_GROUPS: readonly MenuGroupDef[] = [
  { key: 'workingCorp', titleKey: 'nav.workingCorp', icon: 'corp', closable: true, placements: [{ level: 1, order: 0, when: ['workingCorp'] }] },
  {
    key: 'statistics',
    titleKey: 'nav.statistics',
    icon: 'statistics',
    placements: [
      { level: 3, order: 40 },
      { level: 4, order: 10 },
    ],
  },
  {
    key: 'config',
    titleKey: 'nav.config',
    icon: 'config',
    placements: [
      { level: 1, order: 20 },
      { level: 3, order: 60 },
      { level: 4, order: 20 },
    ],
  },
  {
    key: 'rooms',
    titleKey: 'nav.rooms',
    icon: 'rooms',
    placements: [
      { level: 1, order: 90, when: ['roomEnabled'] },
      { level: 3, order: 90, when: ['roomEnabled'] },
      { level: 4, order: 90, when: ['roomEnabled'] },
    ],
  },
];

const at = (level: MenuLevel, group: GroupKey | undefined, order: number, ...when: MenuCondition[]): MenuPlacement =>
  group ? { level, group, order, when } : { level, order, when };

/** list + new + update routes of a configuration resource (A-RTE-10) */
function crud(
  key: string,
  path: string,
  titleKey: string,
  icon: IconName,
  view: View | undefined,
  options: { screen?: ScreenKey; menu?: readonly MenuPlacement[]; aliases?: readonly string[]; newGuard?: Guard; noNew?: boolean; updateParam?: string; listGuard?: Guard } = {},
): NavEntry[] {
  const viewGuard = (action: Action): Guard => (view ? { view, action } : {});
  const list: NavEntry = {
    key,
    path,
    titleKey,
    icon,
    screen: options.screen ?? 'planned',
    guard: options.listGuard ?? viewGuard('read'),
    menu: options.menu,
    aliases: options.aliases,
  };
  const entries: NavEntry[] = [list];
  if (!options.noNew) {
    entries.push({
      key: `${key}New`,
      path: `${path}/new`,
      titleKey,
      titleSuffixKey: 'common.new',
      icon,
      screen: options.screen ?? 'planned',
      guard: { ...(options.listGuard ?? {}), ...viewGuard('create'), ...(options.newGuard ?? {}) },
    });
  }
  entries.push({
    key: `${key}Update`,
    path: `${path}/update/:${options.updateParam ?? 'id'}?`,
    titleKey,
    titleSuffixKey: 'common.edit',
    icon,
    screen: options.screen ?? 'planned',
    guard: { ...(options.listGuard ?? {}), ...viewGuard('update') },
  });
  return entries;
}

export const NAVIGATION: readonly NavEntry[] = [
  // ---- shell ---------------------------------------------------------------------------------
  { key: 'home', path: 'home', titleKey: 'nav.home', icon: 'home', screen: 'home', guard: { special: ['level5ToPanel'] }, menu: [at(3, undefined, 10)] },
  {
    key: 'dashboard',
    path: 'panel/dashboard',
    titleKey: 'nav.dashboard',
    icon: 'dashboard',
    screen: 'planned',
    guard: { view: 'panel' },
    menu: [at(1, undefined, 10, 'notParamsvoip')],
  },
  { key: 'panel', path: 'panel', titleKey: 'nav.panel', icon: 'panel', screen: 'panelCards', guard: { view: 'panel' }, menu: [at(3, undefined, 20)] },
  { key: 'panelList', path: 'panel/list', titleKey: 'nav.panelList', icon: 'panel', screen: 'panelList', guard: { view: 'panel' } },
  {
    key: 'activeCalls',
    path: 'panel/activeCalls',
    titleKey: 'nav.activeCalls',
    icon: 'activeCalls',
    screen: 'activeCalls',
    guard: { view: 'panel' },
    menu: [at(3, undefined, 30)],
  },

  // ---- statistics (A-RTE-08/09) --------------------------------------------------------------
  {
    key: 'cdrStats',
    path: 'statistics/cdrStats',
    titleKey: 'nav.cdrStats',
    icon: 'cdr',
    screen: 'planned',
    guard: { view: 'cdr' },
    menu: [at(3, 'statistics', 10), at(4, 'statistics', 10)],
  },
  {
    key: 'ivrStats',
    path: 'statistics/ivrStats',
    titleKey: 'nav.ivrStats',
    icon: 'ivr',
    screen: 'planned',
    guard: { view: 'cdr' },
    menu: [at(3, 'statistics', 20), at(4, 'statistics', 20)],
  },
  {
    key: 'pollStats',
    path: 'statistics/pollStats',
    titleKey: 'nav.pollStats',
    icon: 'poll',
    screen: 'planned',
    guard: { view: 'statistics' },
    menu: [at(3, 'statistics', 30), at(4, 'statistics', 30)],
  },
  {
    key: 'queueStats',
    path: 'statistics/queueStats',
    titleKey: 'nav.queueStats',
    icon: 'queue',
    screen: 'planned',
    guard: { view: 'statistics' },
    menu: [at(3, 'statistics', 40), at(4, 'statistics', 40)],
  },
  { key: 'monitorQuality', path: 'statistics/monitorQuality', titleKey: 'nav.monitorQuality', icon: 'monitor', screen: 'extensionMonitor', guard: { view: 'statistics' } },

  // ---- click to call, web phone --------------------------------------------------------------
  {
    key: 'clickToCall',
    path: 'clickToCall',
    titleKey: 'nav.clickToCall',
    icon: 'clickToCall',
    screen: 'planned',
    guard: {},
    menu: [at(3, undefined, 50, 'param:clickToCall')],
  },
  { key: 'configClickToCall', path: 'configuration/clickToCall', titleKey: 'nav.clickToCall', icon: 'clickToCall', screen: 'planned', guard: {} },
  { key: 'clickToCallTable', path: 'configuration/ClickToCallTable', titleKey: 'nav.clickToCallTable', icon: 'clickToCall', screen: 'planned', guard: {} },
  {
    key: 'webphone',
    path: 'webphone',
    titleKey: 'nav.webphone',
    icon: 'webphone',
    screen: 'planned',
    guard: {},
    menu: [at(3, undefined, 70, 'param:webphone'), at(4, undefined, 30, 'param:webphone')],
  },

  // ---- configuration -------------------------------------------------------------------------
  {
    key: 'configHome',
    path: 'configuration/home',
    titleKey: 'nav.configHome',
    icon: 'config',
    screen: 'configHome',
    guard: { special: ['level4ToExtension'] },
  },
  ...crud('corp', 'configuration/corp', 'nav.corp', 'corp', 'corp', {
    screen: 'corpList',
    updateParam: 'corpToUpdate',
    menu: [at(1, 'config', 10, 'notParamsvoip')],
  }),
  ...crud('destinationGroup', 'configuration/destinationGroup', 'nav.destinationGroup', 'destinationGroup', 'destinationGroup', {
    menu: [at(1, 'config', 20, 'notParamsvoip')],
    aliases: ['destinationGroup'],
  }),
  {
    key: 'lookAndFeel',
    path: 'configuration/lookAndFeel',
    titleKey: 'nav.lookAndFeel',
    icon: 'lookAndFeel',
    screen: 'lookAndFeel',
    guard: { view: 'lookAndFeel', maxLevel: 4, special: ['allowCustom'] },
    menu: [at(1, 'config', 30, 'notParamsvoip'), at(3, 'config', 40)],
  },
  ...crud('restrictionsCorp', 'configuration/restrictionsCorp', 'nav.restrictionsCorp', 'restriction', 'restrictionCorp', {
    menu: [at(1, 'workingCorp', 110), at(1, 'config', 40, 'notParamsvoip'), at(3, 'config', 70)],
    aliases: ['restrictionsCorp'],
  }),
  {
    key: 'restrictionsEntrantes',
    path: 'configuration/restrictionsEntrantes',
    titleKey: 'nav.restrictionsEntrantes',
    icon: 'incoming',
    screen: 'planned',
    guard: { view: 'restrictionCorp' },
    menu: [at(1, 'config', 50, 'notParamsvoip')],
  },
  ...crud('siproutes', 'configuration/siproute/all', 'nav.siproutes', 'sipRoute', 'sipRoutes', {
    listGuard: { view: 'sipRoutes', maxLevel: 1 },
    menu: [at(1, 'config', 60, 'notParamsvoip')],
  }).map((e) => (e.key === 'siproutes' ? e : { ...e, path: e.path?.replace('siproute/all/', 'siproute/'), guard: { ...e.guard, maxLevel: 1 as Level } })),
  ...crud('mediaserver', 'configuration/mediaserver', 'nav.mediaserver', 'mediaServer', 'mediaServer', {
    menu: [at(1, 'config', 70, 'notParamsvoip')],
  }),
  ...crud('servers', 'configuration/server', 'nav.servers', 'server', 'server', {
    menu: [at(1, 'config', 80, 'notParamsvoip')],
  }),
  ...crud('trunk', 'configuration/trunk', 'nav.trunk', 'trunk', 'trunk', {
    newGuard: { maxLevel: 1 },
    menu: [at(1, 'workingCorp', 30), at(1, 'config', 90, 'notParamsvoip'), at(3, 'config', 110)],
    aliases: ['trunk'],
  }),
  ...crud('user', 'configuration/user', 'nav.user', 'user', 'user', {
    screen: 'userList',
    listGuard: { view: 'user', special: ['notLevel4'] },
    menu: [at(1, 'workingCorp', 40), at(1, 'config', 100, 'notParamsvoip'), at(3, 'config', 120)],
    aliases: ['user'],
  }),
  {
    key: 'userProfile',
    path: 'user/userProfile',
    titleKey: 'nav.userProfile',
    icon: 'profile',
    screen: 'profile',
    guard: {},
  },
  {
    key: 'paramsvoip',
    path: 'paramsvoip',
    titleKey: 'nav.paramsvoip',
    icon: 'parameters',
    screen: 'planned',
    guard: { maxLevel: 1 },
    menu: [at(1, 'config', 10, 'onlyParamsvoip')],
  },
  {
    key: 'paramsMail',
    path: 'paramsMail',
    titleKey: 'nav.paramsMail',
    icon: 'mail',
    screen: 'planned',
    guard: { maxLevel: 1 },
    menu: [at(1, 'config', 20, 'onlyParamsvoip')],
  },
  ...crud('extension', 'configuration/extension', 'nav.extension', 'extension', 'extension', {
    screen: 'extensionList',
    menu: [at(1, 'workingCorp', 10), at(3, 'config', 20), at(4, 'config', 20)],
    aliases: ['extension'],
  }),
  ...crud('follow', 'configuration/extension/follow', 'nav.follow', 'follow', 'follow'),
  ...crud('speedDialExten', 'configuration/extension/speedDialExten', 'nav.speedDialExten', 'speedDial', 'extension'),
  ...crud('restrictionsexten', 'configuration/restrictionsexten', 'nav.restrictionsexten', 'restriction', 'restrictionExten'),
  ...crud('speedDialCorp', 'configuration/speedDialCorp', 'nav.speedDialCorp', 'speedDial', undefined, {
    menu: [at(1, 'workingCorp', 20), at(3, 'config', 80)],
    aliases: ['speedDialCorp'],
  }),
  ...crud('ivr', 'configuration/ivr', 'nav.ivr', 'ivr', 'ivr', {
    menu: [at(1, 'workingCorp', 50), at(3, 'config', 30)],
    aliases: ['ivr'],
  }),
  ...crud('queues', 'configuration/queues', 'nav.queues', 'queue', 'queue', {
    screen: 'queueList',
    menu: [at(1, 'workingCorp', 60), at(3, 'config', 60)],
    aliases: ['misc/queues'],
  }),
  { key: 'queueMohUpdate', path: 'configuration/queues/moh/update/:id?', titleKey: 'nav.queueMoh', titleSuffixKey: 'common.edit', icon: 'moh', screen: 'planned', guard: { view: 'mohQueue', action: 'update' } },
  ...crud('polls', 'configuration/polls', 'nav.polls', 'poll', 'polls', {
    menu: [at(1, 'workingCorp', 70), at(3, 'config', 50)],
    aliases: ['polls'],
  }),
  { key: 'questions', path: 'configuration/polls/questions', titleKey: 'nav.questions', icon: 'poll', screen: 'planned', guard: { view: 'polls' } },
  {
    key: 'voiceMail',
    path: 'configuration/voiceMail',
    titleKey: 'nav.voiceMail',
    icon: 'voiceMail',
    screen: 'planned',
    guard: { view: 'voiceMail' },
    menu: [at(1, 'workingCorp', 80), at(3, 'config', 130), at(4, 'config', 10)],
  },
  {
    key: 'mohCorp',
    path: 'configuration/mohCorp',
    titleKey: 'nav.mohCorp',
    icon: 'moh',
    screen: 'planned',
    guard: { view: 'mohCorp' },
    menu: [at(1, 'workingCorp', 90), at(3, 'config', 10)],
    aliases: ['mohCorp'],
  },
  { key: 'mohNew', path: 'configuration/moh/new', titleKey: 'nav.mohCorp', titleSuffixKey: 'common.new', icon: 'moh', screen: 'planned', guard: { view: 'mohCorp', action: 'create' } },
  { key: 'mohUpdate', path: 'configuration/moh/update/:id?', titleKey: 'nav.mohCorp', titleSuffixKey: 'common.edit', icon: 'moh', screen: 'planned', guard: { view: 'mohCorp', action: 'update' } },
  ...crud('time', 'configuration/time', 'nav.time', 'time', 'time', {
    menu: [at(1, 'workingCorp', 100), at(3, 'config', 90)],
    aliases: ['time'],
  }),
  {
    key: 'timeExten',
    path: 'configuration/timeExten',
    titleKey: 'nav.timeExten',
    icon: 'timeExten',
    screen: 'planned',
    guard: { view: 'time' },
    menu: [at(3, 'config', 100)],
    aliases: ['timeExten'],
  },
  ...crud('dialer', 'configuration/dialer', 'nav.dialer', 'dialer', 'dialer', { aliases: ['dialer'] }),
  ...crud('integration', 'configuration/integration', 'nav.integration', 'integration', 'integration', { aliases: ['integration'] }),
  ...crud('rolegroup', 'configuration/rolegroup', 'nav.rolegroup', 'roleGroup', 'roleGroup', {
    screen: 'roleGroupList',
    updateParam: 'roleGroupId',
    menu: [at(3, 'config', 140)],
  }).map((e) => (e.key === 'rolegroup' ? e : { ...e, screen: 'roleGroupForm' as const })),

  // ---- monitoring and misc -------------------------------------------------------------------
  {
    key: 'logmon',
    path: 'logmon',
    titleKey: 'nav.logmon',
    icon: 'logmon',
    screen: 'logMonitor',
    guard: { maxLevel: 1 },
    external: 'logmon',
    menu: [at(1, undefined, 30)],
  },
  /*
   * B-LOG-01 has two readings: the level 1 menu item opens the PBX's logmon page in a new tab (the
   * entry above, kept), and a logmon route shows the internal log monitor (the route above renders
   * it too, level 1 only). Corp admins (level 3) need the internal screen for their own corp, so it
   * also lives at panel/logmon with the panel view, in the menu of level 3 and of level 1 once a
   * working corp is picked (without one level 1 has no corp whose events to show).
   */
  {
    key: 'logmonScreen',
    path: 'panel/logmon',
    titleKey: 'live.logmon.title',
    icon: 'logmon',
    screen: 'logMonitor',
    guard: { view: 'panel' },
    menu: [at(1, undefined, 35, 'workingCorp'), at(3, undefined, 35)],
  },
  /*
   * Kiosk screens (wallboard TVs) sit with the live screens. The kiosk view decides (level 2 opens
   * the route when the owner has it, level 5 reads it without buttons); levels 1 (with a working
   * corp) and 3 have it in the menu.
   */
  ...crud('kioskScreens', 'panel/kiosk', 'resources.kioskScreen.plural', 'kiosk', 'kiosk', {
    screen: 'kioskScreens',
    menu: [at(1, undefined, 37, 'workingCorp'), at(3, undefined, 37)],
  }),
  { key: 'fail2ban', titleKey: 'nav.fail2ban', icon: 'fail2ban', screen: 'planned', guard: { maxLevel: 1 }, external: 'fail2ban', menu: [at(1, undefined, 40, 'param:webadmin')] },
  { key: 'about', path: 'about', titleKey: 'nav.about', icon: 'about', screen: 'planned', guard: {} },

  // ---- meeting rooms (A-MENU-11) -------------------------------------------------------------
  {
    key: 'salas',
    path: 'salas/Rooms',
    titleKey: 'nav.salas',
    icon: 'rooms',
    screen: 'planned',
    guard: {},
    menu: [at(1, 'rooms', 10), at(3, 'rooms', 10), at(4, 'rooms', 10)],
  },
  {
    key: 'calendar',
    path: 'salas/Calendario',
    titleKey: 'nav.calendar',
    icon: 'calendar',
    screen: 'planned',
    guard: {},
    menu: [at(1, 'rooms', 20), at(3, 'rooms', 20), at(4, 'rooms', 20)],
  },
  { key: 'dayCalendar', path: 'salas/DayCalendar/:date?', titleKey: 'nav.dayCalendar', icon: 'calendar', screen: 'planned', guard: {} },
  { key: 'infoMeet', path: 'misc/meetDetail', titleKey: 'nav.infoMeet', icon: 'calendar', screen: 'planned', guard: {} },
];

export function findEntry(key: string): NavEntry | undefined {
  return NAVIGATION.find((e) => e.key === key);
}

/** The path of an entry (without its optional parameters). */
export function entryPath(key: string): string {
  const entry = findEntry(key);
  if (!entry?.path) throw new Error(`navigation entry ${key} has no path`);
  return entry.path.replace(/\/:[^/]+\?$/, '');
}
