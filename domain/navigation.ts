/**
 * What navigation needs to know of a screen, as plain data: its icon name, where the menu places it
 * and under which conditions. Resource definitions carry it (ResourceDefinition.nav), so the one
 * registry of resources drives the routes and the menu (ARCHITECTURE "Resources: declared once");
 * src/app/navigation.ts adds the screens that are not resources. No React here.
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
  /** the agent report and the service level by hour (G-RPT) */
  | 'agentReport'
  | 'serviceLevel'
  | 'monitor'
  | 'clickToCall'
  | 'config'
  | 'moh'
  | 'extension'
  | 'lookAndFeel'
  | 'restriction'
  | 'incoming'
  | 'speedDial'
  | 'pauseReason'
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
  | 'about'
  // row actions
  | 'revoke'
  | 'rotate'
  | 'play'
  | 'stop'
  | 'stats'
  | 'upload';

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
  | 'workingCorp'
  /** the PBX host of the external Logmon and Fail2ban pages is known (parameter webrtcserver) */
  | 'externalHost';

export interface MenuPlacement {
  level: MenuLevel;
  /** inside this group; top level when absent */
  group?: GroupKey;
  order: number;
  when?: readonly MenuCondition[];
}


/** A menu placement: `at(3, 'config', 20)` is level 3's menu, in the config group, order 20. */
export function at(level: MenuLevel, group: GroupKey | undefined, order: number, ...when: MenuCondition[]): MenuPlacement {
  return group ? { level, group, order, when } : { level, order, when };
}
