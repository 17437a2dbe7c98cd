/**
 * The live state of one extension (spec 1 §4 "Real-time events", checklist B-PNL-14..25).
 *
 * Pure: no clock, no interval, no I/O. Every event carries the server timestamp `at` (ms) and the
 * machine only stores start times (`since`, `callStart`); a view computes elapsed time from the one
 * shared clock (`streams/clock.ts`). The only effect is the named delay `hangupDisplay` (how long the
 * hangup state shows before the extension returns to online), replaceable with `.provide()`.
 *
 * Readings we chose where the spec is loose (each one is tested):
 * - RINGING sets the caller to ringing even when offline, the receiver only when online (status not 0).
 *   An extension already in a call (inUse, onHold) keeps its call: a second call ringing (call waiting)
 *   does not stop the timer; the device state tells if the call ended.
 * - DEVICE_STATE on an inUse or onHold extension: on hold / in use switch between the two with the same
 *   timer; any other code stops the timer and resets the extension to online 00:00 (B-PNL-22), except 0,
 *   which means the device is gone and therefore goes offline (also with the timer cleared).
 * - A device never reports "hangup" (domain statusFromDeviceState never yields 4), so DEVICE_STATE 4 is
 *   read as 3. The hangup state comes from the HANGUP event only and is not cut short by the
 *   NOT_INUSE that follows it.
 * - A HANGUP of another call than the current one (a rejected call-waiting leg) is recorded in the
 *   history but leaves the current call running.
 * - DEVICE_STATE carries what the server derived from the extension's channels: the status and, when
 *   known, the call's start and the other party. They are taken as they come: in a call the timer and
 *   party follow them (an agent with two calls stays in use with the remaining call's timer when one
 *   ends, issue 12 defect 5); a call state entered from the device starts the timer at `callStart`
 *   (a call answered before a restart keeps its time), else now (B-PNL-17).
 * - History entries are newest first; `dateTime` is the hangup time (server ts), `duration` the payload's.
 */
import { assign, initialTransition, setup, transition, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LIMITS } from '../domain/constants';
import { NO_AGENT_STATE, type AgentState } from '../domain/agents';
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
  | { type: 'DEVICE_STATE'; corpId: number; number: string; status: ExtStatus; callStart?: number | null; peer?: string | null; at: number }
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

/** State names by spec status code, and back. */
export const STATE_BY_STATUS = {
  [EXT_STATUS.offline]: 'offline',
  [EXT_STATUS.ringing]: 'ringing',
  [EXT_STATUS.inUse]: 'inUse',
  [EXT_STATUS.online]: 'online',
  [EXT_STATUS.hangup]: 'hangup',
  [EXT_STATUS.onHold]: 'onHold',
} as const satisfies Record<ExtStatus, string>;
export type ExtensionStateName = (typeof STATE_BY_STATUS)[ExtStatus];
export const STATUS_BY_STATE: Record<ExtensionStateName, ExtStatus> = {
  offline: EXT_STATUS.offline,
  ringing: EXT_STATUS.ringing,
  inUse: EXT_STATUS.inUse,
  online: EXT_STATUS.online,
  hangup: EXT_STATUS.hangup,
  onHold: EXT_STATUS.onHold,
};

/** Adds a finished call in front and keeps the last LIMITS.callHistory (B-PNL-24). */
export function appendHistory(history: readonly CallHistoryEntry[], entry: CallHistoryEntry): CallHistoryEntry[] {
  return [entry, ...history].slice(0, LIMITS.callHistory);
}

export function historyEntry(hangup: { callId: string; caller: string; receiver: string; duration: number; at: number }): CallHistoryEntry {
  return { callId: hangup.callId, dateTime: hangup.at, caller: hangup.caller, receiver: hangup.receiver, duration: hangup.duration };
}

const hasCall = (status: ExtStatus) => status === EXT_STATUS.inUse || status === EXT_STATUS.onHold;

function contextFromSnapshot(ext: LiveExtension): Pick<ExtensionContext, 'userName' | 'status' | 'since' | 'callStart' | 'peer' | 'callId' | 'agent'> {
  return {
    agent: ext.agent ?? NO_AGENT_STATE,
    userName: ext.userName,
    status: ext.status,
    since: ext.since,
    // a timer runs exactly in inUse and onHold; an open call without an answer time shows from `since`
    callStart: hasCall(ext.status) ? (ext.callStart ?? ext.since) : null,
    peer: ext.peer,
    callId: null,
  };
}

type EventOf<T extends ExtensionEventType> = Extract<ExtensionEvent, { type: T }>;
const isEvent = <T extends ExtensionEventType>(event: ExtensionEvent, type: T): event is EventOf<T> => event.type === type;

function isMine(context: ExtensionContext, event: ExtensionEvent): boolean {
  const target = event.type === 'SNAPSHOT' ? event.extension : event;
  return target.corpId === context.corpId && target.number === context.number;
}
function isSameCall(context: ExtensionContext, event: ExtensionEvent): boolean {
  return isEvent(event, 'HANGUP') && (context.callId === null || callKey(context.callId) === callKey(event.callId));
}
const eventAt = (event: ExtensionEvent) => (event.type === 'SNAPSHOT' ? event.extension.since : event.at);

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
    mineAsCaller: ({ context, event }) => isMine(context, event) && isEvent(event, 'RINGING') && event.role === 'caller',
    mineWithStatus: ({ context, event }, params: { codes: readonly ExtStatus[] }) =>
      isMine(context, event) && isEvent(event, 'DEVICE_STATE') && params.codes.includes(event.status),
    mineSameCall: ({ context, event }) => isMine(context, event) && isSameCall(context, event),
    mineOtherCall: ({ context, event }) => isMine(context, event) && !isSameCall(context, event),
    statusIs: ({ context }, params: { code: ExtStatus }) => context.status === params.code,
  },
  actions: {
    /** entry of each state: the spec code of the state */
    setStatus: assign((_, params: { code: ExtStatus }) => ({ status: params.code })),
    applySnapshot: assign(({ event }) => (isEvent(event, 'SNAPSHOT') ? contextFromSnapshot(event.extension) : {})),
    setAgent: assign(({ event }) => (isEvent(event, 'AGENT') ? { agent: event.agent } : {})),
    /** a new idle state (online, offline, ringing without details): no call */
    settle: assign(({ event }) => ({ since: eventAt(event), callStart: null, peer: null, callId: null })),
    ring: assign(({ context, event }) =>
      isEvent(event, 'RINGING') ? { since: event.at, callStart: null, peer: event.peer, callId: event.callId } : { since: context.since },
    ),
    notePeer: assign(({ context, event }) =>
      isEvent(event, 'RINGING') || isEvent(event, 'CALL_CONNECTED') ? { peer: event.peer, callId: event.callId } : { peer: context.peer },
    ),
    connect: assign(({ context, event }) =>
      isEvent(event, 'CALL_CONNECTED') ? { since: event.at, callStart: event.at, peer: event.peer, callId: event.callId } : { since: context.since },
    ),
    /** the device reports a call: its timer from the call's start when given, else now (B-PNL-17) */
    deviceCall: assign(({ context, event }) => {
      const at = eventAt(event);
      const device = isEvent(event, 'DEVICE_STATE') ? event : null;
      return { since: at, callStart: device?.callStart ?? context.callStart ?? at, peer: device?.peer ?? context.peer };
    }),
    /** the device reports ringing: with the party when given */
    deviceRing: assign(({ event }) => ({
      since: eventAt(event),
      callStart: null,
      peer: isEvent(event, 'DEVICE_STATE') ? (event.peer ?? null) : null,
      callId: null,
    })),
    /** inUse ⇄ onHold: the same call, the same timer (or the one given) */
    switchHold: assign(({ context, event }) => {
      const device = isEvent(event, 'DEVICE_STATE') ? event : null;
      return { since: eventAt(event), callStart: device?.callStart ?? context.callStart, peer: device?.peer ?? context.peer };
    }),
    /** the same state again, with the call's start or party as the server knows them now */
    deviceDetails: assign(({ context, event }) => {
      if (!isEvent(event, 'DEVICE_STATE')) return {};
      return context.callStart === null ? { peer: event.peer ?? context.peer } : { callStart: event.callStart ?? context.callStart, peer: event.peer ?? context.peer };
    }),
    recordHangup: assign(({ context, event }) =>
      isEvent(event, 'HANGUP')
        ? { since: event.at, callStart: null, peer: null, callId: null, history: appendHistory(context.history, historyEntry(event)) }
        : {},
    ),
    recordOtherCall: assign(({ context, event }) =>
      isEvent(event, 'HANGUP') ? { history: appendHistory(context.history, historyEntry(event)) } : {},
    ),
    /** hangup shown for hangupDisplayMs, then online 00:00 */
    backOnline: assign(({ context }) => ({ since: context.since + context.hangupDisplayMs, callStart: null, peer: null, callId: null })),
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
    offline: {
      entry: { type: 'setStatus', params: { code: EXT_STATUS.offline } },
      on: {
        RINGING: { guard: 'mineAsCaller', target: 'ringing', actions: 'ring' },
        CALL_CONNECTED: { guard: 'isMine', target: 'inUse', actions: 'connect' },
        DEVICE_STATE: [
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.ringing] } }, target: 'ringing', actions: 'deviceRing' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.inUse] } }, target: 'inUse', actions: 'deviceCall' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.online, EXT_STATUS.hangup] } }, target: 'online', actions: 'settle' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.onHold] } }, target: 'onHold', actions: 'deviceCall' },
        ],
      },
    },
    online: {
      entry: { type: 'setStatus', params: { code: EXT_STATUS.online } },
      on: {
        RINGING: { guard: 'isMine', target: 'ringing', actions: 'ring' },
        CALL_CONNECTED: { guard: 'isMine', target: 'inUse', actions: 'connect' },
        DEVICE_STATE: [
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.offline] } }, target: 'offline', actions: 'settle' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.ringing] } }, target: 'ringing', actions: 'deviceRing' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.inUse] } }, target: 'inUse', actions: 'deviceCall' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.onHold] } }, target: 'onHold', actions: 'deviceCall' },
        ],
      },
    },
    ringing: {
      entry: { type: 'setStatus', params: { code: EXT_STATUS.ringing } },
      on: {
        RINGING: { guard: 'isMine', actions: 'notePeer' },
        CALL_CONNECTED: { guard: 'isMine', target: 'inUse', actions: 'connect' },
        DEVICE_STATE: [
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.ringing] } }, actions: 'deviceDetails' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.offline] } }, target: 'offline', actions: 'settle' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.inUse] } }, target: 'inUse', actions: 'deviceCall' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.online, EXT_STATUS.hangup] } }, target: 'online', actions: 'settle' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.onHold] } }, target: 'onHold', actions: 'deviceCall' },
        ],
        HANGUP: [
          { guard: 'mineSameCall', target: 'hangup', actions: 'recordHangup' },
          { guard: 'mineOtherCall', actions: 'recordOtherCall' },
        ],
      },
    },
    inUse: {
      entry: { type: 'setStatus', params: { code: EXT_STATUS.inUse } },
      on: {
        CALL_CONNECTED: { guard: 'isMine', actions: 'notePeer' },
        DEVICE_STATE: [
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.inUse] } }, actions: 'deviceDetails' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.onHold] } }, target: 'onHold', actions: 'switchHold' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.offline] } }, target: 'offline', actions: 'settle' },
          {
            guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.ringing, EXT_STATUS.online, EXT_STATUS.hangup] } },
            target: 'online',
            actions: 'settle',
          },
        ],
        HANGUP: [
          { guard: 'mineSameCall', target: 'hangup', actions: 'recordHangup' },
          { guard: 'mineOtherCall', actions: 'recordOtherCall' },
        ],
      },
    },
    onHold: {
      entry: { type: 'setStatus', params: { code: EXT_STATUS.onHold } },
      on: {
        DEVICE_STATE: [
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.onHold] } }, actions: 'deviceDetails' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.inUse] } }, target: 'inUse', actions: 'switchHold' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.offline] } }, target: 'offline', actions: 'settle' },
          {
            guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.ringing, EXT_STATUS.online, EXT_STATUS.hangup] } },
            target: 'online',
            actions: 'settle',
          },
        ],
        HANGUP: [
          { guard: 'mineSameCall', target: 'hangup', actions: 'recordHangup' },
          { guard: 'mineOtherCall', actions: 'recordOtherCall' },
        ],
      },
    },
    hangup: {
      entry: { type: 'setStatus', params: { code: EXT_STATUS.hangup } },
      after: {
        hangupDisplay: { target: 'online', actions: 'backOnline' },
      },
      on: {
        RINGING: { guard: 'isMine', target: 'ringing', actions: 'ring' },
        CALL_CONNECTED: { guard: 'isMine', target: 'inUse', actions: 'connect' },
        DEVICE_STATE: [
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.offline] } }, target: 'offline', actions: 'settle' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.ringing] } }, target: 'ringing', actions: 'deviceRing' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.inUse] } }, target: 'inUse', actions: 'deviceCall' },
          { guard: { type: 'mineWithStatus', params: { codes: [EXT_STATUS.onHold] } }, target: 'onHold', actions: 'deviceCall' },
          // 3 and 4 are ignored: the extension is going online after the hangup display anyway
        ],
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
