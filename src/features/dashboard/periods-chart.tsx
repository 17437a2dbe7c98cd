import { useTranslation } from 'react-i18next';
import { splitWeeks, type DashCallType, type DashPoint } from '../../../domain/reports';
import { LineChart, type LineSeries } from '../reports/charts/line-chart';

/**
 * D-HOME-07: 14 days as two series of 7, this week against the one before, day by day: incoming and
 * outgoing calls (the general dashboard's type filter keeps one of them).
 */
export function PeriodsChart({ points, type = 'all', testId }: { points: readonly DashPoint[]; type?: DashCallType; testId: string }) {
  const { t, i18n } = useTranslation();
  const { current, previous } = splitWeeks(points);
  const labels = current.map((p) => new Date(`${p.day}T12:00:00`).toLocaleDateString(i18n.language, { weekday: 'short', day: 'numeric' }));
  const series: LineSeries[] = [];
  if (type !== 'out') {
    series.push({ key: 'in', label: t('dashboard.thisWeekIn'), colour: 'var(--chart-2)', values: current.map((p) => p.entrantes) });
    series.push({ key: 'inPrev', label: t('dashboard.lastWeekIn'), colour: 'var(--chart-2)', values: previous.map((p) => p.entrantes), dashed: true });
  }
  if (type !== 'in') {
    series.push({ key: 'out', label: t('dashboard.thisWeekOut'), colour: 'var(--chart-3)', values: current.map((p) => p.salientes) });
    series.push({ key: 'outPrev', label: t('dashboard.lastWeekOut'), colour: 'var(--chart-3)', values: previous.map((p) => p.salientes), dashed: true });
  }
  return <LineChart labels={labels} series={series} label={t('dashboard.periods')} testId={testId} />;
}
