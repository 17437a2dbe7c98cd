/**
 * The kiosk URL (issue 4): `/kiosk/{corp}/{screen}?key=...` opens a TV screen; without `key`, the
 * browser's signed-in user watches it (a level 5 monitor who logged in normally). Optional settings, all
 * in the URL because nobody types on a wall TV:
 * - `pin=agents|queues|callers|trend` starts pinned to that board;
 * - `lang=en|es|pt` (default: the browser's language);
 * - `theme=light` (default dark, high contrast);
 * - `chime=1` plays a short tone when a queue enters critical (browsers need autoplay allowed, e.g.
 *   chromium's `--autoplay-policy=no-user-gesture-required` on a kiosk);
 * - `bench=1` exposes `window.__kioskBench` for `npm run bench:wallboard`.
 */
import { KIOSK_BOARDS, type KioskBoard } from '../domain/kiosk-board';
import { isKioskPath, KIOSK_PATH_PREFIX } from './kiosk-path';

export { isKioskPath, KIOSK_PATH_PREFIX };

export interface KioskUrl {
  corp: string;
  screen: string;
  /** the screen's key; null: the browser's signed-in user (level 5 and up with the kiosk view) watches */
  key: string | null;
  pin: KioskBoard | null;
  lang: string | null;
  theme: 'dark' | 'light';
  chime: boolean;
  bench: boolean;
}

/** null when the address is not a complete kiosk URL (no corp, screen or key). */
export function parseKioskUrl(pathname: string, search: string): KioskUrl | null {
  if (!isKioskPath(pathname)) return null;
  const [corp, screen] = pathname.slice(KIOSK_PATH_PREFIX.length).split('/').map((s) => decodeURIComponent(s));
  const query = new URLSearchParams(search);
  const key = query.get('key') || null;
  if (!corp || !screen) return null;
  const pin = query.get('pin');
  return {
    corp,
    screen,
    key,
    pin: pin && (KIOSK_BOARDS as readonly string[]).includes(pin) ? (pin as KioskBoard) : null,
    lang: query.get('lang'),
    theme: query.get('theme') === 'light' ? 'light' : 'dark',
    chime: query.get('chime') === '1',
    bench: query.get('bench') === '1',
  };
}

/** The screen's URL for a TV (with its key), or for a signed-in user to watch it (without). */
export function kioskUrl(origin: string, corp: string, screenId: number | string, key?: string): string {
  const path = `${origin.replace(/\/+$/, '')}${KIOSK_PATH_PREFIX}${encodeURIComponent(corp)}/${encodeURIComponent(String(screenId))}`;
  return key ? `${path}?key=${encodeURIComponent(key)}` : path;
}
