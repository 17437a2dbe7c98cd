/**
 * What a supervisor does to a live call (issue 21, G-SPY, G-REC, G-XFR): the requests' shapes, shared
 * by the REST routes, the hub methods and the screens, and the message keys of their refusals.
 */
import { z } from 'zod';
import { idParam } from './resources/fields';
import { SPY_MODES, type SpyMode } from './realtime';

const extensionNumber = z
  .union([z.string(), z.number().int().nonnegative().transform(String)])
  .pipe(z.string().trim().regex(/^\d{1,10}$/, 'validation.digits'));

// the spy modes (SPY_MODES) live in realtime.ts, without zod: the kiosk's hub-event check reads them too

/** ChanSpy's options per mode: q quiet, E end with the spied call; w whisper to the spied channel, B barge into both. */
export const CHANSPY_OPTIONS: Record<SpyMode, string> = { listen: 'qE', whisper: 'qEw', barge: 'qEB' };

/**
 * The supervisor's leg runs ChanSpy in this dialplan context (server/asterisk/dialplan.ts writes it),
 * not as the originated application: Asterisk announces a dialplan application (ChannelDialplan, with
 * its data) but never an originated one, and the live state reads the mode from that data (G-SPY-05).
 * The spied channel and the options come as the leg's variables.
 */
export const SPY_LEG = { context: 'callboard-spy-leg', channelVar: 'CALLBOARD_SPY_CHANNEL', optionsVar: 'CALLBOARD_SPY_OPTIONS' } as const;

/** A ChanSpy application's data (`{channel},{options}`) → the spied channel's name and the mode, null for another application's. */
export function parseChanSpy(appData: string): { channel: string; mode: SpyMode } | null {
  const [channel, options = ''] = appData.split(',');
  if (!channel) return null;
  const mode: SpyMode = options.includes('B') ? 'barge' : options.includes('w') ? 'whisper' : 'listen';
  return { channel: channel.trim(), mode };
}

export const spyInput = z.object({
  /** the extension whose call is listened to */
  number: extensionNumber,
  mode: z.enum(SPY_MODES, { error: 'validation.option' }),
  /** the supervisor's phone that rings first (an extension of the corp; the web phone is one) */
  from: extensionNumber,
});
export type SpyInput = z.output<typeof spyInput>;

export const recordInput = z.object({ number: extensionNumber, on: z.boolean() });
export type RecordInput = z.output<typeof recordInput>;

/**
 * Where a call goes (G-XFR): an extension of the corp, a queue (`queue:{id}`), or an outside number
 * (through the corp's routes and restrictions).
 */
export const transferTarget = z
  .string()
  .trim()
  .regex(/^(queue:\d{1,9}|\+?\d{1,32})$/, 'validation.transferTarget');

/**
 * The steps of an attended transfer (G-XFR-02): `start` rings the consulting phone (`from`, default the
 * extension in the call), which then dials the target while the call goes on; `complete` joins the
 * caller to the party the consultation reached (or sends it to the target when nobody answered yet);
 * `cancel` ends the consultation, the call untouched. A blind transfer has one step: `start`.
 */
export const TRANSFER_STEPS = ['start', 'complete', 'cancel'] as const;
export type TransferStep = (typeof TRANSFER_STEPS)[number];

export const transferInput = z
  .object({
    /** the extension whose live call is transferred: its other party goes to the target */
    number: extensionNumber.optional(),
    /** or a waiting caller (its channel id, as the callers list has it); blind only */
    callId: z.string().trim().min(1).max(160).optional(),
    /** required to start; complete and cancel name the transfer by `number` only */
    to: transferTarget.optional(),
    mode: z.enum(['blind', 'attended'], { error: 'validation.option' }).default('blind'),
    /** attended: the phone that consults the target (an extension of the corp), default `number` itself */
    from: extensionNumber.optional(),
    step: z.enum(TRANSFER_STEPS, { error: 'validation.option' }).default('start'),
  })
  .refine((v) => (v.number === undefined) !== (v.callId === undefined), { error: 'validation.transferWho', path: ['number'] })
  .refine((v) => v.step !== 'start' || v.to !== undefined, { error: 'validation.required', path: ['to'] })
  // a waiting caller has nobody to consult for it: it is transferred blind (G-XFR-03)
  .refine((v) => v.mode === 'attended' || (v.step === 'start' && v.from === undefined), { error: 'validation.option', path: ['mode'] })
  .refine((v) => v.mode === 'blind' || v.number !== undefined, { error: 'validation.option', path: ['mode'] });
export type TransferInput = z.output<typeof transferInput>;

/** The queue of a `queue:{id}` target, null for an extension or a number. */
export function targetQueue(to: string): number | null {
  const m = /^queue:(\d+)$/.exec(to);
  return m ? idParam.parse(m[1]) : null;
}

/** What a call action did: the call's id and, for a spy or an attended transfer, the supervisor's (consulting) leg. */
export interface CallActionResult {
  callId: string;
  channelId?: string;
}

export const CALL_ACTIONS = ['spy', 'record', 'stopRecord', 'transfer', 'completeTransfer', 'cancelTransfer'] as const;
export type CallActionName = (typeof CALL_ACTIONS)[number];

/** Refusals of a call action (translated in the locales). */
export const CALL_ACTION_ERRORS = {
  noCall: 'errors.callNone',
  spyOff: 'errors.callSpyOff',
  ownCall: 'errors.callOwn',
  phoneUnavailable: 'errors.callPhoneUnavailable',
  phoneBusy: 'errors.callPhoneBusy',
  unknownTarget: 'errors.callUnknownTarget',
  noRoute: 'errors.callNoRoute',
  refusedNumber: 'errors.callRefusedNumber',
  sameTarget: 'errors.callSameTarget',
  notWaiting: 'errors.callNotWaiting',
  alreadyRecording: 'errors.callAlreadyRecording',
  notRecording: 'errors.callNotRecording',
  /** an attended transfer goes to an extension or an outside number (a queue: blind) */
  attendedQueue: 'errors.callAttendedQueue',
  /** the extension's call is being transferred already (complete or cancel that one first) */
  transferPending: 'errors.callTransferPending',
  /** no attended transfer of the extension's call is in progress */
  noTransfer: 'errors.callNoTransfer',
} as const;
