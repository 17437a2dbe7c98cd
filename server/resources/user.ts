import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { grantableLevels, LEVEL, userResource, type Level, type UserRow } from '../../domain';
import { picksWorkingCorp } from '../../domain/level-ceilings';
import { hashPassword } from '../auth/passwords';
import { bindResource, type BodyOf } from '../crud/binding';
import type { Db } from '../db/database';
import { appUser, corp, roleGroup } from '../db/schema';
import { forbidden } from '../errors';

type UserBody = BodyOf<typeof userResource>;

const userCorp = alias(corp, 'user_corp');

/**
 * Web users (C-USR); the role group of the user's corp is the pipeline's reference check. Rows never carry the password or its hash. Deleting a user linked to an
 * extension unlinks it: extension.user_id is ON DELETE SET NULL, the extension stays.
 */
export const userBinding = bindResource<UserRow, UserBody>({
  definition: userResource,
  table: appUser,
  idColumn: appUser.id,
  corpColumn: appUser.corpId,
  async load(db, where) {
    const rows = await db
      .select({
        id: appUser.id,
        nick: appUser.nick,
        name: appUser.name,
        mail: appUser.mail,
        level: appUser.level,
        enabled: appUser.enabled,
        corpId: appUser.corpId,
        corpName: userCorp.name,
        roleGroupId: appUser.roleGroupId,
        roleGroupName: roleGroup.name,
      })
      .from(appUser)
      .leftJoin(userCorp, eq(userCorp.id, appUser.corpId))
      .leftJoin(roleGroup, eq(roleGroup.id, appUser.roleGroupId))
      .where(where)
      .orderBy(appUser.id);
    return rows.map((row) => ({ ...row, level: row.level as Level }));
  },
  rowCorpId: (row) => row.corpId ?? 0,
  // (the live directory, which shows an extension by its web user's name, follows the change events
  // itself: server/live/directory-follow.ts) a user disabled, deleted or given a new password loses its
  // open hub connections on every instance
  onChange: (app, change) => {
    if (change.mode !== 'create') app.live?.endSessions(change.id, 'Session ended.');
  },

  /**
   * C-USR-08/09: only a supervisor chooses the corp (body corpId, else the working corp, else the
   * row's corp on edit); a chosen supervisor always lives in the system corp. Everyone else writes
   * in their own corp whatever the body says (owners included: the tenancy rule wins over the
   * spec's corp picker, which lists corps only a supervisor may read).
   */
  async targetCorp(input, op) {
    if (!picksWorkingCorp(op.principal.level)) return op.existing ? (op.existing.corpId ?? op.principal.corpId) : op.principal.corpId;
    if (input.level === LEVEL.supervisor) return systemCorpId(op.db);
    if (input.corpId) return input.corpId;
    if (op.existing?.corpId) return op.existing.corpId;
    return op.principal.workingCorpId;
  },

  /** C-USR-11: never one's own row; and never a row more powerful than the levels one may grant. */
  guard(row, op) {
    if (row.id === op.principal.userId) {
      if (op.mode === 'delete') throw forbidden('errors.ownRow');
      return;
    }
    if (!grantableLevels(op.principal.level).includes(row.level)) throw forbidden();
  },

  async toValues(input, op) {
    const values: Record<string, unknown> = {
      nick: input.nick,
      name: input.name,
      mail: input.mail,
      level: input.level,
      enabled: input.enabled,
      roleGroupId: input.roleGroupId || null,
    };
    // edit without the 'new password' switch keeps the hash (C-USR-03)
    if (op.mode === 'create' || input.newPassword) values.passHash = await hashPassword(input.pass, op.app.config.hash);
    return values;
  },

  conflicts: {
    app_user_corp_nick_unique: { status: 406, message: 'errors.duplicate', path: 'nick' },
  },
});

async function systemCorpId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: corp.id }).from(corp).where(eq(corp.system, true)).limit(1);
  return row?.id ?? null;
}

