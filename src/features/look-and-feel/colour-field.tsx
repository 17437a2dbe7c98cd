import { useTranslation } from 'react-i18next';
import { cssColour } from '../../app/brand';
import { cn } from '../../ui/cn';
import { inputClass } from '../../ui/input';
import { alphaPercent, fromPicker, pickerValue } from './colour';

/** A colour picker plus its RRGGBBAA text (C-LF-01/06); the alpha of the text is kept when picking. */
export function ColourField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const swatch = cssColour(value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <span className="relative inline-flex size-9 shrink-0 overflow-hidden rounded-lg border border-border shadow-card">
          {/* checkerboard shows through transparent colours */}
          <span className="absolute inset-0 bg-[conic-gradient(var(--surface-3)_25%,var(--surface)_0_50%,var(--surface-3)_0_75%,var(--surface)_0)] bg-[length:10px_10px]" aria-hidden />
          <span className="absolute inset-0" style={{ backgroundColor: swatch ?? 'transparent' }} aria-hidden />
          <input
            type="color"
            value={pickerValue(value)}
            onChange={(e) => onChange(fromPicker(e.target.value, value))}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
            aria-label={`${label}: ${t('lookAndFeel.pick')}`}
            data-testid={`lf-picker-${id}`}
          />
        </span>
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          onBlur={onBlur}
          maxLength={9}
          spellCheck={false}
          autoComplete="off"
          className={cn(inputClass, 'font-mono uppercase')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-alpha`}
          data-testid={`lf-color-${id}`}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-alpha`} className="text-[11px] text-muted">
          {t('lookAndFeel.alpha', { percent: alphaPercent(value) })}
        </p>
      )}
    </div>
  );
}
