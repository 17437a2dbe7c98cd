/**
 * The kiosk's two HTTP calls: the key exchange (POST /api/v1/kiosk/session, public) and the trend
 * (GET /api/v1/kiosk/trend with the kiosk token). Failures are thrown as `{ status, message }` so the
 * session machine can tell a revoked key (410) from a wrong one (401) from a server that is down.
 */
import { STORAGE_KEYS } from '../../domain/constants';
import { kioskScreenConfig, type KioskScreenRow } from '../../domain/kiosk-board';
import type { KioskExchangeError, KioskSessionGrant, KioskSessionParams } from '../../machines/kiosk-session-machine';

const API = '/api/v1';

class KioskHttpError extends Error implements KioskExchangeError {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

async function failureOf(response: Response): Promise<KioskHttpError> {
  let key = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') key = body.message;
  } catch {
    // not JSON (a proxy's error page): the status says enough
  }
  return new KioskHttpError(response.status, key);
}

/** fetch that turns a network failure into a KioskHttpError without status (transient) */
async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, cache: 'no-store' });
  } catch (error) {
    throw new KioskHttpError(undefined, error instanceof Error ? error.message : 'network');
  }
}

/**
 * The session of a kiosk URL: with a key, the key exchange; without one (`key` empty), the browser's
 * signed-in user (a level 5 monitor who logged in normally) reads the screen with its own token.
 */
export function exchangeKiosk(params: KioskSessionParams, signal?: AbortSignal): Promise<KioskSessionGrant> {
  return params.key ? exchangeKioskKey(params, signal) : userSession(params, signal);
}

async function userSession(params: KioskSessionParams, signal?: AbortSignal): Promise<KioskSessionGrant> {
  let token: string | null = null;
  let expiration = '';
  try {
    token = localStorage.getItem(STORAGE_KEYS.token);
    expiration = localStorage.getItem(STORAGE_KEYS.expiration) ?? '';
  } catch {
    token = null;
  }
  // nobody signed in in this browser: the URL is not usable as it is
  if (!token || !/^[0-9]{1,9}$/.test(params.screen)) throw new KioskHttpError(401, 'errors.kioskKey');
  const row = await getWithToken<KioskScreenRow>(`/kiosk/${params.screen}`, token, signal);
  // a revoked screen is not shown to a signed-in tab either (J-UX-03): the same 410 as its key's exchange
  if (row.revoked) throw new KioskHttpError(410, 'errors.kioskRevoked');
  return { token, expiration, corpId: row.corpId, screen: kioskScreenConfig(row) };
}

export async function exchangeKioskKey(params: KioskSessionParams, signal?: AbortSignal): Promise<KioskSessionGrant> {
  const screen = /^[0-9]{1,9}$/.test(params.screen) ? Number(params.screen) : params.screen;
  const response = await request(`${API}/kiosk/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ corp: params.corp, screen, key: params.key }),
    signal,
  });
  if (!response.ok) throw await failureOf(response);
  return (await response.json()) as KioskSessionGrant;
}

/** GET with a bearer token; `corpId` is sent as the working corp (read for level 1 only, ignored otherwise). */
export async function getWithToken<T>(path: string, token: string, signal?: AbortSignal, corpId?: number): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (corpId !== undefined) headers['x-working-corp'] = String(corpId);
  const response = await request(`${API}${path}`, { headers, signal });
  if (!response.ok) throw await failureOf(response);
  return (await response.json()) as T;
}

/** POST of a JSON body with a bearer token (a NOC screen's page token, H-NOC-01). */
export async function postWithToken<T>(path: string, token: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const response = await request(`${API}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
  if (!response.ok) throw await failureOf(response);
  return (await response.json()) as T;
}
