import { z } from 'zod';
import { MEETING_HOST_PARAM, MEETING_SERVICE_PARAM } from './meetings';

/** System parameters (spec 3 §2.3): yes/no selects and free-text entries. */
export const YES_NO_PARAMS = [
  'allowtransfer',
  'rewrite-contact',
  'rtp-symmetric',
  'remove_contact_existing',
  'view_cdr_not_completed',
  'webadmin',
  'webphone',
  'clickToCall',
  'checkCorp',
] as const;
export const TEXT_PARAMS = ['allow', 'call-limit', 'disallow', 'dtmfmode', 'exten-qualify', 'language', 'trunk-qualify', 'webrtcserver', 'exten-ini'] as const;

/**
 * Callboard's own system parameters, beside the spec's (issue 11, our own meeting service,
 * domain/meetings.ts): `meetingservice` (yes/no: `no` switches rooms and meetings off, software id -10)
 * and `meetinghost` (the meeting site's address, the first part of a meeting's link, E-CAL-22).
 */
export const OWN_YES_NO_PARAMS = [MEETING_SERVICE_PARAM] as const;
export const OWN_TEXT_PARAMS = [MEETING_HOST_PARAM] as const;

export const MAIL_PARAMS = [
  'mailer_encryption',
  'mailer_from_address',
  'mailer_from_name',
  'mailer_host',
  'mailer_pass',
  'mailer_port',
  'mailer_subject',
  'mailer_user',
] as const;

/** Parameters any signed-in user may read: the shell needs them for the menu (A-MENU-06/08). */
export const PUBLIC_PARAMS = ['webphone', 'clickToCall', 'webadmin', 'webrtcserver', 'checkCorp', 'exten-ini'] as const;

export const parameterSchema = z.object({
  key: z
    .string({ error: 'validation.required' })
    .trim()
    .max(64, { error: 'validation.maxLength|{"max":64}' })
    .regex(/^[A-Za-z0-9_.-]*$/, { error: 'validation.parameterKey' }),
  value: z.string({ error: 'validation.required' }).max(500, { error: 'validation.maxLength|{"max":500}' }),
});
/** Entries with an empty key are dropped on save (C-SYS-06); a key given twice is refused (which value would win?). */
export const parameterListSchema = z
  .array(parameterSchema)
  .max(200)
  .transform((list) => list.filter((p) => p.key !== ''))
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      if (seen.has(p.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'validation.parameterTwice' });
      seen.add(p.key);
    });
  });

/** The keys the spec names (C-SYS-02/03, C-MAIL-02) and Callboard's own: always present, never removed by an editor. */
export function isSpecParameter(key: string): boolean {
  return ([...YES_NO_PARAMS, ...TEXT_PARAMS, ...OWN_YES_NO_PARAMS, ...OWN_TEXT_PARAMS, ...MAIL_PARAMS] as readonly string[]).includes(key);
}

/** How an editor shows a parameter's value (C-SYS-02/03): yes/no select, a secret, or free text. */
export function parameterInput(key: string): 'yesNo' | 'password' | 'text' {
  if (([...YES_NO_PARAMS, ...OWN_YES_NO_PARAMS] as readonly string[]).includes(key)) return 'yesNo';
  if (key === 'mailer_pass') return 'password';
  return 'text';
}
export type Parameter = z.infer<typeof parameterSchema>;

export const DEFAULT_PARAMETERS: Parameter[] = [
  { key: 'webphone', value: 'yes' },
  { key: 'clickToCall', value: 'yes' },
  { key: 'webadmin', value: 'no' },
  { key: 'webrtcserver', value: '' },
  { key: 'checkCorp', value: 'no' },
  { key: 'exten-ini', value: '200' },
  { key: 'allowtransfer', value: 'yes' },
  { key: 'rewrite-contact', value: 'yes' },
  { key: 'rtp-symmetric', value: 'yes' },
  { key: 'remove_contact_existing', value: 'yes' },
  { key: 'view_cdr_not_completed', value: 'no' },
  { key: 'allow', value: 'ulaw,alaw,opus' },
  { key: 'disallow', value: 'all' },
  { key: 'dtmfmode', value: 'rfc4733' },
  { key: 'language', value: 'pt_BR' },
  { key: 'call-limit', value: '1' },
  { key: 'exten-qualify', value: '60' },
  { key: 'trunk-qualify', value: '60' },
  { key: MEETING_SERVICE_PARAM, value: 'yes' },
  { key: MEETING_HOST_PARAM, value: '' },
];

/** A-I18N-04: currency symbol from the getExchange locale string. */
export function currencyFor(locale: string): string {
  const upper = locale.toUpperCase();
  if (upper.includes('BR')) return 'R$';
  if (upper.includes('AR')) return '$';
  if (upper.includes('EN') || upper.includes('IS')) return 'U$D';
  return 'R$';
}

/** System usage (A-TOP-03) in the spec's names. */
export interface SystemUsage {
  usada: number;
  disponible: number;
  usadoDisco: number;
  disponibleDisco: number;
}
