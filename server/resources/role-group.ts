import { roleGroupResource, type RoleGroupRow, type ViewGrant } from '../../domain';
import { bindResource } from '../crud/binding';
import { appUser, roleGroup } from '../db/schema';
import { countOf } from '../db/sql';
import { ApiFailure } from '../errors';

interface RoleGroupBody {
  roleGroupName: string;
  views: ViewGrant[];
}

/** Role groups (C-RG): per corp, views as one normalised list, `users` counted. */
export const roleGroupBinding = bindResource<RoleGroupRow, RoleGroupBody>({
  definition: roleGroupResource,
  table: roleGroup,
  idColumn: roleGroup.id,
  corpColumn: roleGroup.corpId,
  load: (db, where) =>
    db
      .select({
        roleGroupId: roleGroup.id,
        roleGroupName: roleGroup.name,
        corpId: roleGroup.corpId,
        users: countOf(appUser, appUser.roleGroupId, roleGroup, roleGroup.id),
        views: roleGroup.views,
      })
      .from(roleGroup)
      .where(where)
      .orderBy(roleGroup.id),
  rowCorpId: (row) => row.corpId,
  toValues: (input) => ({ name: input.roleGroupName, views: input.views }),
  // C-RG-03: only a group nobody uses can go
  beforeDelete(row) {
    if (row.users > 0) throw new ApiFailure(409, 'errors.roleGroupInUse');
  },
});
