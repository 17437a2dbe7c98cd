import type { ComponentProps } from 'react';
import { cn } from './cn';

export const inputClass =
  'h-9 w-full min-w-0 rounded-lg border border-border bg-surface px-3 text-sm text-text shadow-card transition-colors outline-none placeholder:text-muted focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 disabled:cursor-not-allowed disabled:bg-surface-2 disabled:opacity-70 aria-invalid:border-danger aria-invalid:ring-danger/20';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClass, className)} {...props} />;
}
