import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../context';
import { notFound } from '../../errors';
import type { ActionResult } from '../binding';
import { authorize } from './authorize';
import type { PipelineScope } from './scope';

type Row = Record<string, unknown>;

/** A row action (RowActionDef): its own permission, the row's guard, the binding's handler writing through setValues, the change told. */
export async function act(scope: PipelineScope, principal: Principal, id: number, name: string): Promise<ActionResult<Row>> {
  const { binding, ctx, definition } = scope;
  const action = definition.rowActions?.find((a) => a.name === name);
  const run = binding.actions?.[name];
  if (!action || !run) throw notFound();
  authorize(scope, principal, action.permission);
  const existing = await scope.loadOne(principal, id);
  const data = scope.data(principal);
  await binding.guard?.(existing, { mode: 'update', principal, app: ctx, data });
  const result = await run(existing, {
    principal,
    app: ctx,
    data,
    setValues: async (values) => {
      await ctx.db
        .update(binding.table)
        .set(values)
        .where(and(eq(binding.idColumn, id), data.where(binding.corpColumn)));
      return scope.loadOne(principal, id);
    },
  });
  scope.changed({ mode: 'update', id });
  return { row: scope.present(principal)(result.row), extra: result.extra };
}
