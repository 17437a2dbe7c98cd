/**
 * The web phone's state (B-WP-03, STYLE 4 "machines are pure, effects are named"). Two regions:
 *
 * - registration: connecting (the WebSocket is not up) → unregistered (up, not registered) →
 *   registering → registered; failed when the PBX refuses (a wrong secret, a timeout). The SIP library
 *   reconnects and registers again by itself, and says so with the same events.
 * - call: idle → calling (we dialled; ringing at the far end once PROGRESS) or ringing (an incoming call
 *   to answer or decline) → inCall (hold: active/held, mute: unmuted/muted, each its own region) →
 *   ended (why, shown for a moment) → idle.
 *
 * Events come from the UI (DIAL, ANSWER, ...) and from the SIP library through a thin adapter
 * (jssip-phone.ts: REGISTERED, INCOMING, CONFIRMED, ENDED, ...). Every effect on the call is a named
 * action (startCall, answerCall, ...) that does nothing here: the pop-up provides them with
 * `.provide()`, the tests with spies. The call's start time travels in the CONFIRMED event and is kept in
 * context; the view computes the timer from one clock (STYLE 4), never a counter in the machine.
 */
import { and, assign, setup, stateIn, type SnapshotFrom } from 'xstate';
import { DIAL_TARGET, WEBPHONE_ENDED_MS } from '../../../domain/webphone';

/** Why a call ended, as the pop-up words it (webphone.ended.*). */
export type EndCause = 'hangup' | 'remote' | 'declined' | 'busy' | 'unavailable' | 'failed' | 'canceled';

export interface PhoneContext {
  /** what the dial pad has typed */
  dialed: string;
  /** the other party: the number dialled, or the caller of an incoming call */
  remote: string;
  /** when the call was answered (ms since epoch), from the CONFIRMED event */
  connectedAt: number | null;
  endCause: EndCause | null;
  /** why registration failed (the SIP library's cause) */
  registrationError: string | null;
}

export type PhoneEvent =
  // from the SIP library (the adapter)
  | { type: 'CONNECTED' }
  | { type: 'DISCONNECTED' }
  | { type: 'REGISTERING' }
  | { type: 'REGISTERED' }
  | { type: 'UNREGISTERED' }
  | { type: 'REGISTRATION_FAILED'; cause: string }
  | { type: 'INCOMING'; id: string; remote: string }
  | { type: 'PROGRESS' }
  | { type: 'CONFIRMED'; at: number }
  | { type: 'ENDED'; cause: EndCause }
  // from the user
  | { type: 'KEY'; key: string }
  | { type: 'BACKSPACE' }
  | { type: 'SET_DIALED'; value: string }
  | { type: 'DIAL' }
  | { type: 'ANSWER' }
  | { type: 'DECLINE' }
  | { type: 'HANGUP' }
  | { type: 'HOLD' }
  | { type: 'UNHOLD' }
  | { type: 'MUTE' }
  | { type: 'UNMUTE' };

const DIALED_MAX = 32;
const keep = (value: string) => value.replace(/[^0-9*#+]/g, '').slice(0, DIALED_MAX);

/** The dial pad between calls (during a call its keys are DTMF). */
const typing = {
  KEY: { actions: assign<PhoneContext, Extract<PhoneEvent, { type: 'KEY' }>, undefined, PhoneEvent, never>({ dialed: ({ context, event }) => keep(context.dialed + event.key) }) },
  BACKSPACE: { actions: assign<PhoneContext, Extract<PhoneEvent, { type: 'BACKSPACE' }>, undefined, PhoneEvent, never>({ dialed: ({ context }) => context.dialed.slice(0, -1) }) },
  SET_DIALED: { actions: assign<PhoneContext, Extract<PhoneEvent, { type: 'SET_DIALED' }>, undefined, PhoneEvent, never>({ dialed: ({ event }) => keep(event.value) }) },
} as const;

export const phoneMachine = setup({
  types: {
    context: {} as PhoneContext,
    events: {} as PhoneEvent,
  },
  actions: {
    // the effects, provided by the pop-up (jssip-phone.ts); named so tests can watch them
    startCall: (_, _params: { target: string }) => {},
    answerCall: () => {},
    declineCall: () => {},
    hangupCall: () => {},
    holdCall: () => {},
    unholdCall: () => {},
    muteCall: () => {},
    unmuteCall: () => {},
    sendDtmf: (_, _params: { key: string }) => {},
    /** a second incoming call while one is going on: 486 Busy Here */
    rejectBusy: (_, _params: { id: string }) => {},
  },
  guards: {
    registered: stateIn({ registration: 'registered' }),
    hasTarget: ({ context }) => DIAL_TARGET.test(context.dialed),
  },
  delays: { endedDisplay: WEBPHONE_ENDED_MS },
}).createMachine({
  id: 'phone',
  type: 'parallel',
  context: { dialed: '', remote: '', connectedAt: null, endCause: null, registrationError: null },
  states: {
    registration: {
      initial: 'connecting',
      // on the region, not the root: a root transition would leave and re-enter the call region too
      // (the path test caught a call reset to idle by a dropped socket)
      on: {
        DISCONNECTED: { target: '.connecting' },
        REGISTRATION_FAILED: { target: '.failed', actions: assign({ registrationError: ({ event }) => event.cause }) },
      },
      states: {
        connecting: { on: { CONNECTED: 'unregistered', REGISTERING: 'registering', REGISTERED: 'registered' } },
        unregistered: { on: { REGISTERING: 'registering', REGISTERED: 'registered' } },
        registering: { on: { REGISTERED: 'registered', UNREGISTERED: 'unregistered' } },
        registered: {
          entry: assign({ registrationError: null }),
          on: { UNREGISTERED: 'unregistered', REGISTERING: 'registering' },
        },
        failed: { on: { REGISTERING: 'registering', REGISTERED: 'registered', CONNECTED: 'unregistered' } },
      },
    },
    call: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            ...typing,
            DIAL: {
              guard: and(['registered', 'hasTarget']),
              target: 'calling',
              actions: [assign({ remote: ({ context }) => context.dialed }), { type: 'startCall', params: ({ context }) => ({ target: context.dialed }) }],
            },
            INCOMING: { target: 'ringing', actions: assign({ remote: ({ event }) => event.remote }) },
          },
        },
        calling: {
          initial: 'trying',
          states: { trying: { on: { PROGRESS: 'ringback' } }, ringback: {} },
          on: {
            CONFIRMED: { target: 'inCall', actions: assign({ connectedAt: ({ event }) => event.at }) },
            HANGUP: { target: 'ended', actions: ['hangupCall', assign({ endCause: 'canceled' })] },
            ENDED: { target: 'ended', actions: assign({ endCause: ({ event }) => event.cause }) },
            INCOMING: { actions: { type: 'rejectBusy', params: ({ event }) => ({ id: event.id }) } },
          },
        },
        ringing: {
          on: {
            ANSWER: { actions: 'answerCall' },
            DECLINE: { target: 'ended', actions: ['declineCall', assign({ endCause: 'declined' })] },
            CONFIRMED: { target: 'inCall', actions: assign({ connectedAt: ({ event }) => event.at }) },
            ENDED: { target: 'ended', actions: assign({ endCause: ({ event }) => event.cause }) },
            INCOMING: { actions: { type: 'rejectBusy', params: ({ event }) => ({ id: event.id }) } },
          },
        },
        inCall: {
          type: 'parallel',
          states: {
            hold: {
              initial: 'active',
              states: {
                active: { on: { HOLD: { target: 'held', actions: 'holdCall' } } },
                held: { on: { UNHOLD: { target: 'active', actions: 'unholdCall' } } },
              },
            },
            mute: {
              initial: 'unmuted',
              states: {
                unmuted: { on: { MUTE: { target: 'muted', actions: 'muteCall' } } },
                muted: { on: { UNMUTE: { target: 'unmuted', actions: 'unmuteCall' } } },
              },
            },
          },
          on: {
            KEY: { actions: { type: 'sendDtmf', params: ({ event }) => ({ key: event.key }) } },
            HANGUP: { target: 'ended', actions: ['hangupCall', assign({ endCause: 'hangup' })] },
            ENDED: { target: 'ended', actions: assign({ endCause: ({ event }) => event.cause }) },
            INCOMING: { actions: { type: 'rejectBusy', params: ({ event }) => ({ id: event.id }) } },
          },
        },
        ended: {
          exit: assign({ connectedAt: null, endCause: null, remote: '' }),
          after: { endedDisplay: 'idle' },
          on: {
            ...typing,
            INCOMING: { target: 'ringing', actions: assign({ remote: ({ event }) => event.remote }) },
            DIAL: {
              guard: and(['registered', 'hasTarget']),
              target: 'calling',
              actions: [assign({ remote: ({ context }) => context.dialed }), { type: 'startCall', params: ({ context }) => ({ target: context.dialed }) }],
            },
          },
        },
      },
    },
  },
});

export type PhoneSnapshot = SnapshotFrom<typeof phoneMachine>;

/** What the pop-up shows as the registration state (webphone.registration.*). */
export type RegistrationView = 'connecting' | 'unregistered' | 'registering' | 'registered' | 'failed';
/** What the pop-up shows as the call state (webphone.call.*). */
export type CallView = 'idle' | 'calling' | 'ringback' | 'ringing' | 'inCall' | 'held' | 'ended';

export function registrationOf(snapshot: Pick<PhoneSnapshot, 'matches'>): RegistrationView {
  for (const s of ['connecting', 'unregistered', 'registering', 'registered', 'failed'] as const) if (snapshot.matches({ registration: s })) return s;
  return 'connecting';
}

export function callOf(snapshot: Pick<PhoneSnapshot, 'matches'>): CallView {
  if (snapshot.matches({ call: { calling: 'ringback' } })) return 'ringback';
  if (snapshot.matches({ call: 'calling' })) return 'calling';
  if (snapshot.matches({ call: 'ringing' })) return 'ringing';
  if (snapshot.matches({ call: { inCall: { hold: 'held' } } })) return 'held';
  if (snapshot.matches({ call: 'inCall' })) return 'inCall';
  if (snapshot.matches({ call: 'ended' })) return 'ended';
  return 'idle';
}

export const isMuted = (snapshot: Pick<PhoneSnapshot, 'matches'>): boolean => snapshot.matches({ call: { inCall: { mute: 'muted' } } });

/** The call timer "m:ss" (or "h:mm:ss") from the answer time and the shared clock. */
export function callTimer(connectedAt: number | null, now: number): string {
  if (connectedAt === null) return '0:00';
  const total = Math.max(0, Math.floor((now - connectedAt) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
