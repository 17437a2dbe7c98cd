import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { C2cCalling, C2cHistoryPage, C2cKeyCreated, C2cKeyRow, C2cRequest } from '../../../domain/click-to-call';
import { api } from '../../api/client';

/**
 * The click-to-call calls (issue 11, E-C2C): keys, history, and the form's call. Keys:
 * `['clickToCall', scope, …]` (scope: the level 1 working corp, or null); a key write or a call
 * invalidates `['clickToCall', scope]`.
 */
export const c2cKey = (scope: number | null) => ['clickToCall', scope] as const;

export function keysQuery(scope: number | null) {
  return queryOptions({ queryKey: [...c2cKey(scope), 'keys'], queryFn: ({ signal }) => api<C2cKeyRow[]>('clicktocall/keys', { signal }) });
}

export function historyQuery(scope: number | null, page: number, size: number) {
  return queryOptions({
    queryKey: [...c2cKey(scope), 'history', page, size],
    queryFn: ({ signal }) => api<C2cHistoryPage>(`clicktocall/history?page=${page}&size=${size}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const createKey = (label: string) => api<C2cKeyCreated>('clicktocall/keys', { method: 'POST', body: { label } });
export const revokeKey = (id: number) => api<C2cKeyRow>(`clicktocall/keys/${id}/revoke`, { method: 'POST' });
/** The form's call: the signed-in user's corp, with the key ID and password typed (E-C2C-01). */
export const placeCall = (body: C2cRequest) => api<C2cCalling>('clicktocall/call', { method: 'POST', body });
