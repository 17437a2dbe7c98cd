/** Reconnect delays: exponential with jitter, capped, never giving up (STYLE: a retry policy that gives up is what to avoid). */

export interface BackoffOptions {
  /** first delay (ms), default 100 */
  initialMs?: number;
  /** cap (ms), default 1000 */
  maxMs?: number;
  /** growth per failed attempt, default 2 */
  factor?: number;
  /** share of the delay taken off at random (0..1), default 0.3: the delay lies in [d·(1-jitter), d] */
  jitter?: number;
}

/**
 * The first retries fast and never more than a second apart (issue 12, defect 4: catching up after an
 * Asterisk restart took 10-15 s once the delay had grown): a refused connection costs Asterisk nothing,
 * and the event stream is back within about a second of its return.
 */
export const DEFAULT_BACKOFF: Required<BackoffOptions> = { initialMs: 100, maxMs: 1000, factor: 2, jitter: 0.3 };

export function resolveBackoff(options: BackoffOptions | undefined): Required<BackoffOptions> {
  const o = { ...DEFAULT_BACKOFF, ...options };
  const initialMs = positive(o.initialMs, DEFAULT_BACKOFF.initialMs);
  return {
    initialMs,
    maxMs: Math.max(initialMs, positive(o.maxMs, DEFAULT_BACKOFF.maxMs)),
    factor: Math.max(1, positive(o.factor, DEFAULT_BACKOFF.factor)),
    jitter: Math.min(1, Math.max(0, Number.isFinite(o.jitter) ? o.jitter : DEFAULT_BACKOFF.jitter)),
  };
}

/** delay before reconnect attempt number `attempt` (0 = the first after a loss) */
export function backoffDelay(attempt: number, options: Required<BackoffOptions>, random: () => number = Math.random): number {
  const exp = options.initialMs * options.factor ** Math.min(attempt, 60);
  const base = Math.min(options.maxMs, exp);
  return Math.max(1, Math.round(base * (1 - options.jitter * random())));
}

function positive(value: number, fallback: number): number {
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
