import { z } from 'zod';

/**
 * Where a call can be sent: the per-corp action lookup of spec 2 §3 (F-CONST-01, C-EXT-29) and the
 * action selectors of trunks, time conditions, IVRs, queues, integrations and speed dials.
 *
 * A destination is stored as one string the dialplan generator and the dialogs both read:
 *   `hangup`, `ivr:{id}`, `queue:{id}`, `integration:{id}`, `exten:{number}`, `time:{id}`;
 * speed dials also take the spec's queue values `enqueue_{corpId}_{queueId}`, `login_…`, `logout_…`
 * (C-CSD-06) and the fixed feature words (VoiceMailMain, MeetMe, …).
 */
export const DESTINATION_KINDS = ['hangup', 'ivr', 'queue', 'integration', 'exten', 'time'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

/** F-CONST-01: the lookup's sections, in the order the pickers show them, with the kind of each. */
export const ACTION_SECTIONS = [
  { key: 'hangup', kind: 'hangup' },
  { key: 'ivrs', kind: 'ivr' },
  { key: 'queues', kind: 'queue' },
  { key: 'integrations', kind: 'integration' },
  { key: 'extens', kind: 'exten' },
  { key: 'times', kind: 'time' },
] as const satisfies readonly { key: string; kind: DestinationKind }[];
export type ActionSectionKey = (typeof ACTION_SECTIONS)[number]['key'];

/** GET corp/actions (F-CONST-01): each section a name → id map (extensions: label → number). */
export type CorpActions = Record<ActionSectionKey, Record<string, number | string>>;

/** C-CSD-06: fixed speed-dial features; and do-not-disturb from the phone (G-AGS-03). */
export const FIXED_ACTIONS = ['VoiceMailMain', 'MeetMe', 'Pickup', 'ChanSpy', 'Whisper', 'Reminder', 'Forward', 'DND'] as const;
export type FixedAction = (typeof FIXED_ACTIONS)[number];
/** C-CSD-06: what a speed dial does with a queue. */
export const QUEUE_SPEED_ACTIONS = ['enqueue', 'login', 'logout'] as const;
export type QueueSpeedAction = (typeof QUEUE_SPEED_ACTIONS)[number];

/** What a destination field offers (FieldDef.destinations). */
export interface DestinationPicker {
  /** the sections offered; `queue` sends calls into the queue */
  kinds: readonly DestinationKind[];
  /** the fixed feature words offered first (speed dials) */
  fixed?: readonly FixedAction[];
  /** queues are offered as enqueue/login/logout values of the spec (speed dials) instead of `queue:{id}` */
  queueSpeedActions?: boolean;
}

export type ParsedDestination =
  | { kind: 'hangup' }
  | { kind: Exclude<DestinationKind, 'hangup' | 'exten'>; id: number }
  | { kind: 'exten'; number: string }
  | { kind: 'fixed'; word: FixedAction }
  | { kind: 'queueSpeed'; action: QueueSpeedAction; corpId: number; queueId: number };

const ID = '([1-9][0-9]{0,9})';
const REF = new RegExp(`^(ivr|queue|integration|time):${ID}$`);
const EXTEN = /^exten:([0-9]{1,10})$/;
const QUEUE_SPEED = new RegExp(`^(enqueue|login|logout)_${ID}_${ID}$`);

/** Reads a stored destination; null when it is none of the shapes above. */
export function parseDestination(value: string): ParsedDestination | null {
  if (value === 'hangup') return { kind: 'hangup' };
  if ((FIXED_ACTIONS as readonly string[]).includes(value)) return { kind: 'fixed', word: value as FixedAction };
  const ref = REF.exec(value);
  if (ref) return { kind: ref[1] as 'ivr' | 'queue' | 'integration' | 'time', id: Number(ref[2]) };
  const exten = EXTEN.exec(value);
  if (exten) return { kind: 'exten', number: exten[1] };
  const speed = QUEUE_SPEED.exec(value);
  if (speed) return { kind: 'queueSpeed', action: speed[1] as QueueSpeedAction, corpId: Number(speed[2]), queueId: Number(speed[3]) };
  return null;
}

/** The stored value of a lookup entry: `hangup`, `queue:5`, `exten:201`. */
export function destinationValue(kind: DestinationKind, id: number | string): string {
  return kind === 'hangup' ? 'hangup' : `${kind}:${id}`;
}

/** C-CSD-06: `enqueue_{corpId}_{queueId}` and its login / logout twins. */
export function queueSpeedValue(action: QueueSpeedAction, corpId: number, queueId: number): string {
  return `${action}_${corpId}_${queueId}`;
}

/** Whether a parsed value is one this picker offers (section headings never are: C-TRK-11). */
export function pickerAllows(picker: DestinationPicker, parsed: ParsedDestination): boolean {
  switch (parsed.kind) {
    case 'fixed':
      return (picker.fixed ?? []).includes(parsed.word);
    case 'queueSpeed':
      return !!picker.queueSpeedActions;
    case 'queue':
      return picker.kinds.includes('queue') && !picker.queueSpeedActions;
    default:
      return picker.kinds.includes(parsed.kind);
  }
}

/**
 * The zod rule of a destination field: one of the picker's shapes ('validation.option' otherwise).
 * Whether the IVR, queue, extension … exists in the row's corp is the server's check (it owns the data).
 */
export function destinationSchema(picker: DestinationPicker) {
  return z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .refine(
      (value) => {
        const parsed = parseDestination(value);
        return parsed !== null && pickerAllows(picker, parsed);
      },
      { error: 'validation.option' },
    );
}
