/**
 * The Trend board (issue 4): today's queue calls per 15 minutes, answered and abandoned stacked, with
 * yesterday's total per 15 minutes as a line to compare (visx + d3-scale). Data from
 * GET /api/v1/kiosk/trend for the corp's day (its time zone, J-TZ-01, whatever the TV's), asked for
 * when the board shows and every minute while it does. The chart takes its size from a measuring parent (STYLE 14).
 */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { Bar, LinePath } from '@visx/shape';
import { scaleBand, scaleLinear } from 'd3-scale';
import { useKioskText } from '../kiosk-text-context';
import { TREND_BUCKETS, TREND_BUCKET_MINUTES, type KioskTrend } from '../../domain/kiosk-trend';
import { useKioskDataBoard } from '../app/use-kiosk-data';

export const TREND_REFRESH_MS = 60_000;

/** "hh:mm" of a bucket's start. */
export const bucketLabel = (i: number) => {
  const minutes = i * TREND_BUCKET_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export function TrendBoard() {
  const { t } = useKioskText();
  const { state, data: trend, area, size } = useKioskDataBoard<KioskTrend>('/kiosk/trend', TREND_REFRESH_MS, 'trend');

  return (
    <div className="flex h-full flex-col gap-[1.5vh]" data-testid="kiosk-board-trend">
      <div className="flex flex-wrap items-center gap-x-[3vh] text-[2.8vh]">
        <span className="font-semibold">{t('kiosk.trend.title')}</span>
        <Legend colour="var(--k-answered)" label={t('kiosk.trend.answered')} />
        <Legend colour="var(--k-abandoned)" label={t('kiosk.trend.abandoned')} />
        <Legend colour="var(--k-yesterday)" label={t('kiosk.trend.yesterday')} line />
        {trend ? (
          <span className="ml-auto text-k-muted" data-testid="kiosk-trend-totals">
            {t('kiosk.trend.today')}: {t('kiosk.trend.totals', { answered: sum(trend.today.answered), abandoned: sum(trend.today.abandoned) })} · {t('kiosk.trend.yesterday')}:{' '}
            {t('kiosk.trend.totals', { answered: sum(trend.yesterday.answered), abandoned: sum(trend.yesterday.abandoned) })}
          </span>
        ) : null}
      </div>
      <div ref={area} className="min-h-0 flex-1">
        {state.status === 'loading' ? <Message text={t('kiosk.trend.loading')} /> : null}
        {state.status === 'error' ? <Message text={t('kiosk.trend.error')} /> : null}
        {trend && size.width > 0 && size.height > 0 ? <TrendChart trend={trend} width={size.width} height={size.height} /> : null}
      </div>
    </div>
  );
}

function Message({ text }: { text: string }) {
  return <div className="flex h-full items-center justify-center text-[3.6vh] text-k-muted">{text}</div>;
}

function Legend({ colour, label, line }: { colour: string; label: string; line?: boolean }) {
  return (
    <span className="inline-flex items-center gap-[0.8vh]">
      <span className={line ? 'h-[0.5vh] w-[3vh] rounded' : 'size-[2.2vh] rounded-[0.4vh]'} style={{ background: colour }} />
      {label}
    </span>
  );
}

function TrendChart({ trend, width, height }: { trend: KioskTrend; width: number; height: number }) {
  const font = Math.max(12, Math.round(height * 0.035));
  const margin = { top: font, right: font, bottom: font * 2.4, left: font * 3.2 };
  const innerW = Math.max(1, width - margin.left - margin.right);
  const innerH = Math.max(1, height - margin.top - margin.bottom);
  const buckets = Array.from({ length: TREND_BUCKETS }, (_, i) => i);
  const todayTotal = buckets.map((i) => (trend.today.answered[i] ?? 0) + (trend.today.abandoned[i] ?? 0));
  const yesterdayTotal = buckets.map((i) => (trend.yesterday.answered[i] ?? 0) + (trend.yesterday.abandoned[i] ?? 0));
  const max = Math.max(1, ...todayTotal, ...yesterdayTotal);
  const x = scaleBand<number>().domain(buckets).range([0, innerW]).paddingInner(0.15);
  const y = scaleLinear().domain([0, max]).nice().range([innerH, 0]);
  // calls are whole numbers: no 0.5 ticks on a quiet morning
  const yTicks = y.ticks(5).filter(Number.isInteger);
  const tickStyle = () => ({ fill: 'var(--k-muted)', fontSize: font, fontFamily: 'inherit' });

  return (
    <svg width={width} height={height} role="img" aria-label="trend">
      <Group left={margin.left} top={margin.top}>
        <GridRows scale={y} width={innerW} tickValues={yTicks} stroke="var(--k-border)" />
        {buckets.map((i) => {
          const answered = trend.today.answered[i] ?? 0;
          const abandoned = trend.today.abandoned[i] ?? 0;
          const bx = x(i) ?? 0;
          const hAnswered = innerH - y(answered);
          const hAbandoned = innerH - y(abandoned);
          return (
            <g key={i}>
              {answered > 0 ? <Bar x={bx} y={innerH - hAnswered} width={x.bandwidth()} height={hAnswered} fill="var(--k-answered)" /> : null}
              {abandoned > 0 ? <Bar x={bx} y={innerH - hAnswered - hAbandoned} width={x.bandwidth()} height={hAbandoned} fill="var(--k-abandoned)" /> : null}
            </g>
          );
        })}
        <LinePath data={buckets} x={(i) => (x(i) ?? 0) + x.bandwidth() / 2} y={(i) => y(yesterdayTotal[i] ?? 0)} stroke="var(--k-yesterday)" strokeWidth={Math.max(2, font / 6)} strokeDasharray={`${font / 2} ${font / 3}`} />
        <AxisLeft scale={y} tickValues={yTicks} tickFormat={(v) => String(v)} stroke="var(--k-border)" tickStroke="var(--k-border)" tickLabelProps={tickStyle} />
        <AxisBottom
          top={innerH}
          scale={x}
          tickValues={buckets.filter((i) => i % 8 === 0)}
          tickFormat={(i) => bucketLabel(Number(i))}
          stroke="var(--k-border)"
          tickStroke="var(--k-border)"
          tickLabelProps={tickStyle}
        />
      </Group>
    </svg>
  );
}
