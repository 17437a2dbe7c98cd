import { useTranslation } from 'react-i18next';
import { WEEK_DAYS } from '../../domain/time-options';
import { cn } from '../ui/cn';
import type { CustomFieldProps } from './views-grid';

/** Day numbers 0-6 (Monday..Sunday, C-DIA-12) from a list or a comma string. */
function asDays(value: unknown): number[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list.map((d) => Number(d)).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6);
}

/** A campaign's days of the week (C-DIA-03/12): seven toggles, Monday first. */
export function WeekDaysField({ value, onChange, disabled, labelId }: CustomFieldProps) {
  const { t } = useTranslation();
  const days = asDays(value);
  const toggle = (day: number) => onChange((days.includes(day) ? days.filter((d) => d !== day) : [...days, day]).sort((a, b) => a - b));
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-labelledby={labelId} data-testid="week-days">
      {WEEK_DAYS.map((name, day) => {
        const on = days.includes(day);
        return (
          <button
            key={name}
            type="button"
            aria-pressed={on}
            disabled={disabled}
            onClick={() => toggle(day)}
            className={cn(
              'h-8 min-w-11 rounded-md border px-2 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
              on ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-surface text-text hover:bg-surface-3',
            )}
            data-testid={`weekday-${day}`}
          >
            {t(`days.${name}`)}
          </button>
        );
      })}
    </div>
  );
}
