import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { LinePath } from '@visx/shape';
import { scaleLinear, scalePoint } from 'd3-scale';
import { ChartFrame, Legend } from './chart-frame';

export interface LineSeries {
  key: string;
  label: string;
  colour: string;
  values: readonly number[];
  dashed?: boolean;
}

/** Lines over shared x labels (visx + d3-scale); `maxTicks` thins the labels of long series. */
export function LineChart({ labels, series, label, height = 220, testId, maxTicks = 8, minMax = 1 }: { labels: readonly string[]; series: readonly LineSeries[]; label: string; height?: number; testId?: string; maxTicks?: number; minMax?: number }) {
  const margin = { top: 12, right: 16, bottom: 32, left: 40 };
  const indexes = labels.map((_, i) => i);
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <ChartFrame height={height} label={label}>
        {(width) => {
          const innerW = Math.max(1, width - margin.left - margin.right);
          const innerH = Math.max(1, height - margin.top - margin.bottom);
          const x = scalePoint<number>().domain(indexes).range([0, innerW]).padding(0.2);
          const max = Math.max(minMax, ...series.flatMap((s) => s.values));
          const y = scaleLinear().domain([0, max]).nice().range([innerH, 0]);
          const ticks = y.ticks(4).filter(Number.isInteger);
          const step = Math.max(1, Math.ceil(labels.length / maxTicks));
          const tick = () => ({ fill: 'var(--text-muted)', fontSize: 11, fontFamily: 'inherit' });
          return (
            <svg width={width} height={height}>
              <Group left={margin.left} top={margin.top}>
                <GridRows scale={y} width={innerW} tickValues={ticks} stroke="var(--chart-grid)" />
                {series.map((s) => (
                  <LinePath key={s.key} data={s.values.map((v, i) => [i, v] as const)} x={([i]) => x(i) ?? 0} y={([, v]) => y(v)} stroke={s.colour} strokeWidth={2} strokeDasharray={s.dashed ? '5 4' : undefined} />
                ))}
                <AxisLeft scale={y} tickValues={ticks} tickFormat={(v) => String(v)} stroke="var(--chart-grid)" tickStroke="var(--chart-grid)" tickLabelProps={tick} />
                <AxisBottom
                  top={innerH}
                  scale={x}
                  tickValues={indexes.filter((i) => i % step === 0)}
                  tickFormat={(i) => labels[Number(i)] ?? ''}
                  stroke="var(--chart-grid)"
                  tickStroke="var(--chart-grid)"
                  tickLabelProps={() => ({ ...tick(), textAnchor: 'middle' })}
                />
              </Group>
            </svg>
          );
        }}
      </ChartFrame>
      <Legend items={series.map((s) => ({ label: s.label, colour: s.colour, line: true, dashed: s.dashed }))} />
    </div>
  );
}
