import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from 'd3-scale';
import { ChartFrame, Legend } from './chart-frame';

export interface BarSeries {
  key: string;
  label: string;
  colour: string;
}

/** Grouped bars: one group per category, one bar per series (visx + d3-scale). */
export function BarChart<T extends { name: string }>({ data, series, value, label, height = 260, testId }: { data: readonly T[]; series: readonly BarSeries[]; value: (row: T, series: string) => number; label: string; height?: number; testId?: string }) {
  const margin = { top: 12, right: 12, bottom: 48, left: 40 };
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <ChartFrame height={height} label={label}>
        {(width) => {
          const innerW = Math.max(1, width - margin.left - margin.right);
          const innerH = Math.max(1, height - margin.top - margin.bottom);
          const x = scaleBand<string>().domain(data.map((d) => d.name)).range([0, innerW]).paddingInner(0.25).paddingOuter(0.1);
          const inner = scaleBand<string>().domain(series.map((s) => s.key)).range([0, x.bandwidth()]).padding(0.08);
          const max = Math.max(1, ...data.flatMap((d) => series.map((s) => value(d, s.key))));
          const y = scaleLinear().domain([0, max]).nice().range([innerH, 0]);
          const ticks = y.ticks(5).filter(Number.isInteger);
          const tick = () => ({ fill: 'var(--text-muted)', fontSize: 11, fontFamily: 'inherit' });
          return (
            <svg width={width} height={height}>
              <Group left={margin.left} top={margin.top}>
                <GridRows scale={y} width={innerW} tickValues={ticks} stroke="var(--chart-grid)" />
                {data.map((d) =>
                  series.map((s) => {
                    const v = value(d, s.key);
                    const h = innerH - y(v);
                    return (
                      <Bar key={`${d.name}-${s.key}`} x={(x(d.name) ?? 0) + (inner(s.key) ?? 0)} y={innerH - h} width={inner.bandwidth()} height={h} fill={s.colour} rx={2}>
                        <title>{`${d.name} · ${s.label}: ${v}`}</title>
                      </Bar>
                    );
                  }),
                )}
                <AxisLeft scale={y} tickValues={ticks} tickFormat={(v) => String(v)} stroke="var(--chart-grid)" tickStroke="var(--chart-grid)" tickLabelProps={tick} />
                <AxisBottom top={innerH} scale={x} stroke="var(--chart-grid)" tickStroke="var(--chart-grid)" tickLabelProps={() => ({ ...tick(), textAnchor: 'middle' })} />
              </Group>
            </svg>
          );
        }}
      </ChartFrame>
      <Legend items={series.map((s) => ({ label: s.label, colour: s.colour }))} />
    </div>
  );
}
