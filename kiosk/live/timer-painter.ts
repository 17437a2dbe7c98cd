/**
 * Call and wait timers without one interval, or one React render, per tile (issue 4 "no per-tile
 * intervals (one shared clock)"; STYLE 4). A tile registers its text node with the start timestamp;
 * each tick of the one shared clock writes the new text into the nodes whose second changed. A wall
 * of 2,000 tiles costs one pass over a Map per tick and no re-render at all.
 *
 * The painter owns the node's text: React renders the element without children, the painter writes
 * it at register and on each tick, and empties it at unregister (the timer stopped).
 * Memory stays bounded: a node is held only while its tile is mounted (register returns the
 * unregister, called on unmount).
 */
import { formatTimer } from '../../machines/extension-machine';

export interface TimerTarget {
  textContent: string | null;
}

export interface TimerPainter {
  /** shows the elapsed time since `start` (server ms) in `node` from now on; returns the unregister */
  register(node: TimerTarget, start: number): () => void;
  /** writes every registered timer for `now` (the shared clock's tick) */
  paint(now: number): void;
  readonly size: number;
}

/**
 * The time a timer shows: whole seconds counted on the clock's second boundaries, so every timer of the
 * board turns at the same tick: one repaint of the changed rows a second instead of two (at a 500 ms tick
 * about half the timers turned at each, in nearly every row). A timer may read up to a second ahead of
 * its exact elapsed time, as a wall clock's seconds do.
 */
export const shownElapsedMs = (start: number, now: number): number => Math.max(0, Math.floor(now / 1000) - Math.floor(start / 1000)) * 1000;

export function createTimerPainter(format: (ms: number) => string = formatTimer): TimerPainter {
  const timers = new Map<TimerTarget, number>();
  let lastNow = 0;
  const write = (node: TimerTarget, start: number, now: number) => {
    const text = format(shownElapsedMs(start, now));
    if (node.textContent !== text) node.textContent = text;
  };
  return {
    register(node, start) {
      timers.set(node, start);
      write(node, start, lastNow > 0 ? lastNow : start);
      return () => {
        if (timers.get(node) !== start) return;
        timers.delete(node);
        node.textContent = '';
      };
    },
    paint(now) {
      lastNow = now;
      for (const [node, start] of timers) write(node, start, now);
    },
    get size() {
      return timers.size;
    },
  };
}
