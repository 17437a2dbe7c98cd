import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return <LoaderCircle className={cn('size-5 animate-spin', className)} aria-label={label} aria-hidden={label ? undefined : true} role={label ? 'status' : undefined} />;
}
