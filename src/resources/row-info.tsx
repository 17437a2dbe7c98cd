import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../domain/resources/define';
import { Button } from '../ui/button';
import { fieldLabelKey, type DestinationLabel } from './format';

/**
 * A row's details as a tooltip (ResourceDefinition.rowInfo): C-EXT-03 an extension's action, busy
 * action and external number; C-IVR-03 an IVR's default option and options 1 to 9.
 */
export function RowInfo({ definition, row, id, destinationLabel }: { definition: ResourceDefinition; row: Record<string, unknown>; id: string; destinationLabel: DestinationLabel }) {
  const { t } = useTranslation();
  const lines = (definition.rowInfo?.fields ?? []).map(({ field, format, options }) => {
    const value = row[field];
    const option = options?.find((o) => String(o.value) === String(value));
    const text = value === null || value === undefined || value === '' ? '—' : option ? t(option.labelKey) : format === 'destination' ? destinationLabel(value) : String(value);
    return `${t(fieldLabelKey(definition, { name: field }))}: ${text}`;
  });
  const info = lines.join('\n');
  const name = String(row[definition.searchFields[0]] ?? id);
  return (
    <Button variant="ghost" size="icon-sm" title={info} aria-label={`${t('list.info')} ${name}: ${info}`} data-testid={`info-${id}`}>
      <Info />
    </Button>
  );
}
