import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { timeConditionResource, timeExtenResource, type TimeConditionRow, type TimeExtenRow, type TimeOptionRow } from '../../domain';
import { tableBinding, type BodyOf } from '../crud/binding';
import type { Db } from '../db/database';
import { extension, timeCondition, timeExten, timeExtenOption, timeOption } from '../db/schema';
import { jsonRowsOf, qualified } from '../db/sql';
import { ApiFailure } from '../errors';

type OptionTable = typeof timeOption | typeof timeExtenOption;

/**
 * Writes a time's options as a difference (C-TC-04, C-ETC-08): an option sent with its id is updated,
 * one without is added, the ids the form removed (idsTOtoDelete / deletedOptionIds) and any other
 * option of this time not sent go. Ids of another time's options are never touched.
 */
async function writeOptions(db: Db, table: OptionTable, timeId: number, corpId: number, options: readonly (Omit<TimeOptionRow, 'id'> & { id?: number })[]): Promise<void> {
  const kept = options.map((o) => o.id).filter((id): id is number => id !== undefined);
  await db.delete(table).where(kept.length > 0 ? and(eq(table.timeId, timeId), notInArray(table.id, kept)) : eq(table.timeId, timeId));
  for (const { id, ...values } of options) {
    if (id !== undefined) {
      const updated = await db
        .update(table)
        .set(values)
        .where(and(eq(table.id, id), eq(table.timeId, timeId)))
        .returning({ id: table.id });
      if (updated.length > 0) continue;
    }
    await db.insert(table).values({ ...values, timeId, corpId } as typeof timeOption.$inferInsert);
  }
}

/** Time conditions (C-TC): the condition and its options in one transaction. */
export const timeConditionBinding = tableBinding({
  definition: timeConditionResource,
  table: timeCondition,
  id: timeCondition.id,
  corp: timeCondition.corpId,
  fields: {
    id: timeCondition.id,
    corpId: timeCondition.corpId,
    name: timeCondition.name,
    default: timeCondition.defaultAction,
    options: jsonRowsOf<TimeOptionRow>(timeOption, { id: timeOption.id, from: timeOption.from, to: timeOption.to, days: timeOption.days, action: timeOption.action }, timeOption.timeId, timeCondition, timeCondition.id, timeOption.from),
  },
  orderBy: [timeCondition.name],
  mapRow: (row): TimeConditionRow => row,
  // a queue, an IVR ... that an option sends calls to is in use by a time rule (522)
  destinationColumns: [
    { column: timeCondition.defaultAction, corpColumn: timeCondition.corpId },
    { column: timeOption.action, corpColumn: timeOption.corpId },
  ],
  async afterWrite(db, id, input: BodyOf<typeof timeConditionResource>, op) {
    await writeOptions(db, timeOption, id, op.corpId ?? 0, input.options.filter((o) => !input.idsTOtoDelete.includes(o.id ?? -1)));
  },
  conflicts: { time_condition_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' } },
});

/** Extension time schedules (C-ETC): the schedule and its options; one an extension still uses cannot go. */
export const timeExtenBinding = tableBinding({
  definition: timeExtenResource,
  table: timeExten,
  id: timeExten.id,
  corp: timeExten.corpId,
  fields: {
    id: timeExten.id,
    corpId: timeExten.corpId,
    name: timeExten.name,
    options: jsonRowsOf<TimeOptionRow>(timeExtenOption, { id: timeExtenOption.id, from: timeExtenOption.from, to: timeExtenOption.to, days: timeExtenOption.days }, timeExtenOption.timeId, timeExten, timeExten.id, timeExtenOption.from),
    // C-ETC-02: the extensions that take calls on this schedule
    extensions: sql<string[]>`coalesce((select json_agg(${qualified(extension, extension.number)} order by ${qualified(extension, extension.number)}) from ${extension} where ${qualified(extension, extension.timeExtensId)} = ${qualified(timeExten, timeExten.id)}), '[]'::json)`,
  },
  orderBy: [timeExten.name],
  mapRow: (row): TimeExtenRow => row,
  async afterWrite(db, id, input: BodyOf<typeof timeExtenResource>, op) {
    await writeOptions(db, timeExtenOption, id, op.corpId ?? 0, input.options.filter((o) => !input.deletedOptionIds.includes(o.id ?? -1)));
  },
  async beforeDelete(row, op) {
    if ((await op.data.count('extension', inArray(extension.timeExtensId, [row.id]))) > 0) throw new ApiFailure(409, 'errors.inUseByExtension');
  },
  conflicts: { time_exten_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' } },
});
