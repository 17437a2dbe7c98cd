import { z } from 'zod';
import { msg } from './validation';

/**
 * Click-to-call (spec 1 §2, §3, §5, §7, §8; E-C2C-01..08; issue 11): the form of a signed-in user and
 * the API an outside system (a CRM) calls to ring one of the corp's extensions and then dial a
 * number. Both go through one pipeline on the server (server/routes/click-to-call.ts) and are
 * authorised by a per-corp click-to-call key that an administrator creates.
 *
 * A key has a public id (`c2c_<n>`, the spec's `key` / the login's `user`) and a secret (the spec's
 * `passwd` / the login's `password`), shown once at creation. The server keeps only a digest.
 */

export const C2C_RULES = {
  /** a key's label (who uses it: "CRM", "Helpdesk tool") */
  labelMax: 50,
  /** the secret: 32 random bytes as base64url (43 characters) */
  secretBytes: 32,
  /** how long a secret may be when presented (anything longer is not ours: 400) */
  secretMax: 200,
  /** the secret's last characters shown in the key list */
  hintLength: 4,
  /** the extension that rings first */
  extenMax: 20,
  /** the number it then dials (an extension or an outside number) */
  destinationMax: 32,
  /** requests a minute from one address (any key, bad ones too; before the body is read) */
  perAddressPerMinute: 60,
  /** calls a minute with one key (after the key is checked, so a stranger cannot use up a CRM's allowance) */
  perKeyPerMinute: 20,
  /** the bearer token of the spec's login step (E-C2C-06) lives 5 minutes */
  tokenTtlSeconds: 300,
  /** history page sizes; the first is the default (spec 1 §9: tables of 10 rows) */
  pageSizes: [10, 25, 50] as const,
} as const;

/** The public id of a key row: `c2c_12`. */
export const C2C_KEY_ID = /^c2c_([1-9][0-9]{0,9})$/;

export function c2cKeyId(id: number): string {
  return `c2c_${id}`;
}

/** The row id of a public key id (`c2c_12` → 12), or null when it is not one (bigger than an int4: null). */
export function parseC2cKeyId(value: string): number | null {
  const match = C2C_KEY_ID.exec(value.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

const digitsOnly = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: msg('validation.maxLength', { max }) })
    .regex(/^[0-9]*$/, { error: 'validation.digits' });

/** A number may come as a JSON number too (CRMs send `"exten": 201`). */
const digitsOrNumber = (max: number) => z.preprocess((v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v), digitsOnly(max));

const keyIdField = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.invalid' });
const secretField = z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(C2C_RULES.secretMax, { error: 'validation.invalid' });

/**
 * The spec's click-to-call request (E-C2C-05): exten, destination, key, passwd. `key` is the key's
 * public id and `passwd` its secret; both may be left out when the request carries the bearer token
 * of the login step (E-C2C-06), which already names the key.
 */
export const c2cRequestSchema = z.object({
  exten: digitsOrNumber(C2C_RULES.extenMax),
  destination: digitsOrNumber(C2C_RULES.destinationMax),
  key: keyIdField.optional(),
  passwd: secretField.optional(),
});
export type C2cRequest = z.output<typeof c2cRequestSchema>;

/** The spec's login step (E-C2C-06): user = the key's public id, password = its secret. */
export const c2cLoginSchema = z.object({ user: keyIdField, password: secretField });

/**
 * The form (E-C2C-01..03): from and to are required, digits only; ID and password are required.
 * E-C2C-04: any missing field gives the one message 'all fields required for starting a call'
 * (`clickToCall.allFieldsRequired`); a field that is there but not digits says so.
 */
export const c2cFormSchema = z.object({
  from: z.string().trim().min(1, { error: 'clickToCall.allFieldsRequired' }).max(C2C_RULES.extenMax, { error: msg('validation.maxLength', { max: C2C_RULES.extenMax }) }).regex(/^[0-9]*$/, { error: 'validation.digits' }),
  to: z.string().trim().min(1, { error: 'clickToCall.allFieldsRequired' }).max(C2C_RULES.destinationMax, { error: msg('validation.maxLength', { max: C2C_RULES.destinationMax }) }).regex(/^[0-9]*$/, { error: 'validation.digits' }),
  id: z.string().trim().min(1, { error: 'clickToCall.allFieldsRequired' }).max(40, { error: 'validation.invalid' }),
  password: z.string().min(1, { error: 'clickToCall.allFieldsRequired' }).max(C2C_RULES.secretMax, { error: 'validation.invalid' }),
});
export type C2cForm = z.input<typeof c2cFormSchema>;

/** The form's body to POST /clicktocall/call (the signed-in user's session + the key it typed). */
export function c2cFormBody(form: z.output<typeof c2cFormSchema>): C2cRequest {
  return { exten: form.from, destination: form.to, key: form.id, passwd: form.password };
}

/** Creating a key: only its label; the server makes the secret. */
export const c2cKeyCreateSchema = z.object({
  label: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(C2C_RULES.labelMax, { error: msg('validation.maxLength', { max: C2C_RULES.labelMax }) })
    .regex(/^[\p{L}\p{N}_\- .]*$/u, { error: 'validation.invalid' }),
});

/**
 * A key as the API answers it (the list, a read, a create, revoke; J-API-01): never the secret, only
 * its last characters (`hint`); `keyId` is the public id (`c2c_12`), the request's `key`; `createdBy`
 * the creator's nick. The server serialises the answers through it, so nothing else leaves.
 */
export const c2cKeyRowSchema = z.object({
  id: z.number().int(),
  keyId: z.string(),
  label: z.string(),
  hint: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type C2cKeyRow = z.output<typeof c2cKeyRowSchema>;

/** What a create answers beside the row: this once, the secret. */
export const c2cKeyCreatedExtra = { secret: z.string() };
export type C2cKeyCreated = C2cKeyRow & { secret: string };

/**
 * What became of a request (the history's outcome). `calling`: the PBX rings `exten`; the others are
 * refusals with their HTTP status.
 */
export const C2C_OUTCOMES = ['calling', 'badKey', 'keyRevoked', 'rateLimited', 'notFound', 'notRegistered', 'busy', 'pbxUnavailable', 'disabled', 'failed'] as const;
export type C2cOutcome = (typeof C2C_OUTCOMES)[number];

export const C2C_OUTCOME_STATUS: Record<C2cOutcome, number> = {
  calling: 200,
  badKey: 401,
  keyRevoked: 401,
  rateLimited: 429,
  notFound: 404,
  notRegistered: 409,
  busy: 409,
  pbxUnavailable: 503,
  disabled: 403,
  failed: 400,
};

export type C2cSource = 'api' | 'form';

/**
 * The status an outcome answers, the one home of these numbers (J-ONE-01): on the signed-in form a
 * bad or revoked key is 403, since a 401 there would sign the user out; a `failed` request answers
 * the status the PBX gave when it gave one.
 */
export function c2cOutcomeStatus(outcome: C2cOutcome, source: C2cSource = 'api'): number {
  if ((outcome === 'badKey' || outcome === 'keyRevoked') && source === 'form') return 403;
  return C2C_OUTCOME_STATUS[outcome];
}

/** One row of the history (E-C2C-08: real requests, not sample rows). */
export interface C2cHistoryRow {
  id: number;
  at: string;
  source: C2cSource;
  /** the key's public id, when the request named an existing key */
  keyId: string | null;
  keyLabel: string | null;
  /** the signed-in user of a form request */
  userNick: string | null;
  exten: string;
  destination: string;
  outcome: C2cOutcome;
  status: number;
  channelId: string | null;
  remoteAddress: string | null;
}

export interface C2cHistoryPage {
  rows: C2cHistoryRow[];
  total: number;
  page: number;
  size: number;
}

export const c2cHistoryQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (C2C_RULES.pageSizes as readonly number[]).includes(n), { error: 'validation.invalid' })
    .default(C2C_RULES.pageSizes[0]),
});

/** The answer of a call that rings. */
export interface C2cCalling {
  status: 'calling';
  channelId: string;
}
