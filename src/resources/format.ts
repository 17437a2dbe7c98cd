import { isLevel, LEVEL_LABEL_KEY } from '../../domain/levels';
import { daysOf } from '../../domain/time-options';
import type { ColumnDef, FieldDef, ResourceDefinition, SchemaContext } from '../../domain/resources/define';
import type { Translate } from '../app/messages';

/** Label key by convention: resources.<name>.fields.<key> (STYLE 12). */
export function columnLabelKey(definition: Pick<ResourceDefinition, 'name'>, column: Pick<ColumnDef, 'key' | 'labelKey'>): string {
  return column.labelKey ?? `resources.${definition.name}.fields.${column.key}`;
}

export function fieldLabelKey(definition: Pick<ResourceDefinition, 'name'>, field: Pick<FieldDef, 'name' | 'labelKey'>): string {
  return field.labelKey ?? `resources.${definition.name}.fields.${field.name}`;
}

export function isTruthyFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/** One time option as read: `Mon, Tue 08:00–18:00 → Queue: Sales`. */
export function timeOptionText(option: { from?: string; to?: string; days?: string; action?: string }, t: Translate, destination?: DestinationLabel): string {
  const days = daysOf(option.days ?? '')
    .map((d) => t(`days.${d}`))
    .join(', ');
  const action = option.action ? ` → ${destination ? destination(option.action) : option.action}` : '';
  return `${days} ${option.from ?? ''}–${option.to ?? ''}${action}`;
}

/** C-VM-03: minutes rounded up above 60 seconds, otherwise seconds. */
export function durationText(seconds: number, t: Translate): string {
  return seconds > 60 ? t('units.minutes', { count: Math.ceil(seconds / 60) }) : t('units.seconds', { count: seconds });
}

/** How a destination value reads (the corp's action lookup); the raw value when none is given. */
export type DestinationLabel = (value: unknown) => string;

/** The text of a cell, as shown, searched, exported and copied. */
export function cellText(column: Pick<ColumnDef, 'key' | 'format' | 'options' | 'onlyWith'>, row: Record<string, unknown>, t: Translate, destination?: DestinationLabel): string {
  const value = row[column.key];
  if (column.onlyWith) {
    const other = row[column.onlyWith];
    if (other === null || other === undefined || other === '') return '';
  }
  if (column.options) {
    const options = column.options;
    const optionOf = (v: unknown) => options.find((o) => String(o.value) === String(v));
    // a list of options (kiosk boards) reads as its labels in order
    if (Array.isArray(value)) {
      return value
        .map((v) => {
          const o = optionOf(v);
          return o ? t(o.labelKey) : String(v);
        })
        .join(', ');
    }
    const option = optionOf(value);
    if (option) return t(option.labelKey);
  }
  switch (column.format) {
    case 'yesNo':
      return t(isTruthyFlag(value) ? 'common.yes' : 'common.no');
    case 'level':
      return isLevel(value) ? t(LEVEL_LABEL_KEY[value]) : String(value ?? '');
    case 'destination':
      return destination ? destination(value) : String(value ?? '');
    case 'list':
      return Array.isArray(value) ? value.join(', ') : String(value ?? '');
    case 'epochDate':
      // C-VM-04: epoch seconds in the locale's date and time
      return typeof value === 'number' ? new Date(value * 1000).toLocaleString() : '';
    case 'duration':
      return typeof value === 'number' ? durationText(value, t) : '';
    case 'timeOptions':
      // C-TC-11: days comma-separated on read; one option per line
      return Array.isArray(value) ? value.map((o: { from?: string; to?: string; days?: string; action?: string }) => timeOptionText(o, t, destination)).join('\n') : '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/**
 * Whether a list cell shows its cellText: every column with options, `onlyWith` or a format but the raw
 * ones ('text', 'number'). The list screen draws yesNo, level, file and timeOptions its own way; any other
 * format shows as cellText formats it (a format added here is never shown raw: the voice mail's dates and
 * durations once were).
 */
export function cellShowsText(column: Pick<ColumnDef, 'format' | 'options' | 'onlyWith'>): boolean {
  return !!column.options || !!column.onlyWith || (column.format !== undefined && column.format !== 'text' && column.format !== 'number');
}

/** The raw value of a cell for CSV: numbers stay numbers. */
export function cellValue(column: Pick<ColumnDef, 'key' | 'format' | 'options' | 'onlyWith'>, row: Record<string, unknown>, t: Translate, destination?: DestinationLabel): string | number {
  const value = row[column.key];
  if (column.format === 'number' && typeof value === 'number') return value;
  return cellText(column, row, t, destination);
}

/** The columns this user sees (ColumnDef.visibleWhen, e.g. C-EXT-02 for level 4). */
export function visibleColumns(definition: Pick<ResourceDefinition, 'columns'>, ctx: Pick<SchemaContext, 'actor'>): ColumnDef[] {
  return definition.columns.filter((column) => !column.visibleWhen || column.visibleWhen(ctx));
}
