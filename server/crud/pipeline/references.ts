import type { PgColumn } from 'drizzle-orm/pg-core';
import { parseDestination, type FieldDef } from '../../../domain';
import { idParam } from '../../../domain/resources/fields';
import { invalid, type Issue } from '../../errors';
import type { AnyBinding, WriteOp } from '../binding';
import type { BindingLookup } from '../tenant';
import type { PipelineScope } from './scope';

type Op = WriteOp<Record<string, unknown>>;

/**
 * References the definition declares, checked within the row's corp: a select of another
 * resource's rows (the user, trunk, role group, destination group chosen) and every destination.
 */
export async function checkReferences({ definition, lookup }: PipelineScope, input: Record<string, unknown>, op: Op): Promise<void> {
  const issues: Issue[] = [];
  for (const field of definition.fields) {
    const value = input[field.name];
    if (value === null || value === undefined || value === '' || value === 0) continue;
    if (field.itemDestinations && Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        const target = (item as Record<string, unknown>)[field.itemDestinations];
        const problem = typeof target === 'string' && target !== '' ? await destinationProblem(lookup, target, op) : null;
        if (problem) issues.push({ path: `${field.name}.${index}.${field.itemDestinations}`, message: problem });
      }
      continue;
    }
    const problem = field.kind === 'destination' ? await destinationProblem(lookup, String(value), op) : await referenceProblem(lookup, field, value, op);
    if (problem) issues.push({ path: field.name, message: problem });
  }
  if (issues.length > 0) throw invalid(issues);
}

async function referenceProblem(lookup: BindingLookup, field: FieldDef, value: unknown, op: Op): Promise<string | null> {
  const source = field.options;
  // the corp of the row itself is settled by the corp rules above, not as a reference
  if (source?.kind !== 'resource' || source.resource === 'corp') return null;
  const target = lookup(source.resource);
  // a resource without a binding has no rows: nothing can be chosen from it
  if (!target) return source.missing ?? 'validation.refUnknown';
  const values = Array.isArray(value) ? value : [value];
  for (const one of values) {
    const id = idParam.safeParse(one);
    const row = id.success ? await op.data.find(target, id.data) : null;
    if (!row) return source.missing ?? 'validation.refUnknown';
    // a row the field never offers is no choice either (C-ERS-07: the 'Entrante' group)
    if (source.exclude?.values.some((v) => String(v) === String(row[source.exclude!.field]))) return 'validation.option';
  }
  return null;
}

/** A destination names a row of the row's corp: its IVR, queue, integration, extension or time condition. */
async function destinationProblem(lookup: BindingLookup, value: string, op: Op): Promise<string | null> {
  const providerOf = (kind: string): AnyBinding => lookup(`destination:${kind}`)!;
  const parsed = parseDestination(value);
  if (!parsed) return 'validation.option';
  if (parsed.kind === 'hangup' || parsed.kind === 'fixed') return null;
  const missing = 'validation.destinationUnknown';
  if (parsed.kind === 'queueSpeed') {
    if (op.corpId !== null && parsed.corpId !== op.corpId) return missing;
    return (await op.data.find(providerOf('queue'), parsed.queueId)) ? null : missing;
  }
  const provider = providerOf(parsed.kind);
  if (!provider) return missing;
  if (parsed.kind === 'exten') {
    const column = provider.fieldColumns?.[provider.definition.destination!.valueField] as PgColumn | undefined;
    if (!column) return missing;
    return (await op.data.exists(provider, column, parsed.number)) ? null : missing;
  }
  return (await op.data.find(provider, parsed.id)) ? null : missing;
}
