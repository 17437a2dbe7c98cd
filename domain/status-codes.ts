/**
 * Status codes of the spec's save mapping (spec 1 §8, F-ERR-03..17) and the message key each shows.
 * The server answers with these codes; the client maps them back with `saveMessageKey`.
 */
export const STATUS = {
  ok: 200,
  created: 201,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  duplicate: 406,
  conflict: 409,
  tooManyRequests: 429,
  serverError: 500,
  inUseByTrunk: 520,
  inUseByQueue: 521,
  inUseByTime: 522,
  inUseByIvr: 523,
  inUseBySipRoute: 525,
  corpHasExtensions: 526,
  inUseByCorp: 530,
  urlUsed: 540,
  maxExtensions: 550,
  extensionExists: 551,
  restrictionExists: -5,
} as const;

export type StatusCode = (typeof STATUS)[keyof typeof STATUS];

const MESSAGE_BY_STATUS: Record<number, string> = {
  [STATUS.methodNotAllowed]: 'errors.methodNotAllowed',
  [STATUS.duplicate]: 'errors.duplicate',
  [STATUS.conflict]: 'errors.inUse',
  [STATUS.forbidden]: 'errors.forbidden',
  [STATUS.notFound]: 'errors.notFound',
  [STATUS.tooManyRequests]: 'errors.tooManyRequests',
  [STATUS.inUseByTrunk]: 'errors.inUseByTrunk',
  [STATUS.inUseByQueue]: 'errors.inUseByQueue',
  [STATUS.inUseByTime]: 'errors.inUseByTime',
  [STATUS.inUseByIvr]: 'errors.inUseByIvr',
  [STATUS.inUseBySipRoute]: 'errors.inUseBySipRoute',
  [STATUS.corpHasExtensions]: 'errors.corpHasExtensions',
  [STATUS.inUseByCorp]: 'errors.inUseByCorp',
  [STATUS.urlUsed]: 'errors.urlUsed',
  [STATUS.maxExtensions]: 'errors.maxExtensions',
  [STATUS.extensionExists]: 'errors.extensionExists',
  [STATUS.restrictionExists]: 'errors.restrictionExists',
};

/** True when a save answer keeps the dialog open (F-DLG-03). */
export function isSaveFailure(status: number | null | undefined): boolean {
  return status === null || status === undefined || status === 0 || status >= 400 || status < 0;
}

/**
 * The snackbar text key of a save (F-DLG-04, F-ERR-03..17). 0/undefined/null/400/500 → default error;
 * known codes → their message; anything else is success ('created' or 'updated' + default success).
 * 403/404/409/429 are ours (the spec's server is silent on them); they get their own messages.
 */
export function saveMessageKey(status: number | null | undefined, mode: 'create' | 'update'): { key: string; ok: boolean } {
  if (status === null || status === undefined || status === 0 || status === 400 || status === 500) {
    return { key: 'errors.default', ok: false };
  }
  const mapped = MESSAGE_BY_STATUS[status];
  if (mapped) return { key: mapped, ok: false };
  if (status >= 400) return { key: 'errors.default', ok: false };
  return { key: mode === 'create' ? 'messages.created' : 'messages.updated', ok: true };
}

/** Body of every error answer of the API. `issues` carries field errors for 400. */
export interface ApiError {
  status: number;
  error: string;
  /** the message key (with `|{params}`) the client translates */
  message: string;
  /** J-UX-01: the message as a sentence in the request's language (Accept-Language, else the user's) */
  text?: string;
  issues?: { path: string; message: string; text?: string }[];
}
