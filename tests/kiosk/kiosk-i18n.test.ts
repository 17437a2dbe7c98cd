import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import pt from '../../locales/pt.json';
import { LANGUAGES } from '../../domain/constants';
import { createKioskTexts } from '../../kiosk/kiosk-i18n';

/** The texts the kiosk ships (vite.config.ts `virtual:kiosk-locales` cuts the same parts). */
const kioskPart = (all: typeof en) => ({
  kiosk: all.kiosk,
  panel: { status: all.panel.status },
  errors: { kioskRevoked: all.errors.kioskRevoked, kioskKey: all.errors.kioskKey },
});
const locales = { en: kioskPart(en), es: kioskPart(es), pt: kioskPart(pt) };

function leaves(tree: unknown, prefix = ''): string[] {
  if (typeof tree === 'string') return [prefix];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** i18next as the admin app starts it (src/ui/start-i18n.ts), on the kiosk's texts */
async function referenceI18next() {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { en: { translation: locales.en }, es: { translation: locales.es }, pt: { translation: locales.pt } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'es', 'pt'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

// every placeholder a kiosk text uses, with a value that shows where it went
const values = { time: '14:05:09', corp: 'acme', error: 'HTTP 502', page: 2, pages: 7, seconds: 20, count: 3, answered: 41, abandoned: 5 };

describe('the kiosk texts (A-I18N-01)', () => {
  it('render every kiosk text in en, es and pt as i18next renders it, values included', async () => {
    const reference = await referenceI18next();
    const keys = leaves(locales.en);
    expect(keys.length).toBeGreaterThan(40);
    for (const language of LANGUAGES) {
      await reference.changeLanguage(language);
      const texts = createKioskTexts(locales, language);
      for (const key of keys) {
        expect(texts.t(key, values), `${language} ${key}`).toBe(reference.t(key, values));
        expect(texts.t(key), `${language} ${key} without values`).toBe(reference.t(key));
      }
    }
  });

  it('fall back to English for a text a language lacks, and to the key for an unknown one', async () => {
    const partial = { ...locales, es: { ...locales.es, kiosk: { ...locales.es.kiosk, pinned: undefined as unknown as string } } };
    const texts = createKioskTexts(partial, 'es');
    expect(texts.t('kiosk.pinned')).toBe(en.kiosk.pinned);
    expect(texts.t('kiosk.queues.waiting')).toBe(es.kiosk.queues.waiting);
    expect(texts.t('kiosk.nothing.here')).toBe('kiosk.nothing.here');
  });

  it('render a value not given as i18next does', async () => {
    const reference = await referenceI18next();
    await reference.changeLanguage('pt');
    expect(createKioskTexts(locales, 'pt').t('kiosk.agents.page', { page: 1 })).toBe(reference.t('kiosk.agents.page', { page: 1 }));
  });
});
