import { useRef, type ReactNode } from 'react';
import { useElementSize } from '../../../../kiosk/app/use-element-size';

/** The chart palette (reports.css): readable on light and dark surfaces. */
export const CHART_COLOURS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)', 'var(--chart-6)', 'var(--chart-7)'] as const;
export const colourAt = (i: number) => CHART_COLOURS[i % CHART_COLOURS.length];

/** A chart takes its width from a measuring parent (STYLE 14); the height is the caller's. */
export function ChartFrame({ height, label, testId, children }: { height: number; label: string; testId?: string; children: (width: number) => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref);
  return (
    <figure ref={ref} className="w-full min-w-0" style={{ height }} role="img" aria-label={label} data-testid={testId}>
      {width > 0 ? children(width) : null}
    </figure>
  );
}

export interface LegendItem {
  label: string;
  colour: string;
  value?: string;
  line?: boolean;
  dashed?: boolean;
}

export function Legend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
      {items.map((item) => (
        <li key={item.label} className="inline-flex items-center gap-1.5">
          {item.dashed ? (
            <span className="w-4 border-t-2 border-dashed" style={{ borderColor: item.colour }} aria-hidden />
          ) : (
            <span className={item.line ? 'h-0.5 w-4 rounded' : 'size-2.5 rounded-sm'} style={{ background: item.colour }} aria-hidden />
          )}
          <span className="text-text">{item.label}</span>
          {item.value !== undefined ? <span className="tabular-nums">{item.value}</span> : null}
        </li>
      ))}
    </ul>
  );
}
