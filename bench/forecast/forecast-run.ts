/**
 * One run of bench:forecast (H-FCST-02): the demo floor (the demo seed read through the live directory,
 * as live-runtime builds it, on the server's default settings: the busy preset) on the built-in
 * simulator in virtual time (its manual driver), through the server's realtime service (the hub
 * pushes a TV receives) into the client's live pipeline (streams/live-feed.ts: extension registry,
 * queue stats, the shared clock on an RxJS VirtualTimeScheduler driven by the simulator's clock) and
 * the Queues board's forecast (kiosk/boards/queue-forecast.ts), exactly as a TV runs them.
 * Every 5 s of virtual time each queue is sampled: is its tile's service level breached (the tile's
 * own hysteresis, kiosk/boards/queue-levels.ts, on the default kiosk thresholds), and does its tile
 * forecast a breach within 5 minutes. Nothing here reads the simulator's internals.
 */
import { Subject, VirtualAction, VirtualTimeScheduler, of } from 'rxjs';
import { DEFAULT_KIOSK_THRESHOLDS } from '../../domain/kiosk-board';
import type { HubPushName, HubPushes } from '../../domain/realtime';
import { INITIAL_QUEUE_LEVELS, stepQueueLevels, type QueueLevelsState } from '../../kiosk/boards/queue-levels';
import { liveQueueForecasts } from '../../kiosk/boards/queue-forecast';
import type { LiveEnvironment } from '../../server/config';
import { toSimCorp, type PbxDirectoryCorp } from '../../server/live/directory';
import { createSimulator, MemoryRecordSink } from '../../server/pbx';
import { createRealtimeService } from '../../server/realtime';
// the realtime tests' timers on the simulator's clock
import { VirtualTimers } from '../../tests/server/realtime/helpers';
import type { HubEvent } from '../../streams/hub-events';
import { createLiveFeed } from '../../streams/live-feed';
import type { QueueForecasts } from '../../streams/queue-forecast';
import type { QueueStats } from '../../streams/queue-stats';
import type { ForecastSample } from './forecast-score';

export const SAMPLE_MS = 5000;
export const HORIZON_MS = 5 * 60_000;

export interface QueueTimeline {
  corpId: number;
  queueId: number;
  name: string;
  samples: ForecastSample[];
  offered: number;
  serviceLevelPct: number | null;
}

export interface RunOptions {
  env: LiveEnvironment;
  directory: PbxDirectoryCorp[];
  seed: number;
  warmUpMs: number;
  scoredMs: number;
}

export async function runFloor(options: RunOptions): Promise<QueueTimeline[]> {
  const corps = options.directory.map((c) => toSimCorp(c, options.env.callsPerHour));
  const sim = createSimulator({ seed: options.seed, corps, driver: 'manual', traffic: options.env.traffic, sink: new MemoryRecordSink(), recordings: false });
  const now = () => sim.now();
  const timers = new VirtualTimers(now);
  const events = new Subject<HubEvent>();
  const realtime = createRealtimeService({
    adapter: sim,
    publish: <K extends HubPushName>(_corpId: number, push: K, payload: HubPushes[K]) => events.next({ name: push, payload } as HubEvent),
    directory: { corps: () => options.directory },
    now,
    timers,
    timeZone: 'UTC',
  });
  const start = sim.now();
  // the TVs' clock: 500 ms ticks in the simulator's time
  const scheduler = new VirtualTimeScheduler(VirtualAction, 0);
  const thresholds = DEFAULT_KIOSK_THRESHOLDS;
  const floors = options.directory.map((c) => {
    const feed = createLiveFeed({ corpId: c.corpId, events$: events, state$: of('connected'), localNow: now, scheduler });
    const floor = { feed, forecasts: {} as QueueForecasts, stats: [] as QueueStats[], levels: INITIAL_QUEUE_LEVELS as QueueLevelsState };
    liveQueueForecasts(feed, events, thresholds).subscribe((f) => (floor.forecasts = f));
    feed.stats$.subscribe((s) => (floor.stats = s));
    return floor;
  });
  await realtime.start();
  await sim.start();
  await realtime.whenSynced();
  realtime.publishSnapshots();

  const timelines = new Map<string, QueueTimeline>();
  const end = start + options.warmUpMs + options.scoredMs;
  for (let t = start + SAMPLE_MS; t <= end; t += SAMPLE_MS) {
    // half-second steps: the realtime timers and the TVs' clock follow the simulator
    for (let s = t - SAMPLE_MS + 500; s <= t; s += 500) {
      sim.runUntil(s);
      timers.run(s);
      scheduler.maxFrames = s - start;
      scheduler.flush();
    }
    for (const floor of floors) {
      floor.levels = stepQueueLevels(floor.levels, floor.stats, thresholds);
      if (t - start <= options.warmUpMs) continue;
      for (const q of floor.stats) {
        const key = `${q.corpId}_${q.queueId}`;
        const line = timelines.get(key) ?? { corpId: q.corpId, queueId: q.queueId, name: q.name, samples: [], offered: 0, serviceLevelPct: null };
        timelines.set(key, line);
        const forecast = floor.forecasts[q.queueId] ?? null;
        line.samples.push({ at: t, breached: (floor.levels.byQueue[q.queueId]?.serviceLevel ?? 'normal') !== 'normal', predicted: forecast !== null && forecast.breachInSec * 1000 <= HORIZON_MS });
        line.offered = q.answered + q.abandoned;
        line.serviceLevelPct = q.serviceLevelPct;
      }
    }
  }
  await sim.stop();
  await realtime.stop();
  for (const floor of floors) floor.feed.dispose();
  return [...timelines.values()];
}
