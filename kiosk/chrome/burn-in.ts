/**
 * Against burn-in (issue 4 "a small periodic pixel shift"): the whole board moves by a few pixels
 * every BURN_IN_PERIOD_MS, walking a small square so that no edge stays on the same pixels for long.
 * The walk is a function of time only (pure), so every TV of a floor shifts the same way and a test
 * can check it.
 */
export const BURN_IN_PERIOD_MS = 60_000;
/** the largest shift, CSS px: invisible from across the room, enough to move every edge */
export const BURN_IN_MAX_PX = 2;

/** The walk: (0,0) → right → down → left → up around a (2·max+1)² square, one step per period. */
export function burnInOffset(now: number, max: number = BURN_IN_MAX_PX, periodMs: number = BURN_IN_PERIOD_MS): { x: number; y: number } {
  const side = 2 * max;
  const perimeter = 4 * side;
  if (perimeter === 0) return { x: 0, y: 0 };
  const step = Math.floor(now / periodMs) % perimeter;
  const edge = Math.floor(step / side);
  const along = step % side;
  // start at the top-left corner (-max, -max) and go clockwise
  switch (edge) {
    case 0:
      return { x: -max + along, y: -max };
    case 1:
      return { x: max, y: -max + along };
    case 2:
      return { x: max - along, y: max };
    default:
      return { x: -max, y: max - along };
  }
}
