/**
 * Reading one WebSocket message of the ARI event stream (reference/protocols.md §3.2-3.4).
 *
 * - `malformed`: not JSON, not an object, no `type`/`timestamp`, or a known type without the nested
 *   object its consumers read (a channel without `id`, a bridge without `channels`, ...). Dropped.
 * - `ignored`: a well-formed event of a type outside our model (StasisStart, ChannelTalkingStarted,
 *   ChannelUserevent, ...). Dropped; they say nothing the console shows.
 * - `event`: forwarded as is. `problems` lists what `checkAriEvent` finds beyond the essentials
 *   (a missing `language`, an odd timestamp, ...): counted and logged, but the event still goes out,
 *   since dropping a real ChannelDestroyed for a cosmetic field would leave a call on the board.
 */
import { checkAriEvent, type AriEvent, type AriEventType } from '../ari';

export type AriMessage =
  | { kind: 'event'; event: AriEvent; problems: string[] }
  /** `body`: the parsed object, for the adapter's own use (a campaign call's StasisStart, PlaybackFinished) */
  | { kind: 'ignored'; type: string; body: Record<string, unknown> }
  | { kind: 'malformed'; reason: string };

const KNOWN_TYPES: ReadonlySet<string> = new Set<AriEventType>([
  'ChannelCreated',
  'ChannelDestroyed',
  'ChannelStateChange',
  'ChannelDialplan',
  'ChannelVarset',
  'ChannelCallerId',
  'ChannelConnectedLine',
  'ChannelHangupRequest',
  'ChannelHold',
  'ChannelUnhold',
  'ChannelEnteredBridge',
  'ChannelLeftBridge',
  'BridgeCreated',
  'BridgeDestroyed',
  'Dial',
  'DeviceStateChanged',
  'EndpointStateChange',
  'ContactStatusChange',
  'PeerStatusChange',
]);

type Json = Record<string, unknown>;

function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function hasId(v: unknown): boolean {
  return isObj(v) && typeof v.id === 'string';
}

function isBridge(v: unknown): boolean {
  return hasId(v) && Array.isArray((v as Json).channels);
}

function isEndpoint(v: unknown): boolean {
  return isObj(v) && typeof v.technology === 'string' && typeof v.resource === 'string';
}

/** what a consumer dereferences without checking; null = usable */
function missingEssential(e: Json, type: string): string | null {
  switch (type) {
    case 'ChannelVarset':
      if (typeof e.variable !== 'string') return 'variable';
      return e.channel === undefined || hasId(e.channel) ? null : 'channel';
    case 'ChannelEnteredBridge':
      if (!isBridge(e.bridge)) return 'bridge';
      return e.channel === undefined || hasId(e.channel) ? null : 'channel';
    case 'ChannelLeftBridge':
      if (!isBridge(e.bridge)) return 'bridge';
      return hasId(e.channel) ? null : 'channel';
    case 'BridgeCreated':
    case 'BridgeDestroyed':
      return isBridge(e.bridge) ? null : 'bridge';
    case 'Dial':
      if (!hasId(e.peer)) return 'peer';
      if (e.caller !== undefined && !hasId(e.caller)) return 'caller';
      return typeof e.dialstatus === 'string' ? null : 'dialstatus';
    case 'DeviceStateChanged':
      return isObj(e.device_state) && typeof e.device_state.name === 'string' && typeof e.device_state.state === 'string' ? null : 'device_state';
    case 'EndpointStateChange':
      return isEndpoint(e.endpoint) ? null : 'endpoint';
    case 'ContactStatusChange':
      if (!isEndpoint(e.endpoint)) return 'endpoint';
      return isObj(e.contact_info) && typeof e.contact_info.uri === 'string' && typeof e.contact_info.contact_status === 'string' ? null : 'contact_info';
    case 'PeerStatusChange':
      if (!isEndpoint(e.endpoint)) return 'endpoint';
      return isObj(e.peer) ? null : 'peer';
    default:
      // every other known type carries a required channel
      return hasId(e.channel) ? null : 'channel';
  }
}

export function parseAriMessage(text: string): AriMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'malformed', reason: 'not JSON' };
  }
  if (!isObj(value)) return { kind: 'malformed', reason: 'not an object' };
  if (typeof value.type !== 'string' || value.type === '') return { kind: 'malformed', reason: 'no type' };
  if (typeof value.timestamp !== 'string') return { kind: 'malformed', reason: `${value.type} without timestamp` };
  if (!KNOWN_TYPES.has(value.type)) return { kind: 'ignored', type: value.type, body: value };
  const missing = missingEssential(value, value.type);
  if (missing) return { kind: 'malformed', reason: `${value.type} without a usable ${missing}` };
  return { kind: 'event', event: value as unknown as AriEvent, problems: checkAriEvent(value) };
}
