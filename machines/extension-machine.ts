/**
 * The live state of one extension (spec 1 §4 "Real-time events", checklist B-PNL-14..25).
 *
 * Pure: no clock, no interval, no I/O. Every event carries the server timestamp `at` (ms) and the
 * machine only stores start times (`since`, `callStart`); a view computes elapsed time from the one
 * shared clock (`streams/clock.ts`). The only effect is the named delay `hangupDisplay` (how long the
 * hangup state shows before the extension returns to online), replaceable with `.provide()`.
 *
 * The rules of what the extension shows on each push (which state follows, the timer, the party, a
 * listening leg's mode, G-SPY-05) have one home, domain/extension-shown-status.ts (J-ONE-01), which the
 * server's mirror of the browsers steps too: each state's transitions here are its SHOWN_RULES, each
 * guard the rule's own test and each assign action the rule's update. What only the browser keeps is
 * here: the state nodes and the hangup display, the snapshot and the agent state, and the history of
 * calls (newest first; `dateTime` is the hangup time (server ts), `duration` the payload's).
 */
import { assign, initialTransition, setup, transition, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LIMITS } from '../domain/constants';
import { NO_AGENT_STATE } from '../domain/agents';
import type { AgentState, SpyMode } from '../domain/realtime';
import {
  SHOWN_RULES,
  afterHangupDisplay,
  inCallStatus,
  ruleTakes,
  shownUpdate,
  STATUS_BY_STATE,
  type ShownInput,
  type ShownInputType,
  type ShownRule,
  type ShownStateName,
  type ShownUpdateName,
} from '../domain/extension-shown-status';
import { EXT_STATUS, callKey, type ExtStatus, type LiveExtension } from '../domain/realtime';

/** How long the hangup state shows before the extension is online again (spec: "shown briefly"). */
export const HANGUP_DISPLAY_MS = 2000;

export interface CallHistoryEntry {
  callId: string;
  /** when the call finished (server ms) */
  dateTime: number;
  caller: string;
  receiver: string;
  /** as the Hangup push reports it */
  duration: number;
}

/** The per-extension events, derived from hub pushes (see streams/extension-inputs.ts). */
export type ExtensionEvent =
  | { type: 'SNAPSHOT'; extension: LiveExtension }
  | { type: 'RINGING'; corpId: number; number: string; role: 'caller' | 'receiver'; callId: string; peer: string; at: number }
  | { type: 'CALL_CONNECTED'; corpId: number; number: string; callId: string; peer: string; at: number }
  | { type: 'DEVICE_STATE'; corpId: number; number: string; status: ExtStatus; callStart?: number | null; peer?: string | null; listening?: SpyMode | null; at: number }
  /** the agent's wrap-up, pause or do-not-disturb (G-AGS): beside the phone's state, in every state */
  | { type: 'AGENT'; corpId: number; number: string; agent: AgentState; at: number }
  | {
      type: 'HANGUP';
      corpId: number;
      number: string;
      callId: string;
      caller: string;
      receiver: string;
      cause: number;
      duration: number;
      at: number;
    };
export type ExtensionEventType = ExtensionEvent['type'];

export interface ExtensionContext {
  corpId: number;
  number: string;
  userName: string;
  /** spec status code of the current state (kept equal to `statusCode(snapshot)`) */
  status: ExtStatus;
  /** when the current state began (server ms) */
  since: number;
  /** when the current call was answered (server ms); set exactly in inUse and onHold */
  callStart: number | null;
  /** the other party of the current or ringing call */
  peer: string | null;
  /** id of the current or ringing call, when known */
  callId: string | null;
  /** the current call is a supervisor's leg listening to `peer` in this mode (G-SPY-05); null otherwise */
  listening: SpyMode | null;
  /** last calls, newest first, at most LIMITS.callHistory */
  history: CallHistoryEntry[];
  /** wrap-up, pause, do-not-disturb; shown over an idle phone (domain shownStatus) */
  agent: AgentState;
  hangupDisplayMs: number;
}

export interface ExtensionInput {
  extension: LiveExtension;
  history?: CallHistoryEntry[];
  hangupDisplayMs?: number;
}

/** State names by spec status code (domain SHOWN_STATES), and back. */
export type ExtensionStateName = ShownStateName;
export { STATUS_BY_STATE };

/** Adds a finished call in front and keeps the last LIMITS.callHistory (B-PNL-24). */
export function appendHistory(history: readonly CallHistoryEntry[], entry: CallHistoryEntry): CallHistoryEntry[] {
  return [entry, ...history].slice(0, LIMITS.callHistory);
}

export function historyEntry(hangup: { callId: string; caller: string; receiver: string; duration: number; at: number }): CallHistoryEntry {
  return { callId: hangup.callId, dateTime: hangup.at, caller: hangup.caller, receiver: hangup.receiver, duration: hangup.duration };
}

function contextFromSnapshot(ext: LiveExtension): Pick<ExtensionContext, 'userName' | 'status' | 'since' | 'callStart' | 'peer' | 'callId' | 'agent' | 'listening'> {
  return {
    agent: ext.agent ?? NO_AGENT_STATE,
    userName: ext.userName,
    status: ext.status,
    since: ext.since,
    // a timer runs exactly in inUse and onHold; an open call without an answer time shows from `since`
    callStart: inCallStatus(ext.status) ? (ext.callStart ?? ext.since) : null,
    peer: ext.peer,
    callId: null,
    listening: inCallStatus(ext.status) ? (ext.listening ?? null) : null,
  };
}

type EventOf<T extends ExtensionEventType> = Extract<ExtensionEvent, { type: T }>;
const isEvent = <T extends ExtensionEventType>(event: ExtensionEvent, type: T): event is EventOf<T> => event.type === type;

function isMine(context: ExtensionContext, event: ExtensionEvent): boolean {
  const target = event.type === 'SNAPSHOT' ? event.extension : event;
  return target.corpId === context.corpId && target.number === context.number;
}

/** A push as the reducer reads it; a Hangup of the call held (or of any, when none is known) is the same call. */
function shownInput(context: ExtensionContext, event: ExtensionEvent): ShownInput<string> | null {
  switch (event.type) {
    case 'RINGING':
    case 'CALL_CONNECTED':
    case 'DEVICE_STATE':
      return event;
    case 'HANGUP':
      return { type: 'HANGUP', sameCall: context.callId === null || callKey(context.callId) === callKey(event.callId), at: event.at };
    default:
      return null;
  }
}

/** Each state's transitions: its domain rules, each guarded by the rule's test and assigning its update. */
function transitionsOf(state: ShownStateName) {
  const on: Partial<Record<ShownInputType, { guard: { type: 'takes'; params: ShownRule }; target?: ShownStateName; actions: { type: 'apply'; params: { update: ShownUpdateName } }[] }[]>> = {};
  for (const [type, rules] of Object.entries(SHOWN_RULES[state]) as [ShownInputType, readonly ShownRule[]][]) {
    on[type] = rules.map((rule) => ({
      guard: { type: 'takes' as const, params: rule },
      ...(rule.target ? { target: rule.target } : {}),
      actions: [{ type: 'apply' as const, params: { update: rule.update } }],
    }));
  }
  return on;
}

/** A resting state: its code on entry, its rules. */
const restingState = (state: ShownStateName) => ({ entry: { type: 'setStatus' as const, params: { code: STATUS_BY_STATE[state] } }, on: transitionsOf(state) });

export const extensionMachine = setup({
  types: {
    context: {} as ExtensionContext,
    events: {} as ExtensionEvent,
    input: {} as ExtensionInput,
  },
  delays: {
    hangupDisplay: ({ context }) => context.hangupDisplayMs,
  },
  guards: {
    isMine: ({ context, event }) => isMine(context, event),
    /** the event is this extension's and the rule takes it */
    takes: ({ context, event }, rule: ShownRule) => {
      if (!isMine(context, event)) return false;
      const input = shownInput(context, event);
      return input !== null && ruleTakes(rule, input);
    },
    statusIs: ({ context }, params: { code: ExtStatus }) => context.status === params.code,
  },
  actions: {
    /** entry of each state: the spec code of the state */
    setStatus: assign((_, params: { code: ExtStatus }) => ({ status: params.code })),
    applySnapshot: assign(({ event }) => (isEvent(event, 'SNAPSHOT') ? contextFromSnapshot(event.extension) : {})),
    setAgent: assign(({ event }) => (isEvent(event, 'AGENT') ? { agent: event.agent } : {})),
    /** a rule's update (domain SHOWN_UPDATES); a Hangup is also a call of the history, whichever call it ends */
    apply: assign(({ context, event }, params: { update: ShownUpdateName }) => {
      const input = shownInput(context, event);
      if (!input) return {};
      const shown = shownUpdate(params.update)(context, input);
      return isEvent(event, 'HANGUP') ? { ...shown, history: appendHistory(context.history, historyEntry(event)) } : shown;
    }),
    /** hangup shown for hangupDisplayMs, then online 00:00 */
    backOnline: assign(({ context }) => afterHangupDisplay(context, context.hangupDisplayMs)),
  },
}).createMachine({
  id: 'extension',
  context: ({ input }) => ({
    corpId: input.extension.corpId,
    number: input.extension.number,
    ...contextFromSnapshot(input.extension),
    history: (input.history ?? []).slice(0, LIMITS.callHistory),
    hangupDisplayMs: input.hangupDisplayMs ?? HANGUP_DISPLAY_MS,
  }),
  initial: 'sync',
  on: {
    SNAPSHOT: { guard: 'isMine', target: '.sync', actions: 'applySnapshot' },
    AGENT: { guard: 'isMine', actions: 'setAgent' },
  },
  states: {
    /** transient: enters the state of `context.status` (after input or a SNAPSHOT) */
    sync: {
      always: [
        { guard: { type: 'statusIs', params: { code: EXT_STATUS.ringing } }, target: 'ringing' },
        { guard: { type: 'statusIs', params: { code: EXT_STATUS.inUse } }, target: 'inUse' },
        { guard: { type: 'statusIs', params: { code: EXT_STATUS.online } }, target: 'online' },
        { guard: { type: 'statusIs', params: { code: EXT_STATUS.hangup } }, target: 'hangup' },
        { guard: { type: 'statusIs', params: { code: EXT_STATUS.onHold } }, target: 'onHold' },
        { target: 'offline' },
      ],
    },
    offline: restingState('offline'),
    online: restingState('online'),
    ringing: restingState('ringing'),
    inUse: restingState('inUse'),
    onHold: restingState('onHold'),
    hangup: {
      ...restingState('hangup'),
      after: {
        hangupDisplay: { target: 'online', actions: 'backOnline' },
      },
    },
  },
});

export type ExtensionMachine = typeof extensionMachine;
export type ExtensionSnapshot = SnapshotFrom<ExtensionMachine>;
export type ExtensionActorRef = ActorRefFrom<ExtensionMachine>;

/**
 * One pure step of the machine without an actor, for aggregates over many extensions (queue agents):
 * a SNAPSHOT starts or replaces the extension, other events advance it; an event for an extension we
 * have no snapshot of yields undefined. No delay runs here, so a reduced extension stays in hangup until
 * its next event: aggregates count hangup as free (see `isFree`).
 */
export function reduceExtension(snapshot: ExtensionSnapshot | undefined, event: ExtensionEvent): ExtensionSnapshot | undefined {
  if (snapshot) return transition(extensionMachine, snapshot, event)[0];
  return event.type === 'SNAPSHOT' ? initialTransition(extensionMachine, { extension: event.extension })[0] : undefined;
}

/**
 * Whether sending `event` to an actor in `snapshot` can change what it holds. False only for a call push
 * (RINGING, CALL_CONNECTED, DEVICE_STATE) that no rule of the current state takes, or whose rule keeps
 * the state and leaves every field as it is (a DeviceStateChanged repeating the Ringing or CallConnected
 * before it): the actor would step to an equal snapshot and wake its observers (a tile each) for nothing.
 * The live feed skips those (streams/live-feed.ts): about half the call pushes on a busy floor.
 * Same rules as the machine's own transitions (each state's SHOWN_RULES, first match wins).
 */
export function changesExtension(snapshot: ExtensionSnapshot, event: ExtensionEvent): boolean {
  if (event.type !== 'RINGING' && event.type !== 'CALL_CONNECTED' && event.type !== 'DEVICE_STATE') return true;
  const state = snapshot.value as ExtensionStateName | 'sync';
  if (snapshot.status !== 'active' || state === 'sync') return true;
  const { context } = snapshot;
  if (!isMine(context, event)) return false;
  const rule = SHOWN_RULES[state][event.type]?.find((candidate) => ruleTakes(candidate, event));
  if (rule === undefined) return false;
  if (rule.target !== undefined) return true;
  const update = shownUpdate(rule.update)(context, event);
  for (const key of Object.keys(update) as (keyof typeof update)[]) if (!Object.is(update[key], context[key])) return true;
  return false;
}

/** Agent presence for wallboard counts: online and hangup (the call just ended) are free, 0 offline, the rest busy. */
export type Presence = 'free' | 'busy' | 'offline';
export function presenceOf(status: ExtStatus): Presence {
  if (status === EXT_STATUS.offline) return 'offline';
  return status === EXT_STATUS.online || status === EXT_STATUS.hangup ? 'free' : 'busy';
}

/** The spec status code of the current state (B-PNL-14). */
export function statusCode(snapshot: ExtensionSnapshot): ExtStatus {
  const value = snapshot.value as ExtensionStateName | 'sync';
  return value === 'sync' ? snapshot.context.status : STATUS_BY_STATE[value];
}

/** When the call timer started; a timer runs exactly in inUse and onHold, elsewhere null. */
export function timerStart(snapshot: ExtensionSnapshot): number | null {
  return snapshot.matches('inUse') || snapshot.matches('onHold') ? snapshot.context.callStart : null;
}

/** Elapsed call time at `now` (from the shared clock); 0 when no timer runs. */
export function elapsedMs(snapshot: ExtensionSnapshot, now: number): number {
  const start = timerStart(snapshot);
  return start === null ? 0 : Math.max(0, now - start);
}

/** `mm:ss`, or `h:mm:ss` from one hour; negative or missing input reads 00:00. */
export function formatTimer(ms: number): string {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}
