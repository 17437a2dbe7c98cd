/**
 * The kiosk's translations: only the `kiosk` texts, the extension status names and the kiosk errors
 * of each locale (cut out of locales/*.json at build time, see vite.config.ts), so the kiosk route
 * does not load the admin app's texts. Language: the URL's `lang`, else the browser's (pickLanguage).
 */
import type { i18n as I18n } from 'i18next';
import locales from 'virtual:kiosk-locales';
import { pickLanguage } from '../domain/constants';
import { startI18n } from '../src/ui/start-i18n';

export function initKioskI18n(urlLang: string | null): I18n {
  return startI18n(locales, pickLanguage(null, urlLang ?? undefined, navigator.language));
}
