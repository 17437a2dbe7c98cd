/**
 * Starts i18next with our settings (en, es, pt; English as the fallback; synchronous, so the first
 * render is already translated) for the admin app and the kiosk, each with its own texts.
 */
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../domain/constants';

export function startI18n(translations: Record<Language, Record<string, unknown>>, lng: Language): typeof i18n {
  const resources: Resource = { en: { translation: translations.en }, es: { translation: translations.es }, pt: { translation: translations.pt } };
  void i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    supportedLngs: ['en', 'es', 'pt'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = lng;
  return i18n;
}
