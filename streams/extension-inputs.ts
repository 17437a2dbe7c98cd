/**
 * Typed hub events → per-extension machine inputs (STYLE 8: split the firehose by key).
 *
 * `extensionEventsFromHub` is the one mapping from a hub push to extension machine events (a call push
 * concerns two parties, a snapshot every extension). `extensionInputs` groups them by extension
 * (`groupBy` on corp + number): one inner stream per extension of the latest AllExtensions snapshot,
 * completed when the extension leaves a snapshot. `registryEvents` is the flat form the registry
 * machine takes. Events of other corps are dropped by the injected corpId.
 */
import { Observable, filter, groupBy, map, mergeMap, scan } from 'rxjs';
import { endpointName } from '../domain/realtime';
import type { ExtensionEvent } from '../machines/extension-machine';
import type { RegistryEvent } from '../machines/extension-registry';
import { ofCorp, type HubEvent } from './hub-events';

/** The machine events one hub push means, for the extensions it names (parties may be outside numbers). */
export function extensionEventsFromHub(event: HubEvent): ExtensionEvent[] {
  switch (event.name) {
    case 'AllExtensions':
      return event.payload.extensions
        .filter((extension) => extension.corpId === event.payload.corpId)
        .map((extension) => ({ type: 'SNAPSHOT', extension }));
    case 'Ringing': {
      const { corpId, callId, caller, receiver, ts: at } = event.payload;
      const out: ExtensionEvent[] = [{ type: 'RINGING', corpId, number: caller, role: 'caller', callId, peer: receiver, at }];
      if (receiver !== caller) out.push({ type: 'RINGING', corpId, number: receiver, role: 'receiver', callId, peer: caller, at });
      return out;
    }
    case 'CallConnected': {
      const { corpId, callId, caller, receiver, ts: at } = event.payload;
      return parties(caller, receiver).map((number) => ({
        type: 'CALL_CONNECTED',
        corpId,
        number,
        callId,
        peer: number === caller ? receiver : caller,
        at,
      }));
    }
    case 'DeviceStateChanged': {
      const { corpId, number, status, callStart, peer, listening, ts: at } = event.payload;
      const details = { ...(callStart !== undefined ? { callStart } : {}), ...(peer !== undefined ? { peer } : {}), ...(listening !== undefined ? { listening } : {}) };
      return [{ type: 'DEVICE_STATE', corpId, number, status, ...details, at }];
    }
    case 'AgentState': {
      const { corpId, number, agent, ts: at } = event.payload;
      return [{ type: 'AGENT', corpId, number, agent, at }];
    }
    case 'Hangup': {
      const { corpId, callId, caller, receiver, cause, duration, ts: at } = event.payload;
      return parties(caller, receiver).map((number) => ({ type: 'HANGUP', corpId, number, callId, caller, receiver, cause, duration, at }));
    }
    default:
      return [];
  }
}

const parties = (caller: string, receiver: string) => (caller === receiver ? [caller] : [caller, receiver]);

const numberOf = (e: ExtensionEvent) => (e.type === 'SNAPSHOT' ? e.extension.number : e.number);

const NONE: readonly RegistryEvent[] = [];

/**
 * The flat input of the registry machine: snapshots whole, everything else per extension. Each push's
 * events are emitted in a loop: `mergeMap` over the array subscribed an inner observable per push, a
 * third of the stream's cost at 600 pushes a second (bench:wallboard --profile, cheap-500).
 */
export function registryEvents(events$: Observable<HubEvent>, corpId: number): Observable<RegistryEvent> {
  const toRegistry = (event: HubEvent): readonly RegistryEvent[] => {
    if (event.payload.corpId !== corpId) return NONE;
    return event.name === 'AllExtensions' ? [{ type: 'EXTENSIONS', snapshot: event.payload }] : extensionEventsFromHub(event);
  };
  return new Observable<RegistryEvent>((subscriber) =>
    events$.subscribe({
      next: (event) => {
        let out: readonly RegistryEvent[];
        try {
          out = toRegistry(event);
        } catch (error) {
          subscriber.error(error);
          return;
        }
        for (const registryEvent of out) subscriber.next(registryEvent);
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    }),
  );
}

export interface ExtensionFeed {
  /** `{corpId}_{number}` (domain endpointName) */
  key: string;
  corpId: number;
  number: string;
  /**
   * The events of this extension, starting with its SNAPSHOT; completes when the extension leaves a
   * snapshot. Hot: subscribe when the input is emitted (e.g. inside mergeMap), not later.
   */
  events$: Observable<ExtensionEvent>;
}

type Item = { key: string; event: ExtensionEvent } | { key: string; removed: true };
interface Acc {
  known: ReadonlySet<string>;
  items: Item[];
}

/**
 * One inner stream per extension of the corp. Events for numbers that are not in the latest snapshot
 * (outside parties, or before the first snapshot) are dropped, so no group is opened for them and a
 * board left on for days does not collect groups.
 */
export function extensionInputs(events$: Observable<HubEvent>, corpId: number): Observable<ExtensionFeed> {
  const keyOf = (number: string) => endpointName(corpId, number);
  const toItem = (event: ExtensionEvent): Item => ({ key: keyOf(numberOf(event)), event });
  return events$.pipe(
    filter(ofCorp(corpId)),
    scan<HubEvent, Acc>(
      (acc, event) => {
        const out = extensionEventsFromHub(event);
        if (event.name === 'AllExtensions') {
          const known = new Set(out.map(numberOf));
          const removed: Item[] = [...acc.known].filter((n) => !known.has(n)).map((n) => ({ key: keyOf(n), removed: true }));
          return { known, items: [...removed, ...out.map(toItem)] };
        }
        return { known: acc.known, items: out.filter((e) => acc.known.has(numberOf(e))).map(toItem) };
      },
      { known: new Set<string>(), items: [] },
    ),
    mergeMap((acc) => acc.items),
    groupBy((item) => item.key, { duration: (group) => group.pipe(filter((item) => 'removed' in item)) }),
    // groupBy emits the group before its first item: a subscriber that subscribes to events$ when the
    // input arrives sees the SNAPSHOT that opened it
    map((group) => ({
      key: group.key,
      corpId,
      number: group.key.slice(String(corpId).length + 1),
      events$: group.pipe(
        filter((item): item is Extract<Item, { event: ExtensionEvent }> => 'event' in item),
        map((item) => item.event),
      ),
    })),
  );
}
