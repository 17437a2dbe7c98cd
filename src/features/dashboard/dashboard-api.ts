/**
 * The dashboards' calls, each refreshed at the spec's interval (spec 3 §4: D-HOME-08, D-GEN-08). The
 * server cuts the corp's local days in the corp's zone (J-TZ-01); the zone goes with every call as
 * `tz` so the cache keys by it (a corp given another zone reads its days again).
 */
import { queryOptions } from '@tanstack/react-query';
import { DASH_REFRESH, type DashCorpRow, type DashExtensionsRow, type DashKpi, type DashMetric, type DashPeriod, type DashPoint, type InUse } from '../../../domain/reports';
import { api } from '../../api/client';

const key = (kind: string, scope: number | null, ...rest: unknown[]) => ['dashboard', kind, scope, ...rest] as const;
const zone = (tz: string) => `tz=${encodeURIComponent(tz)}`;

export function kpiQuery(scope: number | null, days: DashPeriod, tz: string) {
  return queryOptions({ queryKey: key('kpi', scope, days, tz), queryFn: ({ signal }) => api<DashKpi>(`dash/kpi/days/${days}?${zone(tz)}`, { signal }), refetchInterval: DASH_REFRESH.callsMs });
}

export function pointsQuery(scope: number | null, tz: string) {
  return queryOptions({ queryKey: key('points', scope, tz), queryFn: ({ signal }) => api<DashPoint[]>(`dash/points/14?${zone(tz)}`, { signal }), refetchInterval: DASH_REFRESH.callsMs });
}

export function corpRowsQuery(scope: number | null, days: DashPeriod, metric: DashMetric, tz: string) {
  return queryOptions({
    queryKey: key('corps', scope, days, metric, tz),
    queryFn: ({ signal }) => api<DashCorpRow[]>(`dash/days/${days}/${metric}/0/group/0?${zone(tz)}`, { signal }),
    refetchInterval: DASH_REFRESH.callsMs,
  });
}

export function extensionsPerCorpQuery(scope: number | null) {
  return queryOptions({ queryKey: key('extensions', scope), queryFn: ({ signal }) => api<DashExtensionsRow[]>('dash/extensions', { signal }), refetchInterval: DASH_REFRESH.extensionsPerCorpMs });
}

export function inUseQuery(scope: number | null, kind: 'extensions' | 'queues') {
  return queryOptions({ queryKey: key('inuse', scope, kind), queryFn: ({ signal }) => api<InUse>(`dash/inuse/${kind}`, { signal }), refetchInterval: DASH_REFRESH.extensionTotalsMs, retry: false });
}
