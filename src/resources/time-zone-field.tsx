import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneNames } from '../../domain/time-zone';
import { Input } from '../ui/input';
import type { CustomFieldProps } from './views-grid';

/**
 * A corp's time zone (J-TZ-01): a combobox of the IANA names the browser knows (type to narrow, or
 * write any other name: the schema checks it). Empty means the server's zone.
 */
export function TimeZoneField({ name, value, onChange, disabled, labelId, error }: CustomFieldProps) {
  const { t } = useTranslation();
  const names = useMemo(() => timeZoneNames(), []);
  const listId = `field-${name}-zones`;
  const hintId = `field-${name}-hint`;
  return (
    <div className="flex flex-col gap-1">
      <Input
        id={`field-${name}`}
        list={listId}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        placeholder={t('resources.corp.timeZoneServer')}
        autoComplete="off"
        spellCheck={false}
        className="sm:max-w-sm"
        data-testid={`field-${name}`}
      />
      <datalist id={listId}>
        {names.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <p id={hintId} className="text-xs text-muted">
        {t('resources.corp.timeZoneHint')}
      </p>
    </div>
  );
}
