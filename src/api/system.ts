import { queryOptions } from '@tanstack/react-query';
import { TIMING } from '../../domain/constants';
import type { Parameter, SystemUsage } from '../../domain/parameters';
import { api } from './client';

/** GET /getAllParams: the flags that shape the menu (webphone, clickToCall, webadmin, webrtcserver). */
export function paramsQuery() {
  return queryOptions({
    queryKey: ['params', 'list'],
    queryFn: ({ signal }) => api<Parameter[]>('getAllParams', { signal }),
    staleTime: 5 * 60_000,
    select: (list): Record<string, string> => Object.fromEntries((Array.isArray(list) ? list : []).map((p) => [p.key, p.value])),
  });
}

/** GET /exten/datapc every 50 s for the level 1 usage widget (A-TOP-02/03). */
export function usageQuery() {
  return queryOptions({
    queryKey: ['usage'],
    queryFn: ({ signal }) => api<SystemUsage>('exten/datapc', { signal }),
    refetchInterval: TIMING.usagePollMs,
    retry: false,
  });
}

/** GET /getExchange: the locale string the spend currency derives from (A-I18N-04). */
export function exchangeQuery() {
  return queryOptions({
    queryKey: ['exchange'],
    queryFn: ({ signal }) => api<{ locale: string }>('getExchange', { signal }),
    staleTime: Infinity,
  });
}
