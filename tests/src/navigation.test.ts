import { describe, expect, it } from 'vitest';
import { LEVEL, type Level } from '../../domain/levels';
import { defaultViews, type ViewGrant } from '../../domain/permissions';
import { checkGuard } from '../../src/app/guards';
import { pathAfterLogin } from '../../src/app/login-redirect';
import { buildMenu, menuKeys, monitorLinks, type MenuContext } from '../../src/app/menu';
import { aliasTarget, entryPath, findEntry, NAVIGATION } from '../../src/app/navigation';

const ALL_PARAMS = { clickToCall: 'yes', webphone: 'yes', webadmin: 'yes', webrtcserver: 'wss://pbx.example.com:8089/ws' };

function user(level: Level, extra: Partial<MenuContext['user']> = {}): MenuContext['user'] {
  return { level, views: defaultViews(level), allowCustom: true, nick: 'someone', roomEnabled: false, ...extra };
}

function menu(level: Level, options: { params?: Record<string, string>; workingCorp?: { id: number; name: string } | null; user?: Partial<MenuContext['user']> } = {}) {
  return menuKeys(buildMenu({ user: user(level, options.user), params: options.params ?? ALL_PARAMS, workingCorp: options.workingCorp ?? null }));
}

// J-UX-02: the system and mail parameters are in every supervisor's menu, not only the nick paramsvoip's
const L1_CONFIG = [
  'config/paramsvoip',
  'config/paramsMail',
  'config/corp',
  'config/destinationGroup',
  'config/lookAndFeel',
  'config/restrictionsCorp',
  'config/restrictionsEntrantes',
  'config/siproutes',
  'config/mediaserver',
  'config/servers',
  'config/trunk',
  'config/user',
];

describe('side menu per level (spec 1 "Side menu")', () => {
  it('A-MENU-04 A-MENU-05 A-MENU-06 level 1 without a working corp: Dashboard, Config, Logmon, Fail2ban', () => {
    expect(menu(1)).toEqual(['dashboard', ...L1_CONFIG, 'logmon', 'fail2ban']);
  });

  it('A-MENU-03 level 1 with a working corp: the corp group first, with its eleven sub-items', () => {
    const keys = menu(1, { workingCorp: { id: 2, name: 'Acme' } });
    expect(keys.slice(0, 11)).toEqual([
      'workingCorp/extension',
      'workingCorp/speedDialCorp',
      'workingCorp/trunk',
      'workingCorp/user',
      'workingCorp/ivr',
      'workingCorp/queues',
      'workingCorp/polls',
      'workingCorp/voiceMail',
      'workingCorp/mohCorp',
      'workingCorp/time',
      'workingCorp/restrictionsCorp',
    ]);
    // then spec 2's integrations and campaigns, which the spec's menu leaves out
    expect(keys.slice(11, 13)).toEqual(['workingCorp/integration', 'workingCorp/dialer']);
    // and the agents' pause reasons (G-PAU-01)
    expect(keys).toContain('workingCorp/pauseReason');
    const tree = buildMenu({ user: user(1), params: ALL_PARAMS, workingCorp: { id: 2, name: 'Acme' } });
    expect(tree[0]).toMatchObject({ kind: 'group', key: 'workingCorp', label: 'Acme', closable: true });
  });

  it('A-SES-08 a deselected working corp (id 0) shows no corp group', () => {
    expect(menu(1, { workingCorp: { id: 0, name: '' } })[0]).toBe('dashboard');
  });

  it('A-MENU-06 Fail2ban only when webadmin is yes; Logmon and Fail2ban are external links on the PBX host, hidden when it is unknown', () => {
    expect(menu(1, { params: { ...ALL_PARAMS, webadmin: 'no' } })).not.toContain('fail2ban');
    const tree = buildMenu({ user: user(1), params: ALL_PARAMS, workingCorp: null });
    const logmon = tree.find((n) => n.key === 'logmon');
    expect(logmon).toMatchObject({ kind: 'external', href: 'https://pbx.example.com/logmon/' });
    const none = menu(1, { params: { ...ALL_PARAMS, webrtcserver: '' } });
    expect(none).not.toContain('fail2ban');
  });

  it('A-MENU-06 B-LOG-01 without the PBX host the level 1 Logmon item stays, opening the internal log monitor route (issue 13)', () => {
    const params = { ...ALL_PARAMS, webrtcserver: '' };
    const tree = buildMenu({ user: user(1), params, workingCorp: null });
    expect(tree.find((n) => n.key === 'logmon')).toMatchObject({ kind: 'link', path: 'logmon' });
    expect(menu(1, { params })).toEqual(['dashboard', ...L1_CONFIG, 'logmon']);
    // with a working corp it is the corp's log monitor already: no second internal item
    const withCorp = menu(1, { params, workingCorp: { id: 2, name: 'Acme' } });
    expect(withCorp).toContain('logmon');
    expect(withCorp).not.toContain('logmonScreen');
    // with the host known, Logmon goes out and the internal screen has its own item once a corp is picked
    expect(menu(1, { workingCorp: { id: 2, name: 'Acme' } })).toEqual(expect.arrayContaining(['logmon', 'logmonScreen']));
    expect(menu(1, { params: { ...ALL_PARAMS, webadmin: 'no' }, user: { nick: 'paramsvoip' } })).toEqual(['config/paramsvoip', 'config/paramsMail', 'logmon']);
  });

  it('A-MENU-07 A-MENU-04 the nick paramsvoip: no Dashboard, Config with VoIP and mail parameters only', () => {
    expect(menu(1, { user: { nick: 'paramsvoip' } })).toEqual(['config/paramsvoip', 'config/paramsMail', 'logmon', 'fail2ban']);
  });

  it('A-MENU-08 level 3: Home, Panel, Active calls, Statistics, Click To Call, Config, WebPhone', () => {
    expect(menu(3)).toEqual([
      'home',
      'panel',
      'activeCalls',
      // the internal log monitor (B-LOG-01 second reading), after Active calls
      'logmonScreen',
      // kiosk screens (wallboard TVs), with the live screens
      'kioskScreens',
      'statistics/cdrStats',
      'statistics/ivrStats',
      'statistics/pollStats',
      'statistics/queueStats',
      // the agent report and the service level by hour (G-RPT-01/02), beside the queue statistics
      'statistics/agentReport',
      'statistics/queueSla',
      // the extension monitor (statistics/monitorQuality, B-EXM-01), after the reports (issue 13)
      'statistics/monitorQuality',
      'clickToCall',
      'config/mohCorp',
      'config/extension',
      'config/ivr',
      'config/lookAndFeel',
      'config/polls',
      'config/queues',
      'config/restrictionsCorp',
      'config/speedDialCorp',
      'config/time',
      'config/timeExten',
      'config/trunk',
      'config/user',
      'config/voiceMail',
      // spec 2's integrations and campaigns, which the spec's menu leaves out
      'config/integration',
      'config/dialer',
      // the agents' pause reasons (G-PAU-01), after them
      'config/pauseReason',
      // click-to-call keys and history (issue 11, E-C2C), when clickToCall is yes
      'config/configClickToCall',
      'config/clickToCallTable',
      'config/rolegroup',
      'webphone',
    ]);
  });

  it('A-MENU-08 Click To Call only when clickToCall is yes; WebPhone only when webphone is yes', () => {
    const keys = menu(3, { params: { clickToCall: 'no', webphone: 'no' } });
    expect(keys).not.toContain('clickToCall');
    expect(keys).not.toContain('config/configClickToCall');
    expect(keys).not.toContain('config/clickToCallTable');
    expect(keys).not.toContain('webphone');
    expect(menu(4, { params: { webphone: 'no' } })).not.toContain('webphone');
  });

  it('A-MENU-09 B-EXM-01 G-PAU-03 level 4 menu has its agent status, statistics (with the extension monitor), voice mail, extension and the web phone', () => {
    expect(menu(4)).toEqual([
      'statistics/cdrStats',
      'statistics/ivrStats',
      'statistics/pollStats',
      'statistics/queueStats',
      'statistics/agentReport',
      'statistics/queueSla',
      'statistics/monitorQuality',
      // the agent's own pause, DND and queues (G-PAU-03, G-QLI-02)
      'myAgent',
      'config/voiceMail',
      'config/extension',
      'webphone',
    ]);
  });

  it('A-MENU-10 A-MENU-01 levels 2 and 5 have no side menu', () => {
    expect(menu(2)).toEqual([]);
    expect(menu(5)).toEqual([]);
  });

  it('A-MENU-01 A-LOG-16 level 5 gets links to its panel and the kiosk boards instead of a side menu (issue 13)', () => {
    const subject = { level: 5 as const, views: defaultViews(5), allowCustom: true };
    expect(monitorLinks(subject)).toEqual([
      { kind: 'link', key: 'panel', titleKey: 'nav.panel', icon: 'panel', path: 'panel' },
      { kind: 'link', key: 'kioskScreens', titleKey: 'resources.kioskScreen.plural', icon: 'kiosk', path: 'panel/kiosk' },
    ]);
    // only what its guards open, and only for level 5 (the others have it in their menu)
    expect(monitorLinks({ ...subject, views: defaultViews(5).filter((v) => v.name !== 'kiosk') }).map((l) => l.key)).toEqual(['panel']);
    expect(monitorLinks({ level: 3, views: defaultViews(3), allowCustom: true })).toEqual([]);
    expect(monitorLinks(null)).toEqual([]);
  });

  it('A-MENU-11 the rooms group (internal rooms, calendar) when the rooms flag is on', () => {
    expect(menu(3, { user: { roomEnabled: true } }).slice(-2)).toEqual(['rooms/salas', 'rooms/calendar']);
    expect(menu(4, { user: { roomEnabled: true } })).toContain('rooms/calendar');
    expect(menu(3)).not.toContain('rooms/salas');
  });

  it('F-PERM-06 menu entries follow canAccess: a level 3 role group without trunk hides Trunks', () => {
    const views: ViewGrant[] = defaultViews(3).filter((v) => v.name !== 'trunk');
    expect(menu(3, { user: { views } })).not.toContain('config/trunk');
  });

  it('A-RTE-11 look and feel is in the side menus that place it (levels 1 and 3) only when the corp allows customising; the route guards below cover every level', () => {
    for (const level of [1, 3] as Level[]) {
      expect(menu(level), `level ${level}`).toContain('config/lookAndFeel');
      expect(menu(level, { user: { allowCustom: false } }), `level ${level} without allowCustom`).not.toContain('config/lookAndFeel');
    }
  });
});

describe('route guards', () => {
  const subject = (level: Level, allowCustom = true) => ({ level, views: defaultViews(level), allowCustom });
  const guard = (key: string) => findEntry(key)!.guard;

  it('A-RTE-15 level 4 is refused on user routes', () => {
    for (const key of ['user', 'userNew', 'userUpdate']) expect(checkGuard(guard(key), subject(4)).allow).toBe(false);
    expect(checkGuard(guard('user'), subject(3)).allow).toBe(true);
    expect(checkGuard(guard('user'), subject(1)).allow).toBe(true);
  });

  it('A-PRF-01 every user may open the own profile, level 4 included', () => {
    for (const level of [1, 2, 3, 4, 5] as Level[]) expect(checkGuard(guard('userProfile'), subject(level)).allow).toBe(true);
  });

  it('A-RTE-11 lookAndFeel opens for levels 1, 2, 3 and 4 with allowCustom; never for level 5; never without allowCustom', () => {
    // the level rule apart from the default grants: every level given the view (level 4 gets it from a role group)
    const withView = (level: Level, allowCustom: boolean) => ({ level, views: [...defaultViews(level), { name: 'lookAndFeel' as const, actions: ['read' as const, 'update' as const] }], allowCustom });
    for (const level of [1, 2, 3, 4] as Level[]) {
      expect(checkGuard(guard('lookAndFeel'), withView(level, true)).allow, `level ${level}`).toBe(true);
      expect(checkGuard(guard('lookAndFeel'), withView(level, false)).allow, `level ${level} without allowCustom`).toBe(false);
    }
    expect(checkGuard(guard('lookAndFeel'), withView(5, true)).allow).toBe(false);
    // the default grants: the corp's runners have the view, a plain user (4) and the monitor (5) do not
    for (const level of [1, 2, 3] as Level[]) expect(checkGuard(guard('lookAndFeel'), subject(level)).allow, `level ${level} by default`).toBe(true);
    for (const level of [4, 5] as Level[]) expect(checkGuard(guard('lookAndFeel'), subject(level)).allow, `level ${level} by default`).toBe(false);
  });

  it('A-RTE-16 configuration/home sends level 4 to extension', () => {
    expect(checkGuard(guard('configHome'), subject(4))).toEqual({ allow: false, redirectTo: 'extension' });
    expect(checkGuard(guard('configHome'), subject(3)).allow).toBe(true);
  });

  it('A-LOG-16 level 5 on home goes to the panel, which it may open', () => {
    expect(checkGuard(guard('home'), subject(5))).toEqual({ allow: false, redirectTo: 'panel' });
    expect(checkGuard(guard('panel'), subject(5)).allow).toBe(true);
  });

  it('A-RTE-12 A-RTE-13 sip routes and trunk/new only for level 1', () => {
    for (const key of ['siproutes', 'siproutesNew', 'siproutesUpdate', 'trunkNew']) {
      expect(checkGuard(guard(key), subject(1)).allow).toBe(true);
      expect(checkGuard(guard(key), subject(3)).allow).toBe(false);
    }
    expect(checkGuard(guard('trunkUpdate'), subject(3)).allow).toBe(true);
  });

  it('A-RTE-09 read routes: configuration/corp and rolegroup need read on their view', () => {
    expect(checkGuard(guard('corp'), subject(3)).allow).toBe(false);
    expect(checkGuard(guard('corp'), subject(1)).allow).toBe(true);
    expect(checkGuard(guard('rolegroup'), subject(3)).allow).toBe(true);
    expect(checkGuard(guard('rolegroup'), subject(4)).allow).toBe(false);
    expect(checkGuard(guard('cdrStats'), subject(4)).allow).toBe(true);
  });

  it('A-RTE-10 new routes need create and update routes need update', () => {
    const readOnly = { level: LEVEL.administrator, views: [{ name: 'roleGroup' as const, actions: ['read' as const] }], allowCustom: true };
    expect(checkGuard(guard('rolegroup'), readOnly).allow).toBe(true);
    expect(checkGuard(guard('rolegroupNew'), readOnly).allow).toBe(false);
    expect(checkGuard(guard('rolegroupUpdate'), readOnly).allow).toBe(false);
  });

  it('kiosk screens follow the kiosk view: levels 1-3 manage them, level 5 only lists, level 4 and an owner without the view are refused', () => {
    for (const level of [1, 2, 3] as Level[]) for (const key of ['kioskScreens', 'kioskScreensNew', 'kioskScreensUpdate']) expect(checkGuard(guard(key), subject(level)).allow, `${level} ${key}`).toBe(true);
    expect(checkGuard(guard('kioskScreens'), subject(5)).allow).toBe(true);
    expect(checkGuard(guard('kioskScreensNew'), subject(5)).allow).toBe(false);
    expect(checkGuard(guard('kioskScreensUpdate'), subject(5)).allow).toBe(false);
    expect(checkGuard(guard('kioskScreens'), subject(4)).allow).toBe(false);
    const ownerWithoutKiosk = { level: LEVEL.owner, views: defaultViews(LEVEL.owner).filter((v) => v.name !== 'kiosk'), allowCustom: true };
    expect(checkGuard(guard('kioskScreens'), ownerWithoutKiosk).allow).toBe(false);
    expect(menu(1, { workingCorp: { id: 2, name: 'Acme' } })).toContain('kioskScreens');
    expect(menu(1)).not.toContain('kioskScreens');
  });

  it('A-RTE-14 speedDialCorp opens for any signed-in user', () => {
    for (const level of [1, 2, 3, 4, 5] as Level[]) expect(checkGuard(guard('speedDialCorp'), subject(level)).allow).toBe(true);
    expect(checkGuard(guard('speedDialCorp'), null).allow).toBe(false);
  });
});

describe('the route table', () => {
  it('A-RTE-04 A-RTE-05 A-RTE-06 every named route of the specs is declared once', () => {
    const paths = NAVIGATION.flatMap((e) => [e.path ?? '', ...(e.aliases ?? [])]);
    const expected = [
      'home',
      'panel',
      'paramsvoip',
      'paramsMail',
      'panel/activeCalls',
      'panel/dashboard',
      'panel/list',
      'webphone',
      'salas/Rooms',
      'salas/Calendario',
      'salas/DayCalendar/:date?',
      'misc/meetDetail',
      'clickToCall',
      'configuration/clickToCall',
      'configuration/ClickToCallTable',
      'configuration/siproute/all',
      'configuration/siproute/new',
      'configuration/server',
      'configuration/mediaserver',
      'configuration/user',
      'user',
      'user/userProfile',
      'configuration/corp/new',
      'configuration/corp/update/:corpToUpdate?',
      'configuration/extension',
      'configuration/extension/update/:id?',
      'configuration/extension/follow',
      'configuration/extension/follow/new',
      'configuration/extension/speedDialExten',
      'configuration/restrictionsexten',
      'configuration/moh/new',
      'configuration/moh/update/:id?',
      'configuration/polls/questions',
      'configuration/rolegroup',
      'configuration/rolegroup/new',
      'configuration/rolegroup/update/:roleGroupId?',
      'configuration/home',
      'configuration/dialer',
      'configuration/integration',
      'configuration/trunk',
      'configuration/speedDialCorp',
      'configuration/time',
      'configuration/timeExten',
      'configuration/voiceMail',
      'configuration/destinationGroup',
      'configuration/restrictionsCorp',
      'configuration/restrictionsEntrantes',
      'configuration/ivr',
      'configuration/queues',
      'misc/queues',
      'configuration/polls',
      'configuration/mohCorp',
      'configuration/lookAndFeel',
      'statistics/cdrStats',
      'statistics/ivrStats',
      'statistics/pollStats',
      'statistics/queueStats',
      'statistics/monitorQuality',
      'logmon',
      'about',
    ];
    for (const path of expected) expect(paths, path).toContain(path);
    const keys = NAVIGATION.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    const real = NAVIGATION.flatMap((e) => (e.path ? [e.path] : []));
    expect(new Set(real).size).toBe(real.length);
  });

  it('A-RTE-03 screens built in this version are the shell ones; the rest say plainly they are planned', () => {
    const built = NAVIGATION.filter((e) => e.screen !== 'planned').map((e) => e.key);
    expect(built.sort()).toEqual(
      [
        'home',
        // J-UX-02: About is a real page
        'about',
        'configHome',
        'corp',
        'corpNew',
        'corpUpdate',
        'user',
        'userNew',
        'userUpdate',
        'rolegroup',
        'rolegroupNew',
        'rolegroupUpdate',
        'extension',
        'extensionNew',
        'extensionUpdate',
        'queues',
        'queuesNew',
        'queuesUpdate',
        'lookAndFeel',
        'userProfile',
        // panel (B-PNL)
        'panel',
        'panelList',
        // live screens (B-ACT, B-LOG, B-EXM)
        'activeCalls',
        'logmon',
        'logmonScreen',
        'monitorQuality',
        // kiosk screens (wallboard TVs)
        'kioskScreens',
        'kioskScreensNew',
        'kioskScreensUpdate',
        // the supervisor's parameter editors (C-SYS, C-MAIL)
        'paramsvoip',
        'paramsMail',
        // routing and rules (spec 2), from their resource definitions
        ...['servers', 'mediaserver', 'trunk', 'siproutes', 'speedDialCorp', 'destinationGroup', 'restrictionsCorp', 'restrictionsEntrantes', 'time', 'timeExten'].flatMap((k) => [k, `${k}New`, `${k}Update`]),
        // child resources of an extension, with the routes that go back when entered without one (A-RTE-17)
        ...['follow', 'speedDialExten', 'restrictionsexten'].flatMap((k) => [k, `${k}New`, `${k}Update`, `${k}NoParent`, `${k}NewNoParent`, `${k}UpdateNoParent`]),
        // what callers hear and the campaigns (issue 9): a poll's questions and a queue's hold music are child lists
        ...['ivr', 'polls', 'mohCorp', 'integration', 'dialer'].flatMap((k) => [k, `${k}New`, `${k}Update`]),
        // the agents' pause reasons (G-PAU-01), and an agent's own status (G-PAU-03)
        ...['pauseReason'].flatMap((k) => [k, `${k}New`, `${k}Update`]),
        'myAgent',
        ...['questions', 'queueMoh'].flatMap((k) => [k, `${k}New`, `${k}Update`, `${k}NoParent`, `${k}NewNoParent`, `${k}UpdateNoParent`]),
        // voicemail is read and listened to, never written from the console
        'voiceMail',
        // reports and dashboards (issue 10)
        'cdrStats',
        'ivrStats',
        'pollStats',
        'queueStats',
        // the agent report and the service level by hour (G-RPT-01/02)
        'agentReport',
        'queueSla',
        'dashboard',
        // meeting rooms (E-ROOM)
        'salas',
        // the calendar, its day view and the meeting detail (E-CAL)
        'calendar',
        'dayCalendar',
        'infoMeet',
        // click-to-call: the form, its keys and its history (issue 11, E-C2C-01..08)
        'clickToCall',
        'configClickToCall',
        'clickToCallTable',
        // the web phone (B-WP-01..03)
        'webphone',
      ].sort(),
    );
  });

  it('A-RTE-07 an alias of several segments (misc/queues) goes back up all of them to its entry (issue 13)', () => {
    expect(aliasTarget('misc/queues', 'configuration/queues')).toBe('../../configuration/queues');
    expect(aliasTarget('polls', 'configuration/polls')).toBe('../configuration/polls');
    expect(aliasTarget('trunk', 'configuration/trunk/update/:id?')).toBe('../configuration/trunk/update');
    const queues = NAVIGATION.find((e) => e.aliases?.includes('misc/queues'));
    expect(queues?.path).toBe('configuration/queues');
  });

  it('entryPath drops the optional parameter', () => {
    expect(entryPath('rolegroupUpdate')).toBe('configuration/rolegroup/update');
    expect(entryPath('user')).toBe('configuration/user');
  });
});

describe('redirect after login', () => {
  it('A-LOG-14 level 1 goes to home with corp supervisor', () => {
    expect(pathAfterLogin({ level: 1, nick: 'super' }, 'acme', 'es')).toBe('/supervisor/es/home');
  });
  it('A-LOG-15 the level 1 nick paramsvoip goes to paramsvoip', () => {
    expect(pathAfterLogin({ level: 1, nick: 'paramsvoip' }, 'supervisor', 'en')).toBe('/supervisor/en/paramsvoip');
  });
  it('A-LOG-16 level 5 goes to the panel', () => {
    expect(pathAfterLogin({ level: 5, nick: 'wall' }, 'acme', 'pt')).toBe('/acme/pt/panel');
  });
  it('A-LOG-17 levels 2 to 4 go home with the corp of the login url', () => {
    for (const level of [2, 3, 4] as Level[]) expect(pathAfterLogin({ level, nick: 'x' }, 'acme', 'en')).toBe('/acme/en/home');
    expect(pathAfterLogin({ level: 3, nick: 'x' }, undefined, 'en')).toBe('/supervisor/en/home');
  });
});
