import { kioskScreenResource, type KioskScreenBody, type KioskScreenRow } from '../../domain';
import { kioskScreenRow, newKioskKey } from '../auth/kiosk-token';
import { bindResource } from '../crud/binding';
import { kioskScreen } from '../db/schema';

/**
 * Kiosk screens (wallboard TVs). Special here: a create makes the screen's key and hands the
 * plaintext out once (`key` in the 201 body, never in a GET); revoke and rotate live in
 * routes/kiosk.ts. Level 5 reads (its kiosk view), writes need level 3 or better.
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

  conflicts: {
    kiosk_screen_corp_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' },
  },
});
