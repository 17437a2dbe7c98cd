import { z } from 'zod';
import { at } from '../navigation';
import { defineResource } from './define';
import { flag, requiredId, text } from './fields';

/** C-SIP-05/06: digits and dots, then a final T (the rest of the dialled number). */
export const SIP_PATTERN = /^[0-9.]+T$/;

/**
 * SIP routes (C-SIP), the supervisor's outbound routing: a company and one of its trunks (C-SIP-03,
 * C-SIP-07), a pattern and its translation (C-SIP-05/06), a comment of at most 50 characters
 * (C-SIP-04). Sent as {id, Comment, Pattern, Translation, CorpId, TrunkId, Enabled} (C-SIP-08).
 */
export const sipRouteSchema = z.object({
  corpId: requiredId,
  trunkId: requiredId,
  pattern: text(40, { pattern: SIP_PATTERN, message: 'validation.sipPattern' }),
  translation: text(40, { pattern: SIP_PATTERN, message: 'validation.sipPattern' }),
  comment: text(50, undefined, true),
  enabled: flag.default(true),
});

export interface SipRouteRow extends z.output<typeof sipRouteSchema> {
  id: number;
  corpName: string;
  trunkNumber: string;
}

export const sipRouteResource = defineResource({
  name: 'sipRoute',
  path: 'siproute',
  view: 'sipRoutes',
  idField: 'id',
  corpScoped: true,
  schema: () => sipRouteSchema,
  defaults: () => ({ corpId: null, trunkId: null, pattern: '', translation: '', comment: '', enabled: true }),
  columns: [{ key: 'corpName' }, { key: 'trunkNumber' }, { key: 'pattern' }, { key: 'translation' }, { key: 'comment' }, { key: 'enabled', format: 'yesNo' }],
  fields: [
    { name: 'corpId', kind: 'select', options: { kind: 'resource', resource: 'corp', valueField: 'id', labelField: 'name' }, onChange: () => ({ trunkId: null }) },
    // C-SIP-03: the company narrows the trunks to its own
    {
      name: 'trunkId',
      kind: 'select',
      options: { kind: 'resource', resource: 'trunk', valueField: 'id', labelField: 'number', missing: 'validation.trunkUnknown', narrowBy: { formField: 'corpId', rowField: 'corpId' } },
    },
    { name: 'pattern', kind: 'text', hintKey: 'resources.sipRoute.patternHint' },
    { name: 'translation', kind: 'text' },
    { name: 'comment', kind: 'text', wide: true },
    { name: 'enabled', kind: 'switch' },
  ],
  searchFields: ['corpName', 'trunkNumber', 'pattern', 'comment'],
  narrowPageSize: 3,
  nav: {
    key: 'siproutes',
    route: 'configuration/siproute/all',
    formsRoute: 'configuration/siproute',
    icon: 'sipRoute',
    titleKey: 'nav.siproutes',
    menu: [at(1, 'config', 60, 'notParamsvoip')],
  },
});
