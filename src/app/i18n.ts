import i18n from 'i18next';
import { isLanguage, pickLanguage, type Language } from '../../domain/constants';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import pt from '../../locales/pt.json';
import { startI18n } from '../ui/start-i18n';
import { STORAGE_KEYS } from './session-store';

/** The route lang of the address the app was opened with (/{corp}/{lang}/...). */
function routeLanguage(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  return segments[0] !== 'login' && segments.length >= 2 ? segments[1] : undefined;
}

/** Starting language (A-I18N-02): stored, else route, else browser (domain pickLanguage). */
export function startingLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.lang);
  } catch {
    stored = null;
  }
  return pickLanguage(stored, routeLanguage(window.location.pathname), navigator.language);
}

export function initI18n(): typeof i18n {
  const lng = startingLanguage();
  return startI18n({ en, es, pt }, lng);
}

/** Switches the interface language and remembers it in the browser. */
export function setLanguage(lang: Language): void {
  if (!isLanguage(lang)) return;
  try {
    localStorage.setItem(STORAGE_KEYS.lang, lang);
  } catch {
    // storage may be unavailable (private mode); the language still changes for this tab
  }
  document.documentElement.lang = lang;
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
