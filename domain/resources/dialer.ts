import { z } from 'zod';
import { DIALER_DEFAULTS, DIALER_STATUSES, dialerDaysSchema, hhmmSchema } from '../dialer';
import { at } from '../navigation';
import { PATTERNS } from '../validation';
import { defineResource, type StaticOption } from './define';
import { intIn, optionalId, requiredId, text } from './fields';
import { soundField } from './sound-fields';

export const DIALER_ACTIONS = ['msg', 'queue'] as const;
export const DIALER_ACTION_OPTIONS: StaticOption[] = DIALER_ACTIONS.map((value) => ({ value, labelKey: `dialers.actions.${value}` }));
export const DIALER_STATUS_OPTIONS: StaticOption[] = DIALER_STATUSES.map((value) => ({ value, labelKey: `dialers.statuses.${value}` }));

/**
 * Dialer campaigns (C-DIA): name letters, digits, underscore and space, locked when editing
 * (C-DIA-04/05); action msg (the recording is required, C-DIA-06) or queue (the queue is required);
 * a trunk and a timeout (C-DIA-07); numbers non-negative (C-DIA-08); days and a window whose end is
 * after its start (C-DIA-09, C-DIA-12/13); the CSV of numbers is a file (required, .csv only,
 * C-DIA-10). Multipart name, comments, action, sound, days, horaDesde, horaHasta, csv ... (C-DIA-15).
 */
export const dialerSchema = z
  .object({
    name: text(50, { pattern: PATTERNS.wordSpace, message: 'validation.wordSpace' }),
    comments: text(255, undefined, true),
    action: z.enum(DIALER_ACTIONS, { error: 'validation.option' }),
    queueId: optionalId.default(null),
    trunkId: requiredId,
    callLimit: intIn(0, 100).default(DIALER_DEFAULTS.callLimit),
    timeout: intIn(0, 300),
    retries: intIn(0, 10).default(DIALER_DEFAULTS.retries),
    days: dialerDaysSchema,
    horaDesde: hhmmSchema,
    horaHasta: hhmmSchema,
  })
  .superRefine((d, ctx) => {
    if (d.action === 'queue' && d.queueId === null) ctx.addIssue({ code: 'custom', path: ['queueId'], message: 'validation.required' });
    if (d.horaHasta <= d.horaDesde) ctx.addIssue({ code: 'custom', path: ['horaHasta'], message: 'validation.toAfterFrom' });
  })
  .transform((d) => ({ ...d, queueId: d.action === 'queue' ? d.queueId : null }));

export type DialerBody = z.output<typeof dialerSchema>;

export interface DialerRow extends DialerBody {
  id: number;
  corpId: number;
  sound: string;
  soundReq: string;
  csvFile: string;
  status: (typeof DIALER_STATUSES)[number];
  trunkNumber: string;
}

const isMsg = (v: Record<string, unknown>) => v.action === 'msg';

export const dialerResource = defineResource({
  name: 'dialer',
  path: 'dialer',
  view: 'dialer',
  idField: 'id',
  corpScoped: true,
  fileFetchPath: 'getsound',
  schema: () => dialerSchema,
  defaults: () => ({
    name: '',
    comments: '',
    action: 'msg',
    queueId: null,
    trunkId: null,
    callLimit: DIALER_DEFAULTS.callLimit,
    timeout: DIALER_DEFAULTS.timeout,
    retries: DIALER_DEFAULTS.retries,
    days: [0, 1, 2, 3, 4],
    horaDesde: '09:00',
    horaHasta: '18:00',
  }),
  // C-DIA-01: status, name, trunk number (the sound to play beside)
  columns: [{ key: 'status', options: DIALER_STATUS_OPTIONS }, { key: 'name' }, { key: 'trunkNumber' }, { key: 'sound', format: 'file' }],
  // C-DIA-02: start, stop (statistics are the screen's)
  rowActions: [
    { name: 'start', permission: 'update', icon: 'play', confirm: true, visibleWhen: (row) => row.status !== 'running' },
    { name: 'stop', permission: 'update', icon: 'stop', confirm: true, visibleWhen: (row) => row.status === 'running' },
  ],
  fields: [
    { name: 'name', kind: 'text', lockedOnUpdate: true },
    { name: 'action', kind: 'select', options: { kind: 'static', options: DIALER_ACTION_OPTIONS } },
    { name: 'trunkId', kind: 'select', options: { kind: 'resource', resource: 'trunk', valueField: 'id', labelField: 'number', missing: 'validation.trunkUnknown' } },
    soundField('sound', { requiredWhen: isMsg, visibleWhen: isMsg }),
    { name: 'queueId', kind: 'select', options: { kind: 'resource', resource: 'queue', valueField: 'id', labelField: 'name' }, visibleWhen: (v) => v.action === 'queue' },
    { name: 'callLimit', kind: 'number' },
    { name: 'timeout', kind: 'number' },
    { name: 'retries', kind: 'number' },
    { name: 'horaDesde', kind: 'time' },
    { name: 'horaHasta', kind: 'time' },
    { name: 'days', kind: 'custom', component: 'weekDays', wide: true },
    { name: 'csvFile', kind: 'file', accept: ['.csv', 'text/csv'], file: { requiredOnCreate: true, maxBytes: 2 * 1024 * 1024 }, hintKey: 'dialers.csvHint', wide: true },
    { name: 'comments', kind: 'text', wide: true },
  ],
  searchFields: ['name', 'trunkNumber'],
  narrowPageSize: 3,
  dialogWidth: 1000,
  nav: {
    key: 'dialer',
    route: 'configuration/dialer',
    icon: 'dialer',
    titleKey: 'nav.dialer',
    screen: 'dialerList',
    // not in the spec's menus (A-MENU-03, A-MENU-08) either: offered after the items they list
    menu: [at(1, 'workingCorp', 130), at(3, 'config', 134)],
    aliases: ['dialer'],
  },
});
