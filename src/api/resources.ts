import { queryOptions } from '@tanstack/react-query';
import type { ResourceDefinition } from '../../domain/resources/define';
import { api, apiRequest, type ApiResponse } from './client';

/** A row of any generic resource. */
export type Row = Record<string, unknown>;

/**
 * Query keys (STYLE 2): [resource, 'list', params] and [resource, 'detail', id]. The scope is the
 * level 1 working corp, so switching corp never shows another corp's cached rows.
 */
export const resourceKeys = {
  all: (definition: Pick<ResourceDefinition, 'name'>) => [definition.name] as const,
  list: (definition: Pick<ResourceDefinition, 'name'>, scope: number | null) => [definition.name, 'list', { scope }] as const,
  detail: (definition: Pick<ResourceDefinition, 'name'>, id: string | number, scope: number | null) => [definition.name, 'detail', id, { scope }] as const,
};

export function resourceListQuery(definition: ResourceDefinition, scope: number | null) {
  return queryOptions({
    queryKey: resourceKeys.list(definition, scope),
    queryFn: ({ signal }) => api<Row[]>(definition.path, { signal }),
    select: (rows) => (Array.isArray(rows) ? rows : []),
  });
}

export function resourceDetailQuery(definition: ResourceDefinition, id: string | number, scope: number | null) {
  return queryOptions({
    queryKey: resourceKeys.detail(definition, id, scope),
    queryFn: ({ signal }) => api<Row>(`${definition.path}/${encodeURIComponent(String(id))}`, { signal }),
  });
}

/** POST /{path} → 201 row. */
export function createResource(definition: ResourceDefinition, body: Row): Promise<ApiResponse<Row>> {
  return apiRequest<Row>(definition.path, { method: 'POST', body });
}

/** PUT /{path} with the id field in the body (F-LIST-09). */
export function updateResource(definition: ResourceDefinition, body: Row): Promise<ApiResponse<Row>> {
  return apiRequest<Row>(definition.path, { method: 'PUT', body });
}

/** DELETE /{path}/{id}. */
export function deleteResource(definition: ResourceDefinition, id: string | number): Promise<ApiResponse<unknown>> {
  return apiRequest<unknown>(`${definition.path}/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
}
