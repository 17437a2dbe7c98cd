/**
 * The extension status reducer (spec 1 §4 "Real-time events", B-PNL-14..25, J-ONE-01): how what a
 * screen shows of an extension (its status, since when, the call's start, the other party, the call
 * it holds, a listening leg's mode) changes on the call pushes (Ringing, CallConnected,
 * DeviceStateChanged, Hangup). One home, read by both sides:
 * - the browser's extension machine (machines/extension-machine.ts) builds its states' transitions from
 *   SHOWN_RULES and its assign actions are the updates below;
 * - the server's mirror of what the browsers hold (server/realtime/browser-mirror.ts) steps the same
 *   rules with `stepShown`, so it knows when a browser would show something else than the extension's
 *   derived state and puts it right.
 * The one difference is the machine's own: it shows "hangup" for a moment (a named delay) before online;
 * the mirror takes that moment as over at once (both mean "free").
 *
 * Readings we chose where the spec is loose (each one is tested, tests/machines):
 * - Ringing sets the caller to ringing even when offline, the receiver only when online. An extension
 *   in a call (in use, on hold) keeps its call: a second call ringing (call waiting) does not stop the
 *   timer; the device state tells when the call ended.
 * - A device state on a call: on hold / in use switch between the two with the same timer; any other
 *   code ends the call (online 00:00, B-PNL-22), 0 (the device gone) to offline.
 * - A device never reports "hangup" (statusFromDeviceState never yields 4): 4 reads as 3. The hangup
 *   state comes from the Hangup push only and is not cut short by the NOT_INUSE that follows it.
 * - A Hangup of another call than the current one (a rejected call-waiting leg) leaves the call.
 * - DeviceStateChanged carries what the server derived: the status and, when known, the call's start,
 *   the party and a listening leg's mode; they are taken as they come (a call state entered from the
 *   device starts its timer at `callStart`, else now, B-PNL-17).
 */
import type { SpyMode } from './realtime';
import { EXT_STATUS, listeningAfter, type ExtStatus } from './realtime';

/** What a screen shows of an extension's call. `C` is how a side names a call (browser: its id; server: its key). */
export interface ShownCall<C> {
  status: ExtStatus;
  /** when the current status began (server ms) */
  since: number;
  /** when the current call was answered (server ms); set exactly in a call (in use, on hold) */
  callStart: number | null;
  /** the other party of the current or ringing call */
  peer: string | null;
  /** the current or ringing call, when known */
  callId: C | null;
  /** the current call is a supervisor's leg listening to `peer` in this mode (G-SPY-05) */
  listening: SpyMode | null;
}

/** The pushes, as one extension reads them. A Hangup says whether it is the call the extension holds. */
export type ShownInput<C> =
  | { type: 'RINGING'; role: 'caller' | 'receiver'; peer: string; callId: C; at: number }
  | { type: 'CALL_CONNECTED'; peer: string; callId: C; at: number }
  | { type: 'DEVICE_STATE'; status: ExtStatus; callStart?: number | null; peer?: string | null; listening?: SpyMode | null; at: number }
  | { type: 'HANGUP'; sameCall: boolean; at: number };
export type ShownInputType = ShownInput<unknown>['type'];

/** The states a screen shows, each at the index of its status code (EXT_STATUS: offline 0 ... onHold 5). */
export const SHOWN_STATES = ['offline', 'ringing', 'inUse', 'online', 'hangup', 'onHold'] as const;
export type ShownStateName = (typeof SHOWN_STATES)[number];

/** A status code's state (its index), and a state's code. */
export const stateOf = (status: ExtStatus): ShownStateName => SHOWN_STATES[status];
export const STATUS_BY_STATE: Record<ShownStateName, ExtStatus> = {
  offline: EXT_STATUS.offline,
  ringing: EXT_STATUS.ringing,
  inUse: EXT_STATUS.inUse,
  online: EXT_STATUS.online,
  hangup: EXT_STATUS.hangup,
  onHold: EXT_STATUS.onHold,
};

export const inCallStatus = (status: ExtStatus): boolean => status === EXT_STATUS.inUse || status === EXT_STATUS.onHold;

type Updated<C> = Partial<ShownCall<C>>;
type InputOf<C, T extends ShownInputType> = Extract<ShownInput<C>, { type: T }>;
const isInput = <C, T extends ShownInputType>(input: ShownInput<C>, type: T): input is InputOf<C, T> => input.type === type;
/** one rule's change of what is shown, for a push of the rule's type */
export type ShownUpdate = <C>(shown: ShownCall<C>, input: ShownInput<C>) => Updated<C>;

/** no call: an idle state (settle) or the hangup of the call held (endCall) */
const noCall = <C>(_: ShownCall<C>, input: ShownInput<C>): Updated<C> => ({ since: input.at, callStart: null, peer: null, callId: null, listening: null });

/**
 * How each rule changes what is shown (the status itself is the rule's target). Named, so the machine's
 * assign actions are these; each takes the pushes of the types whose rules name it (ShownRules checks).
 */
export const SHOWN_UPDATES = {
  /** a new idle state (online, offline): no call */
  settle: noCall,
  /** a call rings (B-PNL-20) */
  ring: <C>(_: ShownCall<C>, input: InputOf<C, 'RINGING'>): Updated<C> => ({ since: input.at, callStart: null, peer: input.peer, callId: input.callId, listening: null }),
  /** the same state, with the party and call of the push (a second ring, a new party in the call) */
  notePeer: <C>(_: ShownCall<C>, input: InputOf<C, 'RINGING' | 'CALL_CONNECTED'>): Updated<C> => ({ peer: input.peer, callId: input.callId }),
  /** the call is answered: the timer from now (B-PNL-21); an ordinary call, not a listening leg */
  connect: <C>(_: ShownCall<C>, input: InputOf<C, 'CALL_CONNECTED'>): Updated<C> => ({ since: input.at, callStart: input.at, peer: input.peer, callId: input.callId, listening: null }),
  /** the device reports a call: its timer from the call's start when given, else now (B-PNL-17) */
  deviceCall: <C>(shown: ShownCall<C>, input: InputOf<C, 'DEVICE_STATE'>): Updated<C> => ({
    since: input.at,
    callStart: input.callStart ?? shown.callStart ?? input.at,
    peer: input.peer ?? shown.peer,
    listening: listeningAfter(input.listening, null),
  }),
  /** the device reports ringing: with the party when given */
  deviceRing: <C>(_: ShownCall<C>, input: InputOf<C, 'DEVICE_STATE'>): Updated<C> => ({ since: input.at, callStart: null, peer: input.peer ?? null, callId: null, listening: null }),
  /** in use ⇄ on hold: the same call, the same timer (or the one given) */
  switchHold: <C>(shown: ShownCall<C>, input: InputOf<C, 'DEVICE_STATE'>): Updated<C> => ({
    since: input.at,
    callStart: input.callStart ?? shown.callStart,
    peer: input.peer ?? shown.peer,
    listening: listeningAfter(input.listening, shown.listening),
  }),
  /** the same state again, with the call's start, party or listening mode as the server knows them now */
  deviceDetails: <C>(shown: ShownCall<C>, input: InputOf<C, 'DEVICE_STATE'>): Updated<C> =>
    shown.callStart === null
      ? { peer: input.peer ?? shown.peer }
      : { callStart: input.callStart ?? shown.callStart, peer: input.peer ?? shown.peer, listening: listeningAfter(input.listening, shown.listening) },
  /** the call ended (B-PNL-23): hangup shows, no timer */
  endCall: noCall,
  /** another call than the current one ended: the current one goes on */
  otherCall: <C>(_: ShownCall<C>, _input: ShownInput<C>): Updated<C> => ({}),
};
export type ShownUpdateName = keyof typeof SHOWN_UPDATES;
/** the updates that take a push of type T */
type UpdatesFor<T extends ShownInputType> = {
  [K in ShownUpdateName]: InputOf<unknown, T> extends Parameters<(typeof SHOWN_UPDATES)[K]>[1] ? K : never;
}[ShownUpdateName];

/** The update a rule names, for the push the rule took (ShownRules lets a rule name only updates its pushes fit). */
export const shownUpdate = (name: ShownUpdateName): ShownUpdate => SHOWN_UPDATES[name] as ShownUpdate;

/** After the hangup display (`displayMs`): online 00:00. */
export function afterHangupDisplay<C>(shown: ShownCall<C>, displayMs: number): Updated<C> {
  return { since: shown.since + displayMs, callStart: null, peer: null, callId: null, listening: null };
}

/** A rule: in a state, a push (of these device codes, of the caller, of the call held) goes to `target` with `update`. */
export interface ShownRule {
  /** absent: the state stays */
  target?: ShownStateName;
  update: ShownUpdateName;
  /** DEVICE_STATE: the codes it applies to */
  codes?: readonly ExtStatus[];
  /** RINGING: only the caller's (the receiver's is ignored) */
  callerOnly?: boolean;
  /** HANGUP: of the call held ('same'), or of another ('other') */
  call?: 'same' | 'other';
}
/** Every state's rules by push type; a rule names only an update that takes its push type. */
export type ShownRules = Readonly<Record<ShownStateName, { readonly [T in ShownInputType]?: readonly (ShownRule & { update: UpdatesFor<T> })[] }>>;

const { offline, ringing, inUse, online, hangup, onHold } = EXT_STATUS;
const HANGUP_RULES: readonly (ShownRule & { update: UpdatesFor<'HANGUP'> })[] = [
  { call: 'same', target: 'hangup', update: 'endCall' },
  { call: 'other', update: 'otherCall' },
];
/** the device's word on a call: hold ⇄ in use keep it, anything else ends it */
const onACall = (same: ExtStatus, other: ExtStatus, otherName: ShownStateName): readonly (ShownRule & { update: UpdatesFor<'DEVICE_STATE'> })[] => [
  { codes: [same], update: 'deviceDetails' },
  { codes: [other], target: otherName, update: 'switchHold' },
  { codes: [offline], target: 'offline', update: 'settle' },
  { codes: [ringing, online, hangup], target: 'online', update: 'settle' },
];

/** Every state's rules, first match wins; a push no rule takes changes nothing. */
export const SHOWN_RULES: ShownRules = {
  offline: {
    RINGING: [{ callerOnly: true, target: 'ringing', update: 'ring' }],
    CALL_CONNECTED: [{ target: 'inUse', update: 'connect' }],
    DEVICE_STATE: [
      { codes: [ringing], target: 'ringing', update: 'deviceRing' },
      { codes: [inUse], target: 'inUse', update: 'deviceCall' },
      { codes: [online, hangup], target: 'online', update: 'settle' },
      { codes: [onHold], target: 'onHold', update: 'deviceCall' },
    ],
  },
  online: {
    RINGING: [{ target: 'ringing', update: 'ring' }],
    CALL_CONNECTED: [{ target: 'inUse', update: 'connect' }],
    DEVICE_STATE: [
      { codes: [offline], target: 'offline', update: 'settle' },
      { codes: [ringing], target: 'ringing', update: 'deviceRing' },
      { codes: [inUse], target: 'inUse', update: 'deviceCall' },
      { codes: [onHold], target: 'onHold', update: 'deviceCall' },
    ],
  },
  ringing: {
    RINGING: [{ update: 'notePeer' }],
    CALL_CONNECTED: [{ target: 'inUse', update: 'connect' }],
    DEVICE_STATE: [
      { codes: [ringing], update: 'deviceDetails' },
      { codes: [offline], target: 'offline', update: 'settle' },
      { codes: [inUse], target: 'inUse', update: 'deviceCall' },
      { codes: [online, hangup], target: 'online', update: 'settle' },
      { codes: [onHold], target: 'onHold', update: 'deviceCall' },
    ],
    HANGUP: HANGUP_RULES,
  },
  inUse: {
    CALL_CONNECTED: [{ update: 'notePeer' }],
    DEVICE_STATE: onACall(inUse, onHold, 'onHold'),
    HANGUP: HANGUP_RULES,
  },
  onHold: {
    DEVICE_STATE: onACall(onHold, inUse, 'inUse'),
    HANGUP: HANGUP_RULES,
  },
  hangup: {
    RINGING: [{ target: 'ringing', update: 'ring' }],
    CALL_CONNECTED: [{ target: 'inUse', update: 'connect' }],
    // 3 and 4 are ignored: the extension goes online after the hangup display anyway
    DEVICE_STATE: [
      { codes: [offline], target: 'offline', update: 'settle' },
      { codes: [ringing], target: 'ringing', update: 'deviceRing' },
      { codes: [inUse], target: 'inUse', update: 'deviceCall' },
      { codes: [onHold], target: 'onHold', update: 'deviceCall' },
    ],
  },
};

/** Whether a rule takes a push (the rule is one of the state's rules for the push's type). */
export function ruleTakes<C>(rule: ShownRule, input: ShownInput<C>): boolean {
  if (rule.codes && !(isInput(input, 'DEVICE_STATE') && rule.codes.includes(input.status))) return false;
  if (rule.callerOnly && !(isInput(input, 'RINGING') && input.role === 'caller')) return false;
  if (rule.call && !(isInput(input, 'HANGUP') && input.sameCall === (rule.call === 'same'))) return false;
  return true;
}

/** The rule of `status` that takes a push, or undefined when the push changes nothing. */
export function ruleFor<C>(status: ExtStatus, input: ShownInput<C>): ShownRule | undefined {
  return SHOWN_RULES[stateOf(status)][input.type]?.find((rule) => ruleTakes(rule, input));
}

/**
 * One push applied to what is shown: the next state, or null when the push changes nothing. With
 * `hangupDisplayMs` the hangup display is taken as over at once (the server's mirror): a call that
 * ends goes online.
 */
export function stepShown<C>(shown: ShownCall<C>, input: ShownInput<C>, hangupDisplayMs?: number): ShownCall<C> | null {
  const rule = ruleFor(shown.status, input);
  if (!rule) return null;
  const update = shownUpdate(rule.update);
  let next: ShownCall<C> = { ...shown, ...update(shown, input) };
  if (rule.target) next.status = STATUS_BY_STATE[rule.target];
  if (hangupDisplayMs !== undefined && next.status === EXT_STATUS.hangup) next = { ...next, ...afterHangupDisplay(next, hangupDisplayMs), status: EXT_STATUS.online };
  return next;
}
