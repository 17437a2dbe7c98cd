import { isLevel, LEVEL_LABEL_KEY } from '../../domain/levels';
import type { ColumnDef, FieldDef, ResourceDefinition } from '../../domain/resources/define';
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

/** The text of a cell, as shown, searched, exported and copied. */
export function cellText(column: Pick<ColumnDef, 'key' | 'format'>, row: Record<string, unknown>, t: Translate): string {
  const value = row[column.key];
  switch (column.format) {
    case 'yesNo':
      return t(isTruthyFlag(value) ? 'common.yes' : 'common.no');
    case 'level':
      return isLevel(value) ? t(LEVEL_LABEL_KEY[value]) : String(value ?? '');
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** The raw value of a cell for CSV: numbers stay numbers. */
export function cellValue(column: Pick<ColumnDef, 'key' | 'format'>, row: Record<string, unknown>, t: Translate): string | number {
  const value = row[column.key];
  if (column.format === 'number' && typeof value === 'number') return value;
  return cellText(column, row, t);
}
