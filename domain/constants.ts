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
  callHistory: 5,
  sideMenuWidthPx: 220,
  /** image uploads of look and feel; the spec gives none, 1 MiB is ample for a 512x512 PNG */
  imageMaxBytes: 1024 * 1024,
  audioMaxBytes: 2_000_000,
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
