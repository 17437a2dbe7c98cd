/**
 * The reports' API calls (STYLE 2): one queryOptions per call, keys under ['reports', kind, corp
 * scope, params] so a working-corp change never shows another corp's cached answer.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AgentReportResult, CdrResult, CdrSearchInput, IvrStatsRow, OptionCount, PollStatsRow, QueueCallsResult, QueueSlaResult, QueueStatsResult, ReportSelectors, ReportWindow } from '../../../domain/reports';
import { api } from '../../api/client';

export const reportKeys = {
  all: ['reports'] as const,
  of: (kind: string, scope: number | null, params?: unknown) => ['reports', kind, scope, params ?? null] as const,
};

export function corpDetailQuery(scope: number | null) {
  return queryOptions({ queryKey: reportKeys.of('corpdetail', scope), queryFn: ({ signal }) => api<ReportSelectors>('reports/corpdetail', { signal }), staleTime: 60_000 });
}

export function cdrQuery(scope: number | null, search: CdrSearchInput | null) {
  return queryOptions({
    queryKey: reportKeys.of('cdrs', scope, search),
    queryFn: ({ signal }) => api<CdrResult>('cdrs', { method: 'POST', body: search, signal }),
    enabled: search !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every row of a CDR search (the CSV export and the printout). */
export const cdrAll = (search: CdrSearchInput) => api<CdrResult>('cdrs', { method: 'POST', body: { ...search, page: 0, all: true } });

export function queueStatsQuery(scope: number | null, search: (ReportWindow & { queue: number }) | null) {
  return queryOptions({
    queryKey: reportKeys.of('queueStats', scope, search),
    queryFn: ({ signal }) => api<QueueStatsResult>('statistics/queue', { method: 'POST', body: search, signal }),
    enabled: search !== null,
    retry: false,
  });
}

export function queueCallsQuery(scope: number | null, search: ReportWindow & { queue: number }, open: boolean) {
  return queryOptions({
    queryKey: reportKeys.of('queueCalls', scope, search),
    queryFn: ({ signal }) => api<QueueCallsResult>(`statistics/queue/${search.queue}/calls`, { method: 'POST', body: search, signal }),
    enabled: open,
    retry: false,
  });
}

/** G-RPT-01: the agent report of a period, one queue or all (0). */
export function agentReportQuery(scope: number | null, search: (ReportWindow & { queue: number }) | null) {
  return queryOptions({
    queryKey: reportKeys.of('agents', scope, search),
    queryFn: ({ signal }) => api<AgentReportResult>('statistics/agents', { method: 'POST', body: search, signal }),
    enabled: search !== null,
    retry: false,
  });
}

/** G-RPT-02: the service level by hour (in the zone `tz`) and the abandoned calls' waits. */
export function queueSlaQuery(scope: number | null, search: (ReportWindow & { queue: number; tz: string }) | null) {
  return queryOptions({
    queryKey: reportKeys.of('queueSla', scope, search),
    queryFn: ({ signal }) => api<QueueSlaResult>('statistics/queue/sla', { method: 'POST', body: search, signal }),
    enabled: search !== null,
    retry: false,
  });
}

export interface PollSearch extends ReportWindow {
  poll: number;
  question: number;
  exten: string;
  summarized: boolean;
}

export function pollStatsQuery(scope: number | null, search: PollSearch | null) {
  return queryOptions({
    queryKey: reportKeys.of('pollStats', scope, search),
    queryFn: ({ signal }) => {
      const s = search as PollSearch;
      return api<PollStatsRow[]>(`statistics/poll/${s.poll}/${s.question}/${s.exten || '0'}`, { method: 'POST', body: { from: s.from, to: s.to, summarized: s.summarized }, signal });
    },
    enabled: search !== null,
    retry: false,
  });
}

export function pollChartQuery(scope: number | null, search: PollSearch | null) {
  return queryOptions({
    queryKey: reportKeys.of('pollChart', scope, search),
    queryFn: ({ signal }) => {
      const s = search as PollSearch;
      return api<OptionCount[]>(`statistics/poll/chart/${s.question}`, { method: 'POST', body: { from: s.from, to: s.to, summarized: s.summarized, exten: s.exten || '0' }, signal });
    },
    enabled: search !== null,
    retry: false,
  });
}

export interface IvrSearch extends ReportWindow {
  ivr: number;
}

export function ivrStatsQuery(scope: number | null, search: IvrSearch | null) {
  return queryOptions({
    queryKey: reportKeys.of('ivrStats', scope, search),
    queryFn: ({ signal }) => api<IvrStatsRow[]>(`statistics/ivr/${(search as IvrSearch).ivr}`, { method: 'POST', body: { from: search?.from, to: search?.to }, signal }),
    enabled: search !== null,
    retry: false,
  });
}

export function ivrChartQuery(scope: number | null, search: IvrSearch | null) {
  return queryOptions({
    queryKey: reportKeys.of('ivrChart', scope, search),
    queryFn: ({ signal }) => api<OptionCount[]>(`statistics/ivr/${(search as IvrSearch).ivr}/chart`, { method: 'POST', body: { from: search?.from, to: search?.to }, signal }),
    enabled: search !== null,
    retry: false,
  });
}
