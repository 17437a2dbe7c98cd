import { writableFields, type ResourceDefinition, type SchemaContext } from '../../../domain';
import type { Principal } from '../../context';
import type { Issue } from '../../errors';

/** A row being updated: its id, its stored values and how the body applies to them. */
export interface UpdateTarget {
  id: number;
  existing: Record<string, unknown>;
  only?: readonly string[];
  partial?: boolean;
}

/** A copy of a JSON object body (anything else is an empty one). */
export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
}

/** The spec's wire names of fields read as ours (bodyAliases). */
export function withWireNames(definition: ResourceDefinition, raw: Record<string, unknown>): Record<string, unknown> {
  for (const [wire, field] of Object.entries(definition.bodyAliases ?? {})) {
    if (wire in raw && !(field in raw)) raw[field] = raw[wire];
    delete raw[wire];
  }
  return raw;
}

/**
 * What the body says once per-field write rights, locked fields and the parent are applied: a
 * limited level writes only its fields over the current row (C-EXT-07, C-TRK-04), a field locked
 * on update keeps its value (C-EXT-10, C-FOL-03, C-MS-02), a child stays with its parent.
 */
export function effectiveBody(definition: ResourceDefinition, principal: Principal, raw: Record<string, unknown>, target: UpdateTarget | null): Record<string, unknown> {
  if (!target) return raw;
  const { existing } = target;
  const writable = limitedFields(definition, principal, target);
  // a PATCH starts from the stored representation (its fields only, not what a row shows beside them)
  const out = writable
    ? { ...existing, ...Object.fromEntries(writable.filter((f) => f in raw).map((f) => [f, raw[f]])) }
    : target.partial
      ? { ...representation(definition, existing), ...raw }
      : { ...raw };
  for (const field of definition.fields) if (field.lockedOnUpdate && field.name in existing) out[field.name] = existing[field.name];
  if (definition.parent) out[definition.parent.field] = existing[definition.parent.field];
  return out;
}

/** The fields a caller may write on this row when only some are (per-field rights, the trunk action); null: all. */
export function limitedFields(definition: ResourceDefinition, principal: Principal, target: UpdateTarget): readonly string[] | null {
  return target.only ?? writableFields(definition, principal.level);
}

/** The stored values of the definition's fields: the row as a full PUT body would carry it. */
function representation(definition: ResourceDefinition, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(definition.fields.filter((f) => f.name in row).map((f) => [f.name, row[f.name]]));
}

/**
 * J-API-02: a PUT replaces the row, so a field it leaves out would take its default. Each left-out
 * field whose stored value that would change is named (400), unless the pipeline keeps it anyway (a
 * locked field, the parent, the corp, a file) or an empty value keeps what is stored (a password).
 */
export function omittedFields(
  definition: ResourceDefinition,
  sent: ReadonlySet<string>,
  raw: Record<string, unknown>,
  parsed: Record<string, unknown>,
  schemaCtx: SchemaContext,
  existing: Record<string, unknown>,
): Issue[] {
  const candidates = definition.fields.filter(
    (f) => !sent.has(f.name) && !f.lockedOnUpdate && !f.keptWhenEmpty && f.kind !== 'file' && f.only !== 'create' && f.name !== 'corpId' && f.name !== definition.parent?.field,
  );
  if (candidates.length === 0) return [];
  const kept = definition.schema(schemaCtx).safeParse({ ...representation(definition, existing), ...raw });
  // the stored row does not pass today's rules: the body's own problems are reported as usual
  if (!kept.success) return [];
  const stored = kept.data as Record<string, unknown>;
  return candidates.filter((f) => JSON.stringify(parsed[f.name] ?? null) !== JSON.stringify(stored[f.name] ?? null)).map((f) => ({ path: f.name, message: 'validation.omitted' }));
}
