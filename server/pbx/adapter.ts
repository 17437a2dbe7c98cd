/**
 * The PBX adapter: what the live-state service and the routes need from a PBX. A real Asterisk (ARI
 * WebSocket + REST) and the call-centre simulator both implement it, with the same ARI event shapes
 * (ARCHITECTURE "Real time"), so they are interchangeable.
 *
 * Naming: PJSIP endpoints are `{corpId}_{number}` (device `PJSIP/{corpId}_{number}`), queues
 * `{corpId}_{queueId}` (queue_log `queuename`, device `Queue:{corpId}_{queueId}_avail`).
 */
import type { Observable } from 'rxjs';
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
  start(): Promise<void>;
  stop(): Promise<void>;
}
