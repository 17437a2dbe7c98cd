import { canAccess, resourceAccess, type Action } from '../../../domain';
import type { Principal } from '../../context';
import { forbidden } from '../../errors';
import type { PipelineScope } from './scope';

/** 403 unless the principal may do this action on the resource (view, view and resource ceilings); a binding's allowRead may let one row's read through. */
export function authorize({ binding, definition }: PipelineScope, principal: Principal, action: Action, readId?: number): void {
  if (action === 'read' && readId !== undefined && binding.allowRead?.(principal, readId)) return;
  if (!canAccess(principal, resourceAccess(definition, action))) throw forbidden();
}
