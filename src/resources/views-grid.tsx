import { useTranslation } from 'react-i18next';
import { ACTIONS, VIEWS } from '../../domain/permissions';
import { Switch } from '../ui/switch';
import { asGrants, hasAction, setAction } from './views-grid-logic';

export interface CustomFieldProps {
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  labelId: string;
  /** the field's react-hook-form error, nested for object values (kioskThresholds shows one per cell) */
  error?: unknown;
  /** another field of the same form (a time condition's options record the removed ids in idsTOtoDelete) */
  getField?: (name: string) => unknown;
  setField?: (name: string, value: unknown) => void;
}

/** The role group grid (C-RG-04/06): one row per view, read/create/update/delete switches. */
export function ViewsGrid({ value, onChange, disabled, labelId }: CustomFieldProps) {
  const { t } = useTranslation();
  const grants = asGrants(value);
  return (
    <div className="overflow-hidden rounded-xl border border-border" data-testid="views-grid">
      <table className="w-full text-sm" aria-labelledby={labelId}>
        <thead className="bg-surface-2">
          <tr>
            <th scope="col" className="px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-muted uppercase">
              {t('roleGroup.view')}
            </th>
            {ACTIONS.map((action) => (
              <th key={action} scope="col" className="w-24 px-2 py-2.5 text-center text-xs font-semibold tracking-wide text-muted uppercase">
                {t(`actions.${action}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {VIEWS.map((view) => {
            const visible = hasAction(grants, view, 'read');
            return (
              <tr key={view} className="border-t border-border hover:bg-surface-2" data-testid={`views-grid-${view}`}>
                <th scope="row" className="px-4 py-2 text-left font-medium text-text">
                  {t(`views.${view}`)}
                </th>
                {ACTIONS.map((action) => (
                  <td key={action} className="px-2 py-2 text-center">
                    <Switch
                      checked={hasAction(grants, view, action)}
                      disabled={disabled || (action !== 'read' && !visible)}
                      onCheckedChange={(on) => onChange(setAction(grants, view, action, on))}
                      aria-label={`${t(`views.${view}`)}: ${t(`actions.${action}`)}`}
                      data-testid={`grant-${view}-${action}`}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
