/**
 * The PBX adapter: what the live-state service and the routes need from a PBX. A real Asterisk (ARI
 * WebSocket + REST) and the call-centre simulator both implement it, with the same ARI event shapes
 * (ARCHITECTURE "Real time"), so they are interchangeable.
 *
 * Naming: PJSIP endpoints are `{corpId}_{number}` (device `PJSIP/{corpId}_{number}`), queues
 * `{corpId}_{queueId}` (queue_log `queuename`, device `Queue:{corpId}_{queueId}_avail`).
 */
import type { Observable } from 'rxjs';
import type { SpyMode } from '../../domain';
import type { AriBridge, AriChannel, AriContactStatus, AriDeviceState, AriEndpoint, AriEvent } from './ari';

/** A registered (or last known) contact of a PJSIP endpoint (ps_contacts / AMI ContactStatus). */
export interface PbxContact {
  /** endpoint name, e.g. `2_1001` */
  endpoint: string;
  aor: string;
  uri: string;
  contact_status: AriContactStatus;
  via_addr: string | null;
  via_port: number | null;
  roundtrip_usec?: string;
}

export interface PbxSnapshot {
  /** when the snapshot was taken (ms, PBX clock) */
  time: number;
  channels: AriChannel[];
  endpoints: AriEndpoint[];
  contacts: PbxContact[];
  /** device states of the PJSIP endpoints and the queues' `_avail` devices */
  deviceStates: AriDeviceState[];
  bridges: AriBridge[];
}

export interface OriginateRequest {
  corpId: number;
  /** the extension that rings first */
  from: string;
  /** an extension of the same corp or an outside number */
  to: string;
  /** seconds the first leg may ring (default 30) */
  timeoutSec?: number;
}

/**
 * A campaign's call to an outside number (C-DIA): out through a trunk of the corp; when it is answered
 * the callee hears a sound (msg) or joins a queue.
 */
export interface DialOutRequest {
  corpId: number;
  /** the campaign (dialer id), for the records */
  campaignId: number;
  /** the trunk the call leaves through (its number, the PJSIP endpoint's id is the adapter's business) */
  trunkNumber: string;
  /** the number dialled */
  number: string;
  /** seconds it may ring */
  timeoutSec: number;
  /** what the answered call does: hear a stored sound (its path on disk) or wait in a queue */
  then: { kind: 'playback'; soundPath: string } | { kind: 'queue'; queueId: number };
}

/** How a campaign call ended its ringing (Asterisk's DIALSTATUS / CDR disposition). */
export type DialOutcome = 'ANSWERED' | 'BUSY' | 'NO ANSWER' | 'FAILED';

export interface QueueMemberRequest {
  corpId: number;
  queueId: number;
  /** extension number */
  number: string;
  penalty?: number;
  paused?: boolean;
}

/**
 * Pause or unpause a member (G-PAU): in one queue, or in every queue the extension is a member of
 * (`queueId` null), as app_queue's QueuePause does. `reason` is what queue_log's PAUSE keeps (data1).
 */
export interface PauseRequest {
  corpId: number;
  number: string;
  queueId: number | null;
  paused: boolean;
  reason: string;
}

/**
 * A queue member as app_queue reports it (AMI QueueMember and the QueueMember* events, reference/
 * protocols.md §4.2): the simulator says the same of its members.
 */
export interface PbxQueueMember {
  /** `{corpId}_{queueId}` */
  queue: string;
  /** `PJSIP/{corpId}_{number}` */
  interface: string;
  /** the member name (our extension number) */
  membername: string;
  paused: boolean;
  /** PausedReason ('' when none) */
  reason: string;
  /** LastPause (ms), 0 when never paused */
  lastPause: number;
  /** LastCall (ms): when its last call of this queue ended, 0 when none */
  lastCall: number;
}

/** A member change app_queue announces (AMI QueueMemberPause, QueueMemberAdded, QueueMemberRemoved). */
export interface PbxMemberEvent {
  type: 'QueueMemberPause' | 'QueueMemberAdded' | 'QueueMemberRemoved';
  member: PbxQueueMember;
  /** when it happened (ms, PBX clock) */
  at: number;
}

/**
 * A supervisor's leg into a call (G-SPY): `from`'s phone rings, and answered it runs ChanSpy on the
 * spied channel (by its name) with the mode's options (domain CHANSPY_OPTIONS), ending with that call.
 */
export interface SpyRequest {
  corpId: number;
  /** the supervisor's extension */
  from: string;
  /** the spied channel's name, e.g. `PJSIP/2_201-0000001a` */
  channel: string;
  mode: SpyMode;
  /** what the supervisor's phone shows while it rings (the spied extension's number) */
  callerId: string;
}

/**
 * Record on demand (G-REC): MixMonitor on the call's first channel from now (on) or no more (off).
 * `name` is the recording's name as the cdr row keeps it (`{corpId}/{yyyymmdd}/{uniqueid}.wav`), `file`
 * where Asterisk writes it (Callboard's recordings folder); the simulator writes through its sink.
 */
export interface RecordRequest {
  corpId: number;
  channelId: string;
  on: boolean;
  name: string;
  file: string | null;
}

/** Sends a channel to `exten` of its corp's internal context (G-XFR blind transfer): Asterisk's Redirect. */
export interface RedirectRequest {
  corpId: number;
  channelId: string;
  exten: string;
}

/**
 * The consultation of an attended transfer (G-XFR-02): `from`'s phone rings (even when it is the phone in
 * the call: a second line) and, answered, dials `exten` of the corp's internal context (an extension or an
 * outside number; a queue's member would run the queue again after the transfer, see ari/adapter.ts).
 */
export interface ConsultRequest {
  corpId: number;
  /** the consulting phone's extension */
  from: string;
  exten: string;
  /** what the consulting phone shows while it rings (the transferred party's number) */
  callerId: string;
  /** seconds the consulting phone may ring (default 30) */
  timeoutSec?: number;
}

/**
 * Completes an attended transfer: the transferred channel joins the party the consultation reached (the
 * consulting leg and the transferred channel's old party hang up); when the consultation has not
 * reached anybody yet, the transferred channel goes to `exten` itself (as a blind transfer) and the
 * consultation is hung up.
 */
export interface CompleteTransferRequest {
  corpId: number;
  /** the transferred channel (the other party of the extension's call) */
  channelId: string;
  /** the consulting leg (consult's channel) */
  consultId: string;
  exten: string;
}

export type PbxErrorCode = 'not_found' | 'unavailable' | 'invalid' | 'conflict' | 'stopped';

export class PbxError extends Error {
  constructor(
    readonly code: PbxErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface PbxAdapter {
  /** every ARI event, in order (hot: subscribers receive what happens after they subscribe) */
  readonly events$: Observable<AriEvent>;
  /** true while the event stream is live; after false → true, take a new snapshot */
  readonly connected$: Observable<boolean>;
  snapshot(): Promise<PbxSnapshot>;
  /** hangs up one channel (cause 16); PbxError 'not_found' when unknown */
  hangup(channelId: string): Promise<void>;
  /** rings `from`, and when it answers dials `to`; resolves with the first channel's id */
  originate(request: OriginateRequest): Promise<{ channelId: string }>;
  /**
   * dials an outside number for a campaign; resolves once the ringing ended with its outcome (an
   * answered call goes on: playback or queue, and hangs up by itself)
   */
  dialOut(request: DialOutRequest): Promise<{ outcome: DialOutcome; channelId?: string }>;
  addQueueMember(request: QueueMemberRequest): Promise<void>;
  removeQueueMember(request: Omit<QueueMemberRequest, 'penalty' | 'paused'>): Promise<void>;
  /**
   * member changes (pauses, members added and removed) as app_queue announces them (hot, in order);
   * with Asterisk from AMI, since ARI tells nothing of queue members
   */
  readonly members$: Observable<PbxMemberEvent>;
  /** every queue member as app_queue holds it now (AMI QueueStatus): the pauses after a (re)connect */
  queueMembers(): Promise<PbxQueueMember[]>;
  /** pauses or unpauses (G-PAU); PbxError 'not_found' when the extension is in none of the queues asked */
  pauseMember(request: PauseRequest): Promise<void>;
  /** rings the supervisor's phone into a call (G-SPY); resolves with its channel's id */
  spy(request: SpyRequest): Promise<{ channelId: string }>;
  /** starts or stops recording a call (G-REC); PbxError 'not_found' when the channel is gone */
  record(request: RecordRequest): Promise<void>;
  /** moves a channel to an extension of its corp's dialplan (G-XFR); PbxError 'not_found' when it is gone */
  redirect(request: RedirectRequest): Promise<void>;
  /** rings the consulting phone of an attended transfer (G-XFR-02); resolves with its channel's id (cancel: hangup it) */
  consult(request: ConsultRequest): Promise<{ channelId: string }>;
  /** completes an attended transfer (G-XFR-02); PbxError 'not_found' when either channel is gone */
  completeTransfer(request: CompleteTransferRequest): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
