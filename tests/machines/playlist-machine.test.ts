/**
 * The kiosk playlist: rotation with a SimulatedClock, pinning, reconfiguration that keeps its place,
 * and model-based paths over the machine's edges.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { KioskBoard } from '../../domain';
import { currentBoard, playlistMachine, type PlaylistEvent, type PlaylistInput } from '../../machines/playlist-machine';

/** The adjacency map's shape, as far as these tests read it. */
type ModelSnapshot = { value: unknown; context: { index: number; boards: readonly string[] } };
type Adjacency = Record<string, { state: ModelSnapshot; transitions: Record<string, { event: unknown; state: ModelSnapshot }> }>;

function start(input: PlaylistInput) {
  const clock = new SimulatedClock();
  const actor = createActor(playlistMachine, { input, clock });
  actor.start();
  const board = () => currentBoard(actor.getSnapshot().context);
  return { actor, clock, board };
}

describe('kiosk playlist machine', () => {
  it('rotates through the boards every secondsPerBoard, round and round', () => {
    const { clock, board } = start({ boards: ['queues', 'agents', 'trend'], secondsPerBoard: 20 });
    expect(board()).toBe('queues');
    clock.increment(19_999);
    expect(board()).toBe('queues');
    clock.increment(1);
    expect(board()).toBe('agents');
    clock.increment(20_000);
    expect(board()).toBe('trend');
    clock.increment(20_000);
    expect(board()).toBe('queues');
  });

  it('with one board there is nothing to rotate (no timer armed)', () => {
    const { actor, clock, board } = start({ boards: ['agents'], secondsPerBoard: 5 });
    expect(actor.getSnapshot().value).toEqual({ rotating: 'showing' });
    clock.increment(60_000);
    expect(board()).toBe('agents');
  });

  it('a pinned board stays until unpinned; rotation then resumes from it', () => {
    const { actor, clock, board } = start({ boards: ['queues', 'agents', 'callers'], secondsPerBoard: 10 });
    actor.send({ type: 'PIN', board: 'callers' });
    expect(board()).toBe('callers');
    clock.increment(600_000);
    expect(board()).toBe('callers');
    actor.send({ type: 'UNPIN' });
    clock.increment(10_000);
    expect(board()).toBe('queues');
  });

  it('starts pinned from the URL pin when the board is listed, ignores an unlisted pin', () => {
    const pinned = start({ boards: ['queues', 'agents'], secondsPerBoard: 10, pin: 'agents' });
    expect(pinned.actor.getSnapshot().value).toBe('pinned');
    expect(pinned.board()).toBe('agents');
    const unlisted = start({ boards: ['queues', 'agents'], secondsPerBoard: 10, pin: 'trend' });
    expect(unlisted.actor.getSnapshot().value).toEqual({ rotating: 'timed' });
    expect(unlisted.board()).toBe('queues');
  });

  it('a new configuration keeps the current board when it is still listed', () => {
    const { actor, clock, board } = start({ boards: ['queues', 'agents', 'trend'], secondsPerBoard: 20 });
    clock.increment(20_000);
    expect(board()).toBe('agents');
    actor.send({ type: 'CONFIGURE', boards: ['agents', 'callers'], secondsPerBoard: 30 });
    expect(board()).toBe('agents');
    clock.increment(29_999);
    expect(board()).toBe('agents');
    clock.increment(1);
    expect(board()).toBe('callers');
  });

  it('an identical configuration (every token refresh) does not restart the period', () => {
    const { actor, clock, board } = start({ boards: ['queues', 'agents'], secondsPerBoard: 20 });
    clock.increment(15_000);
    actor.send({ type: 'CONFIGURE', boards: ['queues', 'agents'], secondsPerBoard: 20 });
    clock.increment(5_000);
    expect(board()).toBe('agents');
  });

  it('a pin on a board that leaves the playlist is dropped', () => {
    const { actor, board } = start({ boards: ['queues', 'agents'], secondsPerBoard: 20 });
    actor.send({ type: 'PIN', board: 'agents' });
    actor.send({ type: 'CONFIGURE', boards: ['queues', 'trend'], secondsPerBoard: 20 });
    expect(actor.getSnapshot().value).toEqual({ rotating: 'timed' });
    expect(board()).toBe('queues');
  });

  it('NEXT and PREVIOUS step by hand and wrap around', () => {
    const { actor, board } = start({ boards: ['queues', 'agents', 'trend'], secondsPerBoard: 20 });
    actor.send({ type: 'PREVIOUS' });
    expect(board()).toBe('trend');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(board()).toBe('agents');
  });
});

describe('kiosk playlist paths (xstate/graph)', () => {
  const boards: KioskBoard[] = ['queues', 'agents', 'trend'];
  const TIMER = 'xstate.after.board.playlist.rotating.timed';
  type ModelEvent = PlaylistEvent | { type: typeof TIMER };
  const alphabet: ModelEvent[] = [
    { type: 'NEXT' },
    { type: 'PREVIOUS' },
    { type: 'PIN', board: 'trend' },
    { type: 'PIN', board: 'callers' },
    { type: 'UNPIN' },
    { type: 'CONFIGURE', boards: ['agents'], secondsPerBoard: 10 },
    { type: 'CONFIGURE', boards, secondsPerBoard: 20 },
    { type: TIMER },
  ];
  const serializeState = (s: { value: unknown; context: { index: number; boards: readonly string[] } }) => JSON.stringify({ v: s.value, i: s.context.index, b: s.context.boards });
  const options = { input: { boards, secondsPerBoard: 20 }, events: alphabet as never[], serializeState: serializeState as never, serializeEvent: (e: unknown) => JSON.stringify(e) };

  it('every edge replayed on an actor lands where the model says, and the board is always a listed one', () => {
    const adjacency: Adjacency = getAdjacencyMap(playlistMachine, options) as unknown as Adjacency;
    const pathTo = new Map(getShortestPaths(playlistMachine, options).map((p) => [serializeState(p.state as never), p.steps.map((s) => s.event as ModelEvent)]));
    let replayed = 0;
    for (const vertex of Object.values(adjacency)) {
      for (const t of Object.values(vertex.transitions)) {
        const run = start({ boards, secondsPerBoard: 20 });
        for (const e of [...pathTo.get(serializeState(vertex.state as never))!.slice(1), t.event as ModelEvent]) {
          if (e.type === TIMER) run.clock.increment(run.actor.getSnapshot().context.secondsPerBoard * 1000);
          else run.actor.send(e as PlaylistEvent);
        }
        const snap = run.actor.getSnapshot();
        expect(serializeState(snap as never)).toBe(serializeState(t.state as never));
        expect(snap.context.boards).toContain(currentBoard(snap.context));
        run.actor.stop();
        replayed++;
      }
    }
    expect(replayed).toBeGreaterThan(20);
  });
});
