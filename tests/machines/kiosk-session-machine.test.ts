/**
 * The kiosk session machine three ways (STYLE 5): plain actor runs with a SimulatedClock and a
 * controllable exchange, and model-based paths with xstate/graph: every edge of the machine over an
 * alphabet of exchange outcomes, timer expiries and CHECK is replayed on a real actor and its state
 * compared with the model's.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { KIOSK_RULES } from '../../domain';
import {
  classifyKioskFailure,
  KIOSK_REFRESH_MS,
  KIOSK_RETRY_MAX_MS,
  kioskRetryDelay,
  kioskSessionMachine,
  type KioskSessionGrant,
  type KioskSessionParams,
} from '../../machines/kiosk-session-machine';

/** The adjacency map's shape, as far as these tests read it. */
type ModelSnapshot = { value: unknown; context: { failures: number; grant: unknown } };
type Adjacency = Record<string, { state: ModelSnapshot; transitions: Record<string, { event: unknown; state: ModelSnapshot }> }>;

const params: KioskSessionParams = { corp: 'acme', screen: '1', key: 'k' };
const grant = (token: string): KioskSessionGrant => ({
  token,
  expiration: new Date(60_000).toISOString(),
  corpId: 2,
  screen: { id: 1, name: 'Floor', boards: ['agents'], secondsPerBoard: 20, hideOffline: false, privacy: false, thresholds: {} as never, noc: false },
});
const failure = (status?: number, message?: string) => Object.assign(new Error(message ?? 'failed'), { status, message });

/** An exchange whose answers the test gives one by one. */
function scriptedExchange() {
  const pending: { resolve: (g: KioskSessionGrant) => void; reject: (e: unknown) => void }[] = [];
  const calls: KioskSessionParams[] = [];
  const actor = fromPromise<KioskSessionGrant, KioskSessionParams>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push(input);
        pending.push({ resolve, reject });
      }),
  );
  return {
    actor,
    calls,
    async answer(outcome: KioskSessionGrant | Error) {
      const next = pending.shift();
      if (!next) throw new Error('no exchange in flight');
      if (outcome instanceof Error) next.reject(outcome);
      else next.resolve(outcome);
      await flush();
    },
    inFlight: () => pending.length,
  };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

function start() {
  const clock = new SimulatedClock();
  const exchange = scriptedExchange();
  const actor = createActor(kioskSessionMachine.provide({ actors: { exchange: exchange.actor } }), { input: params, clock });
  actor.start();
  return { actor, clock, exchange };
}

describe('kiosk session machine', () => {
  it('refreshes 20 s before the 60 s token expires, so a revoked key shows within 60 s', () => {
    expect(KIOSK_RULES.tokenTtlSeconds).toBe(60);
    expect(KIOSK_REFRESH_MS).toBe(40_000);
  });

  it('classifies failures: 410 and 401 kioskRevoked → revoked, 401/403/404 → invalid, network and 5xx → transient', () => {
    expect(classifyKioskFailure(failure(410))).toBe('revoked');
    expect(classifyKioskFailure(failure(401, 'errors.kioskRevoked'))).toBe('revoked');
    expect(classifyKioskFailure(failure(401, 'errors.kioskKey'))).toBe('invalid');
    expect(classifyKioskFailure(failure(404))).toBe('invalid');
    expect(classifyKioskFailure(failure(undefined, 'Failed to fetch'))).toBe('transient');
    expect(classifyKioskFailure(failure(503))).toBe('transient');
    expect(classifyKioskFailure(failure(429))).toBe('transient');
    expect(classifyKioskFailure(undefined)).toBe('transient');
  });

  it('backs off 1, 2, 4, 8 s and caps at 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(kioskRetryDelay)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, KIOSK_RETRY_MAX_MS]);
  });

  it('exchanges the key, then again every 40 s, keeping the newest token', async () => {
    const { actor, clock, exchange } = start();
    expect(actor.getSnapshot().value).toBe('starting');
    expect(exchange.calls).toEqual([params]);
    await exchange.answer(grant('t1'));
    expect(actor.getSnapshot().value).toEqual({ live: 'waiting' });
    expect(actor.getSnapshot().context.grant?.token).toBe('t1');
    clock.increment(KIOSK_REFRESH_MS - 1);
    expect(exchange.inFlight()).toBe(0);
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ live: 'refreshing' });
    await exchange.answer(grant('t2'));
    expect(actor.getSnapshot().context.grant?.token).toBe('t2');
    expect(exchange.calls).toHaveLength(2);
  });

  it('keeps the board through a server restart: a failed refresh keeps the token and retries with backoff', async () => {
    const { actor, clock, exchange } = start();
    await exchange.answer(grant('t1'));
    clock.increment(KIOSK_REFRESH_MS);
    await exchange.answer(failure(undefined, 'Failed to fetch'));
    expect(actor.getSnapshot().value).toEqual({ live: 'retrying' });
    expect(actor.getSnapshot().context.grant?.token).toBe('t1');
    expect(actor.getSnapshot().context.lastError).toBe('Failed to fetch');
    clock.increment(1000);
    await exchange.answer(failure(502));
    expect(actor.getSnapshot().context.failures).toBe(2);
    clock.increment(1999);
    expect(exchange.inFlight()).toBe(0);
    clock.increment(1);
    await exchange.answer(grant('t3'));
    expect(actor.getSnapshot().value).toEqual({ live: 'waiting' });
    expect(actor.getSnapshot().context.failures).toBe(0);
  });

  it('a TV switched on before the server retries its first exchange for ever', async () => {
    const { actor, clock, exchange } = start();
    for (let i = 1; i <= 8; i++) {
      await exchange.answer(failure(undefined, 'Failed to fetch'));
      expect(actor.getSnapshot().value).toBe('startRetry');
      clock.increment(kioskRetryDelay(i));
    }
    await exchange.answer(grant('t1'));
    expect(actor.getSnapshot().value).toEqual({ live: 'waiting' });
  });

  it('revoke: the next refresh answers 410 and the session ends in revoked, with no more exchanges', async () => {
    const { actor, clock, exchange } = start();
    await exchange.answer(grant('t1'));
    clock.increment(KIOSK_REFRESH_MS);
    await exchange.answer(failure(410, 'errors.kioskRevoked'));
    expect(actor.getSnapshot().value).toBe('revoked');
    expect(actor.getSnapshot().status).toBe('done');
    clock.increment(10 * KIOSK_REFRESH_MS);
    expect(exchange.inFlight()).toBe(0);
  });

  it('CHECK (the hub was closed because of a revoke) refreshes at once', async () => {
    const { actor, exchange } = start();
    await exchange.answer(grant('t1'));
    actor.send({ type: 'CHECK' });
    expect(actor.getSnapshot().value).toEqual({ live: 'refreshing' });
    await exchange.answer(failure(401, 'errors.kioskRevoked'));
    expect(actor.getSnapshot().value).toBe('revoked');
  });

  it('a wrong key ends in invalid on the first exchange', async () => {
    const { actor, exchange } = start();
    await exchange.answer(failure(401, 'errors.kioskKey'));
    expect(actor.getSnapshot().value).toBe('invalid');
  });
});

/** Model-based: the adjacency map over an alphabet of outcomes, replayed edge by edge on real actors. */
describe('kiosk session machine paths (xstate/graph)', () => {
  type ModelEvent =
    | { type: 'xstate.done.actor.exchange'; output: KioskSessionGrant }
    | { type: 'xstate.error.actor.exchange'; error: Error }
    | { type: 'xstate.after.refresh.kioskSession.live.waiting' }
    | { type: 'xstate.after.backoff.kioskSession.startRetry' }
    | { type: 'xstate.after.backoff.kioskSession.live.retrying' }
    | { type: 'CHECK' };
  const alphabet: ModelEvent[] = [
    { type: 'xstate.done.actor.exchange', output: grant('t') },
    { type: 'xstate.error.actor.exchange', error: failure(410) },
    { type: 'xstate.error.actor.exchange', error: failure(401, 'errors.kioskKey') },
    { type: 'xstate.error.actor.exchange', error: failure(503) },
    { type: 'xstate.after.refresh.kioskSession.live.waiting' },
    { type: 'xstate.after.backoff.kioskSession.startRetry' },
    { type: 'xstate.after.backoff.kioskSession.live.retrying' },
    { type: 'CHECK' },
  ];
  const serializeState = (s: { value: unknown; context: { failures: number; grant: unknown } }) => JSON.stringify({ v: s.value, f: Math.min(s.context.failures, 1), g: s.context.grant !== null });
  const options = { input: params, events: alphabet as never[], serializeState: serializeState as never, serializeEvent: (e: unknown) => JSON.stringify(e) };

  /** Plays one model event on a real actor: outcomes answer the pending exchange, timers advance the clock. */
  async function play(run: ReturnType<typeof start>, event: ModelEvent): Promise<void> {
    const { actor, clock, exchange } = run;
    if (event.type === 'xstate.done.actor.exchange') await exchange.answer(event.output);
    else if (event.type === 'xstate.error.actor.exchange') await exchange.answer(event.error);
    else if (event.type === 'CHECK') (actor as AnyActorRef).send(event);
    else if (event.type.includes('.refresh.')) clock.increment(KIOSK_REFRESH_MS);
    else clock.increment(kioskRetryDelay(actor.getSnapshot().context.failures));
  }

  it('every edge of the machine, replayed on an actor, lands where the model says', async () => {
    const adjacency: Adjacency = getAdjacencyMap(kioskSessionMachine, options) as unknown as Adjacency;
    const edges = Object.values(adjacency).flatMap((v) => Object.entries(v.transitions).map(([, t]) => ({ from: v.state, event: t.event as ModelEvent, to: t.state })));
    const states = new Set(Object.values(adjacency).map((v) => JSON.stringify(v.state.value)));
    // every state of the definition is reachable
    expect(states).toEqual(new Set(['"starting"', '"startRetry"', '{"live":"waiting"}', '{"live":"refreshing"}', '{"live":"retrying"}', '"revoked"', '"invalid"']));
    const toSource = getShortestPaths(kioskSessionMachine, options);
    const pathTo = new Map(toSource.map((p) => [serializeState(p.state as never), p.steps.map((s) => s.event as ModelEvent)]));
    let replayed = 0;
    for (const edge of edges) {
      // an event the real actor cannot receive in that state (an outcome with no exchange in flight, a
      // timer that is not armed) leaves the model unchanged; those self-loops are not edges of the machine
      if (serializeState(edge.from as never) === serializeState(edge.to as never)) continue;
      const prefix = pathTo.get(serializeState(edge.from as never));
      expect(prefix, `path to ${serializeState(edge.from as never)}`).toBeDefined();
      const run = start();
      for (const e of [...prefix!.slice(1), edge.event]) await play(run, e);
      expect(JSON.stringify(run.actor.getSnapshot().value), `${serializeState(edge.from as never)} --${JSON.stringify(edge.event)}-->`).toBe(JSON.stringify(edge.to.value));
      run.actor.stop();
      replayed++;
    }
    expect(replayed).toBeGreaterThanOrEqual(14);
  });
});
