/**
 * H-FCST-01 on the supervisor's Panel: the service-level forecast of each queue, the wallboard's own
 * (kiosk/boards/queue-forecast.ts forecastsOf: the model of domain/forecast over streams/queue-forecast.ts)
 * run on the panel's live feed and the tab's hub events. One stream per feed, kept for the feed's life
 * from its first use, so the arrival window does not start again when the queue list re-renders.
 *
 * The hysteresis is the tiles' on the default kiosk thresholds (warning at 80 %, clear at 85 %): the
 * panel has no screen of its own to set them, and a supervisor should read the same as the TV of a floor
 * left on its defaults. While a queue is past its warning nothing is forecast (the breach is there).
 */
import { defer, type Observable } from 'rxjs';
import { DEFAULT_KIOSK_THRESHOLDS } from '../../../domain/kiosk-board';
import type { HubEvent } from '../../../streams/hub-events';
import type { LiveFeed } from '../../../streams/live-feed';
import type { QueueForecasts } from '../../../streams/queue-forecast';
import { forecastsOf } from '../../../kiosk/boards/queue-forecast';

export const PANEL_FORECAST_THRESHOLDS = {
  serviceLevelWarningPct: DEFAULT_KIOSK_THRESHOLDS.serviceLevelWarningPct,
  serviceLevelClearWarningPct: DEFAULT_KIOSK_THRESHOLDS.serviceLevelClearWarningPct,
} as const;

/** queueId → what its card shows (null: nothing); the model starts with the first subscriber. */
export function panelForecasts$(feed: LiveFeed, events$: Observable<HubEvent>): Observable<QueueForecasts> {
  return defer(() => forecastsOf(feed, events$, PANEL_FORECAST_THRESHOLDS));
}
