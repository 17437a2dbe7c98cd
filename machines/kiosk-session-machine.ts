/**
 * The TV's session (issue 4 "Screens and keys"): the kiosk key from the URL is exchanged for a 60 s
 * read-only token (POST /api/v1/kiosk/session) and exchanged again in the background before the token
 * expires, for days, with nobody at the screen.
 *
 * - starting → live once the first exchange answers; a network or server failure (no status, 5xx,
 *   429) retries with a capped backoff, for ever: a TV switched on before the server must come up by
 *   itself.
 * - live.waiting: the token is good; after KIOSK_REFRESH_MS (20 s before it expires) → live.refreshing.
 *   A CHECK event (the hub was closed with errors.kioskRevoked, or it cannot negotiate) refreshes now.
 * - live.retrying: a refresh failed for a transient reason; the old token and the board stay (the hub
 *   keeps its open connection), and the exchange is tried again with backoff.
 * - revoked (410, or 401 errors.kioskRevoked): final, the TV says "screen revoked". A revoked key never
 *   comes back (rotate makes a new key, so a new URL).
 * - invalid (401 errors.kioskKey: unknown corp, screen or key): final, the TV says so. We read 401 as
 *   definite rather than transient: the server answers it only when the key does not match.
 *
 * The exchange is an injected actor (`exchange`), so the machine is pure and tested with a simulated
 * clock and xstate/graph paths (tests/machines/kiosk-session-machine*.test.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import { KIOSK_RULES, type KioskScreenConfig } from '../domain/kiosk-board';

/** Refresh 20 s before the 60 s token expires: a revoked key shows within 60 s at the latest. */
export const KIOSK_REFRESH_MS = (KIOSK_RULES.tokenTtlSeconds - 20) * 1000;
/** Backoff after a transient failure: 1 s, 2 s, 4 s, ... capped at 15 s (well inside the token's life). */
export const KIOSK_RETRY_BASE_MS = 1000;
export const KIOSK_RETRY_MAX_MS = 15_000;

export function kioskRetryDelay(failures: number): number {
  return Math.min(KIOSK_RETRY_MAX_MS, KIOSK_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

export interface KioskSessionParams {
  corp: string;
  screen: string;
  /** the screen's key; '' when the browser's signed-in user watches (the exchange then reads the screen with the user's token) */
  key: string;
}

/** What POST /api/v1/kiosk/session answers. */
export interface KioskSessionGrant {
  token: string;
  expiration: string;
  corpId: number;
  screen: KioskScreenConfig;
}

/** An exchange failure: `status` is the HTTP status (undefined for a network failure), `message` the key. */
export interface KioskExchangeError {
  status?: number;
  message?: string;
}

export type KioskFailureKind = 'revoked' | 'invalid' | 'transient';

/** 410, or 401 with errors.kioskRevoked → revoked; any other 401/403/404 → invalid; the rest transient. */
export function classifyKioskFailure(error: unknown): KioskFailureKind {
  const e = (error ?? {}) as KioskExchangeError;
  if (e.status === 410 || (e.status === 401 && e.message === 'errors.kioskRevoked')) return 'revoked';
  if (e.status === 401 || e.status === 403 || e.status === 404) return 'invalid';
  return 'transient';
}

export interface KioskSessionContext {
  params: KioskSessionParams;
  grant: KioskSessionGrant | null;
  /** consecutive transient failures */
  failures: number;
  /** the last transient failure, for the status line */
  lastError: string | null;
}

export type KioskSessionEvent = { type: 'CHECK' };

const describe = (error: unknown): string => {
  const e = (error ?? {}) as KioskExchangeError;
  return e.status ? `HTTP ${e.status}` : (e.message ?? 'network');
};

/** The exchange, then: the grant → `done`; revoked / invalid → the final states; transient → `retry`. */
const exchangeThen = (done: string, retry: string) =>
  ({
    id: 'exchange',
    src: 'exchange',
    input: ({ context }: { context: KioskSessionContext }) => context.params,
    onDone: { target: done, actions: 'keepGrant' },
    onError: [
      { guard: 'revoked', target: '#kioskSession.revoked' },
      { guard: 'invalid', target: '#kioskSession.invalid' },
      { target: retry, actions: 'countFailure' },
    ],
  }) as const;

export const kioskSessionMachine = setup({
  types: {
    context: {} as KioskSessionContext,
    events: {} as KioskSessionEvent,
    input: {} as KioskSessionParams,
  },
  actors: {
    exchange: fromPromise<KioskSessionGrant, KioskSessionParams>(() => Promise.reject(new Error('exchange not provided'))),
  },
  guards: {
    revoked: ({ event }) => classifyKioskFailure((event as { error?: unknown }).error) === 'revoked',
    invalid: ({ event }) => classifyKioskFailure((event as { error?: unknown }).error) === 'invalid',
  },
  actions: {
    keepGrant: assign({
      grant: ({ event }) => (event as unknown as { output: KioskSessionGrant }).output,
      failures: 0,
      lastError: null,
    }),
    countFailure: assign({
      failures: ({ context }) => context.failures + 1,
      lastError: ({ event }) => describe((event as { error?: unknown }).error),
    }),
  },
  delays: {
    refresh: KIOSK_REFRESH_MS,
    backoff: ({ context }) => kioskRetryDelay(context.failures),
  },
}).createMachine({
  id: 'kioskSession',
  context: ({ input }) => ({ params: input, grant: null, failures: 0, lastError: null }),
  initial: 'starting',
  states: {
    starting: { invoke: exchangeThen('#kioskSession.live', '#kioskSession.startRetry') },
    startRetry: {
      after: { backoff: 'starting' },
      on: { CHECK: 'starting' },
    },
    live: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { refresh: 'refreshing' },
          on: { CHECK: 'refreshing' },
        },
        refreshing: { invoke: exchangeThen('#kioskSession.live.waiting', '#kioskSession.live.retrying') },
        retrying: {
          after: { backoff: 'refreshing' },
          on: { CHECK: 'refreshing' },
        },
      },
    },
    revoked: { type: 'final' },
    invalid: { type: 'final' },
  },
});

export type KioskSessionMachine = typeof kioskSessionMachine;
