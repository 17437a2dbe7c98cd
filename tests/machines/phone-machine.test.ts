/**
 * The web phone's machine (B-WP-03), three ways (STYLE 5): plain actor tests of the journeys, the
 * ended display on a SimulatedClock, and path coverage with xstate/graph: every edge of the machine
 * over a finite alphabet of events is replayed on a real actor, the effects are spies (`.provide()`), and
 * the invariants hold after every step.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { WEBPHONE_ENDED_MS } from '../../domain';
import { callOf, callTimer, isMuted, phoneMachine, registrationOf, type PhoneEvent, type PhoneSnapshot } from '../../src/features/webphone/phone-machine';

const EFFECTS = ['startCall', 'answerCall', 'declineCall', 'hangupCall', 'holdCall', 'unholdCall', 'muteCall', 'unmuteCall', 'sendDtmf', 'rejectBusy'] as const;
type Effect = (typeof EFFECTS)[number];

function start(clock?: SimulatedClock) {
  const calls: { effect: Effect; params: unknown }[] = [];
  const spy = (effect: Effect) => vi.fn((_: unknown, params: unknown) => void calls.push({ effect, params }));
  const machine = phoneMachine.provide({ actions: Object.fromEntries(EFFECTS.map((e) => [e, spy(e)])) });
  const actor = createActor(machine, clock ? { clock } : undefined).start();
  const send = (...events: PhoneEvent[]) => events.forEach((e) => actor.send(e));
  const effects = () => calls.map((c) => c.effect);
  return { actor, send, calls, effects, view: () => ({ registration: registrationOf(actor.getSnapshot()), call: callOf(actor.getSnapshot()), muted: isMuted(actor.getSnapshot()) }) };
}

const REGISTER: PhoneEvent[] = [{ type: 'CONNECTED' }, { type: 'REGISTERING' }, { type: 'REGISTERED' }];
const dial = (digits: string): PhoneEvent[] => [...digits].map((key) => ({ type: 'KEY', key }) as PhoneEvent);

describe('B-WP-03 web phone machine: journeys', () => {
  it('registers: connecting → unregistered → registering → registered; a refusal is failed with its cause', () => {
    const p = start();
    expect(p.view().registration).toBe('connecting');
    p.send({ type: 'CONNECTED' });
    expect(p.view().registration).toBe('unregistered');
    p.send({ type: 'REGISTERING' });
    expect(p.view().registration).toBe('registering');
    p.send({ type: 'REGISTRATION_FAILED', cause: 'Authentication Error' });
    expect(p.view().registration).toBe('failed');
    expect(p.actor.getSnapshot().context.registrationError).toBe('Authentication Error');
    p.send({ type: 'REGISTERING' }, { type: 'REGISTERED' });
    expect(p.view().registration).toBe('registered');
    expect(p.actor.getSnapshot().context.registrationError).toBeNull();
    p.send({ type: 'DISCONNECTED' });
    expect(p.view().registration).toBe('connecting');
  });

  it('dials only when registered and something is typed; the dial pad types digits, * and #', () => {
    const p = start();
    p.send(...dial('20x1'), { type: 'BACKSPACE' }, { type: 'KEY', key: '2' });
    expect(p.actor.getSnapshot().context.dialed).toBe('202');
    p.send({ type: 'DIAL' });
    expect(p.view().call).toBe('idle');
    p.send(...REGISTER, { type: 'SET_DIALED', value: '' }, { type: 'DIAL' });
    expect(p.view().call).toBe('idle');
    p.send({ type: 'SET_DIALED', value: ' 2 0 1 ' }, { type: 'DIAL' });
    expect(p.view().call).toBe('calling');
    expect(p.calls).toEqual([{ effect: 'startCall', params: { target: '201' } }]);
  });

  it('an outgoing call: calling → ringback → in call (timer from the answer time) → hold, mute, DTMF → hang up → ended', () => {
    const p = start();
    p.send(...REGISTER, ...dial('201'), { type: 'DIAL' }, { type: 'PROGRESS' });
    expect(p.view().call).toBe('ringback');
    p.send({ type: 'CONFIRMED', at: 1_000 });
    expect(p.view()).toEqual({ registration: 'registered', call: 'inCall', muted: false });
    expect(callTimer(p.actor.getSnapshot().context.connectedAt, 66_500)).toBe('1:05');
    p.send({ type: 'HOLD' });
    expect(p.view().call).toBe('held');
    p.send({ type: 'MUTE' });
    expect(p.view()).toMatchObject({ call: 'held', muted: true });
    p.send({ type: 'UNHOLD' }, { type: 'UNMUTE' }, { type: 'KEY', key: '5' });
    expect(p.view()).toMatchObject({ call: 'inCall', muted: false });
    p.send({ type: 'HANGUP' });
    expect(p.view().call).toBe('ended');
    expect(p.actor.getSnapshot().context.endCause).toBe('hangup');
    expect(p.effects()).toEqual(['startCall', 'holdCall', 'muteCall', 'unholdCall', 'unmuteCall', 'sendDtmf', 'hangupCall']);
    expect(p.calls.find((c) => c.effect === 'sendDtmf')?.params).toEqual({ key: '5' });
  });

  it('an incoming call rings; answer → in call; the far end hangs up → ended (remote)', () => {
    const p = start();
    p.send(...REGISTER, { type: 'INCOMING', id: 'a', remote: '201' });
    expect(p.view().call).toBe('ringing');
    expect(p.actor.getSnapshot().context.remote).toBe('201');
    p.send({ type: 'ANSWER' }, { type: 'CONFIRMED', at: 5 });
    expect(p.view().call).toBe('inCall');
    // a second call while talking is turned away (486), the first goes on
    p.send({ type: 'INCOMING', id: 'b', remote: '203' });
    expect(p.view().call).toBe('inCall');
    p.send({ type: 'ENDED', cause: 'remote' });
    expect(p.view().call).toBe('ended');
    expect(p.calls).toEqual([
      { effect: 'answerCall', params: undefined },
      { effect: 'rejectBusy', params: { id: 'b' } },
    ]);
  });

  it('an incoming call can be declined; an unanswered outgoing call can be cancelled; a busy far end ends it', () => {
    const p = start();
    p.send(...REGISTER, { type: 'INCOMING', id: 'a', remote: '201' }, { type: 'DECLINE' });
    expect(p.actor.getSnapshot().context.endCause).toBe('declined');
    p.send(...dial('202'), { type: 'DIAL' }, { type: 'HANGUP' });
    expect(p.actor.getSnapshot().context.endCause).toBe('canceled');
    p.send({ type: 'DIAL' }, { type: 'ENDED', cause: 'busy' });
    expect(p.actor.getSnapshot().context.endCause).toBe('busy');
    expect(p.effects()).toEqual(['declineCall', 'startCall', 'hangupCall', 'startCall']);
  });
});

describe('B-WP-03 web phone machine: the end of a call is shown for a moment (SimulatedClock)', () => {
  it(`ended goes back to idle after ${WEBPHONE_ENDED_MS} ms and forgets the call`, () => {
    const clock = new SimulatedClock();
    const p = start(clock);
    p.send(...REGISTER, ...dial('201'), { type: 'DIAL' }, { type: 'CONFIRMED', at: 0 }, { type: 'ENDED', cause: 'remote' });
    clock.increment(WEBPHONE_ENDED_MS - 1);
    expect(p.view().call).toBe('ended');
    clock.increment(1);
    expect(p.view().call).toBe('idle');
    expect(p.actor.getSnapshot().context).toMatchObject({ connectedAt: null, endCause: null, remote: '', dialed: '201' });
  });
});

describe('B-WP-03 web phone machine: path coverage (xstate/graph)', () => {
  const AFTER = 'xstate.after.endedDisplay.phone.call.ended';
  type ModelEvent = PhoneEvent | { type: typeof AFTER } | { type: 'xstate.init' };
  const alphabet: PhoneEvent[] = [
    { type: 'CONNECTED' },
    { type: 'DISCONNECTED' },
    { type: 'REGISTERING' },
    { type: 'REGISTERED' },
    { type: 'UNREGISTERED' },
    { type: 'REGISTRATION_FAILED', cause: 'x' },
    { type: 'INCOMING', id: 'i', remote: '201' },
    { type: 'PROGRESS' },
    { type: 'CONFIRMED', at: 10 },
    { type: 'ENDED', cause: 'remote' },
    { type: 'KEY', key: '2' },
    { type: 'BACKSPACE' },
    { type: 'DIAL' },
    { type: 'ANSWER' },
    { type: 'DECLINE' },
    { type: 'HANGUP' },
    { type: 'HOLD' },
    { type: 'UNHOLD' },
    { type: 'MUTE' },
    { type: 'UNMUTE' },
  ];
  // the context is folded to what changes behaviour: something typed or not (dial), connected or not (timer)
  const serialize = (s: PhoneSnapshot) => JSON.stringify([s.value, s.context.dialed.length > 0, s.context.connectedAt !== null, s.context.endCause !== null]);
  const options = { events: [...alphabet, { type: AFTER }] as PhoneEvent[], serializeState: serialize, limit: 5000 };
  const map = getAdjacencyMap(phoneMachine, options);
  const vertices = Object.values(map);
  const paths = getShortestPaths(phoneMachine, options);

  it('reaches every state the pop-up can show', () => {
    const shown = new Set(vertices.map((v) => `${registrationOf(v.state)}/${callOf(v.state)}/${isMuted(v.state)}`));
    for (const r of ['connecting', 'unregistered', 'registering', 'registered', 'failed']) expect([...shown].some((s) => s.startsWith(`${r}/`)), r).toBe(true);
    for (const c of ['idle', 'calling', 'ringback', 'ringing', 'inCall', 'held', 'ended']) expect([...shown].some((s) => s.includes(`/${c}/`)), c).toBe(true);
    expect([...shown].some((s) => s.endsWith('/inCall/true'))).toBe(true);
    expect([...shown].some((s) => s.endsWith('/held/true'))).toBe(true);
  });

  it('every edge replays on a real actor with the invariants holding after each step', () => {
    let edges = 0;
    for (const vertex of vertices) {
      const path = paths.find((p) => serialize(p.state) === serialize(vertex.state));
      expect(path, serialize(vertex.state)).toBeDefined();
      for (const [eventKey, next] of Object.entries(vertex.transitions) as [string, { event: PhoneEvent; state: PhoneSnapshot }][]) {
        edges++;
        const clock = new SimulatedClock();
        const p = start(clock);
        const steps = ([...path!.steps.map((s) => s.event), next.event] as ModelEvent[]).filter((e) => e.type !== 'xstate.init');
        for (const event of steps) {
          if (event.type === AFTER) clock.increment(WEBPHONE_ENDED_MS);
          else p.actor.send(event as PhoneEvent);
          const snap = p.actor.getSnapshot();
          const call = callOf(snap);
          // invariants: a timer only in a call; a cause only when ended; no call starts unregistered
          if (call === 'inCall' || call === 'held') expect(snap.context.connectedAt, eventKey).not.toBeNull();
          if (call === 'idle' || call === 'calling' || call === 'ringback' || call === 'ringing') expect(snap.context.connectedAt, eventKey).toBeNull();
          if (call !== 'ended') expect(snap.context.endCause).toBeNull();
          if (isMuted(snap)) expect(['inCall', 'held']).toContain(call);
        }
        for (const started of p.calls.filter((c) => c.effect === 'startCall')) expect((started.params as { target: string }).target).toMatch(/^\d+$/);
        expect(serialize(p.actor.getSnapshot()), `${serialize(vertex.state)} --${eventKey}-->`).toBe(serialize(next.state));
      }
    }
    console.log(`[phone machine] ${vertices.length} states, ${edges} edges replayed`);
    expect(edges).toBeGreaterThan(100);
  });
});
