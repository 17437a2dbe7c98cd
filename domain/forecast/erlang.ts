/**
 * Erlang C (M/M/N: Poisson arrivals, exponential handle times, N agents, callers who wait forever), the
 * model the service-level forecast (service-level-forecast.ts) uses for callers who arrive while the
 * queue runs in its steady state, and for "how many agents would hold it".
 *
 * Why Erlang C and not Erlang A (M/M/N+M, callers who give up): Erlang A needs the callers' mean
 * patience, which the wall cannot measure (a caller who abandons only tells how long *he* waited, not
 * how long the others would have), and it is most different from Erlang C where the queue is
 * overloaded, a case the forecast does not take from a steady-state formula at all: the callers already
 * waiting are projected one by one (the backlog in service-level-forecast.ts) and an overloaded queue
 * (A ≥ N) answers nobody in time. Where the queue is stable Erlang C is slightly pessimistic (abandoners
 * free agents), which errs on the side of warning; the service level we forecast counts an abandoned
 * caller as missed anyway (streams/queue-stats.ts, 'offered').
 *
 * Pure; numerically stable for large N (the Erlang B recursion, never factorials).
 */

/** Erlang B: the blocking probability of N servers offered A Erlangs (recursion B(n) = A·B(n−1) / (n + A·B(n−1))). */
export function erlangB(agents: number, erlangs: number): number {
  if (agents < 0 || !Number.isInteger(agents)) throw new RangeError('agents must be a non-negative integer');
  if (!(erlangs >= 0)) throw new RangeError('erlangs must be non-negative');
  let b = 1;
  for (let n = 1; n <= agents; n++) b = (erlangs * b) / (n + erlangs * b);
  return b;
}

/** Erlang C: the probability that a caller waits at all; 1 when the queue is not stable (A ≥ N). */
export function erlangC(agents: number, erlangs: number): number {
  if (erlangs <= 0) return 0;
  if (agents <= erlangs) return 1;
  const b = erlangB(agents, erlangs);
  return (agents * b) / (agents - erlangs * (1 - b));
}

/**
 * The share of callers answered within `thresholdSec`: 1 − C(N, A)·e^(−(N − A)·T / AHT), 0 when the
 * queue is not stable (the queue grows without bound: in the long run nobody is answered in time).
 */
export function erlangCServiceLevel(agents: number, erlangs: number, handleSec: number, thresholdSec: number): number {
  if (erlangs <= 0) return 1;
  if (agents <= erlangs) return 0;
  return 1 - erlangC(agents, erlangs) * Math.exp((-(agents - erlangs) * thresholdSec) / handleSec);
}

/** Mean wait of all callers (ASA): C(N, A)·AHT / (N − A); Infinity when not stable. */
export function erlangCMeanWaitSec(agents: number, erlangs: number, handleSec: number): number {
  if (erlangs <= 0) return 0;
  if (agents <= erlangs) return Number.POSITIVE_INFINITY;
  return (erlangC(agents, erlangs) * handleSec) / (agents - erlangs);
}

/** The fewest agents whose Erlang C service level reaches `targetShare` (0-1), at most `max` (null past it). */
export function erlangCAgentsFor(erlangs: number, handleSec: number, thresholdSec: number, targetShare: number, max = 1000): number | null {
  for (let n = Math.max(1, Math.floor(erlangs) + 1); n <= max; n++) {
    if (erlangCServiceLevel(n, erlangs, handleSec, thresholdSec) >= targetShare) return n;
  }
  return null;
}
