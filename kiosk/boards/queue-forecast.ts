/**
 * The queue tiles' service-level forecasts (H-FCST-01) over a live feed: the agents of each queue read
 * from the feed's extension registry on the shared clock (forecastAgents),
 * the arrivals and handle times from the hub events, the model in domain/forecast. One stream per feed
 * and screen thresholds, kept for the feed's life (`forecastsOf`, ended when the feed's registry
 * stops): the Queues board comes and goes with the playlist, and the arrival window must not start
 * again each time it shows. Loaded with the Queues board's chunk, never with the Agents-only route.
 */
import { Observable, map, shareReplay, takeUntil, withLatestFrom } from 'rxjs';
import type { KioskThresholds } from '../../domain/kiosk-board';
import { EXT_STATUS, type ExtStatus } from '../../domain/realtime';
import { statusCode } from '../../machines/extension-machine';
import type { HubEvent } from '../../streams/hub-events';
import type { LiveFeed } from '../../streams/live-feed';
import { queueForecasts, type QueueAgents, type QueueForecasts } from '../../streams/queue-forecast';

type Feed = Pick<LiveFeed, 'corpId' | 'registry' | 'members' | 'clock$' | 'queues$' | 'stats$'>;
type ForecastThresholds = Pick<KioskThresholds, 'serviceLevelWarningPct' | 'serviceLevelClearWarningPct'>;

/**
 * An agent as the forecast counts it: on a call or on hold is busy; idle, just hung up or RINGING is
 * free. Not as the tile counts (queue-agents.ts, where ringing is busy): a phone that rings is being
 * offered a caller who still waits in the queue, and counting it busy would keep that caller waiting
 * for a call to end in the model (with ringall every free phone of the queue rings for him).
 */
export function forecastAgents(members: readonly string[], statusOf: (number: string) => ExtStatus | undefined): QueueAgents {
  const counts: QueueAgents = { free: 0, busy: 0 };
  for (const member of members) {
    const status = statusOf(member);
    if (status === EXT_STATUS.inUse || status === EXT_STATUS.onHold) counts.busy += 1;
    else if (status !== undefined && status !== EXT_STATUS.offline) counts.free += 1;
  }
  return counts;
}

/** queueId → agents logged in and free, read from the registry at each tick of the shared clock. */
export function registryAgents$(feed: Feed): Observable<ReadonlyMap<number, QueueAgents>> {
  return feed.clock$.pipe(
    withLatestFrom(feed.queues$),
    map(([, queues]) => {
      const { extensions } = feed.members.get();
      const statusOf = (n: string) => {
        const ref = extensions[n];
        return ref ? statusCode(ref.getSnapshot()) : undefined;
      };
      return new Map(queues.map((q) => [q.queueId, forecastAgents(q.members, statusOf)]));
    }),
  );
}

/** The forecasts of a feed's queues against the screen's service-level warning and its clear level. */
export function liveQueueForecasts(feed: Feed, events$: Observable<HubEvent>, thresholds: ForecastThresholds): Observable<QueueForecasts> {
  return queueForecasts(
    { events$, stats$: feed.stats$, queues$: feed.queues$, agents$: registryAgents$(feed), clock$: feed.clock$ },
    { corpId: feed.corpId, targetPct: thresholds.serviceLevelWarningPct, clearPct: thresholds.serviceLevelClearWarningPct },
  );
}

/** completes when the feed is disposed (its registry actor stopped) */
const feedEnd$ = (feed: Feed) =>
  new Observable<void>((subscriber) => {
    const sub = feed.registry.subscribe({ complete: () => subscriber.next() });
    return () => sub.unsubscribe();
  });

const cache = new WeakMap<Feed, Map<string, Observable<QueueForecasts>>>();

/** One shared forecast stream per feed and thresholds, alive from its first use to the feed's end. */
export function forecastsOf(feed: Feed, events$: Observable<HubEvent>, thresholds: ForecastThresholds): Observable<QueueForecasts> {
  const key = `${thresholds.serviceLevelWarningPct}/${thresholds.serviceLevelClearWarningPct}`;
  const byKey = cache.get(feed) ?? new Map<string, Observable<QueueForecasts>>();
  cache.set(feed, byKey);
  let stream = byKey.get(key);
  if (!stream) {
    stream = liveQueueForecasts(feed, events$, thresholds).pipe(takeUntil(feedEnd$(feed)), shareReplay({ bufferSize: 1, refCount: false }));
    stream.subscribe();
    byKey.set(key, stream);
  }
  return stream;
}
