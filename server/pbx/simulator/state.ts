/**
 * The simulator's shared state: what one corp, extension, queue, channel, bridge and call is while the
 * simulation runs. Every other file of the simulator reads and writes these; this one imports nothing
 * of them (the bottom of the simulator's import graph).
 */
import type { AriCallerId, AriChannelState, AriContactStatus, AriDeviceStateValue, AriDialplanCep } from '../ari';
import type { SpyMode } from '../../../domain';
import type { DialOutcome, DialOutRequest } from '../adapter';
import type { CdrRow } from '../records';
import type { SimCorp, SimExtension, SimQueue } from './config';
import type { Timer } from './scheduler';

export interface ExtState {
  corp: CorpState;
  number: string;
  userName: string;
  /** the extension's configuration (action, busy action) */
  cfg: SimExtension;
  endpoint: string;
  device: string;
  registered: boolean;
  /** last contact status reported (Removed: no contact left) */
  contactStatus: AriContactStatus;
  ip: string;
  port: number;
  channels: Set<SimChannel>;
  lastDevice: AriDeviceStateValue;
  wrapupUntil: number;
  /** do-not-disturb: queues and callers do not ring it (G-AGS-03) */
  dnd: boolean;
  flapTimer: Timer | null;
  removed: boolean;
}

export interface MemberState {
  number: string;
  penalty: number;
  paused: boolean;
  /** the pause's reason ('' when none) */
  reason: string;
  /** when it was last paused (ms), 0 never */
  lastPause: number;
  callsTaken: number;
  /** when its last call of this queue ended (ms), 0 none */
  lastCall: number;
}

export interface QueueState {
  corp: CorpState;
  cfg: SimQueue;
  /** `{corpId}_{queueId}` */
  name: string;
  members: Map<string, MemberState>;
  waiting: QueueCall[];
  rrpos: number;
  lastAvail: AriDeviceStateValue | null;
  arrivalTimer: Timer | null;
  dispatchPending: boolean;
}

export interface CorpState {
  cfg: SimCorp;
  corpId: number;
  trunk: string;
  exts: Map<string, ExtState>;
  queues: Map<number, QueueState>;
  timers: Timer[];
}

export interface SimChannel {
  id: string;
  name: string;
  state: AriChannelState;
  protocolId: string;
  caller: AriCallerId;
  connected: AriCallerId;
  dialplan: AriDialplanCep;
  created: number;
  /** the corp the channel belongs to: its calls, commands and records */
  corp: CorpState;
  /**
   * CHANNEL(accountcode), as ARI shows it: the corp's, except a carrier's call that arrived on another
   * corp's trunk endpoint (routes.ts arrivalTrunk) until the dispatch context sets the DID's owner
   */
  accountcode: string;
  ext: ExtState | null;
  onHold: boolean;
  /** the call it belongs to now (a campaign channel joins a queue call when it is answered) */
  call: Call;
}

export interface SimBridge {
  id: string;
  channels: string[];
  created: number;
}

/** One member's ringing phone for a waiting caller. */
export interface Leg {
  ch: SimChannel;
  ext: ExtState;
  startedAt: number;
  timer: Timer;
}

export interface CallBase {
  seq: number;
  corp: CorpState;
  timers: Timer[];
  bridge: SimBridge | null;
  answeredAt: number | null;
  startedAt: number;
  recording: string;
  done: boolean;
  /**
   * The record Asterisk closed for the call's first channel before a transfer moved it into this call
   * (transfers.ts): this call's own row replaces it unless it says less (migration 0017's rule).
   */
  priorCdr?: CdrRow;
}

/**
 * Where a transferred channel's record stands (transfers.ts): its start and answer (the channel was up
 * before this call began), and after an attended transfer the dialplan place Asterisk's record keeps
 * (the channel was moved, not sent anywhere: dst and application stay the old call's).
 */
export interface Carried {
  startedAt: number;
  answeredAt: number;
  place?: { dst: string; dcontext: string; lastapp: string; lastdata: string };
  /** the callee joined by an attended transfer gets a row of its own when the call ends (Asterisk's) */
  calleeRow?: boolean;
}

/** A campaign call that reached a queue: its records say where it came from. */
export interface CampaignOrigin {
  campaignId: number;
  /** the number dialled */
  number: string;
  /** the caller id the callee saw (the trunk's number) */
  trunkNumber: string;
  /** when the callee answered */
  answeredAt: number;
}

export interface QueueCall extends CallBase {
  kind: 'queue';
  /** the number the caller dialled (a trunk's DID; '' for a caller who came from elsewhere) */
  did: string;
  /** the IVRs on the way and the key pressed in each (their choices are logged, D-IST) */
  ivrs: { id: number; digit: string }[];
  queue: QueueState;
  caller: SimChannel;
  /** 'poll': the agent hung up and the caller answers the queue's poll */
  phase: 'ivr' | 'waiting' | 'ringing' | 'talking' | 'poll';
  enteredAt: number;
  originalPosition: number;
  legs: Leg[];
  tried: Set<string>;
  retryAt: number;
  agent: ExtState | null;
  agentCh: SimChannel | null;
  /** set when an answered campaign call joined the queue (no IVR, its own CDR shape) */
  campaign: CampaignOrigin | null;
  /** set when a transfer sent the caller here (`6{queueId}` of the internal context) */
  transferred?: Carried & { dst: string; dcontext: string };
}

export interface DialCall extends CallBase {
  kind: 'dial';
  origin: 'internal' | 'outbound' | 'originate' | 'transfer';
  a: SimChannel;
  /** the calling extension; null for an outside party a transfer sent on (transfers.ts) */
  aExt: ExtState | null;
  /** who calls, as the records name it (the extension's user and number, or the outside caller's id) */
  from: AriCallerId;
  /** a transferred channel's record (transfers.ts) */
  carried?: Carried;
  b: SimChannel | null;
  target: string;
  external: boolean;
  /** 'voicemail': the callee was busy or did not answer, the caller is in the mailbox */
  phase: 'originating' | 'dialing' | 'ringing' | 'talking' | 'voicemail';
  dialstring: string;
  lastdata: string;
  /** while the caller is in a mailbox */
  mailbox: Mailbox | null;
}

/** A caller in an extension's mailbox (C-VM): `u` unavailable, `b` busy (Asterisk's VoiceMail options). */
export interface Mailbox {
  ext: ExtState;
  reason: 'u' | 'b';
  /** when VoiceMail answered */
  answeredAt: number;
  /** when the beep sounded and the message began; null during the greeting */
  recordingFrom: number | null;
}

export interface CampaignCall extends CallBase {
  kind: 'campaign';
  campaignId: number;
  number: string;
  trunkNumber: string;
  /** the trunk leg: the only channel of a campaign call until it joins a queue */
  ch: SimChannel;
  dialstring: string;
  phase: 'dialing' | 'ringing' | 'playback';
  then: DialOutRequest['then'];
  /** resolves dialOut's promise with the ringing's outcome (once) */
  settle: ((outcome: DialOutcome) => void) | null;
}

/** A supervisor's leg listening to (or whispering into, or barging into) a call (G-SPY). */
export interface SpyCall extends CallBase {
  kind: 'spy';
  /** the supervisor's phone */
  ch: SimChannel;
  ext: ExtState;
  /** the spied channel */
  target: SimChannel;
  mode: SpyMode;
  phase: 'ringing' | 'spying';
}

export type Call = QueueCall | DialCall | CampaignCall | SpyCall;

export interface SimulatorStats {
  now: number;
  channels: number;
  calls: number;
  bridges: number;
  timers: number;
  waiting: number;
  events: number;
  callsStarted: number;
  callsFinished: number;
}
