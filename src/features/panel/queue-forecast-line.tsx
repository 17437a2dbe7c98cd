/**
 * H-FCST-01: a queue's "SLA breaks within ~4 min · 14 agents would hold it" on the Panel's queue cards
 * and list rows (panel-forecasts.ts). Nothing when the model is not confident (a null forecast): the
 * line is there only while it is meant. The agents only when some number would hold it.
 */
import { TrendingDown } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { breachMinutes, type ForecastShown } from '../../../domain/forecast/service-level-forecast';
import type { QueueForecasts } from '../../../streams/queue-forecast';
import { useObservable } from '../../ui/use-observable';
import { panelForecasts$ } from './panel-forecasts';
import { usePanelLive } from './panel-live';

const NO_FORECASTS: QueueForecasts = {};

/**
 * queueId → forecast of the panel's queues, as the model's stream gives them. The stream is the feed's
 * one (panel-forecasts.ts): the card and list views share it, a re-render does not start it again.
 */
export function useQueueForecasts(): QueueForecasts {
  const { source } = usePanelLive();
  const forecasts$ = useMemo(() => panelForecasts$(source.feed, source.events$), [source]);
  return useObservable(forecasts$, NO_FORECASTS);
}

export function QueueForecastLine({ forecast }: { forecast: ForecastShown }) {
  const { t } = useTranslation();
  if (!forecast) return null;
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 rounded-md border border-dashed border-warning bg-warning-soft px-2 py-1 text-xs font-semibold text-text"
      title={t('panel.queues.forecastHint')}
      data-testid="queue-forecast"
      data-breach-sec={Math.round(forecast.breachInSec)}
    >
      <TrendingDown className="size-3.5 shrink-0 text-warning" aria-hidden />
      <span className="whitespace-nowrap">{t('panel.queues.forecast', { minutes: breachMinutes(forecast.breachInSec) })}</span>
      {forecast.agentsNeeded !== null ? <span className="whitespace-nowrap font-normal">{t('panel.queues.forecastAgents', { agents: forecast.agentsNeeded })}</span> : null}
    </p>
  );
}
