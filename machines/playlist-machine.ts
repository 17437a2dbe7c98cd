/**
 * The kiosk playlist (issue 4 "A playlist rotates through the screen's boards; a board can be
 * pinned", STYLE 11 "a playlist that keeps its place"):
 * - rotating: shows boards[index] for secondsPerBoard, then the next, round and round. With one board
 *   there is nothing to rotate to and the timer is not armed.
 * - pinned: stays on one board until UNPIN (or until the board leaves the playlist).
 * - CONFIGURE (the screen's configuration changed, e.g. after a token refresh): keeps the current
 *   board when it is still in the list, otherwise starts again at the first; a pin on a board that is no
 *   longer listed is dropped. The timer restarts only when the board or the period actually changed.
 * - NEXT / PREVIOUS step by hand (touch screens) and restart the period.
 */
import { assign, setup } from 'xstate';
import type { KioskBoard } from '../domain';

export interface PlaylistInput {
  boards: readonly KioskBoard[];
  secondsPerBoard: number;
  /** start pinned to this board (the URL's `pin=`), ignored when not in the list */
  pin?: KioskBoard | null;
}

export interface PlaylistContext {
  boards: readonly KioskBoard[];
  secondsPerBoard: number;
  index: number;
  /** the input's pin was a listed board */
  pinnedAtStart: boolean;
}

export type PlaylistEvent =
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'PIN'; board: KioskBoard }
  | { type: 'UNPIN' }
  | { type: 'CONFIGURE'; boards: readonly KioskBoard[]; secondsPerBoard: number };

/** The board on screen. */
export function currentBoard(context: PlaylistContext): KioskBoard | undefined {
  return context.boards[context.index];
}

const step = (context: PlaylistContext, by: number) => (context.boards.length === 0 ? 0 : (context.index + by + context.boards.length) % context.boards.length);

/** Where a new list puts us: the same board when it is still there, else the first. */
function reconfigured(context: PlaylistContext, boards: readonly KioskBoard[], secondsPerBoard: number): PlaylistContext {
  const board = currentBoard(context);
  const index = board === undefined ? 0 : Math.max(0, boards.indexOf(board));
  return { ...context, boards: [...boards], secondsPerBoard, index };
}

const sameList = (a: readonly KioskBoard[], b: readonly KioskBoard[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export const playlistMachine = setup({
  types: {
    context: {} as PlaylistContext,
    events: {} as PlaylistEvent,
    input: {} as PlaylistInput,
  },
  guards: {
    startsPinned: ({ context }) => context.pinnedAtStart,
    canRotate: ({ context }) => context.boards.length > 1,
    listed: ({ context, event }) => event.type === 'PIN' && context.boards.includes(event.board),
    /** a CONFIGURE that changes the list or the period (an identical one must not restart the timer) */
    changes: ({ context, event }) => event.type === 'CONFIGURE' && (!sameList(context.boards, event.boards) || context.secondsPerBoard !== event.secondsPerBoard),
    pinStillListed: ({ context, event }) => event.type === 'CONFIGURE' && currentBoard(context) !== undefined && event.boards.includes(currentBoard(context)!),
  },
  actions: {
    next: assign({ index: ({ context }) => step(context, 1) }),
    previous: assign({ index: ({ context }) => step(context, -1) }),
    pinTo: assign({ index: ({ context, event }) => (event.type === 'PIN' ? context.boards.indexOf(event.board) : context.index) }),
    configure: assign(({ context, event }) => (event.type === 'CONFIGURE' ? reconfigured(context, event.boards, event.secondsPerBoard) : context)),
  },
  delays: {
    board: ({ context }) => context.secondsPerBoard * 1000,
  },
}).createMachine({
  id: 'playlist',
  context: ({ input }) => {
    const boards = [...input.boards];
    const pinIndex = input.pin ? boards.indexOf(input.pin) : -1;
    return { boards, secondsPerBoard: input.secondsPerBoard, index: Math.max(0, pinIndex), pinnedAtStart: pinIndex >= 0 };
  },
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'startsPinned', target: 'pinned' }, { target: 'rotating' }],
    },
    rotating: {
      initial: 'showing',
      states: {
        showing: {
          always: { guard: 'canRotate', target: 'timed' },
        },
        timed: {
          after: { board: { target: 'timed', reenter: true, actions: 'next' } },
        },
      },
      on: {
        NEXT: { target: '.showing', reenter: true, actions: 'next' },
        PREVIOUS: { target: '.showing', reenter: true, actions: 'previous' },
        PIN: { guard: 'listed', target: 'pinned', actions: 'pinTo' },
        CONFIGURE: { guard: 'changes', target: '.showing', reenter: true, actions: 'configure' },
      },
    },
    pinned: {
      on: {
        UNPIN: 'rotating',
        PIN: { guard: 'listed', actions: 'pinTo' },
        NEXT: { actions: 'next' },
        PREVIOUS: { actions: 'previous' },
        CONFIGURE: [
          { guard: 'pinStillListed', actions: 'configure' },
          { target: 'rotating', actions: 'configure' },
        ],
      },
    },
  },
});

export type PlaylistMachine = typeof playlistMachine;
