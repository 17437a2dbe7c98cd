import { hhmmText } from '../../domain/dialer';
import { writableFields, type FieldDef, type ResourceDefinition, type SchemaContext } from '../../domain/resources/define';

export type FormValues = Record<string, unknown>;

/** Whether a field shows: its mode (`only`) and its predicate (`visibleWhen`). */
export function isFieldVisible(field: FieldDef, values: FormValues, ctx: SchemaContext): boolean {
  if (field.only && field.only !== ctx.mode) return false;
  return field.visibleWhen ? field.visibleWhen(values, ctx) : true;
}

/**
 * What the acting level may do with a field (per-field write rights, LimitedWrite): edit it, see it
 * read-only (C-TRK-04: the trunk number), or not see it (C-EXT-07: level 4 sees enabled and action).
 * A field locked on update (C-EXT-10) or disabled by its predicate (C-CRS-03) is read-only.
 */
export function fieldAccess(definition: Pick<ResourceDefinition, 'limitedWrite'>, field: FieldDef, values: FormValues, ctx: SchemaContext): 'edit' | 'locked' | 'hidden' {
  const writable = writableFields(definition, ctx.actor.level);
  if (writable && !writable.includes(field.name)) return definition.limitedWrite?.shown?.includes(field.name) ? 'locked' : 'hidden';
  if (field.lockedOnUpdate && ctx.mode === 'update') return 'locked';
  if (field.disabledWhen?.(values, ctx)) return 'locked';
  return 'edit';
}

const TEXTUAL: readonly FieldDef['kind'][] = ['text', 'email', 'password', 'number', 'color', 'time', 'destination'];

/**
 * The starting values of a form: the definition's defaults, overlaid with the row when editing.
 * Inputs hold strings, so null text becomes ''.
 */
export function toFormValues(definition: Pick<ResourceDefinition, 'defaults' | 'fields'>, ctx: SchemaContext, row?: Record<string, unknown> | null): FormValues {
  const values: FormValues = { ...definition.defaults(ctx) };
  if (row) {
    for (const field of definition.fields) {
      if (field.name in row) values[field.name] = row[field.name];
    }
  }
  for (const field of definition.fields) {
    const value = values[field.name];
    if (TEXTUAL.includes(field.kind) && (value === null || value === undefined)) values[field.name] = '';
    if (field.kind === 'switch') values[field.name] = value === true || value === 1 || value === '1';
    // a time stored as hhmm (C-DIA-13: 930) shows as the input's HH:MM
    if (field.kind === 'time' && typeof value === 'number') values[field.name] = hhmmText(value);
  }
  return values;
}

export interface MappedIssues {
  fields: { name: string; message: string }[];
  other: string[];
}

/** Server issues onto form fields; issues on unknown paths are kept for a banner. */
export function mapIssues(issues: readonly { path: string; message: string }[] | undefined, fieldNames: readonly string[]): MappedIssues {
  const out: MappedIssues = { fields: [], other: [] };
  for (const issue of issues ?? []) {
    const path = String(issue.path ?? '').replace(/^body\./, '');
    const head = path.split('.')[0];
    if (fieldNames.includes(path)) out.fields.push({ name: path, message: issue.message });
    else if (fieldNames.includes(head)) out.fields.push({ name: head, message: issue.message });
    else out.other.push(issue.message);
  }
  return out;
}
