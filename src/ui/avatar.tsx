import { cn } from './cn';
import { initials } from './initials';

export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      className={cn('inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground select-none', className)}
      aria-hidden
    >
      {initials(name)}
    </span>
  );
}
