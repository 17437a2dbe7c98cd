/**
 * The Asterisk ARI event model (reference/protocols.md §3.2-3.4, from rest-api/api-docs/events.json
 * and the C that emits it). Both the simulator and a real ARI connection produce these objects.
 */

/** Channel states as the code emits them (open union: also 'Unknown (n)'), §6.2. */
export type AriChannelState =
  | 'Down'
  | 'Rsrvd'
  | 'OffHook'
  | 'Dialing'
  | 'Ring'
  | 'Ringing'
  | 'Up'
  | 'Busy'
  | 'Dialing Offhook'
  | 'Pre-ring'
  | 'Mute'
  | (string & {});

export interface AriCallerId {
  name: string;
  number: string;
}

export interface AriDialplanCep {
  context: string;
  exten: string;
  priority: number;
  app_name: string;
  app_data: string;
}

export interface AriChannel {
  id: string;
  name: string;
  state: AriChannelState;
  protocol_id: string;
  caller: AriCallerId;
  connected: AriCallerId;
  accountcode: string;
  dialplan: AriDialplanCep;
  creationtime: string;
  language: string;
  caller_rdnis?: string;
  channelvars?: Record<string, string>;
  tenantid?: string;
}

export interface AriBridge {
  id: string;
  technology: string;
  bridge_type: 'mixing' | 'holding';
  bridge_class: string;
  creator: string;
  name: string;
  channels: string[];
  creationtime: string;
  video_mode?: string;
  video_source_id?: string;
}

export type AriDeviceStateValue = 'UNKNOWN' | 'NOT_INUSE' | 'INUSE' | 'BUSY' | 'INVALID' | 'UNAVAILABLE' | 'RINGING' | 'RINGINUSE' | 'ONHOLD';

export interface AriDeviceState {
  name: string;
  state: AriDeviceStateValue;
}

export interface AriEndpoint {
  technology: string;
  resource: string;
  state: 'unknown' | 'offline' | 'online';
  channel_ids: string[];
  max_channels?: number;
}

export type AriContactStatus = 'Unreachable' | 'Reachable' | 'Unknown' | 'NonQualified' | 'Removed';

export interface AriContactInfo {
  uri: string;
  contact_status: AriContactStatus;
  aor: string;
  roundtrip_usec?: string;
}

export interface AriPeer {
  peer_status: string;
  cause?: string;
  address?: string;
  port?: string;
  time?: string;
}

export type DialStatus = '' | 'RINGING' | 'PROGRESS' | 'PROCEEDING' | 'ANSWER' | 'BUSY' | 'NOANSWER' | 'CANCEL' | 'CONGESTION' | 'CHANUNAVAIL' | 'CONTINUE' | 'GOTO' | 'ABORT';

interface Envelope<T extends string> {
  type: T;
  /** `2024-05-01T10:15:30.123+0000` */
  timestamp: string;
  application: string;
  asterisk_id?: string;
}

export interface ChannelCreatedEvent extends Envelope<'ChannelCreated'> {
  channel: AriChannel;
}
export interface ChannelDestroyedEvent extends Envelope<'ChannelDestroyed'> {
  cause: number;
  cause_txt: string;
  tech_cause?: number;
  channel: AriChannel;
}
export interface ChannelStateChangeEvent extends Envelope<'ChannelStateChange'> {
  channel: AriChannel;
}
export interface ChannelDialplanEvent extends Envelope<'ChannelDialplan'> {
  channel: AriChannel;
  dialplan_app: string;
  dialplan_app_data: string;
}
export interface ChannelVarsetEvent extends Envelope<'ChannelVarset'> {
  variable: string;
  value: string;
  channel?: AriChannel;
}
export interface ChannelCallerIdEvent extends Envelope<'ChannelCallerId'> {
  caller_presentation: number;
  caller_presentation_txt: string;
  channel: AriChannel;
}
export interface ChannelConnectedLineEvent extends Envelope<'ChannelConnectedLine'> {
  channel: AriChannel;
}
export interface ChannelHangupRequestEvent extends Envelope<'ChannelHangupRequest'> {
  cause?: number;
  tech_cause?: number;
  soft?: boolean;
  channel: AriChannel;
}
export interface ChannelHoldEvent extends Envelope<'ChannelHold'> {
  channel: AriChannel;
  musicclass?: string;
}
export interface ChannelUnholdEvent extends Envelope<'ChannelUnhold'> {
  channel: AriChannel;
}
export interface ChannelEnteredBridgeEvent extends Envelope<'ChannelEnteredBridge'> {
  bridge: AriBridge;
  channel?: AriChannel;
}
export interface ChannelLeftBridgeEvent extends Envelope<'ChannelLeftBridge'> {
  bridge: AriBridge;
  channel: AriChannel;
}
export interface BridgeCreatedEvent extends Envelope<'BridgeCreated'> {
  bridge: AriBridge;
}
export interface BridgeDestroyedEvent extends Envelope<'BridgeDestroyed'> {
  bridge: AriBridge;
}
export interface DialEvent extends Envelope<'Dial'> {
  caller?: AriChannel;
  peer: AriChannel;
  forward?: string;
  forwarded?: AriChannel;
  dialstring?: string;
  dialstatus: DialStatus;
}
export interface DeviceStateChangedEvent extends Envelope<'DeviceStateChanged'> {
  device_state: AriDeviceState;
}
export interface EndpointStateChangeEvent extends Envelope<'EndpointStateChange'> {
  endpoint: AriEndpoint;
}
export interface ContactStatusChangeEvent extends Envelope<'ContactStatusChange'> {
  endpoint: AriEndpoint;
  contact_info: AriContactInfo;
}
export interface PeerStatusChangeEvent extends Envelope<'PeerStatusChange'> {
  endpoint: AriEndpoint;
  peer: AriPeer;
}

export type AriEvent =
  | ChannelCreatedEvent
  | ChannelDestroyedEvent
  | ChannelStateChangeEvent
  | ChannelDialplanEvent
  | ChannelVarsetEvent
  | ChannelCallerIdEvent
  | ChannelConnectedLineEvent
  | ChannelHangupRequestEvent
  | ChannelHoldEvent
  | ChannelUnholdEvent
  | ChannelEnteredBridgeEvent
  | ChannelLeftBridgeEvent
  | BridgeCreatedEvent
  | BridgeDestroyedEvent
  | DialEvent
  | DeviceStateChangedEvent
  | EndpointStateChangeEvent
  | ContactStatusChangeEvent
  | PeerStatusChangeEvent;

export type AriEventType = AriEvent['type'];

/** Distributes Omit over the union (keeps each member's own fields). */
export type AriEventBody = AriEvent extends infer E ? (E extends AriEvent ? Omit<E, 'timestamp' | 'application' | 'asterisk_id'> : never) : never;

/** Asterisk's AST_ISO8601_FORMAT in UTC: `2024-05-01T10:15:30.123+0000`. */
export function ariTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+0000');
}

/** Parses an ARI timestamp (offset with or without colon) to ms; NaN when invalid. */
export function parseAriTimestamp(text: string): number {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?)([+-])(\d\d):?(\d\d)$/.exec(text);
  if (!m) return Date.parse(text);
  return Date.parse(`${m[1]}${m[2]}${m[3]}:${m[4]}`);
}

/** Q.850 cause texts as Asterisk prints them (main/channel.c `causes[]`). */
export const CAUSE_TXT: Record<number, string> = {
  0: 'Unknown',
  1: 'Unallocated (unassigned) number',
  16: 'Normal Clearing',
  17: 'User busy',
  18: 'No user responding',
  19: 'User alerting, no answer',
  20: 'Subscriber absent',
  21: 'Call Rejected',
  26: 'Answered elsewhere',
  27: 'Destination out of order',
  34: 'Circuit/channel congestion',
  127: 'Interworking, unspecified',
};

// ---------------------------------------------------------------------------------- shape check

const CHANNEL_STATES = ['Down', 'Rsrvd', 'OffHook', 'Dialing', 'Ring', 'Ringing', 'Up', 'Busy', 'Dialing Offhook', 'Pre-ring', 'Mute'];
const DEVICE_STATES = ['UNKNOWN', 'NOT_INUSE', 'INUSE', 'BUSY', 'INVALID', 'UNAVAILABLE', 'RINGING', 'RINGINUSE', 'ONHOLD'];
const CONTACT_STATUSES = ['Unreachable', 'Reachable', 'Unknown', 'NonQualified', 'Removed'];
const DIAL_STATUSES = ['', 'RINGING', 'PROGRESS', 'PROCEEDING', 'ANSWER', 'BUSY', 'NOANSWER', 'CANCEL', 'CONGESTION', 'CHANUNAVAIL', 'CONTINUE', 'GOTO', 'ABORT'];
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d{4}$/;

type Json = Record<string, unknown>;
function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(o: Json, key: string, path: string, errors: string[], optional = false): void {
  if (o[key] === undefined && optional) return;
  if (typeof o[key] !== 'string') errors.push(`${path}.${key}: expected string`);
}
function num(o: Json, key: string, path: string, errors: string[], optional = false): void {
  if (o[key] === undefined && optional) return;
  if (typeof o[key] !== 'number' || !Number.isInteger(o[key])) errors.push(`${path}.${key}: expected integer`);
}

function checkCallerId(v: unknown, path: string, errors: string[]): void {
  if (!isObj(v)) return void errors.push(`${path}: expected CallerID`);
  str(v, 'name', path, errors);
  str(v, 'number', path, errors);
}

export function checkChannel(v: unknown, path: string, errors: string[]): void {
  if (!isObj(v)) return void errors.push(`${path}: expected Channel`);
  for (const k of ['id', 'name', 'protocol_id', 'accountcode', 'language']) str(v, k, path, errors);
  str(v, 'state', path, errors);
  if (typeof v.state === 'string' && !CHANNEL_STATES.includes(v.state) && !/^Unknown \(\d+\)$/.test(v.state)) errors.push(`${path}.state: '${v.state}'`);
  if (typeof v.creationtime !== 'string' || !TIMESTAMP.test(v.creationtime)) errors.push(`${path}.creationtime: expected ARI timestamp`);
  checkCallerId(v.caller, `${path}.caller`, errors);
  checkCallerId(v.connected, `${path}.connected`, errors);
  if (!isObj(v.dialplan)) errors.push(`${path}.dialplan: expected DialplanCEP`);
  else {
    for (const k of ['context', 'exten', 'app_name', 'app_data']) str(v.dialplan, k, `${path}.dialplan`, errors);
    num(v.dialplan, 'priority', `${path}.dialplan`, errors);
  }
}

function checkBridge(v: unknown, path: string, errors: string[]): void {
  if (!isObj(v)) return void errors.push(`${path}: expected Bridge`);
  for (const k of ['id', 'technology', 'bridge_class', 'creator', 'name', 'creationtime']) str(v, k, path, errors);
  if (v.bridge_type !== 'mixing' && v.bridge_type !== 'holding') errors.push(`${path}.bridge_type: '${String(v.bridge_type)}'`);
  if (!Array.isArray(v.channels) || !v.channels.every((c) => typeof c === 'string')) errors.push(`${path}.channels: expected string[]`);
}

function checkEndpoint(v: unknown, path: string, errors: string[]): void {
  if (!isObj(v)) return void errors.push(`${path}: expected Endpoint`);
  str(v, 'technology', path, errors);
  str(v, 'resource', path, errors);
  if (!['unknown', 'offline', 'online'].includes(String(v.state))) errors.push(`${path}.state: '${String(v.state)}'`);
  if (!Array.isArray(v.channel_ids) || !v.channel_ids.every((c) => typeof c === 'string')) errors.push(`${path}.channel_ids: expected string[]`);
}

/**
 * Checks an event against the ARI model: envelope, required fields and their types, enumerations.
 * Returns the list of problems (empty = valid).
 */
export function checkAriEvent(event: unknown): string[] {
  const errors: string[] = [];
  if (!isObj(event)) return ['event: expected object'];
  const e = event;
  str(e, 'type', 'event', errors);
  str(e, 'application', 'event', errors);
  str(e, 'asterisk_id', 'event', errors, true);
  if (typeof e.timestamp !== 'string' || !TIMESTAMP.test(e.timestamp)) errors.push('event.timestamp: expected ARI timestamp');
  const t = String(e.type);
  switch (t) {
    case 'ChannelCreated':
    case 'ChannelStateChange':
    case 'ChannelConnectedLine':
    case 'ChannelUnhold':
      checkChannel(e.channel, 'channel', errors);
      break;
    case 'ChannelDestroyed':
      checkChannel(e.channel, 'channel', errors);
      num(e, 'cause', 'event', errors);
      str(e, 'cause_txt', 'event', errors);
      num(e, 'tech_cause', 'event', errors, true);
      break;
    case 'ChannelDialplan':
      checkChannel(e.channel, 'channel', errors);
      str(e, 'dialplan_app', 'event', errors);
      str(e, 'dialplan_app_data', 'event', errors);
      break;
    case 'ChannelVarset':
      str(e, 'variable', 'event', errors);
      str(e, 'value', 'event', errors);
      if (e.channel !== undefined) checkChannel(e.channel, 'channel', errors);
      break;
    case 'ChannelCallerId':
      checkChannel(e.channel, 'channel', errors);
      num(e, 'caller_presentation', 'event', errors);
      str(e, 'caller_presentation_txt', 'event', errors);
      break;
    case 'ChannelHangupRequest':
      checkChannel(e.channel, 'channel', errors);
      num(e, 'cause', 'event', errors, true);
      num(e, 'tech_cause', 'event', errors, true);
      if (e.soft !== undefined && typeof e.soft !== 'boolean') errors.push('event.soft: expected boolean');
      break;
    case 'ChannelHold':
      checkChannel(e.channel, 'channel', errors);
      str(e, 'musicclass', 'event', errors, true);
      break;
    case 'ChannelEnteredBridge':
      checkBridge(e.bridge, 'bridge', errors);
      if (e.channel !== undefined) checkChannel(e.channel, 'channel', errors);
      break;
    case 'ChannelLeftBridge':
      checkBridge(e.bridge, 'bridge', errors);
      checkChannel(e.channel, 'channel', errors);
      break;
    case 'BridgeCreated':
    case 'BridgeDestroyed':
      checkBridge(e.bridge, 'bridge', errors);
      break;
    case 'Dial':
      checkChannel(e.peer, 'peer', errors);
      if (e.caller !== undefined) checkChannel(e.caller, 'caller', errors);
      if (e.forwarded !== undefined) checkChannel(e.forwarded, 'forwarded', errors);
      str(e, 'dialstring', 'event', errors, true);
      str(e, 'forward', 'event', errors, true);
      if (typeof e.dialstatus !== 'string' || !DIAL_STATUSES.includes(e.dialstatus)) errors.push(`event.dialstatus: '${String(e.dialstatus)}'`);
      break;
    case 'DeviceStateChanged':
      if (!isObj(e.device_state)) errors.push('device_state: expected DeviceState');
      else {
        str(e.device_state, 'name', 'device_state', errors);
        if (!DEVICE_STATES.includes(String(e.device_state.state))) errors.push(`device_state.state: '${String(e.device_state.state)}'`);
      }
      break;
    case 'EndpointStateChange':
      checkEndpoint(e.endpoint, 'endpoint', errors);
      break;
    case 'ContactStatusChange':
      checkEndpoint(e.endpoint, 'endpoint', errors);
      if ('contact' in e) errors.push("event.contact: the key is 'contact_info'");
      if (!isObj(e.contact_info)) errors.push('contact_info: expected ContactInfo');
      else {
        str(e.contact_info, 'uri', 'contact_info', errors);
        str(e.contact_info, 'aor', 'contact_info', errors);
        str(e.contact_info, 'roundtrip_usec', 'contact_info', errors, true);
        if (!CONTACT_STATUSES.includes(String(e.contact_info.contact_status))) errors.push(`contact_info.contact_status: '${String(e.contact_info.contact_status)}'`);
      }
      break;
    case 'PeerStatusChange':
      checkEndpoint(e.endpoint, 'endpoint', errors);
      if (!isObj(e.peer)) errors.push('peer: expected Peer');
      else str(e.peer, 'peer_status', 'peer', errors);
      break;
    default:
      errors.push(`event.type: unknown '${t}'`);
  }
  return errors;
}
