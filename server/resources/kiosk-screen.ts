import { kioskScreenResource, type KioskScreenBody, type KioskScreenRow } from '../../domain';
import { kioskPrincipalId, kioskScreenRow, newKioskKey } from '../auth/kiosk-token';
import { bindResource } from '../crud/binding';
import type { AppContext } from '../context';
import { kioskScreen } from '../db/schema';

/** Ends the hub connections of a screen's tokens at once: the TV reconnects, is refused and says why. */
const disconnect = (app: AppContext, screenId: number) => app.live?.closeUser(kioskPrincipalId(screenId), 'errors.kioskRevoked');

/**
 * Kiosk screens (wallboard TVs). Special here: a create makes the screen's key and hands the
 * plaintext out once (`key` in the 201 body, never in a GET); the row actions revoke (stops the key
 * and every token issued for it) and rotate (a new key, returned once; un-revokes; tokens of the old
 * key stop). The public session exchange lives in routes/kiosk-screen.ts.
 */
export const kioskScreenBinding = bindResource<KioskScreenRow, KioskScreenBody>({
  definition: kioskScreenResource,
  table: kioskScreen,
  idColumn: kioskScreen.id,
  corpColumn: kioskScreen.corpId,
  async load(db, where) {
    const records = await db.select().from(kioskScreen).where(where).orderBy(kioskScreen.corpId, kioskScreen.name);
    return records.map(kioskScreenRow);
  },
  rowCorpId: (row) => row.corpId,

  toValues(input, op) {
    const values: Record<string, unknown> = {
      name: input.name,
      boards: input.boards,
      secondsPerBoard: input.secondsPerBoard,
      hideOffline: input.hideOffline,
      privacy: input.privacy,
      thresholds: input.thresholds,
    };
    if (op.mode === 'create') {
      const { key, keyHash, keyHint } = newKioskKey();
      values.keyHash = keyHash;
      values.keyHint = keyHint;
      op.extra.key = key;
    }
    return values;
  },

  actions: {
    async revoke(row, op) {
      if (row.revoked) return { row };
      const updated = await op.setValues({ revokedAt: new Date() });
      disconnect(op.app, row.id);
      return { row: updated };
    },
    async rotate(row, op) {
      const { key, keyHash, keyHint } = newKioskKey();
      const updated = await op.setValues({ keyHash, keyHint, revokedAt: null });
      disconnect(op.app, row.id);
      return { row: updated, extra: { key } };
    },
  },

  conflicts: {
    kiosk_screen_corp_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' },
  },
});
