/**
 * The campaign engine's decisions, as pure functions of a campaign's row, its numbers' counts, its
 * calls in progress and the time (C-DIA): whether it may dial now, how many calls it may start, what
 * an attempt's outcome makes of a number, when it is finished. campaign-engine.ts does the IO.
 */
import { DIALER_RETRY_DELAY_SEC, DIALER_STALE_GRACE_SEC, dialerCallLimit, dialerWindowOpen, type CampaignNumberStatus } from '../../domain';
import type { DialOutcome } from '../pbx';

/** A running campaign as the engine reads it (table `dialer` and its trunk's number). */
export interface Campaign {
  id: number;
  corpId: number;
  action: string;
  queueId: number | null;
  trunkNumber: string;
  callLimit: number;
  timeout: number;
  retries: number;
  days: string;
  horaDesde: number;
  horaHasta: number;
  sound: string;
  /** the IANA zone of the corp, whose days and hours the window is (J-TZ-01) */
  timeZone: string;
}

export interface NumberCounts {
  pending: number;
  dialing: number;
  answered: number;
  failed: number;
}

export type CampaignStep =
  | { kind: 'finish' }
  | { kind: 'wait'; why: 'window' | 'limit' | 'backoff' }
  | { kind: 'dial'; slots: number };

/**
 * What a running campaign does now. `live`: its calls in progress on this engine (ringing or answered);
 * the 'dialing' rows count too, so engines that share the database keep to one limit between them.
 */
export function nextStep(c: Campaign, counts: NumberCounts, live: number, now: number, backoffUntil = 0): CampaignStep {
  // every number answered or out of tries, and nothing of it still on the line
  if (counts.pending === 0 && counts.dialing === 0 && live === 0) return { kind: 'finish' };
  if (counts.pending === 0) return { kind: 'wait', why: 'limit' };
  if (now < backoffUntil) return { kind: 'wait', why: 'backoff' };
  if (!dialerWindowOpen(c, now, c.timeZone)) return { kind: 'wait', why: 'window' };
  const slots = freeSlots(c.callLimit, live, counts.dialing);
  return slots > 0 ? { kind: 'dial', slots } : { kind: 'wait', why: 'limit' };
}

/**
 * Calls a campaign may start: its limit less what it has on the line, counted as the larger of this
 * engine's live calls (ringing and answered) and the database's 'dialing' rows (every engine's ringing).
 */
export function freeSlots(callLimit: number, live: number, dialingRows: number): number {
  return Math.max(0, dialerCallLimit(callLimit) - Math.max(live, dialingRows));
}

/** A number's status after an attempt: answered; or pending for another try while tries remain; else failed. */
export function afterAttempt(outcome: DialOutcome, attempts: number, retries: number): Exclude<CampaignNumberStatus, 'dialing'> {
  if (outcome === 'ANSWERED') return 'answered';
  return attempts < 1 + Math.max(0, retries) ? 'pending' : 'failed';
}

/** A pending number that was tried before may be tried again from this instant (its last try ended a while ago). */
export function retryCutoff(now: number): Date {
  return new Date(now - DIALER_RETRY_DELAY_SEC * 1000);
}

/** A number 'dialing' since before this instant was left by an engine that stopped (see DIALER_STALE_GRACE_SEC). */
export function staleCutoff(now: number, timeoutSec: number): Date {
  return new Date(now - (timeoutSec + DIALER_STALE_GRACE_SEC) * 1000);
}

/** What a campaign's number is dialled as: digits and a leading +, spaces, dots, dashes and brackets of a CSV dropped. */
export function dialable(number: string): string {
  return number.replace(/[\s().-]/g, '');
}

/** Why a running campaign cannot dial (a row the resource should not have let through); null when it can. */
export function misconfigured(c: Campaign): string | null {
  if (c.action === 'msg') return /^[\w-]+\.[a-z0-9]{1,5}$/i.test(c.sound) ? null : 'a msg campaign without a stored sound';
  if (c.action === 'queue') return c.queueId === null ? 'a queue campaign without a queue' : null;
  return `unknown action '${c.action}'`;
}
