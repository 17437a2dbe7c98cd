import { desc, eq } from 'drizzle-orm';
import { c2cKeyId, clickToCallKeyResource, type C2cKeyRecordRow, type C2cKeyRow } from '../../domain';
import { newC2cSecret } from '../auth/click-to-call-secret';
import { bindResource } from '../crud/binding';
import { appUser } from '../db/schema';
import { clickToCallKey } from '../db/schema-click-to-call';

type KeyInput = { label: string };

/** The wire row is the list's (C2cKeyRow): the corp the row belongs to stays on the server. */
function withoutCorp(row: C2cKeyRecordRow): C2cKeyRecordRow {
  const wire: C2cKeyRow & { corpId?: number } = { ...row };
  delete wire.corpId;
  // present() keeps the binding's row type; what leaves is the C2cKeyRow part of it
  return wire as C2cKeyRecordRow;
}

/**
 * Click-to-call keys (E-C2C-05, J-ONE-02). Special here: a create makes the key's secret and hands
 * it out once (`secret` in the 201 body; only its digest and last characters are stored); the row
 * action revoke stops the key (its calls and login tokens read the row on every use). A row names
 * its creator by nick and never carries its corp out. The API that uses the keys (makecall, login,
 * the form) and the history stay in routes/click-to-call.ts.
 */
export const clickToCallKeyBinding = bindResource<C2cKeyRecordRow, KeyInput>({
  definition: clickToCallKeyResource,
  table: clickToCallKey,
  idColumn: clickToCallKey.id,
  corpColumn: clickToCallKey.corpId,
  async load(db, where) {
    const records = await db
      .select({ key: clickToCallKey, nick: appUser.nick })
      .from(clickToCallKey)
      .leftJoin(appUser, eq(appUser.id, clickToCallKey.createdBy))
      .where(where)
      .orderBy(desc(clickToCallKey.createdAt), desc(clickToCallKey.id));
    return records.map(({ key, nick }) => ({
      id: key.id,
      keyId: c2cKeyId(key.id),
      label: key.label,
      hint: key.secretHint,
      createdBy: nick,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
      corpId: key.corpId,
    }));
  },
  rowCorpId: (row) => row.corpId,
  // the one field a body writes, for the checks by field (the column limits)
  fieldColumns: { label: clickToCallKey.label },
  present: withoutCorp,

  toValues(input, op) {
    const values: Record<string, unknown> = { label: input.label };
    if (op.mode === 'create') {
      const { secret, secretHash, secretHint } = newC2cSecret();
      Object.assign(values, { secretHash, secretHint, createdBy: op.principal.userId });
      op.extra.secret = secret;
    }
    return values;
  },

  actions: {
    async revoke(row, op) {
      if (row.revokedAt !== null) return { row };
      return { row: await op.setValues({ revokedAt: new Date() }) };
    },
  },
});
