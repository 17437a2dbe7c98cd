/**
 * What needs the live state or the PBX, answered where the PBX is driven (ARCHITECTURE "Several
 * instances": the leader drives the PBX, the others forward to it). The operations are declared once
 * (LiveOps) and written once (the leader's, leader-ops.ts); forwarding and serving are derived from them,
 * so a new operation costs its signature and its body, nothing else.
 */
import type { CallActionResult, LiveContact, PbxState, SpyMode } from '../../domain';
import type { LiveSource } from '../hub';
import { PbxError, type OriginateRequest, type PauseRequest, type QueueMemberRequest } from '../pbx';
import { NotLeaderError, type Cluster } from './cluster';
import type { LiveLog } from './live-log';

export interface LiveOps extends LiveSource {
  getContacts(corpId: number): Promise<LiveContact[]> | LiveContact[];
  originate(request: OriginateRequest): Promise<{ channelId: string }>;
  addQueueMember(request: QueueMemberRequest): Promise<void>;
  removeQueueMember(request: Omit<QueueMemberRequest, 'penalty' | 'paused'>): Promise<void>;
  /** pauses or unpauses a queue member (G-PAU) */
  pauseMember(request: PauseRequest): Promise<void>;
  /** the supervisor's phone into the call of `number` (G-SPY); PbxError 'conflict' when it is in none */
  spyOn(request: { corpId: number; number: string; from: string; mode: SpyMode }): Promise<CallActionResult>;
  /** starts or stops recording the call of `number` (G-REC); PbxError 'conflict' when it is in none */
  recordCall(request: { corpId: number; number: string; on: boolean }): Promise<CallActionResult & { recording: string }>;
  /**
   * sends the other party of `number`'s call, or a waiting caller (`callId`), to `exten` of the corp's
   * dialplan (G-XFR blind); PbxError 'conflict' when there is no such call
   */
  transferCall(request: { corpId: number; number?: string; callId?: string; exten: string }): Promise<CallActionResult>;
  /**
   * attended transfer of `number`'s call (G-XFR-02), one step at a time: `start` rings `from`'s phone into
   * `exten` (the consultation) and keeps it as `number`'s transfer in progress; `complete` joins the call's
   * other party to whom the consultation reached; `cancel` hangs the consultation up. A refusal the
   * caller explains is answered, not thrown (it crosses the cluster as data): no answered call, a
   * transfer already in progress (start), none in progress (complete, cancel)
   */
  attendedTransfer(request: AttendedTransferRequest): Promise<AttendedTransferAnswer>;
  /** reads the directory again: the realtime service and the simulator's corps follow (serialised) */
  reload(): Promise<void>;
  /** a configuration write: the leader rewrites the generated dialplan (I-INST-07; nothing without ASTERISK_DIALPLAN_FILE) */
  syncDialplan(): Promise<void>;
  /** whether the leader reaches the PBX now (the PbxStatus push, the health route) */
  getPbxStatus(corpId?: number): Promise<{ state: PbxState; since: number }> | { state: PbxState; since: number };
}

export type AttendedTransferRequest =
  | { corpId: number; number: string; step: 'start'; from: string; exten: string }
  | { corpId: number; number: string; step: 'complete' | 'cancel' };
export type AttendedTransferAnswer = { ok: true; result: CallActionResult } | { ok: false; reason: 'noCall' | 'transferPending' | 'noTransfer' };

export type OpName = keyof LiveOps;
type AnyOp = (...args: unknown[]) => unknown;

/** The leader answers the others' requests with its own operations; an unknown name is refused. */
export function serveOps(local: LiveOps, cluster: Cluster): void {
  cluster.serve(async (method, args) => {
    if (!Object.hasOwn(local, method)) throw new PbxError('invalid', `Unknown request ${method}`);
    return (local[method as OpName] as AnyOp)(...args);
  });
}

/**
 * Each operation here while this instance leads, else at the leader (cluster RPC); one refused by the
 * fence here (this instance was deposed meanwhile: server/live/fencing.ts) goes to the new leader.
 */
export function forwardOps(local: LiveOps, cluster: Cluster): LiveOps {
  const out: Partial<Record<OpName, AnyOp>> = {};
  for (const name of Object.keys(local) as OpName[]) {
    out[name] = async (...args: unknown[]) => {
      if (!cluster.isLeader()) return cluster.request(name, args);
      try {
        return await (local[name] as AnyOp)(...args);
      } catch (error) {
        if (error instanceof NotLeaderError) return cluster.request(name, args);
        throw error;
      }
    };
  }
  return out as unknown as LiveOps; // every key of `local` (a LiveOps) is set just above
}

/**
 * The operations the rest of this instance uses (`app.live.ops`, the hub, the agents' and calls'
 * actions): the leader's `local` served to the other instances and each forwarded to whoever leads.
 * A reload (asked after a configuration write) is the leader's; its failure is logged, never thrown
 * at the writer.
 */
export function shareOps(local: LiveOps, cluster: Cluster, log: Pick<LiveLog, 'warn'>): LiveOps {
  serveOps(local, cluster);
  const forwarded = forwardOps(local, cluster);
  return { ...forwarded, reload: () => forwarded.reload().catch((error: unknown) => log.warn('live: reload not forwarded', { err: error })) };
}
