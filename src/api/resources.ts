import { queryOptions } from '@tanstack/react-query';
import type { CorpActions } from '../../domain/destinations';
import type { ResourceDefinition } from '../../domain/resources/define';
import { api, API_BASE, ApiFailure, apiRequest, authHeaders, type ApiResponse } from './client';

/** A row of any generic resource. */
export type Row = Record<string, unknown>;

/** A child list's filter: the parent field and the parent's id (follow-me of extension 12). */
export type ParentFilter = { field: string; id: number } | null;

/**
 * Query keys (STYLE 2): [resource, 'list', params] and [resource, 'detail', id]. The scope is the
 * level 1 working corp, so switching corp never shows another corp's cached rows; a child list's key
 * carries its parent.
 */
export const resourceKeys = {
  all: (definition: Pick<ResourceDefinition, 'name'>) => [definition.name] as const,
  list: (definition: Pick<ResourceDefinition, 'name'>, scope: number | null, parent: ParentFilter = null) =>
    [definition.name, 'list', parent ? { scope, [parent.field]: parent.id } : { scope }] as const,
  detail: (definition: Pick<ResourceDefinition, 'name'>, id: string | number, scope: number | null) => [definition.name, 'detail', id, { scope }] as const,
};

export function resourceListQuery(definition: ResourceDefinition, scope: number | null, parent: ParentFilter = null) {
  const query = parent ? `?${encodeURIComponent(parent.field)}=${parent.id}` : '';
  return queryOptions({
    queryKey: resourceKeys.list(definition, scope, parent),
    queryFn: ({ signal }) => api<Row[]>(`${definition.path}${query}`, { signal }),
    select: (rows) => (Array.isArray(rows) ? rows : []),
  });
}

export function resourceDetailQuery(definition: ResourceDefinition, id: string | number, scope: number | null) {
  return queryOptions({
    queryKey: resourceKeys.detail(definition, id, scope),
    queryFn: ({ signal }) => api<Row>(`${definition.path}/${encodeURIComponent(String(id))}`, { signal }),
  });
}

/**
 * GET corp/actions: the destinations of a corp (F-CONST-01), for pickers and labels: the working
 * corp's, or for a supervisor the corp a form has chosen (`corp`).
 */
export function corpActionsQuery(scope: number | null, corp: number | null = null) {
  return queryOptions({
    queryKey: ['corpActions', { scope, corp }] as const,
    queryFn: ({ signal }) => api<CorpActions>('corp/actions', { signal, ...(corp ? { workingCorp: corp } : {}) }),
    staleTime: 30_000,
  });
}

/** POST /{path} → 201 row (JSON, or multipart for a resource with files). */
export function createResource(definition: ResourceDefinition, body: Row | FormData): Promise<ApiResponse<Row>> {
  return apiRequest<Row>(definition.path, { method: 'POST', body });
}

/** PUT /{path} with the id field in the body (F-LIST-09). */
export function updateResource(definition: ResourceDefinition, body: Row | FormData): Promise<ApiResponse<Row>> {
  return apiRequest<Row>(definition.path, { method: 'PUT', body });
}

/** DELETE /{path}/{id}. */
export function deleteResource(definition: ResourceDefinition, id: string | number): Promise<ApiResponse<unknown>> {
  return apiRequest<unknown>(`${definition.path}/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
}

/** POST /{path}/{id}/{action}: a row action (revoke, rotate, start ...) → the row, with what it hands out once. */
export function runRowAction(definition: ResourceDefinition, id: string | number, action: string): Promise<ApiResponse<Row>> {
  return apiRequest<Row>(`${definition.path}/${encodeURIComponent(String(id))}/${encodeURIComponent(action)}`, { method: 'POST' });
}

/** One failed row of an import (C-EXT-34). */
export interface BulkFailure {
  content: string;
  statusCode: number;
  message?: string;
}

export type BulkOutcome = { ok: true; created: number } | { ok: false; failures: BulkFailure[] };

/**
 * POST /{path}/bulk with progress: the server streams `{progress, total}` lines while it writes the
 * rows (all or none), then `{status, result}`. 400 (a malformed upload) throws ApiFailure (C-EXT-35).
 */
export async function bulkImport(definition: ResourceDefinition, rows: readonly Row[], onProgress: (done: number, total: number) => void): Promise<BulkOutcome> {
  const response = await fetch(`${API_BASE}/${definition.path}/bulk`, {
    method: 'POST',
    headers: { ...authHeaders(), 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
    body: JSON.stringify(rows),
  });
  if (!response.ok || !response.body) {
    const body = await response.json().catch(() => null);
    throw new ApiFailure(response.status, {
      status: response.status,
      error: response.statusText,
      message: body && typeof body.message === 'string' ? body.message : 'errors.default',
      issues: body?.issues,
    });
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = JSON.parse(buffer.slice(0, newline)) as { progress?: number; total?: number; status?: number; result?: unknown };
      buffer = buffer.slice(newline + 1);
      if (typeof line.progress === 'number') onProgress(line.progress, line.total ?? rows.length);
      if (typeof line.status === 'number') {
        if (line.status === 201) return { ok: true, created: Number((line.result as { created: number }).created) };
        if (line.status === 422) return { ok: false, failures: line.result as BulkFailure[] };
        throw new ApiFailure(line.status, { status: line.status, error: 'Error', message: 'errors.default' });
      }
      newline = buffer.indexOf('\n');
    }
    if (done) throw new ApiFailure(500, { status: 500, error: 'Network Error', message: 'errors.server' });
  }
}
