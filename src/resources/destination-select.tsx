import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DestinationPicker } from '../../domain/destinations';
import { Select } from '../ui/select';
import { destinationOptions } from './destination-options';
import { useCorpActions } from './use-destinations';

/**
 * The destinations picker: where a call goes (hang up, an IVR, a queue, an integration, an extension,
 * a time condition), from the corp's action lookup, each section under a disabled heading (C-INT-04,
 * C-IVR-09, C-QUE-12, C-TRK-11). A stored value the lookup no longer lists stays visible as it is.
 */
export function DestinationSelect({
  id,
  picker,
  value,
  onChange,
  onBlur,
  disabled,
  aria,
  corpId = null,
}: {
  /** the corp whose destinations to offer when a supervisor's form chose one */
  corpId?: number | null;
  id: string;
  picker: DestinationPicker;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  aria?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const { actions, corpId: actionsCorp, loading, label } = useCorpActions(true, corpId);
  const options = useMemo(() => destinationOptions(actions, picker, actionsCorp, t), [actions, picker, actionsCorp, t]);
  const known = value === '' || options.some((o) => !o.heading && o.value === value);
  return (
    <Select id={id} data-testid={id} value={value} disabled={disabled} onBlur={onBlur} onChange={(e) => onChange(e.target.value)} {...aria}>
      <option value="">{loading ? t('common.loading') : t('common.choose')}</option>
      {known ? null : <option value={value}>{label(value)}</option>}
      {options.map((o) =>
        o.heading ? (
          <option key={o.value} value={o.value} disabled className="font-semibold" data-heading="true">
            {`— ${o.label} —`}
          </option>
        ) : (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ),
      )}
    </Select>
  );
}
