import { z } from 'zod';
import { msg } from '../validation';
import { at } from '../navigation';
import { defineResource, type StaticOption } from './define';
import { flag, idParam, intIn, MAX_ID } from './fields';
import { LEVEL } from '../levels';
import { DEFAULT_KIOSK_THRESHOLDS, KIOSK_BOARDS, KIOSK_RULES, type KioskThresholds } from '../kiosk-board';

export * from '../kiosk-board';

export const KIOSK_BOARD_OPTIONS: StaticOption[] = KIOSK_BOARDS.map((value) => ({ value, labelKey: `resources.kioskScreen.boards.${value}` }));

/** letters, digits, space, underscore and hyphen */
const KIOSK_NAME = /^[\p{L}\p{N}_\- ]*$/u;

/** One metric's four levels, by key prefix and suffix, and whether higher values are worse. */
const METRICS = [
  { prefix: 'waiting', suffix: '', max: KIOSK_RULES.waitingMax, higherIsWorse: true },
  { prefix: 'longestWait', suffix: 'Sec', max: KIOSK_RULES.waitSecondsMax, higherIsWorse: true },
  { prefix: 'serviceLevel', suffix: 'Pct', max: 100, higherIsWorse: false },
] as const;

type ThresholdKey = keyof KioskThresholds;
const key = (m: (typeof METRICS)[number], level: 'Warning' | 'Critical' | 'ClearWarning' | 'ClearCritical') => `${m.prefix}${level}${m.suffix}` as ThresholdKey;

const thresholdShape = Object.fromEntries(
  METRICS.flatMap((m) => (['Warning', 'Critical', 'ClearWarning', 'ClearCritical'] as const).map((level) => [key(m, level), intIn(0, m.max).default(DEFAULT_KIOSK_THRESHOLDS[key(m, level)])])),
) as Record<ThresholdKey, z.ZodDefault<ReturnType<typeof intIn>>>;

/**
 * Thresholds: warning no worse than critical, each clear level strictly on the safe side of its
 * trigger, and the critical clear level no safer than the warning one (lower is worse for the
 * service level %, so its order is mirrored). Missing levels take the defaults.
 */
export const kioskThresholdsSchema = z
  .object(thresholdShape, { error: 'validation.invalid' })
  .superRefine((t, ctx) => {
    for (const m of METRICS) {
      const s = m.higherIsWorse ? 1 : -1;
      const raw = (level: 'Warning' | 'Critical' | 'ClearWarning' | 'ClearCritical') => t[key(m, level)];
      const [w, c, cw, cc] = (['Warning', 'Critical', 'ClearWarning', 'ClearCritical'] as const).map((level) => s * raw(level));
      // issue 13: each message says which order is broken and against which value, not only "Invalid value"
      const issue = (level: 'Warning' | 'ClearWarning' | 'ClearCritical', messageKey: string, value: number) =>
        ctx.addIssue({ code: 'custom', path: [key(m, level)], message: msg(messageKey, { value }) });
      const worse = m.higherIsWorse;
      if (!(w <= c)) issue('Warning', worse ? 'validation.thresholdAtMostCritical' : 'validation.thresholdAtLeastCritical', raw('Critical'));
      if (!(cw < w)) issue('ClearWarning', worse ? 'validation.thresholdBelowWarning' : 'validation.thresholdAboveWarning', raw('Warning'));
      if (!(cc < c)) issue('ClearCritical', worse ? 'validation.thresholdBelowCritical' : 'validation.thresholdAboveCritical', raw('Critical'));
      if (!(cw <= cc)) issue('ClearCritical', worse ? 'validation.thresholdAtLeastClearWarning' : 'validation.thresholdAtMostClearWarning', raw('ClearWarning'));
    }
  });

/** The threshold order rules (message keys validation.threshold + Rule), for the locale check. */
export const THRESHOLD_RULES = ['atMostCritical', 'atLeastCritical', 'belowWarning', 'aboveWarning', 'belowCritical', 'aboveCritical', 'atLeastClearWarning', 'atMostClearWarning'] as const;

/** Boards: a non-empty ordered list, each board at most once. */
const boards = z
  .array(z.enum(KIOSK_BOARDS, { error: 'validation.option' }), { error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .refine((list) => new Set(list).size === list.length, { error: 'validation.invalid' });

/**
 * The kiosk screen form and body. The key, its hint and the revoked state are not part of it: the
 * server makes the key on create (returned once) and on rotate, and sets revoked on revoke.
 */
export const kioskScreenSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(KIOSK_RULES.nameMax, { error: msg('validation.maxLength', { max: KIOSK_RULES.nameMax }) })
    .regex(KIOSK_NAME, { error: 'validation.invalid' }),
  boards,
  secondsPerBoard: intIn(KIOSK_RULES.secondsMin, KIOSK_RULES.secondsMax).default(KIOSK_RULES.defaultSeconds),
  hideOffline: flag.default(false),
  privacy: flag.default(false),
  thresholds: z.preprocess((v) => (v === undefined || v === null ? {} : v), kioskThresholdsSchema),
  // H-NOC-01: a NOC screen of the system corp (level 1 only, checked by the server) and the corps it rotates across (none: all)
  noc: flag.default(false),
  nocCorps: z.array(idParam, { error: 'validation.invalid' }).max(1000).default([]),
});

export type KioskScreenInput = z.input<typeof kioskScreenSchema>;
export type KioskScreenBody = z.output<typeof kioskScreenSchema>;

/** Public body of POST /api/v1/kiosk/session: the corp's url name, the screen's id or name, the key. */
export const kioskSessionSchema = z.object({
  corp: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(KIOSK_RULES.nameMax),
  screen: z.union([z.number().int().min(1).max(MAX_ID), z.string().trim().min(1).max(KIOSK_RULES.nameMax)], { error: 'validation.required' }),
  key: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
});

export const kioskScreenResource = defineResource({
  name: 'kioskScreen',
  path: 'kiosk',
  view: 'kiosk',
  idField: 'id',
  corpScoped: true,
  // level 5 reads through its kiosk read view; writing a screen (and revoking or rotating its key) needs level 3
  levels: { create: 3, update: 3, delete: 3 },
  rowActions: [
    { name: 'revoke', permission: 'update', icon: 'revoke', confirm: true, visibleWhen: (row) => row.revoked !== true },
    { name: 'rotate', permission: 'update', icon: 'rotate', confirm: true },
  ],
  /*
   * Kiosk screens (wallboard TVs) sit with the live screens. The kiosk view decides (level 2 opens
   * the route when the owner has it, level 5 reads it without buttons); levels 1 (with a working
   * corp) and 3 have it in the menu.
   */
  nav: {
    key: 'kioskScreens',
    route: 'panel/kiosk',
    icon: 'kiosk',
    titleKey: 'resources.kioskScreen.plural',
    screen: 'kioskScreens',
    menu: [at(1, undefined, 37, 'workingCorp'), at(3, undefined, 37)],
  },
  schema: () => kioskScreenSchema,
  defaults: () => ({
    name: '',
    boards: ['queues', 'agents'],
    secondsPerBoard: KIOSK_RULES.defaultSeconds,
    hideOffline: false,
    privacy: false,
    thresholds: { ...DEFAULT_KIOSK_THRESHOLDS },
    noc: false,
    nocCorps: [],
  }),
  columns: [
    { key: 'name' },
    { key: 'boards', options: KIOSK_BOARD_OPTIONS },
    { key: 'secondsPerBoard', format: 'number' },
    { key: 'privacy', format: 'yesNo' },
    { key: 'revoked', format: 'yesNo' },
    { key: 'keyHint' },
  ],
  fields: [
    { name: 'name', kind: 'text' },
    { name: 'boards', kind: 'custom', component: 'kioskBoards', wide: true },
    { name: 'secondsPerBoard', kind: 'number' },
    { name: 'hideOffline', kind: 'switch' },
    { name: 'privacy', kind: 'switch' },
    { name: 'thresholds', kind: 'custom', component: 'kioskThresholds', wide: true },
    // H-NOC-01: only the supervisor makes a NOC screen (and only in the system corp: the server says so)
    { name: 'noc', kind: 'switch', visibleWhen: (_values, ctx) => ctx.actor.level === LEVEL.supervisor },
    { name: 'nocCorps', kind: 'custom', component: 'nocCorps', wide: true, visibleWhen: (values, ctx) => ctx.actor.level === LEVEL.supervisor && values.noc === true },
  ],
  searchFields: ['name'],
  dialogWidth: 1000,
});
