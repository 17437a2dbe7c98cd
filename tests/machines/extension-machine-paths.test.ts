/**
 * Model-based tests of the extension machine with `xstate/graph`: the adjacency map of the machine over
 * a finite event alphabet gives every reachable (state, history length, call id known) vertex and every
 * edge; each edge becomes a path (shortest path to its source + the edge) that is replayed on a real
 * actor with a SimulatedClock (the hangup delay is played by advancing the clock), asserting the
 * invariants after every step. The microsteps seen by the inspector prove every transition of the
 * machine definition was taken.
 */
import { describe, expect, it } from 'vitest';
import { createActor, getNextSnapshot, SimulatedClock, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
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
import { OTHER_CORP, ev, ext } from './fixtures';

const AFTER_HANGUP = 'xstate.after.hangupDisplay.extension.hangup';
type ModelEvent = ExtensionEvent | { type: typeof AFTER_HANGUP } | { type: 'xstate.init' };

const codes: ExtStatus[] = [0, 1, 2, 3, 4, 5];
const mine: ExtensionEvent[] = [
  ...codes.map((c) => ev.snapshot(ext('201', c, { since: 9_000, callStart: c === 2 || c === 5 ? 8_000 : null }))),
  ev.ringing({ role: 'receiver' }),
  ev.ringing({ role: 'caller' }),
  ev.connected(),
  ...codes.map((c) => ev.device(c)),
  ev.hangup({ callId: 'c1.2' }),
  ev.hangup({ callId: 'c9.1' }),
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

function invariants(snap: ExtensionSnapshot, prev: ExtensionSnapshot | null, event: ModelEvent | null) {
  const state = snap.value as ExtensionStateName;
  // status code mapping: offline 0, ringing 1, inUse 2, online 3, hangup 4, onHold 5
  expect(STATE_CODES[state]).toBeDefined();
  expect(statusCode(snap)).toBe(STATE_CODES[state]);
  expect(snap.context.status).toBe(STATE_CODES[state]);
  expect(STATUS_BY_STATE[state]).toBe(STATE_CODES[state]);
  // a timer runs exactly in inUse and onHold
  const running = state === 'inUse' || state === 'onHold';
  expect(timerStart(snap) !== null).toBe(running);
  expect(snap.context.callStart !== null).toBe(running);
  if (!running) expect(formatTimer(elapsedMs(snap, 1e12))).toBe('00:00');
  // history never exceeds 5
  expect(snap.context.history.length).toBeLessThanOrEqual(LIMITS.callHistory);
  if (!prev || !event) return;
  // hangup returns to online with the timer reset
  // (time passing anywhere else changes nothing: no state has a timer of its own)
  if (event.type === AFTER_HANGUP && prev.value === 'hangup') {
    expect(state).toBe('online');
    expect(snap.context.callStart).toBeNull();
    expect(formatTimer(elapsedMs(snap, snap.context.since + 65_000))).toBe('00:00');
  } else if (event.type === AFTER_HANGUP) {
    expect(snap.value).toEqual(prev.value);
    expect(snap.context).toEqual(prev.context);
  }
  // foreign-corp (and other-number) events change nothing
  if (isForeign(event)) {
    expect(snap.value).toEqual(prev.value);
    expect(snap.context).toEqual(prev.context);
  }
  // history grows only on a hangup of this extension, by one
  const grew = snap.context.history.length !== prev.context.history.length || snap.context.history[0] !== prev.context.history[0];
  if (grew) expect(event.type === 'HANGUP' && !isForeign(event)).toBe(true);
}

/** Replays a path on a real actor; returns the transitions the actor took. */
function replay(path: StatePath<ExtensionSnapshot, ExtensionEvent>, taken: Set<AnyTransitionDefinition>) {
  const clock = new SimulatedClock();
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.microstep') for (const t of e._transitions) taken.add(t);
  };
  const actor = createActor(extensionMachine, { input, clock, inspect }).start();
  let prev: ExtensionSnapshot | null = null;
  let prevEvent: ModelEvent | null = null;
  for (const step of path.steps) {
    const event = step.event as ModelEvent;
    const before = actor.getSnapshot();
    const pure = event.type === 'xstate.init' ? before : getNextSnapshot(extensionMachine, before, event as ExtensionEvent);
    if (event.type === AFTER_HANGUP) clock.increment(actor.getSnapshot().context.hangupDisplayMs);
    else if (event.type !== 'xstate.init') actor.send(event);
    const snap = actor.getSnapshot();
    // the actor (with its clock playing the delay) agrees with the pure transition, and lands on the
    // vertex the graph predicted
    expect(snap.value).toEqual(pure.value);
    expect(snap.context).toEqual(pure.context);
    expect(serializeState(snap)).toBe(serializeState(step.state));
    invariants(snap, event.type === 'xstate.init' ? null : prev, event.type === 'xstate.init' ? null : (prevEvent = event));
    prev = snap;
  }
  actor.stop();
  return prevEvent;
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
    for (const path of shortest) replay(path, taken);
    expect(shortest.length).toBeGreaterThan(30);
  });

  it('every edge (every event from every vertex) keeps the invariants, and together they take every transition', () => {
    const taken = new Set<AnyTransitionDefinition>();
    for (const path of edgePaths) replay(path, taken);
    const defined = allTransitions();
    const missing = defined.filter((t) => !taken.has(t)).map(describeTransition);
    expect(missing).toEqual([]);
    expect(defined.length).toBeGreaterThan(40);
    expect(edgePaths.length).toBeGreaterThan(1000);
  });

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
