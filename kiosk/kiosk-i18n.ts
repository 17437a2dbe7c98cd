/**
 * The kiosk's translations: only the `kiosk` texts, the extension status names and the kiosk errors
 * of each locale (cut out of locales/*.json at build time, see vite.config.ts), so the kiosk route
 * does not load the admin app's texts. Language: the URL's `lang`, else the browser's (pickLanguage).
 *
 * Not i18next: a TV shows some forty fixed labels with `{{name}}` values and no plurals, and i18next
 * with react-i18next is 16 kB of the kiosk route's gzipped JavaScript (bench/README.md "Kiosk
 * JavaScript"). The admin app keeps i18next; both read the same locale files, and
 * tests/kiosk/kiosk-i18n.test.ts checks that every kiosk text comes out as i18next renders it.
 */
import { pickLanguage, type Language } from '../domain/constants';

/** Values of a text's `{{name}}` placeholders. */
export type KioskTextValues = Readonly<Record<string, string | number>>;

export interface KioskTexts {
  language: Language;
  /** the text at a dotted key in the screen's language, else in English, else the key itself (as i18next does) */
  t(key: string, values?: KioskTextValues): string;
}

type TextTree = Readonly<Record<string, unknown>>;

function lookup(tree: TextTree, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as TextTree)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

export function createKioskTexts(texts: Readonly<Record<Language, TextTree>>, language: Language): KioskTexts {
  return {
    language,
    t(key, values) {
      const text = lookup(texts[language], key) ?? lookup(texts.en, key) ?? key;
      // a value not given leaves its placeholder, as i18next does
      return values ? text.replace(PLACEHOLDER, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder)) : text;
    },
  };
}

/** The screen's texts in the URL's language, else the browser's; sets the page's `lang`. */
export function initKioskTexts(texts: Readonly<Record<Language, TextTree>>, urlLang: string | null): KioskTexts {
  const screen = createKioskTexts(texts, pickLanguage(null, urlLang ?? undefined, navigator.language));
  document.documentElement.lang = screen.language;
  return screen;
}
