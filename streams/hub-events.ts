/**
 * Raw hub records → typed hub events (ARCHITECTURE "Real time": hub$ → typed events). A record is
 * `{ name, payload }` as the SignalR layer hands it over; its payload is checked against the shapes of
 * domain `HubPushes` by small hand-written checks (the firehose path stays free of schema libraries).
 * Malformed records are dropped and reported (callback or a separate stream), never thrown.
 */
import { Observable, filter, map, share } from 'rxjs';
import { TICKER_PRIORITIES } from '../domain/kiosk-fleet';
import { EXT_STATUS, LOG_EVENT_TYPES, PBX_STATES, SPY_MODES, type HubPushName, type HubPushes } from '../domain/realtime';

export type HubEvent = { [K in HubPushName]: { name: K; payload: HubPushes[K] } }[HubPushName];
export type HubEventOf<K extends HubPushName> = Extract<HubEvent, { name: K }>;

export interface MalformedRecord {
  record: unknown;
  /** what failed, e.g. `Ringing.payload.callId` or `unknown push "Foo"` */
  reason: string;
}
export type ParsedRecord = { ok: true; event: HubEvent } | { ok: false; malformed: MalformedRecord };

/** A check returns null when the value fits, else the path of the first field that does not. */
type Check = (value: unknown) => string | null;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num: Check = (v) => (typeof v === 'number' && Number.isFinite(v) ? null : '');
const str: Check = (v) => (typeof v === 'string' ? null : '');
const bool: Check = (v) => (typeof v === 'boolean' ? null : '');
const nullable =
  (c: Check): Check =>
  (v) =>
    v === null ? null : c(v);
const optional =
  (c: Check): Check =>
  (v) =>
    v === undefined ? null : c(v);
const oneOf =
  (...allowed: readonly unknown[]): Check =>
  (v) =>
    allowed.includes(v) ? null : '';
const any: Check = () => null;
const join = (key: string | number, rest: string) => (rest ? `${key}.${rest}` : String(key));
const arrayOf =
  (c: Check): Check =>
  (v) => {
    if (!Array.isArray(v)) return '';
    for (let i = 0; i < v.length; i++) {
      const r = c(v[i]);
      if (r !== null) return join(i, r);
    }
    return null;
  };
const shape = (spec: Record<string, Check>): Check => {
  // listed once: a check runs for every push (1,300 a second on a busy floor)
  const fields = Object.entries(spec);
  return (v) => {
    if (!isRecord(v)) return '';
    for (const [key, c] of fields) {
      const r = c(v[key]);
      if (r !== null) return join(key, r);
    }
    return null;
  };
};

const extStatus = oneOf(...Object.values(EXT_STATUS));
const base = { corpId: num, ts: num };
const agentState = shape({
  dndSince: nullable(num),
  pause: nullable(shape({ queues: arrayOf(num), reason: str, label: str, since: num, warnAfterMs: nullable(num) })),
  wrapUp: nullable(shape({ since: num, until: num })),
});
const spyMode = oneOf(...SPY_MODES);
const liveExtension = shape({ corpId: num, number: str, userName: str, status: extStatus, since: num, callStart: nullable(num), peer: nullable(str), agent: optional(agentState), listening: optional(nullable(spyMode)) });
const liveChannel = shape({
  id: str,
  corpId: num,
  name: str,
  state: str,
  callerNumber: str,
  connectedNumber: str,
  extension: nullable(str),
  created: num,
});
const liveContact = shape({
  corpId: num,
  endpoint: str,
  number: str,
  viaAddr: nullable(str),
  viaPort: nullable(num),
  status: oneOf('Reachable', 'Unreachable', 'Unknown', 'NonQualified', 'Removed'),
});
const activeCall = shape({
  corpId: num,
  callId: str,
  time: num,
  profile: oneOf('saliente', 'entrante', 'internal'),
  caller: str,
  destination: str,
  dialed: str,
  receiver: str,
  trunk: nullable(str),
  spy: optional(nullable(shape({ number: str, mode: spyMode }))),
  recording: optional(bool),
});
const queueCallerFields = { corpId: num, queueId: num, callId: str, caller: str, trunkNumber: str, position: num, since: num };
const liveQueue = shape({
  corpId: num,
  queueId: num,
  name: str,
  strategy: str,
  members: arrayOf(str),
  answered: num,
  abandoned: num,
  answeredWithinSl: num,
  serviceLevelSec: num,
  wrapupSec: num,
  callers: arrayOf(shape(queueCallerFields)),
});
const callParties = { ...base, callId: str, caller: str, receiver: str };

const PAYLOADS: { [K in HubPushName]: Check } = {
  AllExtensions: shape({ ...base, extensions: arrayOf(liveExtension) }),
  AllChannels: shape({ ...base, channels: arrayOf(liveChannel) }),
  AllContacts: shape({ ...base, contacts: arrayOf(liveContact) }),
  AllQueues: shape({ ...base, queues: arrayOf(liveQueue) }),
  Ringing: shape(callParties),
  CallConnected: shape(callParties),
  DeviceStateChanged: shape({ ...base, number: str, status: extStatus, callStart: optional(nullable(num)), peer: optional(nullable(str)), listening: optional(nullable(spyMode)) }),
  Hangup: shape({ ...callParties, cause: num, duration: num }),
  ActiveCalls: shape({ ...base, calls: arrayOf(activeCall) }),
  CallerInQueue: shape({ ...queueCallerFields, ts: num }),
  deleteCaller: shape({ ...base, queueId: num, callId: str, reason: oneOf('answered', 'abandoned', 'timeout'), waitedMs: num }),
  LogMon: shape({ ...base, type: oneOf(...LOG_EVENT_TYPES), timestamp: str, device: str, state: str, event: any }),
  PbxStatus: shape({ ...base, state: oneOf(...PBX_STATES), since: num }),
  AgentState: shape({ ...base, number: str, agent: agentState }),
  KioskTicker: shape({
    ...base,
    messages: arrayOf(shape({ id: num, corpId: num, text: str, priority: oneOf(...TICKER_PRIORITIES), screens: arrayOf(num), createdAt: num, expiresAt: num, author: str })),
  }),
  KioskAlert: shape({ ...base, screenId: num, name: str, state: oneOf('dark', 'live'), seenAt: num }),
};

export const HUB_PUSH_NAMES = Object.keys(PAYLOADS) as HubPushName[];
const isPushName = (name: unknown): name is HubPushName => typeof name === 'string' && Object.hasOwn(PAYLOADS, name);

/** Checks one raw record; pure, never throws. */
export function parseHubRecord(record: unknown): ParsedRecord {
  const bad = (reason: string): ParsedRecord => ({ ok: false, malformed: { record, reason } });
  if (!isRecord(record)) return bad('not an object');
  const { name, payload } = record;
  if (!isPushName(name)) return bad(`unknown push ${JSON.stringify(name) ?? String(name)}`);
  const failed = PAYLOADS[name](payload);
  if (failed !== null) return bad(failed ? `${name}.payload.${failed}` : `${name}.payload`);
  return { ok: true, event: { name, payload } as HubEvent };
}

/**
 * Typed events of a raw record stream; malformed records are dropped and handed to `onMalformed`
 * (a throwing callback is swallowed: reporting must not break the feed).
 */
export function toTypedEvents(raw$: Observable<unknown>, onMalformed?: (malformed: MalformedRecord) => void): Observable<HubEvent> {
  // one subscriber, not map + filter + map: every push of the firehose passes here
  return new Observable<HubEvent>((subscriber) =>
    raw$.subscribe({
      next: (record) => {
        const parsed = parseHubRecord(record);
        if (parsed.ok) {
          subscriber.next(parsed.event);
          return;
        }
        try {
          onMalformed?.(parsed.malformed);
        } catch {
          // a reporter's failure is not the feed's failure
        }
      },
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    }),
  );
}

/** The same split as two streams sharing one subscription to `raw$`. */
export function splitHubRecords(raw$: Observable<unknown>): { events$: Observable<HubEvent>; malformed$: Observable<MalformedRecord> } {
  const parsed$ = raw$.pipe(map(parseHubRecord), share());
  return {
    events$: parsed$.pipe(
      filter((r): r is Extract<ParsedRecord, { ok: true }> => r.ok),
      map((r) => r.event),
    ),
    malformed$: parsed$.pipe(
      filter((r): r is Extract<ParsedRecord, { ok: false }> => !r.ok),
      map((r) => r.malformed),
    ),
  };
}

/** Narrowing filter by push name: `events$.pipe(filter(isPush('Hangup')))`. */
export function isPush<K extends HubPushName>(...names: K[]): (event: HubEvent) => event is HubEventOf<K> {
  return (event): event is HubEventOf<K> => (names as HubPushName[]).includes(event.name);
}

/** Every push carries its corp. */
export const corpOf = (event: HubEvent): number => event.payload.corpId;
/** Keeps the events of one corp (the hub already groups connections by corp; this is the client's guard). */
export const ofCorp =
  (corpId: number) =>
  (event: HubEvent): boolean =>
    corpOf(event) === corpId;
