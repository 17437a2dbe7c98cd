/**
 * The Queues board (issue 4): a tile per queue with callers waiting, longest wait, answered, abandoned,
 * service level (answered within the queue's threshold, Asterisk's default 60 s; formula in
 * streams/queue-stats.ts) and agents free / busy / offline. Threshold colours with hysteresis
 * (queue-levels.ts); each tile forecasts when its service level will break and how many agents would
 * hold it, when the model is confident (H-FCST-01, queue-forecast.ts); `?chime=1` plays a short tone when a queue enters critical. Type sizes use
 * container units, so a tile reads well whether the floor has 2 queues or 20.
 */
import { useEffect, useMemo, type CSSProperties, type ReactNode } from 'react';
import { useKioskText } from '../kiosk-text-context';
import { scan } from 'rxjs';
import { formatTimer } from '../../machines/extension-machine';
import type { QueueStats } from '../../streams/queue-stats';
import { useObservable } from '../../src/ui/use-observable';
import { useKiosk } from '../app/kiosk-context';
import { formatPct } from '../format';
import type { Level } from '../thresholds/hysteresis';
import { playChime } from './chime';
import { useQueueAgents, type AgentCounts } from './queue-agents';
import { INITIAL_QUEUE_LEVELS, stepQueueLevels, type QueueLevels, type QueueLevelsState } from './queue-levels';
import { breachMinutes, type ForecastShown } from '../../domain/forecast/service-level-forecast';
import { forecastsOf } from './queue-forecast';

/** Columns for n tiles on a wide screen: roughly square tiles, never more than 6 across. */
export function queueColumns(n: number): number {
  if (n <= 3) return Math.max(1, n);
  return Math.min(6, Math.ceil(Math.sqrt(n * 1.8)));
}

const LEVEL_STYLE: Record<Level, CSSProperties> = {
  normal: { background: 'var(--k-normal)', color: 'var(--k-text)' },
  warning: { background: 'var(--k-warning)', color: 'var(--k-warning-fg)' },
  critical: { background: 'var(--k-critical)', color: 'var(--k-critical-fg)' },
};

export function QueuesBoard() {
  const { t } = useKioskText();
  const { live, config, url } = useKiosk();
  const levels$ = useMemo(() => live.stats$.pipe(scan((state: QueueLevelsState, stats: QueueStats[]) => ({ ...stepQueueLevels(state, stats, config.thresholds), stats }), { ...INITIAL_QUEUE_LEVELS, stats: [] as QueueStats[] })), [live.stats$, config.thresholds]);
  const state = useObservable(levels$, null);
  const queues = useObservable(live.queues$, []);
  const agents = useQueueAgents(live, queues);
  // H-FCST-01: kept for the screen's life, so the arrival window does not restart each time the board shows
  const forecasts$ = useMemo(() => forecastsOf(live, live.hub.events$, config.thresholds), [live, config.thresholds]);
  const forecasts = useObservable(forecasts$, {});

  const entered = state?.enteredCritical;
  useEffect(() => {
    if (url.chime && entered && entered.length > 0) playChime();
  }, [entered, url.chime]);

  if (!state) return null;
  if (state.stats.length === 0) return <div className="flex h-full items-center justify-center text-[4vh] text-k-muted">{t('kiosk.queues.empty')}</div>;
  const columns = queueColumns(state.stats.length);
  return (
    <div className="grid h-full gap-[1.2vh]" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gridAutoRows: 'minmax(0, 1fr)' }} data-testid="kiosk-board-queues">
      {state.stats.map((q) => (
        <QueueTile key={q.queueId} queue={q} levels={state.byQueue[q.queueId]} agents={agents.get(q.queueId)} forecast={forecasts[q.queueId] ?? null} />
      ))}
    </div>
  );
}

function QueueTile({ queue, levels, agents, forecast }: { queue: QueueStats; levels: QueueLevels | undefined; agents: AgentCounts | undefined; forecast: ForecastShown }) {
  const { t } = useKioskText();
  const tile = levels?.tile ?? 'normal';
  // sizes in container units of the tile (the smaller of width and height wins), so 2 or 20 queues read well
  return (
    <section className="flex min-h-0 flex-col gap-[3cqh] overflow-hidden rounded-[1.2vh] p-[min(3cqw,3cqh)] [container-type:size]" style={LEVEL_STYLE[tile]} data-testid="kiosk-queue" data-queue={queue.name} data-level={tile}>
      <header className="flex items-center justify-between gap-[2cqw]">
        <h2 className="truncate text-[min(9cqw,11cqh)] leading-none font-bold">{queue.name}</h2>
        {tile !== 'normal' ? <span className="rounded-[1cqh] px-[1.5cqw] text-[min(4cqw,5cqh)] font-bold uppercase ring-2 ring-current">{t(`kiosk.queues.${tile}`)}</span> : null}
      </header>
      <div className="grid min-h-0 flex-1 grid-cols-6 content-evenly gap-x-[2cqw] gap-y-[2cqh]">
        <Metric span={3} size="big" label={t('kiosk.queues.waiting')} value={String(queue.waiting)} level={levels?.waiting} testId="kiosk-queue-waiting" />
        <Metric span={3} size="big" label={t('kiosk.queues.longestWait')} value={formatTimer(queue.longestWaitMs)} level={levels?.longestWait} />
        <Metric span={2} label={t('kiosk.queues.answered')} value={String(queue.answered)} />
        <Metric span={2} label={t('kiosk.queues.abandoned')} value={String(queue.abandoned)} />
        <Metric
          span={2}
          label={
            <>
              {t('kiosk.queues.serviceLevel')} <span className="whitespace-nowrap">{t('kiosk.queues.within', { seconds: queue.serviceLevelSec })}</span>
            </>
          }
          value={formatPct(queue.serviceLevelPct)}
          level={levels?.serviceLevel}
        />
        <div className="col-span-6 flex min-w-0 flex-col">
          <span className={LABEL} data-testid="kiosk-queue-label">
            {t('kiosk.queues.agents')}
          </span>
          {/* issue 13: the three counts wrap as wholes instead of cutting the last one ("1 descone…") */}
          <span className="flex flex-wrap gap-x-[1.5cqw] text-[min(5cqw,7cqh)] leading-tight font-semibold tabular-nums" data-testid="kiosk-queue-agents">
            <span className="whitespace-nowrap">
              {agents?.free ?? 0} {t('kiosk.queues.free')} ·
            </span>
            <span className="whitespace-nowrap">
              {agents?.busy ?? 0} {t('kiosk.queues.busy')} ·
            </span>
            <span className="whitespace-nowrap">
              {agents?.offline ?? 0} {t('kiosk.queues.offline')}
            </span>
          </span>
        </div>
      </div>
      {forecast ? <ForecastLine forecast={forecast} /> : null}
    </section>
  );
}

/**
 * H-FCST-01: "SLA breaks within ~4 min · 14 agents would hold it", shown only when the model is
 * confident (domain/forecast). An outlined strip in the tile's own colours (light and dark follow the
 * tile), no fill and nothing blinking (burn-in); the agents only when some number would hold it.
 */
export function ForecastLine({ forecast }: { forecast: NonNullable<ForecastShown> }) {
  const { t } = useKioskText();
  return (
    <p className="flex flex-wrap items-baseline gap-x-[2cqw] rounded-[1cqh] px-[1.5cqw] py-[0.5cqh] text-[min(5cqw,7cqh)] leading-tight font-bold border-[0.4cqh] border-dashed border-current" data-testid="kiosk-queue-forecast" data-breach-sec={Math.round(forecast.breachInSec)}>
      <span className="whitespace-nowrap">{t('kiosk.queues.forecast', { minutes: breachMinutes(forecast.breachInSec) })}</span>
      {forecast.agentsNeeded !== null ? <span className="whitespace-nowrap font-semibold opacity-90">{t('kiosk.queues.forecastAgents', { agents: forecast.agentsNeeded })}</span> : null}
    </p>
  );
}

const VALUE_SIZE = { big: 'text-[min(15cqw,22cqh)]', normal: 'text-[min(8.5cqw,13cqh)]' } as const;

/**
 * A metric's label wraps (up to three lines) rather than being cut: 'Nivel de servicio en 30 s' did not
 * fit a third of a tile on one line (issue 13). Whole words move to the next line; only a word longer
 * than the column breaks.
 */
const LABEL = 'line-clamp-3 text-[min(4.2cqw,5.5cqh)] leading-tight break-words opacity-80';

function Metric({ label, value, level, size = 'normal', span, testId }: { label: ReactNode; value: string; level?: Level; size?: keyof typeof VALUE_SIZE; span: 2 | 3; testId?: string }) {
  // a metric past its own threshold is outlined, so the cause of the tile's colour is visible
  const flagged = level !== undefined && level !== 'normal';
  return (
    <div className={`flex min-w-0 flex-col justify-end rounded-[1cqh] ${span === 3 ? 'col-span-3' : 'col-span-2'} ${flagged ? 'px-[1cqw] ring-[0.5cqh] ring-current' : ''}`}>
      <span className={LABEL} data-testid="kiosk-queue-label">
        {label}
      </span>
      <span className={`${VALUE_SIZE[size]} leading-none font-bold tabular-nums`} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
