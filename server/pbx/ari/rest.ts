/**
 * ARI REST calls (reference/protocols.md §3.5) over Node's global fetch, each bounded by
 * AbortSignal.timeout. HTTP failures become PbxError codes:
 * 404 → not_found, 400/422 → invalid, 409 → conflict; 401/403, 5xx, network errors and timeouts →
 * unavailable (the PBX cannot do it now). ARI's `{"message": "..."}` body is kept in the message.
 */
import { PbxError } from '../adapter';

export type AriAuthMode = 'basic' | 'api_key';

export interface AriRestOptions {
  /** base URL without `/ari`, e.g. `http://127.0.0.1:8088` */
  baseUrl: string;
  user: string;
  password: string;
  auth: AriAuthMode;
  timeoutMs: number;
}

export interface AriResponse {
  status: number;
  body: unknown;
}

export type QueryValue = string | number | undefined;

export class AriRestClient {
  constructor(private readonly options: AriRestOptions) {}

  /** the URL of an ARI resource, `path` starting with `/` (relative to `/ari`) */
  url(path: string, query: Record<string, QueryValue> = {}): URL {
    const url = new URL(`${this.options.baseUrl}/ari${path}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    if (this.options.auth === 'api_key') url.searchParams.set('api_key', `${this.options.user}:${this.options.password}`);
    return url;
  }

  /** the Authorization header, when Basic auth is used */
  headers(): Record<string, string> {
    if (this.options.auth !== 'basic') return {};
    return { Authorization: basicAuth(this.options.user, this.options.password) };
  }

  /** `body`: sent as JSON (originate's `variables`) */
  async request(method: 'GET' | 'POST' | 'DELETE', path: string, query?: Record<string, QueryValue>, what = `${method} ${path}`, body?: unknown): Promise<AriResponse> {
    const url = this.url(path, query);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...this.headers() },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PbxError('unavailable', timedOut ? `ARI ${what}: no answer within ${this.options.timeoutMs} ms` : `ARI ${what}: ${describe(error)}`);
    }
    const text = await response.text().catch(() => '');
    let answer: unknown = null;
    if (text) {
      try {
        answer = JSON.parse(text);
      } catch {
        answer = text;
      }
    }
    if (response.ok) return { status: response.status, body: answer };
    throw new PbxError(codeFor(response.status), `ARI ${what}: ${response.status} ${ariMessage(answer) ?? response.statusText}`.trim());
  }

  async getList<T>(path: string): Promise<T[]> {
    const { body } = await this.request('GET', path);
    if (!Array.isArray(body)) throw new PbxError('unavailable', `ARI GET ${path}: expected a list`);
    return body as T[];
  }
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

function codeFor(status: number): PbxError['code'] {
  if (status === 404) return 'not_found';
  if (status === 400 || status === 422) return 'invalid';
  if (status === 409) return 'conflict';
  return 'unavailable';
}

function ariMessage(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return body.message;
  if (typeof body === 'string' && body.length > 0) return body.slice(0, 200);
  return null;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
