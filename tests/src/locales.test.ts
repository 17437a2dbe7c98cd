import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/constants';
import { LEVEL_LABEL_KEY, LEVELS } from '../../domain/levels';
import { ACTIONS, VIEWS } from '../../domain/permissions';
import type { ResourceDefinition } from '../../domain/resources/define';
import { RESOURCES } from '../../domain/resources/index';
import { PRESETS } from '../../domain/resources/look-and-feel';
import { saveMessageKey, STATUS } from '../../domain/status-codes';
import { MENU_GROUPS, NAVIGATION } from '../../src/app/navigation';
import { columnLabelKey, fieldLabelKey } from '../../src/resources/format';

const root = join(import.meta.dirname, '..', '..');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const bundles = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8')) as Tree)])) as Record<
  (typeof LANGUAGES)[number],
  Map<string, string>
>;
const en = bundles.en;

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, pattern) : pattern.test(name) ? [path] : [];
  });
}

/** message keys written as string literals in a folder ('validation.x', t('common.y') ...) */
function literalKeys(dir: string, pattern: RegExp): Set<string> {
  const keys = new Set<string>();
  for (const file of filesUnder(join(root, dir), /\.(ts|tsx)$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) keys.add(match[1]);
  }
  return keys;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('A-I18N-01 en, es and pt hold exactly the same keys', () => {
    const keys = [...en.keys()].sort();
    expect(keys.length).toBeGreaterThan(200);
    expect([...bundles.es.keys()].sort()).toEqual(keys);
    expect([...bundles.pt.keys()].sort()).toEqual(keys);
  });

  it('A-I18N-01 no text is empty and every translation keeps the placeholders of English', () => {
    for (const lang of LANGUAGES) {
      for (const [key, value] of bundles[lang]) {
        expect(value.trim(), `${lang}:${key}`).not.toBe('');
        expect(placeholders(value), `${lang}:${key}`).toEqual(placeholders(en.get(key)!));
      }
    }
  });

  it('A-I18N-01 Spanish and Portuguese are translations, not copies of English', () => {
    for (const lang of ['es', 'pt'] as const) {
      const same = [...en].filter(([key, value]) => bundles[lang].get(key) === value).length;
      expect(same / en.size, lang).toBeLessThan(0.1);
    }
  });

  it('STYLE 12 every column and field of the domain definitions has its label (resources.<name>.fields.<key>)', () => {
    for (const definition of Object.values(RESOURCES) as ResourceDefinition[]) {
      for (const column of definition.columns) expect(en.has(columnLabelKey(definition, column)), columnLabelKey(definition, column)).toBe(true);
      for (const field of definition.fields) expect(en.has(fieldLabelKey(definition, field)), fieldLabelKey(definition, field)).toBe(true);
      expect(en.has(`resources.${definition.name}.singular`)).toBe(true);
      expect(en.has(`resources.${definition.name}.plural`)).toBe(true);
      for (const field of definition.fields) {
        if (field.options?.kind === 'static') for (const option of field.options.options) expect(en.has(option.labelKey), option.labelKey).toBe(true);
      }
    }
  });

  it('A-TOP-05 F-PERM-01 the role labels exist', () => {
    for (const level of LEVELS) expect(en.has(LEVEL_LABEL_KEY[level])).toBe(true);
    expect(en.get('levels.supervisor')).toBe('Supervisor');
    expect(en.get('levels.administrator')).toBe('Administrator');
  });

  it('F-ERR-02..17 every save status has its message, with the spec wording where it gives one', () => {
    const statuses = [...Object.values(STATUS), 0, null, undefined, 418];
    for (const status of statuses) {
      for (const mode of ['create', 'update'] as const) expect(en.has(saveMessageKey(status, mode).key), String(status)).toBe(true);
    }
    expect(en.get('errors.default')).toBe('Error, something happened');
    expect(en.get('errors.methodNotAllowed')).toBe('405 Method not allowed, please contact support');
    expect(en.get('errors.credentials')).toBe('The credentials provided are invalid');
    expect(en.get('errors.server')).toMatch(/try again/);
    expect(en.get('table.noData')).toBe('No data available.');
    expect(en.get('roleGroup.inUse')).toBe('Cannot be deleted. There are users using this role group');
    expect(en.get('validation.required')).toBe('Required');
    for (const key of ['messages.created', 'messages.updated', 'messages.deleted', 'messages.success']) expect(en.has(key)).toBe(true);
  });

  it('F-DLG-05 every message key written in domain/ and server/ exists', () => {
    const keys = new Set([...literalKeys('domain', /['"`]((?:validation|errors|messages)\.[A-Za-z]+)/g), ...literalKeys('server', /['"`]((?:validation|errors|messages)\.[A-Za-z]+)/g)]);
    expect(keys.size).toBeGreaterThan(20);
    for (const key of keys) expect(en.has(key), key).toBe(true);
  });

  it('A-I18N-01 every literal t() key of src/ exists', () => {
    const keys = literalKeys('src', /\bt\(\s*'([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)'/g);
    expect(keys.size).toBeGreaterThan(50);
    // a counted text is a plural family (key_one, key_other), as i18next resolves it
    for (const key of keys) expect(en.has(key) || (en.has(`${key}_one`) && en.has(`${key}_other`)), key).toBe(true);
  });

  it('A-MENU every navigation entry and menu group has its title; views, actions, presets and languages have labels', () => {
    for (const entry of NAVIGATION) {
      expect(en.has(entry.titleKey), entry.titleKey).toBe(true);
      if (entry.titleSuffixKey) expect(en.has(entry.titleSuffixKey)).toBe(true);
    }
    for (const group of MENU_GROUPS) expect(en.has(group.titleKey), group.titleKey).toBe(true);
    for (const view of VIEWS) expect(en.has(`views.${view}`), view).toBe(true);
    for (const action of ACTIONS) expect(en.has(`actions.${action}`), action).toBe(true);
    for (const preset of Object.keys(PRESETS)) expect(en.has(`lookAndFeel.presets.${preset}`), preset).toBe(true);
    for (const lang of LANGUAGES) expect(en.has(`languages.${lang}`)).toBe(true);
  });
});
