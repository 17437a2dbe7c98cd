import { z } from 'zod';
import { LANGUAGES, LIMITS } from './constants';
import type { Level } from './levels';
import type { LiveAction, ViewGrant } from './permissions';
import { msg, PATTERNS } from './validation';

/** Login form (A-LOG-07/08). */
export const loginFormSchema = z.object({
  nick: z
    .string()
    .min(1, { error: 'validation.required' })
    .min(LIMITS.loginNickMin, { error: msg('validation.minLength', { min: LIMITS.loginNickMin }) }),
  pass: z
    .string()
    .min(1, { error: 'validation.required' })
    .min(LIMITS.loginPassMin, { error: msg('validation.minLength', { min: LIMITS.loginPassMin }) }),
});

/** A-LOG-09: a value with characters outside the safe set is sent empty. */
export function loginSafe(value: string): string {
  return PATTERNS.loginSafe.test(value) ? value : '';
}

/** POST /login body (A-LOG-10). The server checks lengths again but answers 401 rather than hint. */
export const loginBodySchema = z.object({
  nick: z.string().max(100),
  pass: z.string().max(200),
  corpoName: z.string().max(50).default('supervisor'),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  /** ISO date-time at which the token expires */
  expiration: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /myuser (A-SES-06). */
export interface MyUser {
  id: number;
  nick: string;
  name: string;
  mail: string;
  level: Level;
  corpId: number;
  corpName: string;
  corpUrl: string;
  views: ViewGrant[];
  /** the actions on the floor the user may take (G-PRM-01) */
  liveActions: LiveAction[];
  allowCustom: boolean;
  costEnabled: boolean;
  roomEnabled: boolean;
  /** the IANA zone of the user's corp, whose days the screens show (J-TZ-01); a working corp's is the corp resource's */
  timeZone: string;
  theme: 0 | 1;
  lang: (typeof LANGUAGES)[number] | null;
}

export const setThemeSchema = z.object({ theme: z.coerce.number().refine((v) => v === 0 || v === 1, { error: 'validation.theme' }) });
export const setLangSchema = z.object({ lang: z.enum(LANGUAGES) });

/**
 * Own profile (A-PRF-02..05): password and email; the name is not editable. The current password is
 * asked too (issue 13): the change ends the user's other sessions, so it must be the user's.
 */
export const profileSchema = z
  .object({
    currentPass: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200, { error: msg('validation.maxLength', { max: 200 }) }),
    mail: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      .pipe(z.email({ error: 'validation.email' }).max(LIMITS.mailMax, { error: msg('validation.maxLength', { max: LIMITS.mailMax }) })),
    pass: z
      .string()
      .min(1, { error: 'validation.required' })
      .min(LIMITS.userPassMin, { error: msg('validation.minLength', { min: LIMITS.userPassMin }) })
      .max(200, { error: msg('validation.maxLength', { max: 200 }) }),
    passConfirm: z.string(),
  })
  .refine((p) => p.pass === p.passConfirm, { path: ['passConfirm'], error: 'validation.passwordsDiffer' });

/** Token claims. A supervisor's working corp travels per request in the `x-working-corp` header. */
export interface TokenClaims {
  sub: string;
  corp: number;
  lvl: Level;
  kind: 'user' | 'kiosk';
}

/** Password strength (F-DLG-06): points per character, capped at 100; colour thresholds 40 / 80. */
export function passwordStrength(value: string, kind: 'password' | 'voicemail' = 'password'): { score: number; tone: 'danger' | 'warning' | 'success' } {
  const score = Math.min(100, value.length * (kind === 'voicemail' ? 25 : 10));
  return { score, tone: score < 40 ? 'danger' : score < 80 ? 'warning' : 'success' };
}
