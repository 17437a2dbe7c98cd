import { uncapitaliseKeys } from '../../../domain';
import type { Principal } from '../../context';
import { ApiFailure } from '../../errors';
import { authorize } from './authorize';
import { asRecord } from './body';
import { conflictOf } from './conflicts';
import type { PipelineScope } from './scope';
import { writeRow } from './write-row';

/** One failed row of a bulk import (C-EXT-34): what identifies it and the spec's row code. */
export interface BulkFailure {
  content: string;
  statusCode: number;
  /** the first issue's message key, so a client can say why */
  message: string;
}

export type BulkResult = { created: number; failures: [] } | { created: 0; failures: BulkFailure[] };

/** Thrown inside a bulk transaction to roll it back once every row was tried. */
class BulkRollback extends Error {}

/** All rows or none: every row is written in one transaction, which is rolled back if any row fails. */
export async function bulk(scope: PipelineScope, principal: Principal, rows: readonly unknown[], onProgress?: (done: number, total: number) => void): Promise<BulkResult> {
  const { binding, ctx, definition } = scope;
  authorize(scope, principal, 'create');
  const contentField = definition.bulk?.contentField;
  const failures: BulkFailure[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      for (const [index, row] of rows.entries()) {
        try {
          await writeRow(scope, tx, principal, row, null, {});
        } catch (error) {
          const failure = error instanceof ApiFailure ? error : conflictOf(binding, error);
          if (!failure) throw error;
          const content = contentField ? String(asRecord(uncapitaliseKeys(row))[contentField] ?? '') : String(index + 1);
          failures.push({ content, statusCode: binding.bulkCode ? binding.bulkCode(failure) : failure.status, message: failure.message });
        }
        onProgress?.(index + 1, rows.length);
      }
      // nothing of a failed import is kept: the good rows go back with the bad ones
      if (failures.length > 0) throw new BulkRollback();
    });
  } catch (error) {
    if (!(error instanceof BulkRollback)) throw error;
  }
  if (failures.length > 0) return { created: 0, failures };
  if (rows.length > 0) scope.changed({ mode: 'create', id: 0 });
  return { created: rows.length, failures: [] };
}
