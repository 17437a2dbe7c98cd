/** Kiosk URLs start with this (kept import-free: src/main.tsx reads it before loading either app). */
export const KIOSK_PATH_PREFIX = '/kiosk/';

export function isKioskPath(pathname: string): boolean {
  return pathname.startsWith(KIOSK_PATH_PREFIX);
}
