/**
 * The reconnect policy of the hub connection (STYLE "what to avoid": a retry policy that gives up).
 * SignalR's default stops after 0, 2, 10 and 30 s (reference/protocols.md §1.8); ours never returns
 * null. Exponential backoff with jitter, capped at HUB.maxReconnectDelayMs:
 *
 *   ceiling(n) = min(cap, base · 2ⁿ)      delay(n) = ceiling(n) · (1 − jitter · random())
 *
 * With jitter 0.5 and doubling, the lowest delay of attempt n+1 equals the highest of attempt n, so
 * the delays never shrink until the cap is reached, whatever the random draw; a fleet of wallboards
 * that lost the same server spreads its reconnects instead of arriving in one burst.
 */
import type { IRetryPolicy, RetryContext } from '@microsoft/signalr';
import { HUB } from '../../domain/realtime';

export interface RetryOptions {
  /** the ceiling of the first retry (default 500 ms) */
  baseDelayMs?: number;
  /** the cap (default HUB.maxReconnectDelayMs, 10 s) */
  maxDelayMs?: number;
  /** share of the ceiling taken off at random, 0..1 (default 0.5) */
  jitter?: number;
  /** a number in [0, 1) (default Math.random) */
  random?: () => number;
}

export const RETRY_DEFAULTS = { baseDelayMs: 500, maxDelayMs: HUB.maxReconnectDelayMs, jitter: 0.5 } as const;

/** The upper bound of the delay before retry number `retryCount` (0-based). */
export function retryCeilingMs(retryCount: number, options: RetryOptions = {}): number {
  const base = Math.max(1, options.baseDelayMs ?? RETRY_DEFAULTS.baseDelayMs);
  const cap = Math.max(base, options.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs);
  const n = Math.max(0, Math.floor(Number.isFinite(retryCount) ? retryCount : 0));
  // 2^n overflows to Infinity for large n; min() keeps the cap
  return Math.min(cap, base * 2 ** Math.min(n, 64));
}

/** The delay before retry number `retryCount`: never null, never negative, never above the cap. */
export function retryDelayMs(retryCount: number, options: RetryOptions = {}): number {
  const jitter = Math.min(1, Math.max(0, options.jitter ?? RETRY_DEFAULTS.jitter));
  const draw = (options.random ?? Math.random)();
  const r = Number.isFinite(draw) ? Math.min(1, Math.max(0, draw)) : 0;
  return Math.round(retryCeilingMs(retryCount, options) * (1 - jitter * r));
}

/** The SignalR IRetryPolicy form, for withAutomaticReconnect and for our own start loop. */
export interface NeverGiveUpPolicy extends IRetryPolicy {
  nextRetryDelayInMilliseconds(context: RetryContext): number;
}

export function createRetryPolicy(options: RetryOptions = {}): NeverGiveUpPolicy {
  return {
    nextRetryDelayInMilliseconds: (context: RetryContext) => retryDelayMs(context.previousRetryCount, options),
  };
}
