import type { ComponentProps } from 'react';
import { cn } from './cn';

export interface SwitchProps extends Omit<ComponentProps<'button'>, 'onChange' | 'value'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** An on/off switch (role switch, Space/Enter toggle). */
export function Switch({ checked, onCheckedChange, className, disabled, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-surface-3 ring-1 ring-border ring-inset',
        className,
      )}
      {...props}
    >
      <span
        className={cn('pointer-events-none block size-4 rounded-full bg-surface shadow-card transition-transform', checked ? 'translate-x-4' : 'translate-x-0.5')}
      />
    </button>
  );
}
