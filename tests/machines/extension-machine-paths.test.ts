/**
 * Model-based tests of the extension machine with `xstate/graph`: the adjacency map of the machine over
 * a finite event alphabet gives every reachable (state, history length, call id known) vertex and every
 * edge; each edge becomes a path (shortest path to its source + the edge) that is replayed on a real
 * actor with a SimulatedClock (the hangup delay is played by advancing the clock), asserting the
 * invariants after every step. The microsteps seen by the inspector prove every transition of the
 * machine definition was taken.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, transition, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type AdjacencyValue, type StatePath } from 'xstate/graph';
import { EXT_STATUS, LIMITS, type ExtStatus } from '../../domain';
import {
  STATUS_BY_STATE,
  elapsedMs,
  extensionMachine,
  formatTimer,
  statusCode,
  timerStart,
  type ExtensionEvent,
  type ExtensionSnapshot,
  type ExtensionStateName,
} from '../../machines/extension-machine';
import { CORP, OTHER_CORP, ev, ext } from './fixtures';

const AFTER_HANGUP = 'xstate.after.hangupDisplay.extension.hangup';
type ModelEvent = ExtensionEvent | { type: typeof AFTER_HANGUP } | { type: 'xstate.init' };

const codes: ExtStatus[] = [0, 1, 2, 3, 4, 5];
const mine: ExtensionEvent[] = [
  ...codes.map((c) => ev.snapshot(ext('201', c, { since: 9_000, callStart: c === 2 || c === 5 ? 8_000 : null }))),
  ev.ringing({ role: 'receiver' }),
  ev.ringing({ role: 'caller' }),
  ev.connected(),
  ...codes.map((c) => ev.device(c)),
  // what the server derived from the channels: the call's start and party (issue 12, defect 5)
  ev.device(EXT_STATUS.inUse, { callStart: 15_000, peer: '300' }),
  ev.device(EXT_STATUS.onHold, { callStart: 15_000, peer: '300' }),
  ev.device(EXT_STATUS.ringing, { peer: '300' }),
  ev.hangup({ callId: 'c1.2' }),
  ev.hangup({ callId: 'c9.1' }),
  // G-AGS: the agent's state beside the phone's, in any state
  { type: 'AGENT', corpId: CORP, number: '201', agent: { dndSince: null, pause: { queues: [1], reason: 'LUNCH', label: 'Lunch', since: 5_000, warnAfterMs: null }, wrapUp: null }, at: 11_000 },
];
/** the same events for another corp, and a few for another number: they must change nothing */
const foreign: ExtensionEvent[] = [
  ...mine.map((e): ExtensionEvent => (e.type === 'SNAPSHOT' ? { ...e, extension: { ...e.extension, corpId: OTHER_CORP } } : { ...e, corpId: OTHER_CORP })),
  ev.device(EXT_STATUS.offline, { number: '202' }),
  ev.hangup({ number: '202' }),
];
const isForeign = (e: ModelEvent) => foreign.includes(e as ExtensionEvent);
const alphabet: ModelEvent[] = [...mine, ...foreign, { type: AFTER_HANGUP }];

/** a vertex: state, history length and whether a call id is known (the only context the guards read) */
const serializeState = (s: ExtensionSnapshot) =>
  JSON.stringify({ v: s.value, h: s.context.history.length, id: s.context.callId !== null, t: s.context.callStart !== null });
const serializeEvent = (e: ModelEvent) => JSON.stringify(e);
const input = { extension: ext('201', EXT_STATUS.offline) };
const options = { input, events: alphabet as ExtensionEvent[], serializeState, serializeEvent };

const STATE_CODES: Record<ExtensionStateName, ExtStatus> = { offline: 0, ringing: 1, inUse: 2, online: 3, hangup: 4, onHold: 5 };

/** Plain checks (not one expect per step: the edge set replays some 20 000 steps); returns violations. */
function invariants(snap: ExtensionSnapshot, prev: ExtensionSnapshot | null, event: ModelEvent | null): string[] {
  const out: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) out.push(`${what} (in ${JSON.stringify(snap.value)} after ${event ? JSON.stringify(event) : 'start'})`);
  };
  const same = (a: ExtensionSnapshot, b: ExtensionSnapshot) => JSON.stringify([a.value, a.context]) === JSON.stringify([b.value, b.context]);
  const state = snap.value as ExtensionStateName;
  // status code mapping: offline 0, ringing 1, inUse 2, online 3, hangup 4, onHold 5
  check(STATE_CODES[state] !== undefined, 'a resting state is one of the six');
  check(statusCode(snap) === STATE_CODES[state], 'statusCode maps the state to its spec code');
  check(snap.context.status === STATE_CODES[state], 'context.status equals the code of the state');
  check(STATUS_BY_STATE[state] === STATE_CODES[state], 'STATUS_BY_STATE agrees');
  // a timer runs exactly in inUse and onHold
  const running = state === 'inUse' || state === 'onHold';
  check((timerStart(snap) !== null) === running, 'a timer runs exactly in inUse and onHold');
  check((snap.context.callStart !== null) === running, 'callStart is set exactly in inUse and onHold');
  if (!running) check(formatTimer(elapsedMs(snap, 1e12)) === '00:00', 'no timer reads 00:00');
  // history never exceeds 5
  check(snap.context.history.length <= LIMITS.callHistory, 'history never exceeds 5');
  if (!prev || !event) return out;
  if (event.type === AFTER_HANGUP && prev.value === 'hangup') {
    // hangup returns to online with the timer reset
    check(state === 'online', 'hangup returns to online');
    check(snap.context.callStart === null && formatTimer(elapsedMs(snap, snap.context.since + 65_000)) === '00:00', 'timer reset to 00:00');
  } else if (event.type === AFTER_HANGUP) {
    // time passing anywhere else changes nothing: no other state has a timer of its own
    check(same(snap, prev), 'time alone changes nothing outside hangup');
  }
  // foreign-corp (and other-number) events change nothing
  if (isForeign(event)) check(same(snap, prev), 'foreign events change nothing');
  // history grows only on a hangup of this extension
  const grew = snap.context.history.length !== prev.context.history.length || snap.context.history[0] !== prev.context.history[0];
  if (grew) check(event.type === 'HANGUP' && !isForeign(event), 'history changes only on a hangup of this extension');
  return out;
}

/** Replays a path on a real actor, collecting the transitions it took and any violation. */
function replay(path: StatePath<ExtensionSnapshot, ExtensionEvent>, taken: Set<AnyTransitionDefinition>, violations: string[]) {
  const clock = new SimulatedClock();
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.microstep') for (const t of e._transitions) taken.add(t);
  };
  const actor = createActor(extensionMachine, { input, clock, inspect }).start();
  let prev: ExtensionSnapshot | null = null;
  for (const step of path.steps) {
    const event = step.event as ModelEvent;
    const before = actor.getSnapshot();
    const initial = event.type === 'xstate.init';
    const pure = initial ? before : transition(extensionMachine, before, event as ExtensionEvent)[0];
    if (event.type === AFTER_HANGUP) clock.increment(before.context.hangupDisplayMs);
    else if (!initial) actor.send(event);
    const snap = actor.getSnapshot();
    // the actor (with its clock playing the delay) agrees with the pure transition, and lands on the
    // vertex the graph predicted
    if (JSON.stringify([snap.value, snap.context]) !== JSON.stringify([pure.value, pure.context])) violations.push(`actor ≠ model after ${JSON.stringify(event)}`);
    if (serializeState(snap) !== serializeState(step.state)) violations.push(`not the predicted vertex after ${JSON.stringify(event)}`);
    violations.push(...invariants(snap, initial ? null : prev, initial ? null : event));
    prev = snap;
  }
  actor.stop();
}

function allTransitions(): AnyTransitionDefinition[] {
  const nodes = [extensionMachine.root, ...getStateNodes(extensionMachine.root)];
  return nodes.flatMap((n) => [...[...n.transitions.values()].flat(), ...(n.always ?? [])]);
}
const describeTransition = (t: AnyTransitionDefinition) =>
  `${t.source.id} --${t.eventType}${t.guard ? ` [${JSON.stringify(t.guard)}]` : ''}--> ${(t.target ?? []).map((s) => s.id).join(',') || '(self)'}`;

describe('extension machine: model-based paths (xstate/graph)', () => {
  const shortest = getShortestPaths(extensionMachine, options);
  const byVertex = new Map(shortest.map((p) => [serializeState(p.state), p]));
  const adjacency = getAdjacencyMap(extensionMachine, options) as unknown as Record<string, AdjacencyValue<ExtensionSnapshot, ExtensionEvent>>;
  const edges = (v: AdjacencyValue<ExtensionSnapshot, ExtensionEvent>) =>
    Object.values(v.transitions) as Array<{ event: ExtensionEvent; state: ExtensionSnapshot }>;
  const edgePaths: StatePath<ExtensionSnapshot, ExtensionEvent>[] = [];
  for (const [vertex, { transitions }] of Object.entries(adjacency)) {
    const head = byVertex.get(vertex);
    if (!head) continue;
    for (const { event, state } of edges({ state: head.state, transitions })) {
      edgePaths.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
    }
  }

  it('reaches every state of the machine', () => {
    const reached = new Set(shortest.map((p) => p.state.value as string));
    expect([...reached].sort()).toEqual(['hangup', 'inUse', 'offline', 'onHold', 'online', 'ringing']);
    // every history length 0..5 is reachable, never 6
    expect(new Set(shortest.map((p) => p.state.context.history.length))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it('every shortest path keeps the invariants at every step', () => {
    const taken = new Set<AnyTransitionDefinition>();
    const violations: string[] = [];
    for (const path of shortest) replay(path, taken, violations);
    expect(violations.slice(0, 5)).toEqual([]);
    expect(shortest.length).toBeGreaterThan(30);
  });

  it('every edge (every event from every vertex) keeps the invariants, and together they take every transition', () => {
    const taken = new Set<AnyTransitionDefinition>();
    const violations: string[] = [];
    for (const path of edgePaths) replay(path, taken, violations);
    expect(violations.slice(0, 5)).toEqual([]);
    const defined = allTransitions();
    const missing = defined.filter((t) => !taken.has(t)).map(describeTransition);
    expect(missing).toEqual([]);
    expect(defined.length).toBeGreaterThan(40);
    expect(edgePaths.length).toBeGreaterThan(1000);
  }, 30_000);

  it('foreign-corp events are self-loops on every vertex of the graph', () => {
    for (const vertex of Object.values(adjacency)) {
      const { state } = vertex;
      for (const { event, state: next } of edges(vertex)) {
        if (!isForeign(event)) continue;
        expect(next.value).toEqual(state.value);
        expect(next.context).toEqual(state.context);
      }
    }
  });
});
