/**
 * The live contract between the server's realtime service and the browser (hub messages of spec 1 §7
 * and spec 3 §7). Names of pushes and methods are the spec's; payload shapes are ours (the spec shows
 * none): every payload carries its corpId and the server timestamp `ts` (ms since epoch) so clients
 * compute elapsed times from one shared clock and can measure latency.
 */

/**
 * Extension status codes (spec 1 §4, spec 3 §4). Spec 1 has a second reading (1 on call, 2 ringing in
 * the card view); we use the reading both documents share: 1 ringing, 2 in use.
 */
export const EXT_STATUS = {
  offline: 0,
  ringing: 1,
  inUse: 2,
  online: 3,
  hangup: 4,
  onHold: 5,
} as const;
export type ExtStatus = (typeof EXT_STATUS)[keyof typeof EXT_STATUS];

/** Asterisk device states (reference/protocols.md §3.3) → our status codes. */
export function statusFromDeviceState(state: string): ExtStatus {
  switch (state) {
    case 'NOT_INUSE':
      return EXT_STATUS.online;
    case 'INUSE':
    case 'BUSY':
      return EXT_STATUS.inUse;
    case 'RINGING':
    case 'RINGINUSE':
      return EXT_STATUS.ringing;
    case 'ONHOLD':
      return EXT_STATUS.onHold;
    default:
      return EXT_STATUS.offline; // UNKNOWN, INVALID, UNAVAILABLE
  }
}

/** PJSIP endpoints are `{corpId}_{number}`, queues `{corpId}_{queueId}` (ARCHITECTURE "Real time"). */
export function endpointName(corpId: number, number: string): string {
  return `${corpId}_${number}`;
}
export function parseEndpointName(name: string): { corpId: number; number: string } | null {
  const m = /^(?:PJSIP\/)?(\d+)_([0-9A-Za-z]+)$/.exec(name);
  return m ? { corpId: Number(m[1]), number: m[2] } : null;
}

/** Active calls are de-duplicated by the part of the call id before the first dot (spec 1 §9). */
export function callKey(callId: string): string {
  const dot = callId.indexOf('.');
  return dot < 0 ? callId : callId.slice(0, dot);
}

export interface LiveExtension {
  corpId: number;
  number: string;
  userName: string;
  status: ExtStatus;
  /** when the current status began (ms) */
  since: number;
  /** when the current call was answered (ms), null when not in a call */
  callStart: number | null;
  /** the other party of the current call */
  peer: string | null;
}

export interface LiveChannel {
  id: string;
  corpId: number;
  name: string;
  state: string;
  callerNumber: string;
  connectedNumber: string;
  /** our extension number on this channel, when it is one of ours */
  extension: string | null;
  created: number;
}

export interface LiveContact {
  corpId: number;
  endpoint: string;
  number: string;
  viaAddr: string | null;
  viaPort: number | null;
  status: 'Reachable' | 'Unreachable' | 'Unknown' | 'NonQualified' | 'Removed';
}

/** Profile 'saliente' is outgoing, 'entrante' incoming, anything else internal (spec 1 §2). */
export type CallProfile = 'saliente' | 'entrante' | 'internal';

export interface ActiveCall {
  corpId: number;
  callId: string;
  /** call start (ms) */
  time: number;
  profile: CallProfile;
  caller: string;
  destination: string;
  dialed: string;
  receiver: string;
  trunk: string | null;
}

export interface QueueCaller {
  corpId: number;
  queueId: number;
  callId: string;
  caller: string;
  trunkNumber: string;
  position: number;
  /** when the caller entered the queue (ms) */
  since: number;
}

export interface LiveQueue {
  corpId: number;
  queueId: number;
  name: string;
  strategy: string;
  /** member extension numbers */
  members: string[];
  /** today's counters, from queue_log */
  answered: number;
  abandoned: number;
  answeredWithinSl: number;
  /** service-level threshold in seconds (Asterisk's default 60) */
  serviceLevelSec: number;
  callers: QueueCaller[];
}

/** Server → client pushes, by the spec's method names. */
export interface HubPushes {
  AllExtensions: { corpId: number; extensions: LiveExtension[]; ts: number };
  AllChannels: { corpId: number; channels: LiveChannel[]; ts: number };
  AllContacts: { corpId: number; contacts: LiveContact[]; ts: number };
  AllQueues: { corpId: number; queues: LiveQueue[]; ts: number };
  Ringing: { corpId: number; callId: string; caller: string; receiver: string; ts: number };
  CallConnected: { corpId: number; callId: string; caller: string; receiver: string; ts: number };
  DeviceStateChanged: { corpId: number; number: string; status: ExtStatus; ts: number };
  Hangup: { corpId: number; callId: string; caller: string; receiver: string; cause: number; duration: number; ts: number };
  ActiveCalls: { corpId: number; calls: ActiveCall[]; ts: number };
  CallerInQueue: QueueCaller & { ts: number };
  deleteCaller: { corpId: number; queueId: number; callId: string; reason: 'answered' | 'abandoned' | 'timeout'; waitedMs: number; ts: number };
  LogMon: { corpId: number; type: LogEventType; timestamp: string; device: string; state: string; event: unknown; ts: number };
}
export type HubPushName = keyof HubPushes;

/** Client → server methods (spec 1 §7, spec 3 §7). The Get* methods answer with the snapshot push. */
/**
 * StartLogMonitor / StopLogMonitor (B-LOG-05): LogMon pushes (every raw PBX event) reach only the
 * connections whose log monitor is open, never the panels and wall TVs of the corp.
 */
export const HUB_METHODS = ['GetAllExtensions', 'GetAllChannels', 'GetAllContacts', 'GetAllQueues', 'HangUp', 'StartLogMonitor', 'StopLogMonitor'] as const;
export type HubMethod = (typeof HUB_METHODS)[number];

/** The twelve log-monitor event types (spec 3 §2.3). */
export const LOG_EVENT_TYPES = [
  'ChannelEnteredBridge',
  'ChannelDestroyed',
  'ChannelCreated',
  'DeviceStateChanged',
  'Dial',
  'ChannelVarset',
  'ChannelDialplan',
  'ChannelHangupRequest',
  'ChannelHold',
  'ChannelLeftBridge',
  'ChannelCallerId',
  'ChannelStateChange',
] as const;
export type LogEventType = (typeof LOG_EVENT_TYPES)[number];

export const HUB = {
  path: '/hub',
  pingIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  /** reconnect backoff cap on the client */
  maxReconnectDelayMs: 10_000,
  /** Asterisk's default service-level threshold */
  serviceLevelSec: 60,
} as const;
