/**
 * Last finished calls per extension (B-PNL-24): `(events$, {corpId}) => Observable<CallHistories>`.
 * A Hangup is appended, newest first and at most LIMITS.callHistory, to both parties that are
 * extensions of the latest AllExtensions snapshot (outside numbers are not kept, so a board left on
 * for days does not collect them); an extension that leaves a snapshot loses its history. Entries are
 * built by the same helpers as the extension machine's history, so both read alike.
 * Emits after the first snapshot, then only on change.
 */
import { Observable, distinctUntilChanged, filter, map, scan } from 'rxjs';
import { appendHistory, historyEntry, type CallHistoryEntry } from '../machines/extension-machine';
import { deepEqual } from './deep-equal';
import { isPush, ofCorp, type HubEvent } from './hub-events';

export type CallHistories = Record<string, CallHistoryEntry[]>;

interface Acc {
  ready: boolean;
  histories: CallHistories;
}

export function callHistory(events$: Observable<HubEvent>, options: { corpId: number }): Observable<CallHistories> {
  return events$.pipe(
    filter(ofCorp(options.corpId)),
    filter(isPush('AllExtensions', 'Hangup')),
    scan(
      (acc: Acc, event): Acc => {
        if (event.name === 'AllExtensions') {
          const histories: CallHistories = {};
          for (const ext of event.payload.extensions) {
            if (ext.corpId === options.corpId) histories[ext.number] = acc.histories[ext.number] ?? [];
          }
          return { ready: true, histories };
        }
        const { caller, receiver, ts: at } = event.payload;
        const entry = historyEntry({ ...event.payload, at });
        let histories = acc.histories;
        for (const number of caller === receiver ? [caller] : [caller, receiver]) {
          const held = histories[number];
          if (held) histories = { ...histories, [number]: appendHistory(held, entry) };
        }
        return histories === acc.histories ? acc : { ...acc, histories };
      },
      { ready: false, histories: {} },
    ),
    filter((acc) => acc.ready),
    map((acc) => acc.histories),
    distinctUntilChanged(deepEqual),
  );
}

/** One extension's history (empty when it is not on the board). */
export function callHistoryOf(histories$: Observable<CallHistories>, number: string): Observable<CallHistoryEntry[]> {
  return histories$.pipe(
    map((all) => all[number] ?? []),
    distinctUntilChanged(deepEqual),
  );
}
