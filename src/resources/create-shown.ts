import { canAccess, type PermissionSubject } from '../../domain/permissions';
import { resourceAccess, resourceWrites, type ResourceDefinition } from '../../domain/resources/define';

/**
 * Whether a list shows its create button (or inline create form): by the user's create permission
 * (F-PERM-06), except on the screens where the spec always shows it (F-PERM-08: hold music, queues,
 * restrictions, polls, media servers), where the server's refusal is what the user meets. A list to
 * read only, or one the registry mounts no create for (`writes`), never has one.
 */
export function showsCreate(definition: Pick<ResourceDefinition, 'readOnly' | 'writes' | 'createAlwaysShown' | 'view' | 'levels'>, user: PermissionSubject): boolean {
  if (!resourceWrites(definition).includes('create')) return false;
  return definition.createAlwaysShown === true || canAccess(user, resourceAccess(definition, 'create'));
}
