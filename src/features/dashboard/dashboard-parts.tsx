import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { cn } from '../../ui/cn';
import '../reports/reports.css';

/** A stat card: an icon, a label and a big number (D-HOME-02, D-GEN-03). */
export function StatCard({ icon: Icon, label, value, tone = 'primary', testId }: { icon: LucideIcon; label: string; value: ReactNode; tone?: 'primary' | 'success' | 'info' | 'warning' | 'danger'; testId: string }) {
  const tones = { primary: 'bg-primary-soft text-primary', success: 'bg-success-soft text-success', info: 'bg-info-soft text-info', warning: 'bg-warning-soft text-warning', danger: 'bg-danger-soft text-danger' };
  return (
    <Card className="flex items-center gap-4 p-4" data-testid={testId}>
      <span className={cn('inline-flex size-11 shrink-0 items-center justify-center rounded-xl', tones[tone])}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        {/* issue 13: the label wraps ('Llamadas entrantes' was cut at 1366 px) */}
        <div className="line-clamp-2 text-xs font-medium break-words text-muted" title={label} data-testid={`${testId}-label`}>
          {label}
        </div>
        <div className="text-2xl font-semibold tracking-tight tabular-nums" data-testid={`${testId}-value`}>
          {value}
        </div>
      </div>
    </Card>
  );
}

/** A titled card of the dashboard. */
export function Panel({ title, children, className, testId, actions }: { title: string; children: ReactNode; className?: string; testId?: string; actions?: ReactNode }) {
  return (
    <Card className={cn('overflow-hidden report-section', className)} data-testid={testId}>
      <CardHeader>
        <CardTitle className="flex-1">{title}</CardTitle>
        {actions}
      </CardHeader>
      {children}
    </Card>
  );
}
