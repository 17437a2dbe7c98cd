import { z } from 'zod';
import { QUEUE_RULES as R } from '../constants';
import { msg, PATTERNS } from '../validation';
import { at } from '../navigation';
import { destinationSchema, type DestinationPicker } from '../destinations';
import { defineResource, type StaticOption } from './define';
import { emptyToUndefined, flag, intIn, optionalId, whenValid } from './fields';
import { soundField } from './sound-fields';

/** C-QUE-03: Asterisk's strategies (linear is the spec's "serial"). */
export const QUEUE_STRATEGIES = ['ringall', 'leastrecent', 'fewestcalls', 'random', 'rrmemory', 'linear', 'wrandom', 'rrordered'] as const;
export type QueueStrategy = (typeof QUEUE_STRATEGIES)[number];

/** C-QUE-09: Asterisk cannot switch a live queue to linear; it is chosen only when creating. */
export const QUEUE_STRATEGY_OPTIONS: StaticOption[] = QUEUE_STRATEGIES.map((value) =>
  value === 'linear' ? { value, labelKey: `resources.queue.strategies.${value}`, only: 'create' } : { value, labelKey: `resources.queue.strategies.${value}` },
);

/** C-QUE-12: where a caller goes after the failover timeout; the action list disables its headings, times too. */
export const QUEUE_FAILOVER_ACTIONS: DestinationPicker = { kinds: ['hangup', 'ivr', 'queue', 'integration', 'exten', 'time'] };

/**
 * The hold music a queue's callers hear: none, Asterisk's default, the corp's files (C-MOH) or the
 * queue's own (C-QUE-17); Asterisk's classes `default`, `corp_{corpId}`, `queue_{queueId}`.
 */
export const QUEUE_MOH = ['', 'default', 'corp', 'queue'] as const;
export const QUEUE_MOH_OPTIONS: StaticOption[] = QUEUE_MOH.filter((v) => v !== '').map((value) => ({ value, labelKey: `resources.queue.mohClasses.${value}` }));

/** Member extension numbers: digits, each once, in the order given (linear and rrordered ring in order). */
const members = z
  .array(z.union([z.string(), z.number()]).transform((v) => String(v).trim()), { error: 'validation.invalid' })
  .default([])
  .refine((list) => list.every((n) => PATTERNS.digits.test(n)), { error: 'validation.digits' })
  .transform((list) => [...new Set(list.map((n) => String(Number(n))))]);

/**
 * The queue form and body (C-QUE-02..13). One schema for the dialog and the server:
 * - timeout is 0-99 and does not apply to ringall (stored as null, C-QUE-04);
 * - the announcement frequency `seconds` is 10-60 when position is on and 0 when off (C-QUE-08);
 * - position needs a hold music (C-QUE-11);
 * - `autofill` (the spec's multipart name) is read as `autoFill`.
 * Whether members exist in the corp, the name is free and the corp's queMax are server checks.
 */
export const queueSchema = z
  .object({
    name: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(R.nameMax, { error: msg('validation.maxLength', { max: R.nameMax }) })
      .regex(PATTERNS.wordSpace, { error: 'validation.wordSpace' }),
    strategy: z.enum(QUEUE_STRATEGIES, { error: 'validation.option' }).default('ringall'),
    timeout: z.preprocess(emptyToUndefined, intIn(0, R.timeoutMax).optional()),
    failoveraction: z.union([z.literal(''), destinationSchema(QUEUE_FAILOVER_ACTIONS)], { error: 'validation.option' }).default('hangup'),
    failovertimeout: intIn(0, R.failoverTimeoutMax).default(R.defaultFailoverTimeout),
    moh: z.enum(QUEUE_MOH, { error: 'validation.option' }).default('default'),
    // C-QUE-07: the poll switch and the poll (sent only while the switch is on)
    pollEnabled: flag.optional(),
    pollId: optionalId.default(null),
    ringinuse: flag.default(false),
    position: flag.default(false),
    // checked below: only with position on (clients send 0 when it is off, C-QUE-08)
    seconds: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'validation.number' }).optional()),
    autoFill: flag.optional(),
    autofill: flag.optional(),
    serviceLevelSec: intIn(0, R.serviceLevelMax).default(R.defaultServiceLevelSec),
    // G-AGS-01: Asterisk's wrapuptime, the rest after each call (0: none)
    wrapupSec: intIn(0, R.wrapupMax).default(0),
    members,
  })
  .superRefine(
    (q, ctx) => {
      if (!q.position) return;
      const s = q.seconds;
      const range = msg('validation.range', { min: R.secondsMin, max: R.secondsMax });
      if (s === undefined) ctx.addIssue({ code: 'custom', path: ['seconds'], message: 'validation.required' });
      else if (!Number.isInteger(s) || s < R.secondsMin || s > R.secondsMax) ctx.addIssue({ code: 'custom', path: ['seconds'], message: range });
      if (q.moh === '') ctx.addIssue({ code: 'custom', path: ['moh'], message: 'validation.mohForPosition' });
    },
    { when: whenValid('position', 'seconds', 'moh') },
  )
  .transform(({ autofill, autoFill, timeout, seconds, pollEnabled, ...q }) => ({
    ...q,
    pollId: pollEnabled === false ? null : q.pollId,
    timeout: q.strategy === 'ringall' ? null : typeof timeout === 'number' ? timeout : R.defaultTimeout,
    seconds: q.position ? Number(seconds) : 0,
    autoFill: autoFill ?? autofill ?? false,
  }));

export type QueueInput = z.input<typeof queueSchema>;
export type QueueBody = z.output<typeof queueSchema>;

/** A queue as the API returns it (C-QUE-02), with its member extension numbers. */
export interface QueueRow {
  id: number;
  corpId: number;
  name: string;
  strategy: QueueStrategy;
  timeout: number | null;
  failoveraction: string;
  failovertimeout: number;
  /** the poll its callers answer after the call (C-QUE-07) */
  pollId: number | null;
  /** the poll switch of the form: a poll is chosen */
  pollEnabled: boolean;
  moh: string;
  /** the queue's sound (C-QUE-01 audio): a stored file, '' = none */
  announce: string;
  ringinuse: boolean;
  position: boolean;
  seconds: number;
  autoFill: boolean;
  serviceLevelSec: number;
  wrapupSec: number;
  members: string[];
}

const notRingall = (values: Record<string, unknown>) => values.strategy !== 'ringall';

export const queueResource = defineResource({
  name: 'queue',
  // F-PERM-08: the create button is always shown (the server still checks)
  createAlwaysShown: true,
  // C-QUE-14, F-ERR-19: a refused delete shows the mapped message and the server's text
  deleteFailure: { mapped: true, appendServerText: true },
  path: 'queue',
  view: 'queue',
  idField: 'id',
  corpScoped: true,
  destination: { kind: 'queue', labelField: 'name', valueField: 'id' },
  fileFetchPath: 'queue/sounds',
  // F-ERR-07: a destination a queue's failover sends calls to is 'in use by a queue'
  inUse: { status: 521, message: 'errors.inUseByQueue' },
  nav: {
    key: 'queues',
    route: 'configuration/queues',
    icon: 'queue',
    titleKey: 'nav.queues',
    menu: [at(1, 'workingCorp', 60), at(3, 'config', 60)],
    aliases: ['misc/queues'],
  },
  schema: () => queueSchema,
  defaults: () => ({
    name: '',
    strategy: 'ringall',
    timeout: R.defaultTimeout,
    failoveraction: 'hangup',
    failovertimeout: R.defaultFailoverTimeout,
    moh: 'default',
    pollEnabled: false,
    pollId: null,
    ringinuse: false,
    position: false,
    seconds: R.defaultSeconds,
    autoFill: false,
    serviceLevelSec: R.defaultServiceLevelSec,
    wrapupSec: 0,
    members: [],
  }),
  // C-QUE-01 (the audio column waits for the sound uploads)
  columns: [
    { key: 'name' },
    { key: 'strategy', options: QUEUE_STRATEGY_OPTIONS },
    { key: 'timeout', format: 'number', labelKey: 'resources.queue.columns.timeout' },
    { key: 'position', format: 'yesNo', labelKey: 'resources.queue.columns.position' },
    { key: 'seconds', format: 'number', labelKey: 'resources.queue.columns.seconds' },
    { key: 'ringinuse', format: 'yesNo' },
    { key: 'serviceLevelSec', format: 'number', labelKey: 'resources.queue.columns.serviceLevelSec' },
    { key: 'announce', format: 'file' },
  ],
  fields: [
    { name: 'name', kind: 'text' },
    { name: 'strategy', kind: 'select', options: { kind: 'static', options: QUEUE_STRATEGY_OPTIONS } },
    // C-QUE-04: no strategy timeout for ringall
    { name: 'timeout', kind: 'number', visibleWhen: notRingall },
    { name: 'failoveraction', kind: 'destination', destinations: QUEUE_FAILOVER_ACTIONS },
    // C-QUE-06: only with a failover action
    { name: 'failovertimeout', kind: 'number', visibleWhen: (v) => typeof v.failoveraction === 'string' && v.failoveraction !== '' },
    { name: 'moh', kind: 'select', options: { kind: 'static', options: QUEUE_MOH_OPTIONS } },
    // C-QUE-07: the poll only with the switch on; turning it off clears the poll
    { name: 'pollEnabled', kind: 'switch', onChange: (on) => (on ? {} : { pollId: null }) },
    { name: 'pollId', kind: 'select', options: { kind: 'resource', resource: 'poll', valueField: 'id', labelField: 'name' }, disabledWhen: (v) => v.pollEnabled !== true },
    soundField('announce'),
    { name: 'serviceLevelSec', kind: 'number' },
    { name: 'wrapupSec', kind: 'number' },
    { name: 'ringinuse', kind: 'switch' },
    { name: 'autoFill', kind: 'switch' },
    { name: 'position', kind: 'switch' },
    // C-QUE-08: the announcement frequency only with position on
    { name: 'seconds', kind: 'number', visibleWhen: (v) => v.position === true },
    { name: 'members', kind: 'custom', component: 'extensionMembers', wide: true },
  ],
  searchFields: ['name', 'strategy'],
  narrowPageSize: 2,
  dialogWidth: 1000,
});
