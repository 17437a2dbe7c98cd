/**
 * The live screens' streams (STYLE 7/8): pure functions of an injected hub event stream, no React,
 * no SignalR. Each ends with distinctUntilChanged so React re-renders only on real changes.
 */
import { Observable, combineLatest, merge, distinctUntilChanged, filter, map, scan, startWith } from 'rxjs';
import type { LiveContact, LiveExtension } from '../../../domain/realtime';
import { deepEqual } from '../../../streams/deep-equal';
import { isPush, ofCorp, type HubEvent } from '../../../streams/hub-events';
import { contactRows, type ExtensionMonitorRow } from './live-rows';
import { pushLog, type LogBuffer } from './log-buffer';

/**
 * AllContacts joined with the corp's extensions: the latest AllExtensions, with each DeviceStateChanged
 * applied to its extension's status (the panel's own inputs, so the two agree on who is online). Null
 * until both an AllContacts and an AllExtensions have arrived. Refresh asks for both again, so a
 * deleted extension leaves the table.
 */
export function extensionMonitorRows(events$: Observable<HubEvent>, corpId: number): Observable<ExtensionMonitorRow[] | null> {
  const mine$ = events$.pipe(filter(ofCorp(corpId)));
  const contacts$ = mine$.pipe(
    filter(isPush('AllContacts')),
    map((e): LiveContact[] | null => e.payload.contacts),
    startWith(null),
  );
  const extensions$ = mine$.pipe(
    filter((e) => e.name === 'AllExtensions' || e.name === 'DeviceStateChanged'),
    scan((list: readonly LiveExtension[] | null, e: HubEvent): readonly LiveExtension[] | null => {
      if (e.name === 'AllExtensions') return e.payload.extensions;
      if (e.name !== 'DeviceStateChanged' || list === null) return list;
      const { number, status } = e.payload;
      return list.some((x) => x.number === number && x.status !== status) ? list.map((x) => (x.number === number ? { ...x, status } : x)) : list;
    }, null),
    startWith(null),
  );
  return combineLatest([contacts$, extensions$]).pipe(
    map(([contacts, extensions]) => (contacts === null || extensions === null ? null : contactRows(contacts, extensions))),
    distinctUntilChanged(deepEqual),
  );
}

/** LogMon pushes folded into a buffer; `control$` applies pause/resume/clear (pure reducers). */
export function logMonitor(
  events$: Observable<HubEvent>,
  corpId: number,
  control$: Observable<(buffer: LogBuffer) => LogBuffer>,
  initial: LogBuffer,
): Observable<LogBuffer> {
  const pushes$ = events$.pipe(
    filter(ofCorp(corpId)),
    filter(isPush('LogMon')),
    map((e) => (buffer: LogBuffer) => pushLog(buffer, e.payload)),
  );
  return merge(pushes$, control$).pipe(
    scan((buffer, step) => step(buffer), initial),
    startWith(initial),
    distinctUntilChanged(),
  );
}
