/**
 * What the ticker band of one screen shows (H-TICK-01), as a stream: the corp's messages from the
 * KioskTicker pushes (within a second of the push) and from the heartbeat's answers (a TV that missed
 * a push, or a NOC screen whose page connection is another corp's, catches up at the next beat).
 * Each source is stamped with the server time it speaks for and the newer wins, so a beat answered
 * before a push cannot take its message away again. Expired messages leave on the shared clock.
 */
import { combineLatest, distinctUntilChanged, filter, map, merge, scan, startWith, type Observable } from 'rxjs';
import { tickerOfScreen, type KioskTickerMessage } from '../../domain/kiosk-fleet';
import type { HubEvent, HubEventOf } from '../../streams/hub-events';

export interface TickerSnapshot {
  messages: readonly KioskTickerMessage[];
  /** server ms the list speaks for */
  at: number;
}

const key = (list: readonly KioskTickerMessage[]) => list.map((m) => `${m.id}:${m.expiresAt}`).join(',');

export function tickerFeed(events$: Observable<HubEvent>, answers$: Observable<TickerSnapshot>, clock$: Observable<number>, screenId: number): Observable<KioskTickerMessage[]> {
  const pushed$ = events$.pipe(
    // (a plain guard, not isPush: the lazy chunk imports nothing of streams/hub-events at run time)
    filter((e): e is HubEventOf<'KioskTicker'> => e.name === 'KioskTicker'),
    map((e): TickerSnapshot => ({ messages: e.payload.messages, at: e.payload.ts })),
  );
  const latest$ = merge(pushed$, answers$).pipe(
    scan((kept: TickerSnapshot, next: TickerSnapshot) => (next.at >= kept.at ? next : kept), { messages: [], at: Number.NEGATIVE_INFINITY }),
    startWith({ messages: [], at: Number.NEGATIVE_INFINITY }),
  );
  return combineLatest([latest$, clock$]).pipe(
    map(([snapshot, now]) => tickerOfScreen(snapshot.messages, screenId, now)),
    distinctUntilChanged((a, b) => key(a) === key(b)),
  );
}
