/**
 * The live inputs of the queue tiles' service-level forecast (H-FCST-01) and the forecasts themselves:
 * pure functions of injected streams (STYLE 7), no SignalR, no DOM.
 *
 * - `queueSignals(events$, corpId)`: per queue, the arrivals of the last FORECAST.arrivalWindowSec (a
 *   CallerInQueue for a caller not already waiting; a snapshot's callers are not arrivals, and position
 *   updates re-send callers already waiting), the departures of that window (deleteCaller: how long each
 *   waited, whether he gave up: the patience estimate) and the talk times of the last FORECAST.handleSamples
 *   answered calls (a deleteCaller 'answered', then the Hangup of the same call: its `duration`).
 *   Bounded: the window's timestamps, K durations, and the answered calls not yet hung up (capped).
 * - `queueForecasts(sources, options)`: every `everyMs` of the shared clock, each queue's inputs (its
 *   counters from the stats, the waits of its callers, the agents logged in and free) through
 *   domain/forecast's stepForecast (confidence and hysteresis); emits a map queueId → forecast (null:
 *   nothing to show) only when one changed.
 *
 * The handle time is the talk time plus the queue's wrap-up (LiveQueue.wrapupSec, Asterisk's wrapuptime):
 * app_queue offers an agent no call until his wrap-up after the last one is over, so for the queue a call
 * holds its agent that long; the agents' counts (QueueAgents) count one in wrap-up as busy, not free.
 */
import { Observable, defer, distinctUntilChanged, filter, map, scan, withLatestFrom } from 'rxjs';
import { FORECAST, stepForecast, type ForecastEvidence, type ForecastInput, type ForecastShown } from '../domain/forecast/service-level-forecast';
import type { LiveQueue } from '../domain/realtime';
import { deepEqual } from './deep-equal';
import { ofCorp, type HubEvent } from './hub-events';
import type { QueueStats } from './queue-stats';

export interface QueueSignal {
  /** arrival times (ms), oldest first, within the window */
  arrivals: number[];
  /** callers who left the queue within the window (answered, gave up or timed out): when, after how long, whether they gave up */
  departures: { at: number; waitedSec: number; abandoned: boolean }[];
  /** talk times (s) of the last answered calls, oldest first (the queue's wrap-up is added to their mean) */
  handleSec: number[];
}

export interface QueueSignals {
  /** when the stream first saw the queue's events (ms): the window is never longer than what was seen */
  since: number;
  byQueue: Map<number, QueueSignal>;
}

/** the answered calls waiting for their Hangup, at most this many (a lost Hangup must not grow memory) */
const PENDING_MAX = 2000;

interface SignalsAcc extends QueueSignals {
  waiting: Map<number, Set<string>>;
  /** callId → queueId of answered calls not yet hung up */
  pending: Map<string, number>;
}

const signalOf = (acc: SignalsAcc, queueId: number): QueueSignal => {
  let s = acc.byQueue.get(queueId);
  if (!s) acc.byQueue.set(queueId, (s = { arrivals: [], departures: [], handleSec: [] }));
  return s;
};

function reduceSignals(acc: SignalsAcc, event: HubEvent): SignalsAcc {
  const ts = event.payload.ts;
  if (acc.since < 0) acc.since = ts;
  switch (event.name) {
    case 'AllQueues':
      acc.waiting = new Map(event.payload.queues.map((q) => [q.queueId, new Set(q.callers.map((c) => c.callId))]));
      break;
    case 'CallerInQueue': {
      const { queueId, callId } = event.payload;
      const waiting = acc.waiting.get(queueId) ?? new Set<string>();
      acc.waiting.set(queueId, waiting);
      if (!waiting.has(callId)) {
        waiting.add(callId);
        signalOf(acc, queueId).arrivals.push(ts);
      }
      break;
    }
    case 'deleteCaller': {
      const { queueId, callId, reason, waitedMs } = event.payload;
      acc.waiting.get(queueId)?.delete(callId);
      signalOf(acc, queueId).departures.push({ at: ts, waitedSec: waitedMs / 1000, abandoned: reason === 'abandoned' });
      if (reason === 'answered') {
        acc.pending.set(callId, queueId);
        if (acc.pending.size > PENDING_MAX) acc.pending.delete(acc.pending.keys().next().value as string);
      }
      break;
    }
    case 'Hangup': {
      const queueId = acc.pending.get(event.payload.callId);
      if (queueId === undefined) break;
      acc.pending.delete(event.payload.callId);
      if (event.payload.duration > 0) {
        const handles = signalOf(acc, queueId).handleSec;
        handles.push(event.payload.duration);
        if (handles.length > FORECAST.handleSamples) handles.shift();
      }
      break;
    }
    default:
      return acc;
  }
  // the window slides with the events' clock
  const from = ts - FORECAST.arrivalWindowSec * 1000;
  for (const s of acc.byQueue.values()) {
    while (s.arrivals.length > 0 && s.arrivals[0] < from) s.arrivals.shift();
    while (s.departures.length > 0 && s.departures[0].at < from) s.departures.shift();
  }
  return acc;
}

/** Arrivals and handle times per queue; the same (mutated) object on each emission, read it at once. */
export function queueSignals(events$: Observable<HubEvent>, corpId: number): Observable<QueueSignals> {
  return defer(() => {
    const initial: SignalsAcc = { since: -1, byQueue: new Map(), waiting: new Map(), pending: new Map() };
    return events$.pipe(filter(ofCorp(corpId)), scan(reduceSignals, initial));
  });
}

/**
 * Agents of a queue as the model counts them (kiosk/boards/queue-forecast.ts forecastAgents): the ones
 * serving it; busy is on a call or in its wrap-up (part of the handle time), free may take a caller now.
 */
export interface QueueAgents {
  free: number;
  busy: number;
}

/** One queue's model inputs at `now`, and the evidence behind them. */
export function forecastInputs(
  stats: QueueStats,
  queue: LiveQueue | undefined,
  signal: QueueSignal | undefined,
  agents: QueueAgents | undefined,
  since: number,
  now: number,
  targetPct: number,
): { input: ForecastInput; evidence: ForecastEvidence } {
  const observedSec = Math.max(0, Math.min(FORECAST.arrivalWindowSec, (now - since) / 1000));
  const from = now - FORECAST.arrivalWindowSec * 1000;
  const arrivals = signal ? signal.arrivals.filter((t) => t >= from && t <= now).length : 0;
  const handles = signal?.handleSec ?? [];
  const free = agents?.free ?? 0;
  const waitsSec = (queue?.callers ?? []).map((c) => Math.max(0, (now - c.since) / 1000));
  // exponential patience, maximum likelihood: abandons over all the waiting time seen (those still waiting included)
  const departures = signal ? signal.departures.filter((d) => d.at >= from && d.at <= now) : [];
  const abandons = departures.filter((d) => d.abandoned).length;
  const exposureSec = departures.reduce((sum, d) => sum + d.waitedSec, 0) + waitsSec.reduce((a, b) => a + b, 0);
  return {
    input: {
      withinSl: stats.answeredWithinSl,
      offered: stats.answered + stats.abandoned,
      thresholdSec: stats.serviceLevelSec,
      targetPct,
      waitsSec,
      arrivalsPerMin: observedSec > 0 ? (arrivals * 60) / observedSec : 0,
      // no talk time measured yet: no handle time (the evidence rule waits for FORECAST.minHandleSamples)
      handleSec: handles.length > 0 ? handles.reduce((a, b) => a + b, 0) / handles.length + Math.max(0, queue?.wrapupSec ?? 0) : 0,
      abandonPerSec: exposureSec > 0 ? abandons / exposureSec : 0,
      agents: free + (agents?.busy ?? 0),
      free,
    },
    evidence: { arrivals, handleSamples: handles.length, observedSec },
  };
}

export interface QueueForecastSources {
  events$: Observable<HubEvent>;
  stats$: Observable<QueueStats[]>;
  queues$: Observable<readonly LiveQueue[]>;
  /** queueId → agents logged in and free (read from the extension registry) */
  agents$: Observable<ReadonlyMap<number, QueueAgents>>;
  /** the shared clock (server ms) */
  clock$: Observable<number>;
}

export interface QueueForecastOptions {
  corpId: number;
  /** the screen's service-level warning (%): the forecast says when the tile will turn */
  targetPct: number;
  /**
   * its clear level (%, above targetPct): the tile's hysteresis. While a tile's service level is past
   * its warning and not yet back over this, the tile already shows the breach and nothing is forecast.
   */
  clearPct: number;
  /** how often the model runs (default every 5 s of the clock) */
  everyMs?: number;
  /**
   * at most this many queues are run at one step (default 4), the others in turn at the next steps
   * (each keeps what it shows meanwhile): the runs cost a few ms a queue on the TV's main thread
   */
  queuesPerStep?: number;
}

export type QueueForecasts = Readonly<Record<number, ForecastShown>>;

export function queueForecasts(sources: QueueForecastSources, options: QueueForecastOptions): Observable<QueueForecasts> {
  const everyMs = options.everyMs ?? 5000;
  return defer(() => {
    let last = Number.NEGATIVE_INFINITY;
    const due$ = sources.clock$.pipe(
      filter((now) => {
        if (now - last < everyMs) return false;
        last = now;
        return true;
      }),
    );
    return due$.pipe(
      withLatestFrom(queueSignals(sources.events$, options.corpId), sources.stats$, sources.queues$, sources.agents$),
      scan(
        (acc: { shown: QueueForecasts; breached: Readonly<Record<number, boolean>>; turn: number }, [now, signals, stats, queues, agents]) => {
          const shown: Record<number, ForecastShown> = {};
          const breached: Record<number, boolean> = {};
          const perStep = Math.max(1, options.queuesPerStep ?? 4);
          const turn = stats.length > perStep ? acc.turn % stats.length : 0;
          for (const [i, q] of stats.entries()) {
            // the tile's own hysteresis on its service level (kiosk/thresholds: enter at ≤ warning, clear at ≥ clear)
            const pct = q.serviceLevelPct;
            const was = acc.breached[q.queueId] ?? false;
            breached[q.queueId] = pct === null ? was : was ? pct < options.clearPct : pct <= options.targetPct;
            if (breached[q.queueId]) {
              shown[q.queueId] = null;
              continue;
            }
            if (((i - turn + stats.length) % stats.length) >= perStep) {
              shown[q.queueId] = acc.shown[q.queueId] ?? null;
              continue;
            }
            const { input, evidence } = forecastInputs(
              q,
              queues.find((l) => l.queueId === q.queueId),
              signals.byQueue.get(q.queueId),
              agents.get(q.queueId),
              signals.since,
              now,
              options.targetPct,
            );
            shown[q.queueId] = stepForecast(acc.shown[q.queueId] ?? null, input, evidence);
          }
          return { shown, breached, turn: turn + perStep };
        },
        { shown: {}, breached: {}, turn: 0 },
      ),
      map((acc) => acc.shown),
      distinctUntilChanged(deepEqual),
    );
  });
}
