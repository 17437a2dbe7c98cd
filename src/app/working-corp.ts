import { TIMING } from '../../domain/constants';

/**
 * The level 1 working corp (A-SES-07/08): its id and name in the cookies `corpId` and `corpName`
 * for one day. Deselecting stores id 0. These helpers only build and read cookie strings.
 */
export interface WorkingCorp {
  id: number;
  name: string;
}

export function parseWorkingCorp(cookie: string): WorkingCorp | null {
  const jar = new Map<string, string>();
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    try {
      jar.set(key, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      jar.set(key, part.slice(eq + 1).trim());
    }
  }
  const id = Number(jar.get('corpId'));
  if (!Number.isInteger(id) || id <= 0) return null;
  return { id, name: jar.get('corpName') ?? '' };
}

/** The two `document.cookie` assignments for a selection (or a deselection when corp is null). */
export function workingCorpCookies(corp: WorkingCorp | null, now: Date): string[] {
  const expires = new Date(now.getTime() + TIMING.corpCookieDays * 86_400_000).toUTCString();
  const tail = `; expires=${expires}; path=/; SameSite=Lax`;
  return [`corpId=${corp ? corp.id : 0}${tail}`, `corpName=${encodeURIComponent(corp ? corp.name : '')}${tail}`];
}

export function readWorkingCorpCookie(): WorkingCorp | null {
  return typeof document === 'undefined' ? null : parseWorkingCorp(document.cookie);
}

export function writeWorkingCorpCookie(corp: WorkingCorp | null): void {
  for (const c of workingCorpCookies(corp, new Date())) document.cookie = c;
}
