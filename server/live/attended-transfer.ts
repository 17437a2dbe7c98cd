/**
 * Attended transfer at the PBX leader (G-XFR-02), one step at a time (LiveOps.attendedTransfer): `start`
 * rings the consulting phone into the target and keeps the consultation; `complete` joins the call's other
 * party to whom the consultation reached; `cancel` hangs the consultation up. The consultations are in
 * the database (consultations.ts), so a leader that took over after another died finds them (I-FAIL-01).
 * One whose consulting leg or transferred party is gone is over: cleared at each step and by `sweep`,
 * which the runtime runs now and then while it leads; not while the PBX is out of reach, when the live
 * state's channels say nothing of the calls Asterisk still holds.
 */
import { PbxError, type PbxAdapter } from '../pbx';
import type { RealtimeService } from '../realtime';
import type { ConsultationTable } from './consultations';
import type { AttendedTransferAnswer, AttendedTransferRequest } from './live-ops';

/** an attended transfer's legs may be missing from the live state this long after its start (their events on the way) */
export const TRANSFER_GRACE_MS = 5000;

export interface AttendedTransfers {
  run(request: AttendedTransferRequest): Promise<AttendedTransferAnswer>;
  /** clears the consultations whose calls ended; how many went */
  sweep(): Promise<number>;
}

interface PbxSide {
  realtime: RealtimeService;
  adapter: PbxAdapter;
}

/** `side`: the PBX side while this instance leads (throws PbxError 'unavailable' otherwise) */
export function createAttendedTransfers(table: ConsultationTable, side: () => PbxSide): AttendedTransfers {
  async function sweepWith(realtime: RealtimeService): Promise<number> {
    if (realtime.getPbxStatus().state !== 'up') return 0;
    return table.prune((corpId) => new Set(realtime.getChannels(corpId).map((c) => c.id)), Date.now(), TRANSFER_GRACE_MS);
  }

  async function hangUpQuietly(adapter: PbxAdapter, channelId: string): Promise<void> {
    await adapter.hangup(channelId).catch((error: unknown) => {
      // the consultation ended by itself meanwhile: cancelled all the same
      if (!(error instanceof PbxError && error.code === 'not_found')) throw error;
    });
  }

  return {
    async run(request) {
      const { realtime, adapter } = side();
      const { corpId, number } = request;
      await sweepWith(realtime);
      if (request.step === 'start') {
        if (await table.find(corpId, number)) return { ok: false, reason: 'transferPending' };
        const call = realtime.callOf(corpId, number);
        const other = call?.others[0];
        if (!call || !call.answered || !other) return { ok: false, reason: 'noCall' };
        const { channelId } = await adapter.consult({ corpId, from: request.from, exten: request.exten, callerId: other.number });
        const added = await table.add({ corpId, number, transferee: other.id, consult: channelId, exten: request.exten, callId: call.callId, startedAt: Date.now() });
        if (!added) {
          // another start of the same call won the race: this consultation goes again
          await hangUpQuietly(adapter, channelId);
          return { ok: false, reason: 'transferPending' };
        }
        return { ok: true, result: { callId: call.callId, channelId } };
      }
      const current = await table.take(corpId, number);
      if (!current) return { ok: false, reason: 'noTransfer' };
      try {
        if (request.step === 'complete') await adapter.completeTransfer({ corpId, channelId: current.transferee, consultId: current.consult, exten: current.exten });
        else await hangUpQuietly(adapter, current.consult);
      } catch (error) {
        // not done (the PBX refused, or this instance no longer leads and the step goes to the one that does)
        await table.restore(current);
        throw error;
      }
      return { ok: true, result: { callId: current.callId, channelId: current.consult } };
    },
    sweep: async () => sweepWith(side().realtime),
  };
}
