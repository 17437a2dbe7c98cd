import type { DeleteFailureRule } from '../../domain/resources/define';
import { saveMessageKey } from '../../domain/status-codes';
import { decodeMessage } from '../../domain/validation';
import { failureText, translateMessage, type FailureLike, type Translate } from '../app/messages';

/** A refused delete: the HTTP status and the server's body (its message key and its sentence, J-UX-01). */
export interface DeleteFailure extends FailureLike {
  body?: { message?: string; text?: string } | null;
}

/**
 * The snackbar text of a refused delete. A resource with a rule (F-ERR-19, C-IVR-12, C-QUE-14) reads
 * the mapped message of the status (IVR, queue, poll, trunk) or the default error (time conditions),
 * then the server's own text (IVR, queue, time conditions, trunk) unless it says the same sentence.
 * The server's text is its message key in the screen's language when the client knows the key, else
 * the sentence the server wrote. Without a rule: the save mapping (failureText).
 */
export function deleteFailureText(t: Translate, exists: (key: string) => boolean, failure: DeleteFailure, rule: DeleteFailureRule | undefined): string {
  if (!rule) return failureText(t, exists, failure, 'update');
  const shown = t(rule.mapped ? saveMessageKey(failure.status, 'update').key : 'errors.default');
  if (!rule.appendServerText) return shown;
  const server = serverText(t, exists, failure);
  return server && server !== shown ? `${shown} ${server}` : shown;
}

function serverText(t: Translate, exists: (key: string) => boolean, failure: DeleteFailure): string {
  const message = failure.body?.message;
  if (message && exists(decodeMessage(message).key)) return translateMessage(t, message);
  return failure.body?.text?.trim() ?? '';
}
