import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { useTranslation } from 'react-i18next';
import { ChartFrame, Legend } from './chart-frame';

export interface PieSlice {
  key: string;
  label: string;
  value: number;
  colour: string;
}

/** A donut of slices with its legend (counts and shares); an empty pie says 'No data available.'. */
export function PieChart({ slices, label, testId, size = 200 }: { slices: readonly PieSlice[]; label: string; testId?: string; size?: number }) {
  const { t } = useTranslation();
  const total = slices.reduce((s, x) => s + x.value, 0);
  const shown = slices.filter((s) => s.value > 0);
  const share = (v: number) => (total > 0 ? `${v} (${Math.round((v / total) * 100)} %)` : '0');
  return (
    <div className="flex flex-col items-center gap-3" data-testid={testId}>
      <div className="text-sm font-medium text-text">{label}</div>
      {total === 0 ? (
        <div className="flex items-center justify-center text-sm text-muted" style={{ height: size }} data-testid="chart-empty">
          {t('table.noData')}
        </div>
      ) : (
        <ChartFrame height={size} label={`${label}: ${shown.map((s) => `${s.label} ${share(s.value)}`).join(', ')}`}>
          {(width) => {
            const radius = Math.min(width, size) / 2;
            return (
              <svg width={width} height={size}>
                <Group top={size / 2} left={width / 2}>
                  <Pie data={shown} pieValue={(s) => s.value} outerRadius={radius} innerRadius={radius * 0.55} padAngle={0.01}>
                    {(pie) =>
                      pie.arcs.map((arc) => (
                        <path key={arc.data.key} d={pie.path(arc) ?? ''} fill={arc.data.colour} stroke="var(--surface)" strokeWidth={1} data-testid={`slice-${arc.data.key}`}>
                          <title>{`${arc.data.label}: ${share(arc.data.value)}`}</title>
                        </path>
                      ))
                    }
                  </Pie>
                  <text textAnchor="middle" dy="0.35em" className="fill-text text-lg font-semibold tabular-nums">
                    {total}
                  </text>
                </Group>
              </svg>
            );
          }}
        </ChartFrame>
      )}
      <Legend items={slices.map((s) => ({ label: s.label, colour: s.colour, value: share(s.value) }))} />
    </div>
  );
}
