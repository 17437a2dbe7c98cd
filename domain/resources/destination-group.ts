import { z } from 'zod';
import { at } from '../navigation';
import { PATTERNS } from '../validation';
import { defineResource } from './define';
import { text } from './fields';

/**
 * A dialplan pattern of a destination group: digits and Asterisk's pattern letters (X any digit, Z
 * 1-9, N 2-9, [..] ranges, '.' and '!' any continuation), with or without the leading '_'.
 */
export const DIAL_PATTERN = /^_?(?:[0-9XZNxzn*#]|\[[0-9-]+\])+[.!]?$/;

/** C-DG-03: the groups every platform starts with, with Brazilian numbering as their example patterns. */
export const DEFAULT_DESTINATION_GROUPS: readonly { name: string; patterns: string[] }[] = [
  { name: 'Collect call', patterns: ['_90XX.'] },
  { name: 'Special', patterns: ['_1XX', '_0800XXXXXXX', '_0300XXXXXXX'] },
  { name: 'International', patterns: ['_00.'] },
  { name: 'Internal', patterns: ['_XXX', '_XXXX'] },
  { name: 'Local landline', patterns: ['_[2-5]XXXXXXX'] },
  { name: 'Local mobile', patterns: ['_9XXXXXXXX'] },
  { name: 'National landline', patterns: ['_0XX[2-5]XXXXXXX'] },
  { name: 'National mobile', patterns: ['_0XX9XXXXXXXX'] },
  // the incoming group: restrictions never choose it (C-ERS-07)
  { name: 'Entrante', patterns: ['_X.'] },
];

/** The group restrictions do not offer (C-ERS-07). */
export const INCOMING_GROUP_NAME = 'Entrante';

/** C-DG-01/02: a name and its patterns (at least one, each a dialplan pattern, each once). */
export const destinationGroupSchema = z.object({
  name: text(50, { pattern: PATTERNS.letterDigitSpace, message: 'validation.letterDigitSpace' }),
  patterns: z
    .array(z.string().trim().toUpperCase().regex(DIAL_PATTERN, { error: 'validation.dialPattern' }), { error: 'validation.invalid' })
    .min(1, { error: 'validation.onePatternMin' })
    .max(50, { error: 'validation.invalid' })
    .transform((list) => [...new Set(list)]),
});

export interface DestinationGroupRow {
  id: number;
  name: string;
  patterns: string[];
}

export const destinationGroupResource = defineResource({
  name: 'destinationGroup',
  path: 'destinationgroup',
  view: 'destinationGroup',
  idField: 'id',
  corpScoped: false,
  schema: () => destinationGroupSchema,
  defaults: () => ({ name: '', patterns: [] }),
  columns: [{ key: 'name' }, { key: 'patterns', format: 'list' }],
  fields: [
    { name: 'name', kind: 'text', wide: true },
    { name: 'patterns', kind: 'custom', component: 'patternList', wide: true },
  ],
  searchFields: ['name', 'patterns'],
  narrowPageSize: 3,
  nav: {
    key: 'destinationGroup',
    route: 'configuration/destinationGroup',
    icon: 'destinationGroup',
    titleKey: 'nav.destinationGroup',
    menu: [at(1, 'config', 20, 'notParamsvoip')],
    aliases: ['destinationGroup'],
  },
});
