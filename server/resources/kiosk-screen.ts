import { eq } from 'drizzle-orm';
import { kioskScreenResource, LEVEL, type KioskScreenBody, type KioskScreenRow } from '../../domain';
import { kioskPrincipalId, kioskScreenRow, newKioskKey } from '../auth/kiosk-token';
import { bindResource } from '../crud/binding';
import type { AppContext, Principal } from '../context';
import type { Db } from '../db/database';
import { corp, kioskScreen } from '../db/schema';
import { ApiFailure } from '../errors';

/** H-NOC-01: the supervisor, writing a screen of the system corp (403 errors.nocScreen otherwise). */
async function requireNocMaker(db: Db, principal: Principal, corpId: number | null): Promise<void> {
  const [home] = corpId === null ? [] : await db.select({ system: corp.system }).from(corp).where(eq(corp.id, corpId)).limit(1);
  if (principal.level !== LEVEL.supervisor || !home?.system) throw new ApiFailure(403, 'errors.nocScreen');
}

/** Ends the hub connections of a screen's tokens at once, on every instance: the TV reconnects, is refused and says why. */
const disconnect = (app: AppContext, screenId: number) => app.live?.endSessions(kioskPrincipalId(screenId), 'errors.kioskRevoked');

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

  async toValues(input, op) {
    // H-NOC-01: a NOC screen's key reads other corps, so only the supervisor makes, changes or unmakes one, in the system corp
    if (input.noc || op.existing?.noc) await requireNocMaker(op.db, op.principal, op.corpId);
    const values: Record<string, unknown> = {
      name: input.name,
      boards: input.boards,
      secondsPerBoard: input.secondsPerBoard,
      hideOffline: input.hideOffline,
      privacy: input.privacy,
      thresholds: input.thresholds,
      nocCorps: input.noc ? input.nocCorps : null,
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
      if (row.noc) await requireNocMaker(op.app.db, op.principal, row.corpId);
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
