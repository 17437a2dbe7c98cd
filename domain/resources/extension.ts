import { z } from 'zod';
import { EXTENSION_RULES as R } from '../constants';
import { LEVEL } from '../levels';
import { msg, PATTERNS } from '../validation';
import { at } from '../navigation';
import { isWeakSipPassword, SIP_PASSWORD_STRONG_MIN } from '../sip-password';
import { defineResource, type SchemaContext, type StaticOption } from './define';
import { intIn, looseFlag, MAX_ID, optionalId, orDefault, whenValid } from './fields';

/** C-EXT-25: what an extension does with a call; queue actions join when queues can be targets. */
export const EXTENSION_ACTIONS = ['ring', 'followMe', 'voicemail', 'simTouch', 'exTouch'] as const;
/** C-EXT-25: what it does when busy. */
export const EXTENSION_BUSY_ACTIONS = ['followMe', 'voicemail', 'exTouch'] as const;
/** C-EXT-24 (first reading): UDP (default), WSS (WebRTC), TLS (TLS 1.2). */
export const PORT_TYPES = ['UDP', 'WSS', 'TLS'] as const;

export type ExtensionAction = (typeof EXTENSION_ACTIONS)[number];
export type ExtensionBusyAction = (typeof EXTENSION_BUSY_ACTIONS)[number];
export type PortType = (typeof PORT_TYPES)[number];

const optionsOf = (values: readonly string[], prefix: string): StaticOption[] => values.map((value) => ({ value, labelKey: `${prefix}.${value}` }));
export const EXTENSION_ACTION_OPTIONS = optionsOf(EXTENSION_ACTIONS, 'resources.extension.actions');
export const EXTENSION_BUSY_OPTIONS = optionsOf(EXTENSION_BUSY_ACTIONS, 'resources.extension.actions');
export const PORT_TYPE_OPTIONS = optionsOf(PORT_TYPES, 'resources.extension.portTypes');

/** The system parameter `exten-ini` as a number: a 3-digit start, else the default 200. */
export function parseExtenIni(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 100 && n <= R.len3Max ? n : R.defaultExtenIni;
}

/**
 * C-EXT-14/15: the numbers a corp may use. With 3 digits from the initial extension (parameter
 * exten-ini, default 200) up to 999; with 4 digits 1000 to 9999. How many it may hold is extMax
 * (at most 799 or 8999, C-CORP-08), a count the server checks (550).
 */
export function extensionRange(corp: { extLen: number; extenIni?: number }): { min: number; max: number } {
  if (corp.extLen === 3) return { min: corp.extenIni ?? R.defaultExtenIni, max: R.len3Max };
  return { min: R.len4Min, max: R.len4Max };
}

/** C-EXT-37/38: the bulk row code of the field a row failed on (C-EXT-39: 551, 550 as they are, anything else 400). */
export const EXTENSION_BULK_CODES: Record<string, number> = {
  trunkNumber: 500,
  trunkId: 500,
  userName: 501,
  userId: 501,
  maxContacts: 502,
  callgroup: 503,
  vmpass: 504,
  portType: 505,
  spy: 506,
  onbusy: 507,
  action: 508,
  enabled: 509,
};

/** C-EXT-32: the columns of the bulk CSV, in order, and the body field each fills. */
export const EXTENSION_BULK_COLUMNS = [
  'Number',
  'Pass',
  'TrunkNumber',
  'Outer',
  'Enabled',
  'Action',
  'Onbusy',
  'Description',
  'Spy',
  'PortType',
  'Vmpass',
  'Callgroup',
  'UserName',
  'MaxContacts',
].map((header) => ({ header, field: header.charAt(0).toLowerCase() + header.slice(1) }));

/** A text value that may arrive as a number or null (bulk rows, 0/1 clients); trimmed, '' when absent. */
const text = z
  .union([z.string(), z.number(), z.null()], { error: 'validation.invalid' })
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

/** C-EXT-13..15: required, digits, inside the corp's range; kept in canonical form ('0201' → '201'). */
function numberSchema(ctx: SchemaContext) {
  const range = ctx.corp ? extensionRange(ctx.corp) : null;
  return text
    .pipe(
      z
        .string()
        .min(1, { error: 'validation.required' })
        .refine((v) => v === '' || PATTERNS.digits.test(v), { error: 'validation.digits' }),
    )
    .transform((v) => String(Number(v)))
    .refine((v) => !range || (Number(v) >= range.min && Number(v) <= range.max), { error: range ? msg('validation.range', range) : 'validation.range' });
}

/** C-EXT-17: at least 4 characters of letters, digits and _ + * . @ space -. On edit, empty keeps the password. */
function passSchema(ctx: SchemaContext) {
  const chars = z
    .string({ error: 'validation.required' })
    .max(R.passMax, { error: msg('validation.maxLength', { max: R.passMax }) })
    .regex(PATTERNS.extPassword, { error: 'validation.extPassword' });
  const min = msg('validation.minLength', { min: R.passMin });
  if (ctx.mode === 'update') return chars.refine((v) => v === '' || v.length >= R.passMin, { error: min }).default('');
  // (an aborting check would also stop the form-wide refinements, so '' gets only 'required' this way)
  return chars.min(1, { error: 'validation.required' }).refine((v) => v === '' || v.length >= R.passMin, { error: min });
}

/**
 * I-SEC-01: where a real Asterisk reads the password (ctx.strongSipPasswords), a new or changed one
 * must be strong; '' on update and the stored password sent back unchanged keep what is stored.
 */
function weakForAsterisk(ctx: SchemaContext, pass: string, number: string): boolean {
  if (!ctx.strongSipPasswords || pass === '') return false;
  if (ctx.mode === 'update' && pass === ctx.existing?.pass) return false;
  return isWeakSipPassword(pass, number);
}

const action = z.enum(EXTENSION_ACTIONS, { error: 'validation.option' });
const onbusy = z.enum(EXTENSION_BUSY_ACTIONS, { error: 'validation.option' });

/**
 * The extension form and body (C-EXT-08..28), one schema for the dialog and the server. Field
 * names are the spec's JSON (C-EXT-28) with the first letter lowered (Number → number).
 * - the number is locked when editing (C-EXT-10): on update it is not checked and the server keeps it;
 * - the external number is required when action or busy action is exTouch (C-EXT-11);
 * - level 4 writes only enabled and action (C-EXT-07, the definition's limitedWrite): the server
 *   keeps every other value of the row and checks the whole row with this same schema.
 */
export function extensionSchema(ctx: SchemaContext) {
  const maxContacts = ctx.corp?.maxContacts ?? R.maxContactsCeiling;
  return z
    .object({
      number: ctx.mode === 'update' ? text : numberSchema(ctx),
      pass: passSchema(ctx),
      userId: optionalId.default(null),
      trunkId: optionalId.default(null),
      outer: text.pipe(
        z
          .string()
          .max(R.outerMax, { error: msg('validation.maxLength', { max: R.outerMax }) })
          .refine((v) => v === '' || (PATTERNS.digits.test(v) && v !== '0'), { error: 'validation.outer' }),
      ),
      enabled: orDefault(looseFlag.default(true)),
      action: orDefault(action.default('ring')),
      onbusy: orDefault(onbusy.default('voicemail')),
      description: text.pipe(
        z
          .string()
          .max(R.descriptionMax, { error: msg('validation.maxLength', { max: R.descriptionMax }) })
          .regex(PATTERNS.letterDigitSpace, { error: 'validation.letterDigitSpace' }),
      ),
      spy: orDefault(looseFlag.default(false)),
      // C-EXT-23: whatever is sent, an extension takes one call at a time
      callLimit: z
        .unknown()
        .optional()
        .transform((): number => R.callLimit),
      portType: orDefault(z.enum(PORT_TYPES, { error: 'validation.option' }).default('UDP')),
      vmpass: text.pipe(z.string().refine((v) => v === '' || /^[0-9]{3,4}$/.test(v), { error: 'validation.vmpass' })),
      maxContacts: orDefault(intIn(1, maxContacts).default(1)),
      callgroup: orDefault(intIn(0, R.callgroupMax).default(0)),
      // C-EXT-26: the extension time schedule, 0 = none
      timeExtensIds: orDefault(intIn(0, MAX_ID).default(0)),
      // a bulk row (C-EXT-32) names its trunk and user instead of their ids; the server resolves them
      trunkNumber: text.pipe(z.string().refine((v) => v === '' || PATTERNS.digits.test(v), { error: 'validation.digits' })),
      userName: text,
    })
    .refine((e) => e.outer !== '' || (e.action !== 'exTouch' && e.onbusy !== 'exTouch'), {
      path: ['outer'],
      error: 'validation.outerRequired',
      // reported even when other fields are wrong too, once these three are readable
      when: whenValid('outer', 'action', 'onbusy'),
    })
    .refine((e) => !weakForAsterisk(ctx, e.pass, e.number), {
      path: ['pass'],
      error: msg('validation.sipPasswordWeak', { min: SIP_PASSWORD_STRONG_MIN }),
      when: whenValid('pass', 'number'),
    });
}

export type ExtensionInput = z.input<ReturnType<typeof extensionSchema>>;

/** An extension as the API returns it (C-EXT-27). `pass` and `vmpass` are blank for level 4. */
export interface ExtensionRow {
  id: number;
  corpId: number;
  number: string;
  pass: string;
  userId: number | null;
  /** the name shown for the extension: its web user's name (or nick), else its description */
  userName: string;
  trunkId: number | null;
  /** the number of its outbound trunk, or null without one */
  trunkNumber: string | null;
  outer: string;
  enabled: boolean;
  action: ExtensionAction;
  onbusy: ExtensionBusyAction;
  description: string;
  spy: boolean;
  callLimit: number;
  portType: PortType;
  vmpass: string;
  maxContacts: number;
  callgroup: number;
  timeExtensIds: number;
}

const belowLevel4 = (ctx: Pick<SchemaContext, 'actor'>) => ctx.actor.level < LEVEL.user;

export const extensionResource = defineResource({
  name: 'extension',
  path: 'extension',
  view: 'extension',
  idField: 'id',
  corpScoped: true,
  schemaNeedsCorp: true,
  // C-EXT-07: level 4 changes only the enabled switch and the action
  limitedWrite: { fromLevel: LEVEL.user, fields: ['enabled', 'action'] },
  bulk: { columns: EXTENSION_BULK_COLUMNS, contentField: 'number' },
  // C-EXT-03: the info tooltip of action, busy action and external number (not for level 4)
  rowInfo: {
    fields: [
      { field: 'action', options: EXTENSION_ACTION_OPTIONS },
      { field: 'onbusy', options: EXTENSION_BUSY_OPTIONS },
      { field: 'outer' },
    ],
    visibleWhen: belowLevel4,
  },
  destination: { kind: 'exten', labelField: 'number', valueField: 'number' },
  nav: {
    key: 'extension',
    route: 'configuration/extension',
    icon: 'extension',
    titleKey: 'nav.extension',
    screen: 'extensionList',
    menu: [at(1, 'workingCorp', 10), at(3, 'config', 20), at(4, 'config', 20)],
    aliases: ['extension'],
  },
  schema: (ctx) => extensionSchema(ctx),
  defaults: () => ({
    number: '',
    pass: '',
    userId: null,
    trunkId: null,
    outer: '',
    enabled: true,
    action: 'ring',
    onbusy: 'voicemail',
    description: '',
    spy: false,
    portType: 'UDP',
    vmpass: '',
    maxContacts: 1,
    callgroup: 0,
    timeExtensIds: 0,
  }),
  // C-EXT-01/02: level 4 sees no trunk or spy column and sees the action instead
  columns: [
    { key: 'number' },
    { key: 'description' },
    // the user column names the linked web user only (userName falls back to the description for panels)
    { key: 'userName', onlyWith: 'userId' },
    { key: 'callgroup', format: 'number' },
    { key: 'trunkNumber', visibleWhen: belowLevel4 },
    { key: 'action', options: EXTENSION_ACTION_OPTIONS, visibleWhen: (ctx) => !belowLevel4(ctx) },
    { key: 'enabled', format: 'yesNo' },
    { key: 'portType', options: PORT_TYPE_OPTIONS, labelKey: 'resources.extension.columns.portType' },
    { key: 'spy', format: 'yesNo', visibleWhen: belowLevel4 },
    { key: 'maxContacts', format: 'number', labelKey: 'resources.extension.columns.maxContacts' },
  ],
  // C-EXT-08; level 4 sees enabled and action only (limitedWrite, C-EXT-07)
  fields: [
    // in rows of three: a password with its strength bar starts a row
    { name: 'number', kind: 'number', lockedOnUpdate: true },
    { name: 'description', kind: 'text' },
    // C-EXT-09/30: a web user and a trunk of the extension's corp (the server checks both)
    { name: 'userId', kind: 'select', options: { kind: 'resource', resource: 'user', valueField: 'id', labelField: 'nick', missing: 'validation.userCorp' } },
    { name: 'trunkId', kind: 'select', options: { kind: 'resource', resource: 'trunk', valueField: 'id', labelField: 'number', missing: 'validation.trunkUnknown' } },
    { name: 'pass', kind: 'password', strength: 'password', keptWhenEmpty: true },
    { name: 'action', kind: 'select', options: { kind: 'static', options: EXTENSION_ACTION_OPTIONS } },
    { name: 'onbusy', kind: 'select', options: { kind: 'static', options: EXTENSION_BUSY_OPTIONS } },
    { name: 'vmpass', kind: 'password', strength: 'voicemail' },
    // C-EXT-11: required when action or busy action is exTouch (the schema says so on the field)
    { name: 'outer', kind: 'text' },
    { name: 'portType', kind: 'select', options: { kind: 'static', options: PORT_TYPE_OPTIONS } },
    { name: 'maxContacts', kind: 'number' },
    { name: 'callgroup', kind: 'number' },
    // C-EXT-26: the extension time schedule (none by default)
    { name: 'timeExtensIds', kind: 'select', options: { kind: 'resource', resource: 'timeExten', valueField: 'id', labelField: 'name' } },
    { name: 'enabled', kind: 'switch' },
    { name: 'spy', kind: 'switch' },
  ],
  searchFields: ['number', 'description', 'userName'],
  narrowPageSize: 3,
  dialogWidth: 1000,
});
