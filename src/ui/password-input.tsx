import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '../../domain/auth';
import { cn } from './cn';
import { inputClass } from './input';

const TONE_CLASS = { danger: 'bg-danger', warning: 'bg-warning', success: 'bg-success' } as const;

/** Password with a show/hide toggle and, optionally, the strength bar of F-DLG-06. */
export function PasswordInput({
  className,
  strength,
  value,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { strength?: 'password' | 'voicemail' }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const meter = strength ? passwordStrength(text, strength) : null;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="relative">
        <input type={shown ? 'text' : 'password'} className={cn(inputClass, 'pr-10', className)} value={value} {...props} />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-muted hover:text-text focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={shown}
          data-testid={props.id ? `${props.id}-toggle` : undefined}
        >
          {shown ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
        </button>
      </div>
      {meter ? (
        <div
          className="h-1.5 w-full overflow-hidden rounded-full bg-surface-3"
          role="meter"
          aria-label={t('common.passwordStrength')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={meter.score}
          data-tone={meter.tone}
        >
          <div className={cn('h-full rounded-full transition-all duration-300', TONE_CLASS[meter.tone])} style={{ width: `${meter.score}%` }} />
        </div>
      ) : null}
    </div>
  );
}
