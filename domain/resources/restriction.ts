import { z } from 'zod';
import { LEVEL } from '../levels';
import { at } from '../navigation';
import { defineResource, type FieldDef, type SchemaContext, type StaticOption } from './define';
import { INCOMING_GROUP_NAME } from './destination-group';
import { flag, oneOf, optionalId, requiredId, text } from './fields';

/** F-CONST-02: destination types and the word each stores as its pattern (type 3 stores the pattern itself). */
export const RESTRICTION_TYPES = { 1: 'VoiceMailMain', 2: 'MeetMe', 3: 'Pattern', 4: 'DestinationGroup' } as const;
export type RestrictionType = keyof typeof RESTRICTION_TYPES;
/** F-CONST-03: 0 no, 1 yes, 2 with a pin. */
export const PERMITS = [0, 1, 2] as const;

/** C-ERS-05: digits with at most one letter T, ending in digits optionally followed by one T. */
export const RESTRICTION_PATTERN = /^[0-9]+T?$/;
const PIN = /^[0-9]{1,10}$/;

export const RESTRICTION_TYPE_OPTIONS: StaticOption[] = ([1, 2, 3, 4] as const).map((value) => ({ value, labelKey: `restrictions.types.${value}` }));
export const PERMIT_OPTIONS: StaticOption[] = PERMITS.map((value) => ({ value, labelKey: `restrictions.permits.${value}` }));

/**
 * The destination, permit and pin of a restriction (C-ERS-03..06, both restriction forms): type 3
 * needs a free pattern, type 4 a destination group, permit 2 a pin; the stored pattern is the type's
 * word otherwise (F-CONST-02) and the group only with type 4.
 */
const restrictionRule = {
  // the spec's body has no type (C-ERS-09, C-CRS-04): then the stored word says it (F-CONST-02)
  destType: oneOf([1, 2, 3, 4] as const).optional(),
  pattern: text(40, undefined, true),
  groupId: optionalId,
  permit: oneOf(PERMITS),
  pin: text(10, undefined, true),
};

type RuleInput = { destType: RestrictionType; pattern: string; groupId: number | null; permit: 0 | 1 | 2; pin: string };
type RuleBody = Omit<RuleInput, 'destType'> & { destType?: RestrictionType };

/** F-CONST-02 read backwards: the type a stored pattern word stands for (a pattern of digits is type 3). */
export function restrictionTypeOf(pattern: string): RestrictionType {
  const found = (Object.entries(RESTRICTION_TYPES) as [string, string][]).find(([type, word]) => type !== '3' && word === pattern);
  return found ? (Number(found[0]) as RestrictionType) : 3;
}

const typeOf = (r: RuleBody): RestrictionType => r.destType ?? restrictionTypeOf(r.pattern);

function checkRule(body: RuleBody, ctx: z.RefinementCtx): void {
  const r = { ...body, destType: typeOf(body) };
  if (r.destType === 3 && r.pattern === '') ctx.addIssue({ code: 'custom', path: ['pattern'], message: 'validation.required' });
  else if (r.destType === 3 && !RESTRICTION_PATTERN.test(r.pattern)) ctx.addIssue({ code: 'custom', path: ['pattern'], message: 'validation.restrictionPattern' });
  if (r.destType === 4 && r.groupId === null) ctx.addIssue({ code: 'custom', path: ['groupId'], message: 'validation.required' });
  if (r.permit === 2 && r.pin === '') ctx.addIssue({ code: 'custom', path: ['pin'], message: 'validation.required' });
  else if (r.permit === 2 && !PIN.test(r.pin)) ctx.addIssue({ code: 'custom', path: ['pin'], message: 'validation.pin' });
}

function normaliseRule<T extends RuleBody>(body: T): T & { destType: RestrictionType } {
  const destType = typeOf(body);
  return {
    ...body,
    destType,
    pattern: destType === 3 ? body.pattern : RESTRICTION_TYPES[destType],
    groupId: destType === 4 ? body.groupId : null,
    pin: body.permit === 2 ? body.pin : '',
  };
}

/** The corp part of the corporate and incoming forms: a corp, or every corp (the supervisor's flag, C-CRS-02/03). */
const corpChoice = { allCorps: flag.default(false), corpId: optionalId };

function checkCorpChoice(supervisor: boolean) {
  return (r: { allCorps: boolean; corpId: number | null }, issue: z.RefinementCtx) => {
    if (supervisor && !r.allCorps && r.corpId === null) issue.addIssue({ code: 'custom', path: ['corpId'], message: 'validation.required' });
  };
}

/** Every corp (corpId null) only when a supervisor asks for it; anyone else's row stays in their corp. */
function settleCorp<T extends { allCorps: boolean; corpId: number | null }>(supervisor: boolean, r: T): T {
  const all = supervisor && r.allCorps;
  return { ...r, allCorps: all, corpId: all ? null : r.corpId };
}

/**
 * Corporate restrictions (C-CRS): the rule plus the corp, or every corp (C-CRS-02: the all-corps
 * flag, the supervisor's; the corp chooser is disabled while it is on, C-CRS-03). Below level 1 the
 * corp is the user's own. Sent as JSON CorpId, GroupId, Pattern, Permit, Pin (C-CRS-04, first reading:
 * it is the one both restriction forms share).
 */
export function restrictionCorpSchema(ctx: SchemaContext) {
  const supervisor = ctx.actor.level === LEVEL.supervisor;
  return z
    .object({ ...restrictionRule, ...corpChoice })
    .superRefine((r, issue) => {
      checkRule(r, issue);
      checkCorpChoice(supervisor)(r, issue);
    })
    .transform((r) => normaliseRule(settleCorp(supervisor, r)));
}

/** Extension restrictions (C-ERS): the rule for one extension; sent as ExtenId, GroupId, Pattern, Permit, Pin (C-ERS-09). */
export const restrictionExtenSchema = z
  .object({ ...restrictionRule, extenId: requiredId })
  .superRefine(checkRule)
  .transform((r) => normaliseRule(r));

/**
 * Incoming restrictions (C-IRS-01 names only the screen, in the supervisor's menu): whether calls from
 * a caller number pattern are let in (1) or refused (0), for a corp or every corp. The pattern rule is
 * the free pattern's (C-ERS-05).
 */
export function restrictionInSchema(ctx: SchemaContext) {
  const supervisor = ctx.actor.level === LEVEL.supervisor;
  return z
    .object({
      pattern: text(40, { pattern: RESTRICTION_PATTERN, message: 'validation.restrictionPattern' }),
      permit: oneOf([0, 1] as const),
      comment: text(50, undefined, true),
      ...corpChoice,
    })
    .superRefine(checkCorpChoice(supervisor))
    .transform((r) => settleCorp(supervisor, r));
}

export interface RestrictionRow extends RuleInput {
  id: number;
  corpId: number | null;
  groupName: string | null;
}

const isSupervisor = (_v: Record<string, unknown>, ctx: SchemaContext) => ctx.actor.level === LEVEL.supervisor;

/** The corp fields of the corporate and incoming forms: the all-corps switch and the corp chooser (level 1). */
const corpFields: FieldDef[] = [
  { name: 'allCorps', kind: 'switch', visibleWhen: isSupervisor, onChange: (on) => (on ? { corpId: null } : {}) },
  { name: 'corpId', kind: 'select', options: { kind: 'resource', resource: 'corp', valueField: 'id', labelField: 'name' }, visibleWhen: isSupervisor, disabledWhen: (v) => v.allCorps === true },
];

/** The rule's fields (C-ERS-03/04): pattern for type 3, group for type 4 (never 'Entrante', C-ERS-07), pin for permit 2. */
const ruleFields: FieldDef[] = [
  { name: 'destType', kind: 'select', options: { kind: 'static', options: RESTRICTION_TYPE_OPTIONS } },
  { name: 'pattern', kind: 'text', visibleWhen: (v) => Number(v.destType) === 3 },
  {
    name: 'groupId',
    kind: 'select',
    options: { kind: 'resource', resource: 'destinationGroup', valueField: 'id', labelField: 'name', exclude: { field: 'name', values: [INCOMING_GROUP_NAME] } },
    visibleWhen: (v) => Number(v.destType) === 4,
  },
  { name: 'permit', kind: 'select', options: { kind: 'static', options: PERMIT_OPTIONS } },
  { name: 'pin', kind: 'text', visibleWhen: (v) => Number(v.permit) === 2 },
];

const ruleDefaults = { destType: 3, pattern: '', groupId: null, permit: 0, pin: '' };

export const restrictionCorpResource = defineResource({
  name: 'restrictionCorp',
  // F-PERM-08: the create button is always shown (the server still checks)
  createAlwaysShown: true,
  path: 'restrictioncorp',
  view: 'restrictionCorp',
  idField: 'id',
  corpScoped: true,
  corpOptional: true,
  schema: (ctx) => restrictionCorpSchema(ctx),
  defaults: () => ({ ...ruleDefaults, allCorps: false, corpId: null }),
  // C-CRS-01: pattern, corporation, allow, pin
  columns: [
    { key: 'destination' },
    { key: 'corpName' },
    { key: 'permit', options: PERMIT_OPTIONS },
    { key: 'pin' },
  ],
  fields: [...corpFields, ...ruleFields],
  searchFields: ['destination', 'corpName'],
  narrowPageSize: 3,
  nav: {
    key: 'restrictionsCorp',
    route: 'configuration/restrictionsCorp',
    icon: 'restriction',
    titleKey: 'nav.restrictionsCorp',
    menu: [at(1, 'workingCorp', 110), at(1, 'config', 40, 'notParamsvoip'), at(3, 'config', 70)],
    aliases: ['restrictionsCorp'],
  },
});

export const restrictionExtenResource = defineResource({
  name: 'restrictionExten',
  // F-PERM-08: the create button is always shown (the server still checks)
  createAlwaysShown: true,
  path: 'restrictionexten',
  view: 'restrictionExten',
  idField: 'id',
  corpScoped: true,
  parent: { resource: 'extension', field: 'extenId', labelField: 'number', icon: 'restriction', order: 2 },
  schema: () => restrictionExtenSchema,
  defaults: () => ({ ...ruleDefaults }),
  // C-ERS-02: destination, extension, allow
  columns: [{ key: 'destination' }, { key: 'extenNumber' }, { key: 'permit', options: PERMIT_OPTIONS }],
  fields: ruleFields,
  searchFields: ['destination'],
  narrowPageSize: 3,
  nav: { key: 'restrictionsexten', route: 'configuration/restrictionsexten', icon: 'restriction', titleKey: 'nav.restrictionsexten' },
});

export const INCOMING_PERMIT_OPTIONS: StaticOption[] = [0, 1].map((value) => ({ value, labelKey: `restrictions.incoming.${value}` }));

export const restrictionInResource = defineResource({
  name: 'restrictionIn',
  // F-PERM-08: the create button is always shown (the server still checks)
  createAlwaysShown: true,
  path: 'restrictionin',
  view: 'restrictionCorp',
  // C-IRS-01: the supervisor's screen
  levels: { read: LEVEL.supervisor, create: LEVEL.supervisor, update: LEVEL.supervisor, delete: LEVEL.supervisor },
  idField: 'id',
  corpScoped: true,
  corpOptional: true,
  schema: (ctx) => restrictionInSchema(ctx),
  defaults: () => ({ allCorps: false, corpId: null, pattern: '', permit: 0, comment: '' }),
  columns: [{ key: 'pattern' }, { key: 'corpName' }, { key: 'permit', options: INCOMING_PERMIT_OPTIONS }, { key: 'comment' }],
  fields: [
    ...corpFields,
    { name: 'pattern', kind: 'text' },
    { name: 'permit', kind: 'select', options: { kind: 'static', options: INCOMING_PERMIT_OPTIONS } },
    { name: 'comment', kind: 'text', wide: true },
  ],
  searchFields: ['pattern', 'corpName', 'comment'],
  narrowPageSize: 3,
  nav: {
    key: 'restrictionsEntrantes',
    route: 'configuration/restrictionsEntrantes',
    icon: 'incoming',
    titleKey: 'nav.restrictionsEntrantes',
    menu: [at(1, 'config', 50, 'notParamsvoip')],
    aliases: ['restrictionsEntrantes'],
  },
});
