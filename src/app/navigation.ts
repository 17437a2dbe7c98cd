import { CEILING, type LevelCeiling } from '../../domain/level-ceilings';
import { at, type GroupKey, type IconName, type MenuCondition, type MenuLevel, type MenuPlacement } from '../../domain/navigation';
import type { Action, LevelCeilings, View } from '../../domain/permissions';
import type { ResourceDefinition } from '../../domain/resources/define';
import { RESOURCES } from '../../domain/resources/index';

export type { GroupKey, IconName, MenuCondition, MenuLevel, MenuPlacement };

/**
 * THE navigation declaration (A-RTE, A-MENU). The route table (router.tsx), the side menu
 * (menu.ts) and the route guards (guards.ts) are all derived from NAVIGATION below; nothing else
 * lists screens. The resources' entries come from the one registry of resources (their `nav`
 * declarations); the screens that are not resources are declared here. Kept free of React so it can
 * be tested in node.
 *
 * Paths are relative to `/:corp/:lang/` (A-RTE-01).
 */

/** Which component renders an entry (src/app/screens.tsx). Everything not built yet is 'planned'. */
export type ScreenKey =
  | 'home'
  | 'about'
  | 'configHome'
  | 'corpList'
  | 'userList'
  | 'roleGroupList'
  | 'roleGroupForm'
  | 'extensionList'
  | 'lookAndFeel'
  | 'profile'
  | 'activeCalls'
  | 'logMonitor'
  | 'extensionMonitor'
  | 'panelCards'
  | 'panelList'
  | 'kioskScreens'
  /** the generic list, dialog, child, row-action and bulk screen of a resource (NavEntry.resource) */
  | 'resource'
  | 'systemParameters'
  | 'dialerList'
  | 'mailParameters'
  | 'cdrStats'
  | 'queueStats'
  | 'agentReport'
  | 'queueSla'
  | 'pollStats'
  | 'ivrStats'
  | 'dashboard'
  | 'rooms'
  | 'calendar'
  | 'dayCalendar'
  | 'meetingDetail'
  | 'clickToCall'
  | 'myAgent'
  | 'clickToCallKeys'
  | 'clickToCallHistory'
  | 'webphone'
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
  /** highest level number allowed (1 = supervisor only): a named ceiling of domain/level-ceilings (J-ONE-01) */
  maxLevel?: LevelCeiling;
  /** the resource's own level ceilings (ResourceDefinition.levels), passed to canAccess with the view */
  levels?: LevelCeilings;
  special?: readonly SpecialGuard[];
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
  /** the resource a generic screen renders */
  resource?: string;
  /** the new / update route of a resource: the screen opens its dialog at once */
  form?: 'create' | 'update';
  /** a screen reached from a menu item, not in the menu itself: the item (its key) the menu marks as current */
  menuAs?: string;
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


/**
 * The routes of a registered resource (A-RTE-10): its list, and unless it has no forms its new and
 * update routes, all guarded by the resource's view and level ceilings. A child resource's routes
 * carry its parent's id (`…/follow/:parentId`); its screen goes back to the parent's list when
 * entered without one (C-FOL, C-ESD, C-ERS).
 */
export function resourceEntries(definition: ResourceDefinition): NavEntry[] {
  const nav = definition.nav;
  if (!nav) return [];
  const guard = (action: Action): Guard => ({ view: definition.view, action, ...(definition.levels ? { levels: definition.levels } : {}) });
  const screen = (nav.screen ?? 'resource') as ScreenKey;
  const base = definition.parent ? `${nav.route}/:parentId` : nav.route;
  const forms = definition.parent ? base : (nav.formsRoute ?? nav.route);
  const common = { titleKey: nav.titleKey, icon: nav.icon, resource: definition.name };
  const list: NavEntry = {
    key: nav.key,
    path: base,
    ...common,
    screen,
    guard: nav.openList ? {} : guard('read'),
    menu: nav.menu,
    aliases: nav.aliases,
  };
  // A-RTE-17: a child's routes entered without their parent go back to the parent's list (the screen redirects)
  const orphans: NavEntry[] = definition.parent
    ? [
        { key: `${nav.key}NoParent`, path: nav.route, ...common, screen, guard: guard('read') },
        { key: `${nav.key}NewNoParent`, path: `${nav.route}/new`, ...common, screen, guard: guard('read') },
        { key: `${nav.key}UpdateNoParent`, path: `${nav.route}/update`, ...common, screen, guard: guard('read') },
      ]
    : [];
  if (nav.noForms) return [list, ...orphans];
  const formScreen = (nav.formScreen ?? screen) as ScreenKey;
  return [
    list,
    ...orphans,
    { key: `${nav.key}New`, path: `${forms}/new`, ...common, titleSuffixKey: 'common.new', screen: formScreen, guard: guard('create'), form: 'create' },
  {
      key: `${nav.key}Update`,
      path: `${forms}/update/:${nav.updateParam ?? 'id'}?`,
      ...common,
      titleSuffixKey: 'common.edit',
      screen: formScreen,
      guard: guard('update'),
      form: 'update',
    },
  ];
}

export const NAVIGATION: readonly NavEntry[] = [
  // ---- shell ---------------------------------------------------------------------------------
  { key: 'home', path: 'home', titleKey: 'nav.home', icon: 'home', screen: 'home', guard: { special: ['level5ToPanel'] }, menu: [at(3, undefined, 10)] },
  {
    key: 'dashboard',
    path: 'panel/dashboard',
    titleKey: 'nav.dashboard',
    icon: 'dashboard',
    screen: 'dashboard',
    // J-UX-02: the dashboard's figures are not a monitor's (level 5 reads the panel): its address leads there
    guard: { view: 'panel', special: ['level5ToPanel'] },
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
    screen: 'cdrStats',
    guard: { view: 'cdr' },
    menu: [at(3, 'statistics', 10), at(4, 'statistics', 10)],
  },
  {
    key: 'ivrStats',
    path: 'statistics/ivrStats',
    titleKey: 'nav.ivrStats',
    icon: 'ivr',
    screen: 'ivrStats',
    guard: { view: 'cdr' },
    menu: [at(3, 'statistics', 20), at(4, 'statistics', 20)],
  },
  {
    key: 'pollStats',
    path: 'statistics/pollStats',
    titleKey: 'nav.pollStats',
    icon: 'poll',
    screen: 'pollStats',
    guard: { view: 'statistics' },
    menu: [at(3, 'statistics', 30), at(4, 'statistics', 30)],
  },
  {
    key: 'queueStats',
    path: 'statistics/queueStats',
    titleKey: 'nav.queueStats',
    icon: 'queue',
    screen: 'queueStats',
    guard: { view: 'statistics' },
    menu: [at(3, 'statistics', 40), at(4, 'statistics', 40)],
  },
  // G-RPT-01/02: beside the queue statistics, with the same view
  {
    key: 'agentReport',
    path: 'statistics/agentReport',
    titleKey: 'reports.agents.title',
    icon: 'agentReport',
    screen: 'agentReport',
    guard: { view: 'statistics' },
    menu: [at(3, 'statistics', 42), at(4, 'statistics', 42)],
  },
  {
    key: 'queueSla',
    path: 'statistics/queueSla',
    titleKey: 'reports.queueSla.title',
    icon: 'serviceLevel',
    screen: 'queueSla',
    guard: { view: 'statistics' },
    menu: [at(3, 'statistics', 44), at(4, 'statistics', 44)],
  },
  // the extension monitor sits under statistics/ (spec 3 §2.1, A-RTE-08): in the Statistics group, after the reports
  {
    key: 'monitorQuality',
    path: 'statistics/monitorQuality',
    titleKey: 'nav.monitorQuality',
    icon: 'monitor',
    screen: 'extensionMonitor',
    guard: { view: 'statistics' },
    menu: [at(3, 'statistics', 50), at(4, 'statistics', 50)],
  },

  // ---- an agent's own pause, DND and queues (issue 21, G-PAU-03, G-QLI-02) ---------------------
  {
    key: 'myAgent',
    path: 'agent',
    titleKey: 'agentSelf.title',
    icon: 'pauseReason',
    screen: 'myAgent',
    // levels 1-4 with an extension of their own (a monitor never acts); the menu shows it to the agents
    guard: { maxLevel: CEILING.ownAgentActions },
    menu: [at(4, undefined, 15)],
  },

  // ---- click to call, web phone --------------------------------------------------------------
  {
    key: 'clickToCall',
    path: 'clickToCall',
    titleKey: 'nav.clickToCall',
    icon: 'clickToCall',
    screen: 'clickToCall',
    // the form (E-C2C-01): levels 1-4 (the API refuses level 5); the menu shows it to level 3
    guard: { maxLevel: CEILING.clickToCall },
    menu: [at(3, undefined, 50, 'param:clickToCall')],
  },
  // its keys and its history (issue 11): levels 1 (working corp), 2 and 3, in the configuration menu
  {
    key: 'configClickToCall',
    path: 'configuration/clickToCall',
    titleKey: 'clickToCall.keys.title',
    icon: 'clickToCall',
    screen: 'clickToCallKeys',
    guard: { maxLevel: CEILING.clickToCallKeys },
    menu: [at(1, 'workingCorp', 135, 'param:clickToCall'), at(3, 'config', 136, 'param:clickToCall')],
  },
  {
    key: 'clickToCallTable',
    path: 'configuration/ClickToCallTable',
    titleKey: 'nav.clickToCallTable',
    icon: 'clickToCall',
    screen: 'clickToCallHistory',
    guard: { maxLevel: CEILING.clickToCallKeys },
    menu: [at(1, 'workingCorp', 136, 'param:clickToCall'), at(3, 'config', 137, 'param:clickToCall')],
  },
  {
    key: 'webphone',
    path: 'webphone',
    titleKey: 'nav.webphone',
    icon: 'webphone',
    screen: 'webphone',
    // B-WP-01/02: the server's ceiling of the web phone (a level 5 was let in to a screen whose calls all 403)
    guard: { maxLevel: CEILING.webphone },
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
  {
    key: 'lookAndFeel',
    path: 'configuration/lookAndFeel',
    titleKey: 'nav.lookAndFeel',
    icon: 'lookAndFeel',
    screen: 'lookAndFeel',
    guard: { view: 'lookAndFeel', maxLevel: CEILING.lookAndFeel, special: ['allowCustom'] },
    menu: [at(1, 'config', 30, 'notParamsvoip'), at(3, 'config', 40)],
  },

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
    screen: 'systemParameters',
    guard: { maxLevel: CEILING.systemParameters },
    // J-UX-02: every supervisor reaches them from the menu, not only the nick paramsvoip
    menu: [at(1, 'config', 5)],
  },
  {
    key: 'paramsMail',
    path: 'paramsMail',
    titleKey: 'nav.paramsMail',
    icon: 'mail',
    screen: 'mailParameters',
    guard: { maxLevel: CEILING.mailParameters },
    menu: [at(1, 'config', 6)],
  },
        
  // ---- monitoring and misc -------------------------------------------------------------------
  {
    key: 'logmon',
    path: 'logmon',
    titleKey: 'nav.logmon',
    icon: 'logmon',
    screen: 'logMonitor',
    guard: { maxLevel: CEILING.logmon },
    external: 'logmon',
    menu: [at(1, undefined, 30)],
  },
  /*
   * B-LOG-01 has two readings: the level 1 menu item opens the PBX's logmon page in a new tab (the
   * entry above, kept), and a logmon route shows the internal log monitor (the route above renders
   * it too, level 1 only). When the PBX host (parameter webrtcserver) is unknown, the level 1 Logmon
   * item opens that route instead of disappearing (issue 13: the spec's item was missing). Corp
   * admins (level 3) need the internal screen for their own corp, so it also lives at panel/logmon
   * with the panel view, in the menu of level 3, and of level 1 once a working corp is picked while
   * its Logmon item goes to the PBX (otherwise that item is already the internal screen).
   */
  {
    key: 'logmonScreen',
    path: 'panel/logmon',
    titleKey: 'live.logmon.title',
    icon: 'logmon',
    screen: 'logMonitor',
    guard: { view: 'panel' },
    menu: [at(1, undefined, 35, 'workingCorp', 'externalHost'), at(3, undefined, 35)],
  },
  { key: 'fail2ban', titleKey: 'nav.fail2ban', icon: 'fail2ban', screen: 'planned', guard: { maxLevel: CEILING.fail2ban }, external: 'fail2ban', menu: [at(1, undefined, 40, 'param:webadmin')] },
  // J-UX-02: version, build, links and licence; opened from the user menu of every level
  { key: 'about', path: 'about', titleKey: 'nav.about', icon: 'about', screen: 'about', guard: {} },

  // ---- meeting rooms (A-MENU-11) -------------------------------------------------------------
  {
    key: 'salas',
    path: 'salas/Rooms',
    titleKey: 'nav.salas',
    icon: 'rooms',
    screen: 'rooms',
    // E-ROOM, E-CAL: the server's ceiling of the meeting service (level 5 is panel-only)
    guard: { maxLevel: CEILING.meetings },
    menu: [at(1, 'rooms', 10), at(3, 'rooms', 10), at(4, 'rooms', 10)],
  },
  {
    key: 'calendar',
    path: 'salas/Calendario',
    titleKey: 'nav.calendar',
    icon: 'calendar',
    screen: 'calendar',
    guard: { maxLevel: CEILING.meetings },
    menu: [at(1, 'rooms', 20), at(3, 'rooms', 20), at(4, 'rooms', 20)],
  },
  { key: 'dayCalendar', menuAs: 'calendar', path: 'salas/DayCalendar/:date?', titleKey: 'nav.dayCalendar', icon: 'calendar', screen: 'dayCalendar', guard: { maxLevel: CEILING.meetings } },
  { key: 'infoMeet', menuAs: 'calendar', path: 'misc/meetDetail', titleKey: 'nav.infoMeet', icon: 'calendar', screen: 'meetingDetail', guard: { maxLevel: CEILING.meetings } },

  // ---- the registered resources (their nav declarations) ---------------------------------------
  ...Object.values(RESOURCES).flatMap((definition) => resourceEntries(definition as ResourceDefinition)),
];

/**
 * A level 5 user has no side menu (A-MENU-01) and lands on the panel (A-LOG-16); these screens, which
 * its guards open (its panel and the kiosk boards it may watch), are linked in a strip above its
 * screens (shell/monitor-nav.tsx) instead of being reachable only by typing their address (issue 13).
 */
export const MONITOR_LINKS: readonly string[] = ['panel', 'kioskScreens'];

export function findEntry(key: string): NavEntry | undefined {
  return NAVIGATION.find((e) => e.key === key);
}

/**
 * Where an alias route (A-RTE-07 path names such as `misc/queues`) sends the browser, relative to the
 * alias itself: one `..` per segment of the alias, then the entry's path without its optional
 * parameter. (A single `..` from `misc/queues` only left `queues`, and landed on not-found.)
 */
export function aliasTarget(alias: string, path: string): string {
  const up = alias.split('/').filter(Boolean).length;
  return `${'../'.repeat(up)}${path.replace(/\/:[^/]+\?$/, '')}`;
}

/** The path of an entry (without its optional parameters). */
export function entryPath(key: string): string {
  const entry = findEntry(key);
  if (!entry?.path) throw new Error(`navigation entry ${key} has no path`);
  return entry.path.replace(/\/:[^/]+\?$/, '');
}
