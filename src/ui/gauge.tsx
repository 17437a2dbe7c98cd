import { cn } from './cn';
import { semicirclePath, usageTone } from './gauge-math';

const TONE_STROKE = { success: 'stroke-success', warning: 'stroke-warning', danger: 'stroke-danger' } as const;

/** A semicircle gauge with the percentage in the middle. */
export function SemicircleGauge({ percent, label, detail, testId }: { percent: number; label: string; detail?: string; testId?: string }) {
  const tone = usageTone(percent);
  return (
    <figure className="flex flex-col items-center gap-1" data-testid={testId}>
      <svg viewBox="0 0 120 70" className="w-32" role="img" aria-label={`${label}: ${percent}%`}>
        <path d={semicirclePath(60, 62, 50, 1)} className="fill-none stroke-surface-3" strokeWidth={10} strokeLinecap="round" />
        {percent > 0 ? (
          <path d={semicirclePath(60, 62, 50, percent / 100)} className={cn('fill-none transition-all duration-500', TONE_STROKE[tone])} strokeWidth={10} strokeLinecap="round" />
        ) : null}
        <text x="60" y="58" textAnchor="middle" className="fill-text text-[20px] font-semibold tabular-nums">
          {percent}%
        </text>
      </svg>
      <figcaption className="text-center">
        <div className="text-xs font-medium text-text">{label}</div>
        {detail ? <div className="text-[11px] text-muted">{detail}</div> : null}
      </figcaption>
    </figure>
  );
}
