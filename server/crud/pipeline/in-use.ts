import { and, eq, inArray } from 'drizzle-orm';
import { destinationValue, QUEUE_SPEED_ACTIONS, queueSpeedValue } from '../../../domain';
import { ApiFailure } from '../../errors';
import type { PipelineScope } from './scope';

/**
 * A row that is a destination (a queue, an extension, a time condition ...) cannot go while a row of
 * its corp still sends calls to it: the referring resource's status answers (F-ERR-06..10).
 */
export async function refuseWhileNamed({ binding, definition, lookup, ctx }: PipelineScope, row: Record<string, unknown>): Promise<void> {
  const declared = definition.destination;
  if (!declared || !binding.rowCorpId) return;
  const corpId = binding.rowCorpId(row);
  const key = row[declared.valueField] as string | number;
  const values = [destinationValue(declared.kind, key)];
  if (declared.kind === 'queue') values.push(...QUEUE_SPEED_ACTIONS.map((a) => queueSpeedValue(a, corpId, Number(key))));
  for (const other of lookup.all?.() ?? []) {
    for (const ref of other.destinationColumns ?? []) {
      const found = await ctx.db
        .select({ value: ref.column })
        .from(ref.column.table)
        .where(and(eq(ref.corpColumn, corpId), inArray(ref.column, values)))
        .limit(1);
      if (found.length > 0) throw new ApiFailure(other.definition.inUse?.status ?? 409, other.definition.inUse?.message ?? 'errors.inUse');
    }
  }
}

/** The statuses refuseWhileNamed may answer a delete of this resource with: those of the resources whose rows name destinations. */
export function inUseStatuses({ definition, lookup }: PipelineScope): number[] {
  return definition.destination ? (lookup.all?.() ?? []).filter((b) => (b.destinationColumns ?? []).length > 0).map((b) => b.definition.inUse?.status ?? 409) : [];
}
