import { roleGroupResource } from '../../domain';
import { tableBinding } from '../crud/binding';
import { appUser, roleGroup } from '../db/schema';
import { countOf } from '../db/sql';
import { ApiFailure } from '../errors';

/** Role groups (C-RG): per corp, views as one normalised list, `users` counted. */
export const roleGroupBinding = tableBinding({
  definition: roleGroupResource,
  table: roleGroup,
  id: roleGroup.id,
  corp: roleGroup.corpId,
  fields: {
    roleGroupId: roleGroup.id,
    roleGroupName: roleGroup.name,
    corpId: roleGroup.corpId,
    users: countOf(appUser, appUser.roleGroupId, roleGroup, roleGroup.id),
    views: roleGroup.views,
    liveActions: roleGroup.liveActions,
  },
  // C-RG-03: only a group nobody uses can go
  beforeDelete(row) {
    if (row.users > 0) throw new ApiFailure(409, 'errors.roleGroupInUse');
  },
});
