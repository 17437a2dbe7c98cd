import { canAccess, type PermissionSubject } from '../../domain/permissions';
import { resourceAccess, type ResourceDefinition } from '../../domain/resources/define';

/**
 * Whether a list shows its create button (or inline create form): by the user's create permission
 * (F-PERM-06), except on the screens where the spec always shows it (F-PERM-08: hold music, queues,
 * restrictions, polls, media servers), where the server's refusal is what the user meets. A list to
 * read only never has one.
 */
export function showsCreate(definition: Pick<ResourceDefinition, 'readOnly' | 'createAlwaysShown' | 'view' | 'levels'>, user: PermissionSubject): boolean {
  if (definition.readOnly) return false;
  return definition.createAlwaysShown === true || canAccess(user, resourceAccess(definition, 'create'));
}
