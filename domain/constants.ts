/** Business constants of the spec, written once (spec 1 §9, spec 2 §9, spec 3 §9). */
export const TIMING = {
  shellSnackbarMs: 6000,
  saveSnackbarMs: 3000,
  usagePollMs: 50_000,
  callTimerRefreshMs: 500,
  tokenRefreshMs: 60_000,
  corpCookieDays: 1,
  lookAndFeelRedirectMs: 1200,
  roleGroupRedirectMs: 2000,
  profileRedirectMs: 2000,
} as const;

export const PAGING = {
  tableRows: 10,
  /** spec 1 §9 reading: 1 row under 600 px unless a resource says otherwise (F-LIST-03/04) */
  narrowTableRows: 1,
  narrowBreakpointPx: 600,
  panelExtensions: 20,
  panelCallers: 10,
  reportRows: 5,
  rooms: 9,
} as const;

export const LIMITS = {
  corpNameMax: 50,
  corpUrlMax: 50,
  loginNickMin: 4,
  loginPassMin: 3,
  userNickMin: 4,
  userNickMax: 16,
  userPassMin: 4,
  /** the columns' lengths: a longer value cannot be stored */
  mailMax: 255,
  corpMonPathMax: 255,
  corpWebHookMax: 500,
  callHistory: 5,
  sideMenuWidthPx: 220,
  /** image uploads of look and feel; the spec gives none, 1 MiB is ample for a 512x512 PNG */
  imageMaxBytes: 1024 * 1024,
  audioMaxBytes: 2_000_000,
} as const;

/** Extensions (spec 2 §5, §9; C-EXT-14..23). */
export const EXTENSION_RULES = {
  /** the first 3-digit number when the parameter exten-ini is unset or unusable */
  defaultExtenIni: 200,
  len3Max: 999,
  len4Min: 1000,
  len4Max: 9999,
  passMin: 4,
  /** the column's length (a SIP secret Asterisk reads in clear) */
  passMax: 64,
  descriptionMax: 80,
  outerMax: 20,
  callgroupMax: 99,
  /** C-EXT-23: always 1 */
  callLimit: 1,
  /** a corp allows at most 5 contacts (C-CORP-09); the extension's ceiling when the corp is unknown */
  maxContactsCeiling: 5,
} as const;

/** Queues (spec 2 §5, §9; C-QUE-02..08). */
export const QUEUE_RULES = {
  nameMax: 50,
  timeoutMax: 99,
  /** Asterisk's member ring timeout when none is given */
  defaultTimeout: 15,
  failoverTimeoutMax: 9998,
  defaultFailoverTimeout: 1800,
  secondsMin: 10,
  secondsMax: 60,
  defaultSeconds: 10,
  /** Asterisk's servicelevel: calls answered within this many seconds count as in service (wallboard) */
  defaultServiceLevelSec: 60,
  serviceLevelMax: 3600,
  /** the longest wrap-up after a call (s) */
  wrapupMax: 3600,
  /** spec 2 §9: a member's default penalty */
  memberPenalty: 1,
} as const;

export const DEFAULT_CORP = 'supervisor';
export const LANGUAGES = ['en', 'es', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Starting language (A-I18N-02, two readings). We take spec 3 §4 as the rule because it contains
 * spec 1's: a stored preference wins, then the route lang, then the browser language when it is
 * en or es, and Portuguese otherwise (spec 1 §1: "Portuguese unless English or Spanish").
 */
export function pickLanguage(stored: unknown, routeLang: unknown, browserLang: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  if (isLanguage(routeLang)) return routeLang;
  const two = (browserLang ?? '').slice(0, 2).toLowerCase();
  if (two === 'en' || two === 'es') return two;
  return 'pt';
}

/** The browser's localStorage keys (spec 1: the session token and its expiry, the user's choices); the admin app and the kiosk read the same ones. */
export const STORAGE_KEYS = {
  token: 'token',
  expiration: 'expiration',
  webphone: 'webphone',
  lang: 'lang',
  theme: 'theme',
  tabName: 'tabName',
  menuCollapsed: 'menuCollapsed',
} as const;
