/**
 * H-NOC-01: the corps a NOC screen rotates across (`kind: 'custom', component: 'nocCorps'`): none
 * ticked means every corp. Only the supervisor sees it (the definition's visibleWhen; the server
 * refuses a NOC screen from anyone else).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { corpResource } from '../../domain/resources/corp';
import type { ResourceDefinition } from '../../domain/resources/define';
import { resourceListQuery } from '../api/resources';
import type { CustomFieldProps } from './views-grid';
import { Checkbox } from '../ui/checkbox';

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);

export function NocCorpsField({ value, onChange, disabled, labelId }: CustomFieldProps) {
  const { t } = useTranslation();
  const corps = useQuery(resourceListQuery(corpResource as ResourceDefinition, null, null));
  const selected = ids(value);
  const rows = (corps.data ?? []).filter((c) => c.system !== true);
  return (
    <div aria-labelledby={labelId} className="flex flex-col gap-1 rounded-xl border border-border p-2 sm:max-w-md" data-testid="noc-corps">
      <p className="text-xs text-muted">{t('kioskAdmin.noc.hint')}</p>
      {rows.map((c) => {
        const id = Number(c.id);
        return (
          <label key={id} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={selected.includes(id)}
              disabled={disabled}
              onCheckedChange={(on) => onChange(on ? [...selected, id] : selected.filter((s) => s !== id))}
              aria-label={String(c.name)}
              data-testid={`noc-corp-${id}`}
            />
            {String(c.name)}
          </label>
        );
      })}
    </div>
  );
}
