import { queryOptions } from '@tanstack/react-query';
import type { Parameter } from '../../../domain/parameters';
import { api, apiRequest, type ApiResponse } from '../../api/client';

/** The two parameter lists of the supervisor (C-SYS-05, C-MAIL-03): read and saved at the same path. */
export type ParameterKind = 'system' | 'mail';

const PATH: Record<ParameterKind, string> = { system: 'getAllParams', mail: 'getAllParamsMail' };

export function parameterListQuery(kind: ParameterKind) {
  return queryOptions({
    queryKey: ['params', 'editor', kind],
    queryFn: ({ signal }) => api<Parameter[]>(PATH[kind], { signal }),
  });
}

/** POST the key/value array; the answer is the whole list as saved. */
export function saveParameters(kind: ParameterKind, list: Parameter[]): Promise<ApiResponse<Parameter[]>> {
  return apiRequest<Parameter[]>(PATH[kind], { method: 'POST', body: list });
}
