import { databaseError, isReferenceViolation, UNIQUE_VIOLATION } from '../../db/database';
import { ApiFailure } from '../../errors';
import type { AnyBinding } from '../binding';
import { inUseStatuses } from './in-use';
import type { PipelineScope } from './scope';

/** A database refusal of a write as the API's answer: a unique constraint's status (406 duplicate by default), a broken reference 400; null for anything else. */
export function conflictOf(binding: AnyBinding, error: unknown): ApiFailure | null {
  const db = databaseError(error);
  if (isReferenceViolation(error)) return new ApiFailure(400, 'validation.invalid');
  if (!db || db.code !== UNIQUE_VIOLATION || !db.constraint) return null;
  const conflict = binding.conflicts?.[db.constraint];
  if (!conflict) return new ApiFailure(406, 'errors.duplicate');
  return new ApiFailure(conflict.status, conflict.message, conflict.path ? [{ path: conflict.path, message: conflict.message }] : undefined, conflict.code);
}

/**
 * The refusals its writes may give besides the common ones (the OpenAPI document, J-API-01): a
 * duplicate (406) or another conflict (409), its unique constraints' statuses, the spec's codes its
 * checks give, and what the rows still sending calls to it answer when it is a destination (520 ...).
 */
export function refusals(scope: PipelineScope): number[] {
  const { binding } = scope;
  return [...new Set([406, 409, ...Object.values(binding.conflicts ?? {}).map((c) => c.status), ...(binding.refusals ?? []), ...inUseStatuses(scope)])];
}
