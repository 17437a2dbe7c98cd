/**
 * What needs the live state or the PBX, answered where the PBX is driven (ARCHITECTURE "Several
 * instances": the leader drives the PBX, the others forward to it). The operations are declared once
 * (LiveOps) and written once (the leader's `local`); forwarding and serving are derived from them, so a
 * new operation costs its signature and its body, nothing else.
 */
import type { LiveContact, PbxState } from '../../domain';
import type { LiveSource } from '../hub';
import { PbxError, type OriginateRequest, type PauseRequest, type QueueMemberRequest } from '../pbx';
import type { Cluster } from './cluster';

export interface LiveOps extends LiveSource {
  getContacts(corpId: number): Promise<LiveContact[]> | LiveContact[];
  originate(request: OriginateRequest): Promise<{ channelId: string }>;
  addQueueMember(request: QueueMemberRequest): Promise<void>;
  removeQueueMember(request: Omit<QueueMemberRequest, 'penalty' | 'paused'>): Promise<void>;
  /** pauses or unpauses a queue member (G-PAU) */
  pauseMember(request: PauseRequest): Promise<void>;
  /** reads the directory again: the realtime service and the simulator's corps follow (serialised) */
  reload(): Promise<void>;
  /** whether the leader reaches the PBX now (the PbxStatus push, the health route) */
  getPbxStatus(corpId?: number): Promise<{ state: PbxState; since: number }> | { state: PbxState; since: number };
}

export type OpName = keyof LiveOps;
type AnyOp = (...args: unknown[]) => unknown;

/** The leader answers the others' requests with its own operations; an unknown name is refused. */
export function serveOps(local: LiveOps, cluster: Cluster): void {
  cluster.serve(async (method, args) => {
    if (!Object.hasOwn(local, method)) throw new PbxError('invalid', `Unknown request ${method}`);
    return (local[method as OpName] as AnyOp)(...args);
  });
}

/** Each operation here while this instance leads, else at the leader (cluster RPC). */
export function forwardOps(local: LiveOps, cluster: Cluster): LiveOps {
  const out: Partial<Record<OpName, AnyOp>> = {};
  for (const name of Object.keys(local) as OpName[]) {
    out[name] = (...args: unknown[]) => (cluster.isLeader() ? Promise.resolve((local[name] as AnyOp)(...args)) : cluster.request(name, args));
  }
  return out as unknown as LiveOps; // every key of `local` (a LiveOps) is set just above
}
