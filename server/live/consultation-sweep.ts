/**
 * The attended transfers' consultations whose calls ended (hung up, or lost with the leader that ran
 * the simulator) are cleared now and then while this instance leads (attended-transfer.ts sweep).
 */
import type { FastifyInstance } from 'fastify';
import type { AttendedTransfers } from './attended-transfer';
import type { LogLine } from './live-log';

/** how often the leader clears the consultations whose calls ended */
const CONSULTATION_SWEEP_MS = 30_000;

/** sweeps from now to the app's close, on the ticks when `leading()` */
export function sweepConsultations(app: FastifyInstance, transfers: Pick<AttendedTransfers, 'sweep'>, leading: () => boolean, warn: LogLine): void {
  const sweeper = setInterval(() => {
    if (leading()) void transfers.sweep().catch((error: unknown) => warn('live: the ended consultations were not cleared', { error: String(error) }));
  }, CONSULTATION_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
}
