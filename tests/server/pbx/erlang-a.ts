/**
 * Erlang-A (M/M/n+M): Poisson arrivals λ, exponential service μ per agent, n agents, exponential
 * patience θ. Solved as a birth-death chain truncated far beyond n.
 */
export interface ErlangA {
  /** probability a caller abandons */
  pAbandon: number;
  /** mean time in queue over all callers (answered and abandoned), seconds */
  meanWaitSec: number;
  /** mean number waiting */
  meanQueue: number;
}

export function erlangA(lambdaPerSec: number, muPerSec: number, agents: number, thetaPerSec: number, maxState = agents + 2000): ErlangA {
  const weights: number[] = [1];
  let total = 1;
  for (let k = 1; k <= maxState; k++) {
    const death = Math.min(k, agents) * muPerSec + Math.max(k - agents, 0) * thetaPerSec;
    const w = (weights[k - 1] * lambdaPerSec) / death;
    weights.push(w);
    total += w;
    if (w < 1e-300) break;
  }
  let meanQueue = 0;
  weights.forEach((w, k) => {
    meanQueue += (Math.max(k - agents, 0) * w) / total;
  });
  return { pAbandon: (thetaPerSec * meanQueue) / lambdaPerSec, meanWaitSec: meanQueue / lambdaPerSec, meanQueue };
}
