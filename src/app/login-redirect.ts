import { DEFAULT_CORP } from '../../domain/constants';
import { LEVEL, type Level } from '../../domain/levels';

/**
 * Where a user goes after signing in (A-LOG-14..17): level 1 to home with corp supervisor (the nick
 * paramsvoip to paramsvoip); level 5 to the panel; the others to home with the corp of the login url.
 */
export function pathAfterLogin(user: { level: Level; nick: string }, loginCorp: string | undefined, lang: string): string {
  const corp = loginCorp && loginCorp.trim() ? loginCorp : DEFAULT_CORP;
  if (user.level === LEVEL.supervisor) return `/${DEFAULT_CORP}/${lang}/${user.nick === 'paramsvoip' ? 'paramsvoip' : 'home'}`;
  if (user.level === LEVEL.monitor) return `/${corp}/${lang}/panel`;
  return `/${corp}/${lang}/home`;
}

/** The corp named by a url path: /login/{corp} or /{corp}/{lang}/...; default supervisor. */
export function corpOfPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const corp = segments[0] === 'login' ? segments[1] : segments.length >= 2 ? segments[0] : undefined;
  if (!corp) return DEFAULT_CORP;
  try {
    return decodeURIComponent(corp);
  } catch {
    return corp;
  }
}

/** Sign-out goes to the login page of the corp in the url (A-SES-04). */
export function loginPathFor(pathname: string): string {
  return `/login/${encodeURIComponent(corpOfPath(pathname))}`;
}

/** Replaces the lang segment of a /{corp}/{lang}/... path. */
export function withLanguage(pathname: string, lang: string): string {
  const segments = pathname.split('/');
  // ['', corp, lang, ...]
  if (segments.length < 3 || segments[1] === 'login') return pathname;
  segments[2] = lang;
  return segments.join('/');
}
