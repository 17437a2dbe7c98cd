/**
 * The live contract between the server's realtime service and the browser (hub messages of spec 1 §7
 * and spec 3 §7). Names of pushes and methods are the spec's; payload shapes are ours (the spec shows
 * none): every payload carries its corpId and the server timestamp `ts` (ms since epoch) so clients
 * compute elapsed times from one shared clock and can measure latency.
 */

import type { KioskTickerMessage } from './kiosk-fleet';

/** Listen (nobody hears the supervisor), whisper (the agent does), barge (both parties do): G-SPY-01..03. */
export const SPY_MODES = ['listen', 'whisper', 'barge'] as const;
export type SpyMode = (typeof SPY_MODES)[number];

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

/**
 * Asterisk device states (reference/protocols.md §3.3) → our status codes. RINGINUSE (a phone in a call
 * while another call rings it) reads as in use: the call in progress stays (spec 1 §4 keeps a running
 * call when a second one rings), and reading it as "ringing" would stop that call's timer (B-PNL-22).
 */
export function statusFromDeviceState(state: string): ExtStatus {
  switch (state) {
    case 'NOT_INUSE':
      return EXT_STATUS.online;
    case 'INUSE':
    case 'BUSY':
    case 'RINGINUSE':
      return EXT_STATUS.inUse;
    case 'RINGING':
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

/** An Asterisk uniqueid / linkedid (`{epoch}.{sequence}`, with `systemname-` in front when one is set), at the start of an id. */
const ASTERISK_CALL_ID = /^((?:[^.]*-)?\d+\.\d+)(?:\.|$)/;

/**
 * The key active calls are de-duplicated by (B-ACT-06). The spec keys them by the part of the call id
 * before the first dot. Our call ids are Asterisk linkedids (`1714550400.123`: the uniqueid of the call's
 * first channel), and their part before the dot is only the second the call began: keyed that way, two
 * calls that started in the same second merge into one row (issue 12, defect 6). So the rule applies only
 * where it does not merge distinct calls: an Asterisk id is its own key (a `.{leg}` written after it is
 * dropped, so `1714550400.123.2` is a leg of `1714550400.123`); any other id keeps the spec's reading, the
 * part before the first dot (`c1.2` → `c1`).
 */
export function callKey(callId: string): string {
  const asterisk = ASTERISK_CALL_ID.exec(callId);
  if (asterisk) return asterisk[1];
  const dot = callId.indexOf('.');
  return dot < 0 ? callId : callId.slice(0, dot);
}

/**
 * The name an extension is shown by (the REST list, the panel, the wallboard, the live directory): its
 * web user's name, else the user's nick, else the extension's description; '' when none is set. The one
 * rule: every place that names an extension calls this.
 */
export function extensionDisplayName(parts: { userName?: string | null; userNick?: string | null; description?: string | null }): string {
  for (const value of [parts.userName, parts.userNick, parts.description]) {
    const text = value?.trim();
    if (text) return text;
  }
  return '';
}

/** An agent's pauses as the live state carries them (G-AGS; the rules that read them: domain/agents). */
export interface LiveAgentPause {
  /** the queues (ids) the agent is paused in */
  queues: number[];
  /** the reason as app_queue keeps it: a pause reason's code, or free text from elsewhere */
  reason: string;
  /** what people read: the pause reason's name when the code is one of the corp's, else the code */
  label: string;
  /** when the latest of these pauses began (ms) */
  since: number;
  /** how long it may last before it warns (the reason's maximum), null: never */
  warnAfterMs: number | null;
}

/** An agent's state beside its phone's (wrap-up, pause, do-not-disturb): what domain/agents' shownStatus reads. */
export interface AgentState {
  /** do-not-disturb since (ms), null when off */
  dndSince: number | null;
  /** null when the agent is paused in none of its queues */
  pause: LiveAgentPause | null;
  /** the rest after a queue call (the queue's wrap-up time), null when none */
  wrapUp: { since: number; until: number } | null;
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
  /** wrap-up, pause, do-not-disturb (G-AGS); absent reads as none */
  agent?: AgentState;
  /**
   * a supervisor's leg (G-SPY-05): the extension listens to, whispers to or barges into the call of
   * `peer` (ChanSpy); absent or null when its call is an ordinary one
   */
  listening?: SpyMode | null;
}

/**
 * What a call's DeviceStateChanged says of its listening leg (G-SPY-05), one rule for the browser's
 * extension machine and the server's mirror of it: a mode or null when the push carries one, else what
 * was shown (`current`; null when the push starts the call). Anything that ends a call, or a call
 * connected from idle, clears it.
 */
export function listeningAfter(pushed: SpyMode | null | undefined, current: SpyMode | null): SpyMode | null {
  return pushed === undefined ? current : pushed;
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
  /** a supervisor's leg listening to the call of `number` (G-SPY-05); absent or null otherwise */
  spy?: { number: string; mode: SpyMode } | null;
  /** recorded on demand now (G-REC) */
  recording?: boolean;
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
  /**
   * the queue's wrap-up (Asterisk's wrapuptime, s; 0 none): after each of its calls the agent rests this
   * long before app_queue offers him another, so a call holds an agent for its talk time plus this (H-FCST-01)
   */
  wrapupSec: number;
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
  /**
   * An extension's state changed (its status, the start of its current call or the party it is with),
   * derived by the server from the extension's live channels. `callStart` and `peer` are present when
   * the server knows them (a browser keeps its own otherwise); `listening` when the extension's call is
   * a supervisor's leg, or was one and is no longer (null) (G-SPY-05).
   */
  DeviceStateChanged: { corpId: number; number: string; status: ExtStatus; callStart?: number | null; peer?: string | null; listening?: SpyMode | null; ts: number };
  Hangup: { corpId: number; callId: string; caller: string; receiver: string; cause: number; duration: number; ts: number };
  ActiveCalls: { corpId: number; calls: ActiveCall[]; ts: number };
  CallerInQueue: QueueCaller & { ts: number };
  deleteCaller: { corpId: number; queueId: number; callId: string; reason: 'answered' | 'abandoned' | 'timeout'; waitedMs: number; ts: number };
  LogMon: { corpId: number; type: LogEventType; timestamp: string; device: string; state: string; event: unknown; ts: number };
  /**
   * Whether the server reaches the PBX (Asterisk ARI) now: pushed to every corp when it changes and
   * before the snapshots (AllExtensions) a connection asks for. While it is 'down' the live data is the
   * last known and screens say "PBX unreachable"; 'none' when no PBX is configured.
   */
  PbxStatus: { corpId: number; state: PbxState; since: number; ts: number };
  /** An agent's wrap-up, pause or do-not-disturb changed (G-AGS): its whole state, as in AllExtensions. */
  AgentState: { corpId: number; number: string; agent: AgentState; ts: number };
  /** H-TICK-01: the corp's unexpired ticker messages, whenever they change (each TV shows those naming it) */
  KioskTicker: { corpId: number; messages: KioskTickerMessage[]; ts: number };
  /** H-FLEET-02: a TV went dark (or came back); only to the corp's connections that may read kiosk screens */
  KioskAlert: { corpId: number; screenId: number; name: string; state: 'dark' | 'live'; seenAt: number; ts: number };
}
export type HubPushName = keyof HubPushes;

/**
 * The pushes no kiosk board reads (the Agents, Queues, Callers and trend boards read extensions, queues,
 * the PBX state and the call and queue pushes): they go to a corp's panels, not to its wall TVs, so a
 * TV does not parse the lists of calls and contacts (ActiveCalls 10 times a second, ~2 MB/s together at
 * 2,000 extensions: bench:wallboard) only to throw them away. A kiosk still gets them when it asks
 * (GetAllChannels, GetAllContacts).
 */
export const PANEL_ONLY_PUSHES: readonly HubPushName[] = ['ActiveCalls', 'AllContacts', 'AllChannels'];

/** The PBX as the live state sees it: connected, not reachable (yet or any more), or none configured. */
export const PBX_STATES = ['up', 'down', 'none'] as const;
export type PbxState = (typeof PBX_STATES)[number];

/**
 * Client → server methods (spec 1 §7, spec 3 §7), their arguments in order (server/hub/live-methods.ts;
 * the browser's typed signatures are src/hub/contract.ts). `corpId` is optional everywhere: missing or
 * null means the caller's own corp; another corp is allowed for level 1 only (its working corp, which the
 * connection then also receives the pushes of).
 *
 * - `GetAllExtensions(corpId?)`: answered with PbxStatus and AllExtensions pushes to the caller, then the
 *   Completion. `GetAllChannels(corpId?)`, `GetAllContacts(corpId?)`, `GetAllQueues(corpId?)`: the same
 *   with AllChannels, AllContacts, AllQueues.
 * - `HangUp(caller, receiver, corpId?)`: the caller's number first, then the receiver's (extension numbers
 *   or outside numbers, as the active call row shows them; the order may also be reversed); hangs up the
 *   newest call in progress between the two. Completes with true, or false when there is no such call.
 *   Needs the 'panel' update right (levels 1-3 by default): 'forbidden' otherwise (B-ACT-04).
 * - `StartLogMonitor(corpId?)` / `StopLogMonitor()` (B-LOG-05): LogMon pushes (every raw PBX event) reach
 *   only the connections whose log monitor is open, never the panels and wall TVs of the corp.
 *
 * The supervisor's hands (issue 21, domain/agent-actions.ts; each checked as its REST route is):
 * `PauseAgent(number, queueId|null, reason, corpId?)`, `UnpauseAgent(number, queueId|null, corpId?)`,
 * `LoginAgent(number, queueId|null, corpId?)`, `LogoutAgent(number, queueId|null, corpId?)`,
 * `SetDnd(number, on, corpId?)`: complete with what was done ({ number, queues }), or an error whose
 * message is the refusal's key. On live calls (domain/call-actions.ts): `SpyCall(number, mode, from,
 * corpId?)`, `RecordCall(number, on, corpId?)`, `TransferCall(number or waiting caller's callId, to,
 * corpId?)`: complete with { callId, channelId? }.
 *
 * A kiosk screen's own (H-FLEET-01, H-TICK-01): `KioskHeartbeat(report)` stores what the TV says of
 * itself (domain/kiosk-fleet.ts KioskHeartbeat) and completes with the ticker messages it shows now, so
 * a TV whose KioskTicker push was lost catches up at the next beat. Kiosk tokens only.
 */
export const HUB_METHODS = [
  'GetAllExtensions',
  'GetAllChannels',
  'GetAllContacts',
  'GetAllQueues',
  'HangUp',
  'StartLogMonitor',
  'StopLogMonitor',
  'PauseAgent',
  'UnpauseAgent',
  'LoginAgent',
  'LogoutAgent',
  'SetDnd',
  'SpyCall',
  'RecordCall',
  'TransferCall',
  'AttendedTransfer',
  'KioskHeartbeat',
] as const;
export type HubMethod = (typeof HUB_METHODS)[number];

/** The twelve log-monitor event types of the PBX (spec 3 §2.3). */
export const PBX_LOG_EVENT_TYPES = [
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
/** The log monitor's types: the PBX's twelve, and the actions users took on the floor (G-PRM-02: who, what, which call or agent, when). */
export const LOG_EVENT_TYPES = [...PBX_LOG_EVENT_TYPES, 'UserAction', 'FleetAlert'] as const;
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
