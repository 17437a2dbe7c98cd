import { queryOptions } from '@tanstack/react-query';
import type { Parameter } from '../../../domain/parameters';
import { SINGLETONS } from '../../../domain/resources/index';
import { api, apiRequest, type ApiResponse } from '../../api/client';

/** The two parameter lists of the supervisor (C-SYS-05, C-MAIL-03): singletons of the registry (J-ONE-02). */
export type ParameterKind = 'system' | 'mail';

const SINGLETON = { system: SINGLETONS.systemParameters, mail: SINGLETONS.mailParameters } as const;

export function parameterListQuery(kind: ParameterKind) {
  return queryOptions({
    queryKey: ['params', 'editor', kind],
    queryFn: ({ signal }) => api<Parameter[]>(SINGLETON[kind].path, { signal }),
  });
}

/** Saves the whole key/value list with the singleton's method (the spec's POST); the answer is the list as saved. */
export function saveParameters(kind: ParameterKind, list: Parameter[]): Promise<ApiResponse<Parameter[]>> {
  return apiRequest<Parameter[]>(SINGLETON[kind].path, { method: SINGLETON[kind].save ?? 'PUT', body: list });
}
