/**
 * What simulated people decide, as pure functions of a random stream: the keys a caller presses in an
 * IVR, how a caller rates an agent in a poll, how a campaign's callee reacts. The call logic asks
 * these and turns the answers into events and rows.
 */
import type { DialOutcome } from '../adapter';
import type { TrafficOptions } from './config';
import type { Rng } from './random';

/**
 * The options an IVR logs for one caller, in order (D-IST): now and then the menu times out ('t') or
 * the caller presses a key with no option ('i') and the menu plays again; then the digit that leads
 * on to the caller's queue.
 */
export function ivrWalk(rng: Rng, digit: string, p: Pick<TrafficOptions, 'ivrTimeoutProbability' | 'ivrInvalidProbability'>): string[] {
  const r = rng.float();
  if (r < p.ivrTimeoutProbability) return ['t', digit];
  if (r < p.ivrTimeoutProbability + p.ivrInvalidProbability) return ['i', digit];
  return [digit];
}

/** How callers rate a good call, 0-9: most give the top marks, a few are unhappy whatever happens. */
const SATISFIED = [1, 1, 1, 2, 3, 5, 8, 14, 25, 40];
/** ... and a call that went less well: the middle of the scale. */
const LUKEWARM = [3, 4, 6, 9, 12, 15, 16, 14, 11, 10];

/**
 * A steady quality of an agent in [0.4, 1] from the extension number (FNV-1a), so the poll reports
 * show agents that differ, and the same agent keeps its standing from day to day.
 */
export function agentQuality(exten: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < exten.length; i++) h = Math.imul(h ^ exten.charCodeAt(i), 0x01000193) >>> 0;
  return 0.4 + 0.6 * ((h % 1000) / 999);
}

/** One poll answer 0-9 (D-PST) for an agent of the given quality. */
export function pollAnswer(rng: Rng, quality: number): number {
  const lukewarm = rng.chance((1 - quality) * 0.6);
  return rng.weighted(lukewarm ? LUKEWARM : SATISFIED);
}

/** How a campaign call's ringing ends, and when (ms after it started to ring). */
export interface CampaignRing {
  outcome: DialOutcome;
  /** until the outcome, from the start of ringing (busy and failed calls end before they ring for long) */
  afterMs: number;
  /** a failure's kind: congestion (34) or the number out of service (1) */
  cause: number;
}

/**
 * The callee's side of a campaign call (C-DIA): answered after a log-normal delay (those who would take
 * longer than the timeout ring out), busy, failed, or no answer at the timeout.
 */
export function campaignRing(
  rng: Rng,
  timeoutSec: number,
  p: Pick<TrafficOptions, 'campaignAnswerProbability' | 'campaignBusyProbability' | 'campaignFailedProbability' | 'campaignAnswerMeanSec'>,
): CampaignRing {
  const timeoutMs = Math.max(1, timeoutSec) * 1000;
  const r = rng.float();
  if (r < p.campaignAnswerProbability) {
    const delay = rng.lognormal(p.campaignAnswerMeanSec, 0.5) * 1000;
    return delay < timeoutMs ? { outcome: 'ANSWERED', afterMs: delay, cause: 16 } : { outcome: 'NO ANSWER', afterMs: timeoutMs, cause: 19 };
  }
  if (r < p.campaignAnswerProbability + p.campaignBusyProbability) return { outcome: 'BUSY', afterMs: rng.uniform(0.5, 3) * 1000, cause: 17 };
  if (r < p.campaignAnswerProbability + p.campaignBusyProbability + p.campaignFailedProbability) {
    return { outcome: 'FAILED', afterMs: rng.uniform(0.2, 2) * 1000, cause: rng.chance(0.5) ? 34 : 1 };
  }
  return { outcome: 'NO ANSWER', afterMs: timeoutMs, cause: 19 };
}
