/**
 * What the browser's hub connection listens to and may call, derived from the domain contract
 * (domain/realtime.ts). The push list is streams' HUB_PUSH_NAMES: it is built from a record typed
 * over every key of HubPushes, so a push added to the contract cannot be forgotten here.
 */
import type { AgentActionResult } from '../../domain/agent-actions';
import type { CallActionResult, TransferStep } from '../../domain/call-actions';
import type { SpyMode } from '../../domain/realtime';
import type { KioskHeartbeat, KioskTickerMessage } from '../../domain/kiosk-fleet';
import { HUB_METHODS, type HubMethod } from '../../domain/realtime';
import { HUB_PUSH_NAMES } from '../../streams/hub-events';

/** Every push name of domain HubPushes (one list, re-exported): the client registers one handler per name. */
export { HUB_PUSH_NAMES };

/**
 * Sent by the server to every connection after a backplane outage (server/hub/backplane.ts
 * RESYNC_PUSH; the browser may not import server code, so the name is repeated here): messages may
 * have been lost, fetch fresh snapshots.
 */
export const RESYNC_PUSH = 'Resync';

/**
 * Arguments and results of the hub methods (server/hub/live-methods.ts). corpId null or missing
 * means the caller's own corp; another corp is allowed for level 1 only (its working corp).
 */
export interface HubMethodSignatures {
  GetAllExtensions(corpId?: number | null): void;
  GetAllChannels(corpId?: number | null): void;
  GetAllContacts(corpId?: number | null): void;
  GetAllQueues(corpId?: number | null): void;
  /** true when a call between caller and receiver was hung up (B-ACT-04) */
  HangUp(caller: string, receiver: string, corpId?: number | null): boolean;
  /** B-LOG-05: LogMon pushes of the corp reach this connection from now on */
  StartLogMonitor(corpId?: number | null): void;
  StopLogMonitor(): void;
  /** G-PAU: in one queue, or in all the agent's queues (null); `reason` a pause reason's code */
  PauseAgent(number: string, queueId: number | null, reason: string, corpId?: number | null): AgentActionResult;
  UnpauseAgent(number: string, queueId: number | null, corpId?: number | null): AgentActionResult;
  /** G-QLI: into one queue, or into every queue of the corp it is not in (null) */
  LoginAgent(number: string, queueId: number | null, corpId?: number | null): AgentActionResult;
  LogoutAgent(number: string, queueId: number | null, corpId?: number | null): AgentActionResult;
  /** G-AGS-03 */
  SetDnd(number: string, on: boolean, corpId?: number | null): AgentActionResult;
  /** G-SPY: the supervisor's phone `from` rings into `number`'s call */
  SpyCall(number: string, mode: SpyMode, from: string, corpId?: number | null): CallActionResult;
  /** G-REC */
  RecordCall(number: string, on: boolean, corpId?: number | null): CallActionResult;
  /** G-XFR: an extension's call (its number) or a waiting caller (its callId) to an extension, `queue:{id}` or a number */
  TransferCall(target: string, to: string, corpId?: number | null): CallActionResult;
  /**
   * G-XFR-02: `start` rings `from`'s phone (default `number`'s own, a second line) into `to` (an extension
   * or an outside number) while `number`'s call goes on; `complete` joins the call's other party to whom
   * it reached; `cancel` ends the consultation. The result's channelId is the consulting leg.
   */
  AttendedTransfer(number: string, step: TransferStep, to?: string | null, from?: string | null, corpId?: number | null): CallActionResult;
  /** H-FLEET-01 (kiosk tokens only): what the TV says of itself; answers the ticker messages it shows now (H-TICK-01) */
  KioskHeartbeat(report: KioskHeartbeat): KioskTickerMessage[];
}
export type HubMethodArgs<M extends HubMethod> = Parameters<HubMethodSignatures[M]>;
export type HubMethodResult<M extends HubMethod> = ReturnType<HubMethodSignatures[M]>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time check: HubMethodSignatures names exactly the methods of HUB_METHODS. */
export const SIGNATURES_MATCH_CONTRACT: Same<keyof HubMethodSignatures, HubMethod> = true;

/** The snapshot methods invoked after every (re)connect and every Resync (B-PNL-18, B-EXM-05). */
export const SNAPSHOT_METHODS = ['GetAllExtensions', 'GetAllChannels', 'GetAllContacts', 'GetAllQueues'] as const satisfies readonly HubMethod[];
export type SnapshotMethod = (typeof SNAPSHOT_METHODS)[number];
/** What a kiosk screen asks for: its boards read extensions and queues only (domain PANEL_ONLY_PUSHES). */
export const KIOSK_SNAPSHOT_METHODS = ['GetAllExtensions', 'GetAllQueues'] as const satisfies readonly SnapshotMethod[];

export { HUB_METHODS, type HubMethod };
