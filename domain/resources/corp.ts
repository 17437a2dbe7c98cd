import { z } from 'zod';
import { LIMITS } from '../constants';
import { msg, PATTERNS } from '../validation';
import { at } from '../navigation';
import { timeZoneNameSchema } from '../time-zone';
import { defineResource } from './define';
import { flag, intIn, text } from './fields';

/** extMax ceiling by extension length (C-CORP-08): 799 numbers with 3 digits, 8999 with 4. */
export const EXT_MAX_BY_LEN = { 3: 799, 4: 8999 } as const;

const name = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(LIMITS.corpNameMax, { error: msg('validation.maxLength', { max: LIMITS.corpNameMax }) })
  .regex(PATTERNS.wordSpace, { error: 'validation.wordSpace' });

export const corpSchema = z
  .object({
    url: name,
    name,
    enabled: flag.default(true),
    extLen: z.coerce.number().refine((v) => v === 3 || v === 4, { error: 'validation.extLen' }),
    extMax: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }),
    queMax: intIn(0, 99),
    maxContacts: intIn(1, 5),
    monEnabled: flag.default(false),
    monPath: text(LIMITS.corpMonPathMax, { pattern: PATTERNS.monPath, message: 'validation.monPath' }, true),
    allowCustom: flag.default(false),
    allowDiscador: flag.default(false),
    costEnabled: flag.default(false),
    roomEnabled: flag.default(false),
    webHook: text(LIMITS.corpWebHookMax, { pattern: PATTERNS.webHook, message: 'validation.webHook' }, true),
    /**
     * J-TZ-01: the IANA zone of the corp's days; empty or absent keeps what the corp has (a new corp:
     * the server's zone), so a body without it erases nothing
     */
    timeZone: z.preprocess((v) => (v === '' || v === null ? undefined : v), timeZoneNameSchema.optional()),
  })
  .superRefine((corp, ctx) => {
    const max = EXT_MAX_BY_LEN[corp.extLen as 3 | 4];
    if (max && (corp.extMax < 1 || corp.extMax > max)) {
      ctx.addIssue({ code: 'custom', path: ['extMax'], message: msg('validation.range', { min: 1, max }) });
    }
  })
  .transform((corp) => ({ ...corp, monPath: corp.monPath === '' ? defaultMonPath(corp.name) : corp.monPath }));

/** C-CORP-12: an empty monPath becomes '/' plus the name without spaces. */
export function defaultMonPath(corpName: string): string {
  return '/' + corpName.replace(/\s+/g, '');
}

export type CorpInput = z.input<typeof corpSchema>;
export type Corp = z.output<typeof corpSchema> & { id: number; usersInCorp: number };

/** C-CORP-14 defaults for a new corp. */
export const CORP_DEFAULTS = {
  url: '',
  name: '',
  enabled: true,
  extLen: 4,
  extMax: 1,
  queMax: 1,
  maxContacts: 1,
  monEnabled: false,
  monPath: '',
  allowCustom: false,
  allowDiscador: false,
  costEnabled: false,
  roomEnabled: false,
  webHook: '',
  /** empty: the server's zone */
  timeZone: '',
} as const;

export const corpResource = defineResource({
  name: 'corp',
  path: 'corp',
  view: 'corp',
  idField: 'id',
  corpScoped: false,
  nav: {
    key: 'corp',
    route: 'configuration/corp',
    icon: 'corp',
    titleKey: 'nav.corp',
    screen: 'corpList',
    updateParam: 'corpToUpdate',
    menu: [at(1, 'config', 10, 'notParamsvoip')],
  },
  schema: () => corpSchema,
  defaults: () => ({ ...CORP_DEFAULTS }),
  columns: [
    { key: 'url' },
    { key: 'name' },
    { key: 'enabled', format: 'yesNo' },
    { key: 'extLen', format: 'number' },
    { key: 'extMax', format: 'number' },
    { key: 'maxContacts', format: 'number' },
    { key: 'usersInCorp', format: 'number' },
    { key: 'roomEnabled', format: 'yesNo' },
    // the zone is in the form only: spec 2's list columns fill a 1440 px screen in Spanish already (C-CORP-01)
  ],
  fields: [
    { name: 'url', kind: 'text' },
    { name: 'name', kind: 'text' },
    { name: 'extLen', kind: 'select', options: { kind: 'static', options: [{ value: 3, labelKey: 'resources.corp.extLen3' }, { value: 4, labelKey: 'resources.corp.extLen4' }] } },
    { name: 'extMax', kind: 'number' },
    { name: 'queMax', kind: 'number' },
    { name: 'maxContacts', kind: 'number' },
    { name: 'monPath', kind: 'text' },
    { name: 'webHook', kind: 'text' },
    { name: 'timeZone', kind: 'custom', component: 'timeZone', keptWhenEmpty: true },
    { name: 'enabled', kind: 'switch' },
    { name: 'monEnabled', kind: 'switch' },
    { name: 'allowCustom', kind: 'switch' },
    { name: 'allowDiscador', kind: 'switch' },
    { name: 'costEnabled', kind: 'switch' },
  ],
  searchFields: ['url', 'name'],
  dialogWidth: 1000,
});
