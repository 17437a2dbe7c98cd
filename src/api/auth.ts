import { queryOptions } from '@tanstack/react-query';
import type { LoginBody, LoginResponse, MyUser } from '../../domain/auth';
import type { Language } from '../../domain/constants';
import { api } from './client';

/** POST /login (A-LOG-10): no token is sent. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api<LoginResponse>('login', { method: 'POST', body, auth: false });
}

/** POST /refresh: a new token before the old one expires. */
export function refreshToken(): Promise<LoginResponse> {
  return api<LoginResponse>('refresh', { method: 'POST' });
}

export const myUserKey = ['myuser'] as const;

/** GET /myuser (A-SES-02/06). Never retried: any failure signs out (A-SES-03). */
export function myUserQuery() {
  return queryOptions({
    queryKey: myUserKey,
    queryFn: ({ signal }) => api<MyUser>('myuser', { signal }),
    retry: false,
    staleTime: Infinity,
  });
}

export function saveTheme(theme: 0 | 1): Promise<unknown> {
  return api('user/setTheme', { method: 'POST', body: { theme } });
}

export function saveLanguage(lang: Language): Promise<unknown> {
  return api('user/setLang', { method: 'POST', body: { lang } });
}

export interface ProfileBody {
  /** the password the user has now: a change must be the user's own */
  currentPass: string;
  mail: string;
  pass: string;
  passConfirm: string;
}

/**
 * PUT /user/profile (A-PRF-02..06). The change ends the user's other sessions; this one goes on with
 * the token of the answer (signed for the new password).
 */
export function saveProfile(body: ProfileBody): Promise<{ status: number } & LoginResponse> {
  return api<{ status: number } & LoginResponse>('user/profile', { method: 'PUT', body });
}
