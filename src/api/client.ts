import type { ApiError } from '../../domain/status-codes';

/** The one API client (STYLE 2): base /api/v1, bearer token, working corp header, JSON or FormData. */
export const API_BASE = '/api/v1';

/** A failed call: the HTTP status (500 when there was no answer, A-LOG-11) and the error body. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly body: ApiError;

  constructor(status: number, body: ApiError) {
    super(body.message || body.error || `HTTP ${status}`);
    this.name = 'ApiFailure';
    this.status = status;
    this.body = body;
  }
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}

interface ClientHooks {
  token: () => string | null;
  /** the working corp of a level 1 user, or null */
  workingCorp: () => number | null;
  /** called when an authenticated call answers 401 (the token is no longer valid) */
  onUnauthorized: () => void;
}

const hooks: ClientHooks = {
  token: () => (typeof localStorage === 'undefined' ? null : localStorage.getItem('token')),
  workingCorp: () => null,
  onUnauthorized: () => {},
};

export function configureClient(next: Partial<ClientHooks>): void {
  Object.assign(hooks, next);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** send the bearer token (default true) */
  auth?: boolean;
  /** a level 1 call about another corp than the working one (a form's chosen company) */
  workingCorp?: number;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

function errorBody(status: number, parsed: unknown, fallbackText: string): ApiError {
  if (parsed && typeof parsed === 'object' && 'message' in parsed) {
    const p = parsed as Partial<ApiError>;
    return {
      status: typeof p.status === 'number' ? p.status : status,
      error: typeof p.error === 'string' ? p.error : fallbackText,
      message: typeof p.message === 'string' ? p.message : 'errors.default',
      ...(typeof p.text === 'string' ? { text: p.text } : {}),
      issues: Array.isArray(p.issues) ? p.issues : undefined,
    };
  }
  return { status, error: fallbackText, message: status >= 500 ? 'errors.server' : 'errors.default' };
}

/** The bearer token and the working corp of the signed-in user, for calls made without apiRequest (streams, audio). */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = hooks.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  const corp = hooks.workingCorp();
  if (corp) headers['x-working-corp'] = String(corp);
  return headers;
}

/** Sends a request and returns status and parsed body; throws ApiFailure on any status ≥ 400 or no answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, auth = true, signal, workingCorp } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...(auth ? authHeaders() : {}) };
  // J-UX-01: an error's sentence comes in the language the screen shows (the page's lang follows i18n)
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang) headers['Accept-Language'] = lang;
  if (auth && workingCorp) headers['x-working-corp'] = String(workingCorp);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, { method, headers, body: payload, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // no answer at all counts as a server error (A-LOG-11)
    throw new ApiFailure(500, { status: 500, error: 'Network Error', message: 'errors.server' });
  }

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && auth) hooks.onUnauthorized();
    throw new ApiFailure(response.status, errorBody(response.status, parsed, response.statusText));
  }
  return { status: response.status, data: parsed as T };
}

export async function api<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}
