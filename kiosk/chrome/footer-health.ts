/**
 * What the kiosk footer reads of the connection health (issue 13: the footer said "Waiting for data"
 * for a second while the first numbers were already on the board). Pure, no DOM.
 *
 * "Data as of" moves with every event, so the footer redraws at most once a second for it; but a change
 * of what the data IS (the connection state, stale or fresh, none yet or some) shows at once.
 */
import { asyncScheduler, auditTime, distinctUntilChanged, merge, type Observable, type SchedulerLike } from 'rxjs';
import type { ConnectionHealth } from '../../streams/connection-health';
import { deepEqual } from '../../streams/deep-equal';

export const FOOTER_REFRESH_MS = 1000;

/** The part of the health that changes what the footer says (not only the time it shows). */
function sameKind(a: ConnectionHealth, b: ConnectionHealth): boolean {
  return a.state === b.state && a.stale === b.stale && (a.asOf === null) === (b.asOf === null);
}

export function footerHealth(health$: Observable<ConnectionHealth>, scheduler: SchedulerLike = asyncScheduler): Observable<ConnectionHealth> {
  return merge(health$.pipe(auditTime(FOOTER_REFRESH_MS, scheduler)), health$.pipe(distinctUntilChanged(sameKind))).pipe(distinctUntilChanged(deepEqual));
}

/** The footer's data line: none yet, or the time of the newest data (a key and its parameters). */
export function footerDataLine(health: ConnectionHealth | null): { key: 'kiosk.health.noData' | 'kiosk.health.asOf' | 'kiosk.health.staleAsOf'; asOf: number | null } {
  if (!health || health.asOf === null) return { key: 'kiosk.health.noData', asOf: null };
  return { key: health.stale ? 'kiosk.health.staleAsOf' : 'kiosk.health.asOf', asOf: health.asOf };
}
