import { LEVEL, type Level } from './levels';

/**
 * The level ceilings of every screen, route group and action that a level decides (J-ONE-01), written
 * once here and read by the client's navigation guards and screens, the server's route guards
 * (requireLevel), the hub methods and the resources' `present` rules. A ceiling is the highest level
 * number allowed (lower is more powerful): `CEILING.clickToCall` = 4 lets levels 1-4 in, refuses 5.
 * What a view and its role group decide stays in permissions.ts (canAccess); this file holds the rules
 * that are a level and nothing else. No screen, route or hub method compares a level by itself.
 */
export type LevelCeiling = Level;

export const CEILING = {
  // ---- the platform's (level 1) -----------------------------------------------------------------
  /** Tenancy (ARCHITECTURE, A-SES-07): only level 1 picks a working corp and reaches another corp's data */
  workingCorp: LEVEL.supervisor,
  /** C-SYS-08: the system parameters (paramsvoip) are a level 1 area; others read the public ones only */
  systemParameters: LEVEL.supervisor,
  /** C-SYS-08: the mail parameters are a level 1 area */
  mailParameters: LEVEL.supervisor,
  /** A-TOP-02/03: the host's memory and disk usage (GET exten/datapc) is level 1's top-bar widget */
  hostUsage: LEVEL.supervisor,
  /** D-CDR-07: level 1 sets the tariff of its working corp (the CDR screen's tariff dialog, GET/PUT tariff) */
  tariff: LEVEL.supervisor,
  /** D-HOME-01, D-GEN: level 1 sees the general dashboard (every corp's figures) instead of the home one */
  generalDashboard: LEVEL.supervisor,
  /** A-MENU-06, B-LOG-01: the Logmon item (the PBX's page, or the internal monitor) is level 1's */
  logmon: LEVEL.supervisor,
  /** A-MENU-06: the Fail2ban item is level 1's */
  fail2ban: LEVEL.supervisor,
  /** C-CORP-15/16: registering a corp with the meeting service (and removing it) is level 1's */
  meetingService: LEVEL.supervisor,

  // ---- a corp's runners (levels 1-3) ------------------------------------------------------------
  /** issue 11 (E-C2C-08 made real): the click-to-call keys and their history, levels 1 (working corp), 2, 3 */
  clickToCallKeys: LEVEL.administrator,
  /** E-ROOM-09, E-CAL-07: "only level 3" (read as level 3 and above) writes rooms and reads member lists */
  meetingsManage: LEVEL.administrator,
  /** E-ROOM-13, E-CAL-16: levels 1-3 see every room and meeting of the corp; others those open to them */
  meetingsSeeAll: LEVEL.administrator,
  /** B-WP-03: another user's extension's SIP secret goes to levels 1-3 (they set it in the extension dialog) */
  webphoneOtherExtensions: LEVEL.administrator,
  /** C-EXT-17/18: SIP and voicemail secrets reach levels 1-3 only: a level 4 or 5 could register as anyone */
  extensionSecrets: LEVEL.administrator,
  /** C-INT: an integration's password reaches levels 1-3 only */
  integrationSecrets: LEVEL.administrator,

  // ---- every user but the monitor (levels 1-4) --------------------------------------------------
  /** A-RTE-11: lookAndFeel opens when the level number is 4 or lower (and the corp's allowCustom is set) */
  lookAndFeel: LEVEL.user,
  /** G-PAU-03, G-QLI-02: a user acts on its own extensions and calls; a monitor never acts (F-PERM-01) */
  ownAgentActions: LEVEL.user,
  /** E-C2C-01: the click-to-call form, levels 1-4 */
  clickToCall: LEVEL.user,
  /** B-WP-01/02: the web phone and the user's WSS extensions, levels 1-4 */
  webphone: LEVEL.user,
  /** E-ROOM, E-CAL: rooms and meetings are used by levels 1-4 (level 5 is panel-only, F-PERM-01) */
  meetings: LEVEL.user,
} as const satisfies Record<string, LevelCeiling>;

export type CeilingName = keyof typeof CEILING;

/** The one comparison of a level with a ceiling: at or under it (lower number, more power). */
export function withinCeiling(level: Level, ceiling: LevelCeiling): boolean {
  return level <= ceiling;
}

/** Whether a user of this level picks a working corp and may name another corp (level 1). */
export function picksWorkingCorp(level: Level): boolean {
  return withinCeiling(level, CEILING.workingCorp);
}

/**
 * The few rules that are a band of levels rather than a ceiling, each named here for the same reason.
 */
export const LEVEL_BANDS = {
  /** E-MEET-01: levels 3 and 4 see the Meetings popup in the top bar (1 and 2 run the corp, 5 watches) */
  meetingsPopup: [LEVEL.administrator, LEVEL.user],
} as const satisfies Record<string, readonly Level[]>;

export function inBand(level: Level, band: readonly Level[]): boolean {
  return band.includes(level);
}
