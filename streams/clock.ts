/**
 * The one shared clock (STYLE 4, ARCHITECTURE "Real time"): elapsed times on the board are computed
 * from start timestamps and this clock, never from one interval per tile. It ticks every
 * TIMING.callTimerRefreshMs (500 ms, spec 1 §9) and emits the scheduler's time in ms; create it once per
 * page and hand it to whatever needs "now". The scheduler is injected so tests run it in virtual time.
 */
import { Observable, asyncScheduler, map, share, timer, type SchedulerLike } from 'rxjs';
import { TIMING } from '../domain/constants';

export function clock$(scheduler: SchedulerLike = asyncScheduler, periodMs: number = TIMING.callTimerRefreshMs): Observable<number> {
  return timer(0, periodMs, scheduler).pipe(
    map(() => scheduler.now()),
    share(),
  );
}

/** Elapsed ms from a start timestamp at `now`; 0 without a start or before it. */
export function elapsedSince(start: number | null, now: number): number {
  return start === null ? 0 : Math.max(0, now - start);
}
