import { decodeMessage } from '../../domain/validation';
import { saveMessageKey, STATUS } from '../../domain/status-codes';

/** A translate function as i18next's t, narrowed to what we use. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Translates a message key that may carry parameters (`key|{"min":4}`). */
export function translateMessage(t: Translate, message: string | undefined | null): string {
  if (!message) return '';
  const { key, params } = decodeMessage(message);
  return t(key, params);
}

export interface FailureLike {
  status: number;
  body?: { message?: string } | null;
}

/**
 * The text of a failed save or delete (F-DLG-04, F-ERR-03..17): the status mapping of the domain
 * first; when that says only 'default error', or our generic conflict (409: users left in a corp, a
 * role group in use, the queue limit ...), and the server named a message we know, that message.
 */
export function failureText(t: Translate, exists: (key: string) => boolean, failure: FailureLike, mode: 'create' | 'update'): string {
  const mapped = saveMessageKey(failure.status, mode);
  if ((mapped.key === 'errors.default' || failure.status === STATUS.conflict) && failure.body?.message) {
    const { key } = decodeMessage(failure.body.message);
    if (key !== 'errors.default' && exists(key)) return translateMessage(t, failure.body.message);
  }
  return t(mapped.key);
}

/** 'created' or 'updated' plus the default success text (F-DLG-04). */
export function successText(t: Translate, key: string): string {
  return `${t(key)} ${t('messages.success')}`;
}

/**
 * The banner of a failed login (A-LOG-11/12): below 500 the invalid credentials (429 says there
 * were too many attempts); 500 and above, or no answer at all, the server error.
 */
export function loginErrorKey(status: number): string {
  if (status === STATUS.tooManyRequests) return 'errors.tooManyRequests';
  return status < 500 ? 'errors.credentials' : 'errors.server';
}
