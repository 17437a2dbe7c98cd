import { and, eq, inArray } from 'drizzle-orm';
import { dialerResource, type DialerRow, type DialerStatus } from '../../domain';
import { tableBinding } from '../crud/binding';
import type { AppContext } from '../context';
import { dialer, dialerNumber, trunk } from '../db/schema';
import { valueVia } from '../db/sql';
import { ApiFailure } from '../errors';
import { csvNumbersFile } from '../files/csv-numbers';
import { soundFile } from '../files/sound-file';

/** The campaign engine, where it runs (the instance that drives the PBX), re-reads a campaign now. */
const tellEngine = (app: AppContext, id: number) => app.live?.campaigns?.changed(id);

/**
 * Dialer campaigns (C-DIA). Special here: the CSV's numbers become the campaign's number rows (all
 * pending again) when a new file is uploaded; a running campaign is stopped before it is edited; the
 * start and stop row actions; the engine is told of every change.
 */
export const dialerBinding = tableBinding({
  definition: dialerResource,
  table: dialer,
  id: dialer.id,
  corp: dialer.corpId,
  fields: {
    id: dialer.id,
    corpId: dialer.corpId,
    name: dialer.name,
    comments: dialer.comments,
    action: dialer.action,
    queueId: dialer.queueId,
    trunkId: dialer.trunkId,
    trunkNumber: valueVia<string>(trunk, trunk.number, trunk.id, dialer, dialer.trunkId),
    callLimit: dialer.callLimit,
    timeout: dialer.timeout,
    retries: dialer.retries,
    days: dialer.days,
    horaDesde: dialer.horaDesde,
    horaHasta: dialer.horaHasta,
    sound: dialer.sound,
    soundReq: dialer.soundReq,
    csvFile: dialer.csvFile,
    status: dialer.status,
  },
  orderBy: [dialer.name],
  mapRow: (row): DialerRow => ({ ...row, action: row.action as DialerRow['action'], status: row.status as DialerStatus, trunkNumber: row.trunkNumber ?? '' }),
  files: { sound: soundFile(), csvFile: csvNumbersFile },
  async check(_input, op) {
    if (op.mode === 'update' && op.existing?.status === 'running') throw new ApiFailure(409, 'errors.campaignRunning');
  },
  /** a new CSV: its numbers are the campaign's, all to be dialled */
  async afterWrite(db, id, _input, op, values) {
    const stored = values.csvFile;
    if (typeof stored !== 'string') return;
    const text = await op.app.files.read(op.corpId ?? 0, stored);
    const numbers = text ? text.toString('utf8').split('\n').filter((n) => n !== '') : [];
    await db.delete(dialerNumber).where(eq(dialerNumber.dialerId, id));
    for (let i = 0; i < numbers.length; i += 1000) {
      await db.insert(dialerNumber).values(numbers.slice(i, i + 1000).map((number) => ({ dialerId: id, corpId: op.corpId ?? 0, number })));
    }
    // a new list is a new campaign: it may run again
    if (op.existing?.status === 'finished') await db.update(dialer).set({ status: 'stopped' }).where(eq(dialer.id, id));
  },
  onChange: (app, change) => tellEngine(app, change.id),
  actions: {
    async start(row, op) {
      const [left] = await op.app.db
        .select({ id: dialerNumber.id })
        .from(dialerNumber)
        .where(and(eq(dialerNumber.dialerId, row.id), inArray(dialerNumber.status, ['pending', 'dialing'])))
        .limit(1);
      if (!left) throw new ApiFailure(409, 'errors.campaignNoNumbers');
      const started = await op.setValues({ status: 'running' });
      tellEngine(op.app, row.id);
      return { row: started };
    },
    async stop(row, op) {
      const stopped = await op.setValues({ status: 'stopped' });
      tellEngine(op.app, row.id);
      return { row: stopped };
    },
  },
  conflicts: { dialer_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' } },
});
