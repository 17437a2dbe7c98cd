import { useTranslation } from 'react-i18next';
import { LIVE_ACTIONS, normaliseLiveActions, type LiveAction } from '../../domain/permissions';
import { Switch } from '../ui/switch';
import type { CustomFieldProps } from './views-grid';

const asActions = (value: unknown): LiveAction[] => (Array.isArray(value) ? normaliseLiveActions(value.filter((v): v is string => typeof v === 'string')) : []);

/**
 * G-PRM-01: the actions on the floor a role group grants (hang up, transfer, listen, whisper, barge,
 * record, pause others, log others in and out), one switch each beside the views grid. An agent's own
 * extensions need none of them.
 */
export function LiveActionsField({ value, onChange, disabled, labelId }: CustomFieldProps) {
  const { t } = useTranslation();
  const actions = asActions(value);
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-labelledby={labelId} data-testid="live-actions">
      {LIVE_ACTIONS.map((action) => (
        <li key={action} className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2">
          <span className="text-sm">
            <span className="font-medium text-text">{t(`liveActions.${action}`)}</span>
            <span className="block text-xs text-muted">{t(`liveActions.hint.${action}`)}</span>
          </span>
          <Switch
            checked={actions.includes(action)}
            disabled={disabled}
            onCheckedChange={(on) => onChange(normaliseLiveActions(on ? [...actions, action] : actions.filter((a) => a !== action)))}
            aria-label={t(`liveActions.${action}`)}
            data-testid={`live-action-${action}`}
          />
        </li>
      ))}
    </ul>
  );
}
