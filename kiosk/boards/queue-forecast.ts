/**
 * The queue tiles' service-level forecasts (H-FCST-01) over a live feed: the agents of each queue read
 * from the feed's extension registry on the shared clock (forecastAgents: phone and agent state, so a
 * wrap-up is busy), the arrivals and handle times (talk + the queue's wrap-up) from the hub events and
 * the live queues, the model in domain/forecast. One stream per feed and screen thresholds, kept for the
 * feed's life (`forecastsOf`, ended when the feed's registry stops): the Queues board comes and goes with
 * the playlist, and the arrival window must not start again each time it shows. The Panel's queue list
 * runs the same on its own feed (src/features/panel/panel-forecasts.ts). Loaded with the Queues board's
 * chunk and the Panel's pages, never with the Agents-only route.
 */
import { Observable, map, shareReplay, takeUntil, withLatestFrom } from 'rxjs';
import { pausedIn } from '../../domain/agents';
import type { KioskThresholds } from '../../domain/kiosk-board';
import { EXT_STATUS, type AgentState, type ExtStatus } from '../../domain/realtime';
import { statusCode } from '../../machines/extension-machine';
import type { HubEvent } from '../../streams/hub-events';
import type { LiveFeed } from '../../streams/live-feed';
import { queueForecasts, type QueueAgents, type QueueForecasts } from '../../streams/queue-forecast';

type Feed = Pick<LiveFeed, 'corpId' | 'registry' | 'members' | 'clock$' | 'queues$' | 'stats$'>;
type ForecastThresholds = Pick<KioskThresholds, 'serviceLevelWarningPct' | 'serviceLevelClearWarningPct'>;

/** What the forecast reads of a member: its phone and its agent state (wrap-up, pause, do-not-disturb). */
export interface MemberReading {
  status: ExtStatus;
  agent: AgentState;
}

/**
 * A queue's agents as the forecast counts them at `now`. Not counted: offline, or paused in this queue or
 * on do-not-disturb (app_queue offers them none of its callers, whatever their phone does). Busy: on a
 * call or on hold, or in the wrap-up after one (the model's handle time is talk + wrap-up: app_queue
 * offers nobody a caller before his wrap-up is over). Free: idle, just hung up, or RINGING. Not as the
 * tile counts (queue-agents.ts, where ringing is busy): a phone that rings is being offered a caller who
 * still waits in the queue, and counting it busy would keep that caller waiting for a call to end in the
 * model (with ringall every free phone of the queue rings for him).
 */
export function forecastAgents(queueId: number, members: readonly string[], read: (number: string) => MemberReading | undefined, now: number): QueueAgents {
  const counts: QueueAgents = { free: 0, busy: 0 };
  for (const member of members) {
    const m = read(member);
    if (!m || m.status === EXT_STATUS.offline || m.agent.dndSince !== null || pausedIn(m.agent, queueId)) continue;
    if (m.status === EXT_STATUS.inUse || m.status === EXT_STATUS.onHold || (m.agent.wrapUp !== null && now < m.agent.wrapUp.until)) counts.busy += 1;
    else counts.free += 1;
  }
  return counts;
}

/** queueId → the agents serving it, busy and free, read from the registry at each tick of the shared clock. */
export function registryAgents$(feed: Feed): Observable<ReadonlyMap<number, QueueAgents>> {
  return feed.clock$.pipe(
    withLatestFrom(feed.queues$),
    map(([now, queues]) => {
      const { extensions } = feed.members.get();
      const read = (n: string): MemberReading | undefined => {
        const snapshot = extensions[n]?.getSnapshot();
        return snapshot ? { status: statusCode(snapshot), agent: snapshot.context.agent } : undefined;
      };
      return new Map(queues.map((q) => [q.queueId, forecastAgents(q.queueId, q.members, read, now)]));
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
