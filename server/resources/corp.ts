import { count, eq } from 'drizzle-orm';
import { corpResource, type Corp } from '../../domain';
import { corpZone } from '../corp-zone';
import { tableBinding } from '../crud/binding';
import type { Db } from '../db/database';
import { appUser, corp, extension } from '../db/schema';
import { countOf } from '../db/sql';
import { ApiFailure, forbidden } from '../errors';

export const SYSTEM_CORP_URL = 'supervisor';

/** Corporations (C-CORP): level 1 only, except reading one's own corp (A-SES-09). */
export const corpBinding = tableBinding({
  definition: corpResource,
  table: corp,
  id: corp.id,
  fields: {
    id: corp.id,
    url: corp.url,
    name: corp.name,
    enabled: corp.enabled,
    extLen: corp.extLen,
    extMax: corp.extMax,
    queMax: corp.queMax,
    maxContacts: corp.maxContacts,
    monEnabled: corp.monEnabled,
    monPath: corp.monPath,
    allowCustom: corp.allowCustom,
    allowDiscador: corp.allowDiscador,
    costEnabled: corp.costEnabled,
    roomEnabled: corp.roomEnabled,
    webHook: corp.webHook,
    timeZone: corp.timeZone,
    usersInCorp: countOf(appUser, appUser.corpId, corp, corp.id),
  },
  // a corp without a zone of its own shows the server's, the one its days follow (J-TZ-01)
  mapRow: (row): Corp => ({ ...row, extLen: row.extLen as Corp['extLen'], timeZone: corpZone(row.timeZone) }),
  allowRead: (principal, id) => id === principal.corpId,
  // a corp enabled or disabled comes into or leaves the live state (its panel, its wallboards); a new
  // zone moves its queue counters' midnight
  // its checks' spec codes, for the OpenAPI document (J-API-01)
  refusals: [526],
  conflicts: {
    corp_url_lower_unique: { status: 540, message: 'errors.urlUsed', path: 'url' },
    corp_name_lower_unique: { status: 406, message: 'errors.duplicate', path: 'name' },
  },
  async check(input, op) {
    // the system corp keeps its url (the default login page) and stays enabled
    if (op.mode === 'update' && op.existing && (await isSystemCorp(op.db, op.existing.id))) {
      if (input.url.toLowerCase() !== SYSTEM_CORP_URL || !input.enabled) throw forbidden('errors.systemCorp');
    }
  },
  async beforeDelete(row, op) {
    if (await isSystemCorp(op.app.db, row.id)) throw forbidden('errors.systemCorp');
    if (row.usersInCorp > 0) throw new ApiFailure(409, 'errors.corpHasUsers');
    const [extensions] = await op.app.db.select({ n: count() }).from(extension).where(eq(extension.corpId, row.id));
    if (Number(extensions?.n ?? 0) > 0) throw new ApiFailure(526, 'errors.corpHasExtensions');
    // later: trunks → 530 ...; queues without extensions go with the generic 409 (foreign key)
  },
});

async function isSystemCorp(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ system: corp.system }).from(corp).where(eq(corp.id, id)).limit(1);
  return row?.system === true;
}
