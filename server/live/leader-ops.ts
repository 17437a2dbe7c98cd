/**
 * The live operations as the leader answers them (LiveOps, live-ops.ts), on its PBX side: reads of the
 * live state, PBX commands, and the checks of a live call that need the live state (a call to spy on,
 * record or transfer). Every other instance reaches these through the cluster (forwardOps).
 */
import path from 'node:path';
import { PbxError } from '../pbx';
import type { AttendedTransfers } from './attended-transfer';
import type { LiveOps } from './live-ops';
import type { PbxSide } from './pbx-side';

export interface LeaderOpsOptions {
  /** the PBX side while this instance leads (throws PbxError 'unavailable' otherwise) */
  side: () => PbxSide;
  transfers: Pick<AttendedTransfers, 'run'>;
  /** where recordings are written; null: the name only (no file) */
  recordingsDir: string | null;
  /** reads the directory again into the PBX side */
  reload: () => Promise<void>;
  /** rewrites the generated dialplan (PBX=ari with ASTERISK_DIALPLAN_FILE), null: nothing to rewrite */
  dialplan: { schedule(): void } | null;
}

export function createLeaderOps({ side, transfers, recordingsDir, reload, dialplan }: LeaderOpsOptions): LiveOps {
  return {
    getExtensions: (corpId) => side().realtime.getExtensions(corpId),
    getChannels: (corpId) => side().realtime.getChannels(corpId),
    getActiveCalls: (corpId) => side().realtime.getActiveCalls(corpId),
    getContacts: (corpId) => side().realtime.getContacts(corpId),
    getQueues: (corpId) => side().realtime.getQueues(corpId),
    hangUp: (corpId, caller, receiver) => side().realtime.hangUp(corpId, caller, receiver),
    originate: (request) => side().adapter.originate(request),
    addQueueMember: (request) => side().adapter.addQueueMember(request),
    removeQueueMember: (request) => side().adapter.removeQueueMember(request),
    pauseMember: (request) => side().adapter.pauseMember(request),
    async spyOn({ corpId, number, from, mode }) {
      const { realtime, adapter } = side();
      const call = realtime.callOf(corpId, number);
      if (!call || !call.answered) throw new PbxError('conflict', `${number} is in no call`);
      const { channelId } = await adapter.spy({ corpId, from, channel: call.own.name, mode, callerId: number });
      return { callId: call.callId, channelId };
    },
    async recordCall({ corpId, number, on }) {
      const { realtime, adapter } = side();
      const call = realtime.callOf(corpId, number);
      if (!call || !call.answered) throw new PbxError('conflict', `${number} is in no call`);
      // the call's first leg: its cdr row is the call's, and it hears both parties; a stop goes to the
      // channel the recording runs on (the stop may name the other party of the call)
      const running = on ? null : realtime.recordingOf(corpId, number);
      const channelId = running?.channelId ?? call.origin;
      const name = running?.name ?? `${corpId}/${new Date().toISOString().slice(0, 10).replaceAll('-', '')}/${call.origin}.wav`;
      await adapter.record({ corpId, channelId, on, name, file: recordingsDir ? path.join(recordingsDir, name) : null });
      // ARI says nothing of MixMonitor: the live state learns it from the request that started it
      realtime.markRecording(corpId, number, on ? name : null);
      return { callId: call.callId, recording: name };
    },
    async transferCall({ corpId, number, callId, exten }) {
      const { realtime, adapter } = side();
      if (callId !== undefined) {
        const waiting = realtime.waitingCaller(corpId, callId);
        if (!waiting) throw new PbxError('conflict', `${callId} is not waiting in a queue`);
        await adapter.redirect({ corpId, channelId: callId, exten });
        return { callId };
      }
      const call = number !== undefined ? realtime.callOf(corpId, number) : null;
      const other = call?.others[0];
      if (!call || !call.answered || !other) throw new PbxError('conflict', `${String(number)} is in no call`);
      await adapter.redirect({ corpId, channelId: other.id, exten });
      return { callId: call.callId };
    },
    attendedTransfer: (request) => transfers.run(request),
    reload,
    syncDialplan: async () => dialplan?.schedule(),
    getPbxStatus: () => side().realtime.getPbxStatus(),
  };
}
