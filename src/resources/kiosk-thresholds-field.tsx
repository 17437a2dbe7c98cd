import { useTranslation } from 'react-i18next';
import { translateMessage } from '../app/messages';
import type { CustomFieldProps } from './views-grid';
import { Input } from '../ui/input';
import { THRESHOLD_LEVELS, THRESHOLD_METRICS, thresholdKey, thresholdText, withThreshold } from './kiosk-screen-logic';

/** The message of one cell from the field's nested react-hook-form error ({ waitingWarning: { message } }). */
function cellError(error: unknown, key: string): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const cell = (error as Record<string, unknown>)[key];
  const message = cell && typeof cell === 'object' ? (cell as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/**
 * The queue tile thresholds of a kiosk screen (`kind: 'custom', component: 'kioskThresholds'`): one
 * row per metric, one number per level, each cell with its own error from kioskThresholdsSchema.
 */
export function KioskThresholdsField({ name, value, onChange, disabled, labelId, error }: CustomFieldProps) {
  const { t } = useTranslation();
  const hintId = `${labelId}-hint`;
  return (
    <div className="flex flex-col gap-2" data-testid="kiosk-thresholds">
      <div className="overflow-x-auto rounded-xl border border-border">
        <table className="w-full text-sm" aria-labelledby={labelId} aria-describedby={hintId}>
          <thead className="bg-surface-2">
            <tr>
              <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase">
                {t('kioskAdmin.thresholds.metric')}
              </th>
              {THRESHOLD_LEVELS.map((level) => (
                <th key={level} scope="col" className="px-2 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase">
                  {t(`kioskAdmin.thresholds.levels.${level}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {THRESHOLD_METRICS.map((row) => (
              <tr key={row.metric} className="border-t border-border align-top">
                <th scope="row" className="px-3 py-2.5 text-left font-medium whitespace-nowrap text-text">
                  {t(`kioskAdmin.thresholds.metrics.${row.metric}`)}
                </th>
                {THRESHOLD_LEVELS.map((level) => {
                  const key = thresholdKey(row, level);
                  const id = `field-${name}-${key}`;
                  const message = cellError(error, key);
                  return (
                    <td key={level} className="px-2 py-1.5">
                      <Input
                        id={id}
                        data-testid={id}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        className="w-24"
                        value={thresholdText(value, key)}
                        readOnly={disabled}
                        onChange={(e) => onChange(withThreshold(value, key, e.target.value))}
                        aria-label={`${t(`kioskAdmin.thresholds.metrics.${row.metric}`)}: ${t(`kioskAdmin.thresholds.levels.${level}`)}`}
                        aria-invalid={message ? true : undefined}
                        aria-describedby={message ? `${id}-error` : undefined}
                      />
                      {message ? (
                        <p id={`${id}-error`} role="alert" className="mt-1 max-w-40 text-xs font-medium text-danger" data-testid={`error-${id}`}>
                          {translateMessage(t, message)}
                        </p>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id={hintId} className="text-xs text-muted">
        {t('kioskAdmin.thresholds.hint')}
      </p>
    </div>
  );
}
