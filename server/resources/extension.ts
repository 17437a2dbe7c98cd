import { and, eq, sql } from 'drizzle-orm';
import { EXTENSION_BULK_CODES, extensionDisplayName, extensionResource, type ExtensionAction, type ExtensionBusyAction, type ExtensionRow, type PortType } from '../../domain';
import { CEILING, withinCeiling } from '../../domain/level-ceilings';
import { bindResource, type BodyOf } from '../crud/binding';
import { appUser, corp, extension, queueMember, trunk } from '../db/schema';
import { valueVia } from '../db/sql';
import { ApiFailure, invalid } from '../errors';

type ExtensionBody = BodyOf<typeof extensionResource>;

/**
 * Extensions (C-EXT). Tenancy, permission, validation, level 4's two fields (limitedWrite), the locked
 * number and the user and trunk of the same corp come from the pipeline; what is special here: the
 * corp's extMax (550), the number's uniqueness (551), SIP secrets kept from level 4, the queue-member
 * delete guard (521) and the bulk import's row codes (C-EXT-37..39).
 */
export const extensionBinding = bindResource<ExtensionRow, ExtensionBody>({
  definition: extensionResource,
  table: extension,
  idColumn: extension.id,
  corpColumn: extension.corpId,
  async load(db, where) {
    const rows = await db
      .select({
        id: extension.id,
        corpId: extension.corpId,
        number: extension.number,
        pass: extension.pass,
        userId: extension.userId,
        // the name shown for the extension: domain extensionDisplayName, the live directory's rule too
        userRealName: appUser.name,
        userNick: appUser.nick,
        trunkId: extension.trunkId,
        trunkNumber: valueVia<string>(trunk, trunk.number, trunk.id, extension, extension.trunkId),
        outer: extension.outer,
        enabled: extension.enabled,
        action: extension.action,
        onbusy: extension.onbusy,
        description: extension.description,
        spy: extension.spy,
        callLimit: extension.callLimit,
        portType: extension.portType,
        vmpass: extension.vmpass,
        maxContacts: extension.maxContacts,
        callgroup: extension.callgroup,
        timeExtensIds: extension.timeExtensId,
      })
      .from(extension)
      .leftJoin(appUser, eq(appUser.id, extension.userId))
      .where(where)
      .orderBy(extension.corpId, extension.number);
    return rows.map(({ userRealName, userNick, ...row }) => ({
      ...row,
      userName: extensionDisplayName({ userName: userRealName, userNick, description: row.description }),
      action: row.action as ExtensionAction,
      onbusy: row.onbusy as ExtensionBusyAction,
      portType: row.portType as PortType,
    }));
  },
  rowCorpId: (row) => row.corpId,
  // an extension is a destination by its number (exten:{number})
  fieldColumns: { number: extension.number, corpId: extension.corpId },
  // the live state (directory of the realtime service and the simulator) follows the configuration

  /** Levels 4 and 5 never receive SIP or voicemail secrets: they could register as anyone (C-EXT-17/18, J-ONE-01). */
  present: (row, principal) => (withinCeiling(principal.level, CEILING.extensionSecrets) ? row : { ...row, pass: '', vmpass: '' }),

  async check(input, op) {
    if (op.mode !== 'create') return;
    // a bulk row names its trunk and its web user (C-EXT-32): they must be the corp's (row codes 500, 501)
    if (input.trunkNumber && !input.trunkId) {
      const [found] = await op.data.list<{ id: number }>('trunk', eq(trunk.number, input.trunkNumber));
      if (!found) throw invalid([{ path: 'trunkNumber', message: 'validation.trunkUnknown' }]);
      input.trunkId = found.id;
    }
    if (input.userName && !input.userId) {
      const [found] = await op.data.list<{ id: number }>('user', sql`lower(${appUser.nick}) = lower(${input.userName})`);
      if (!found) throw invalid([{ path: 'userName', message: 'validation.userCorp' }]);
      input.userId = found.id;
    }
    // C-EXT-14/15: the corp holds at most extMax extensions (inside the write's transaction, so a
    // bulk import counts the rows it already wrote)
    const [limit] = await op.db.select({ extMax: corp.extMax }).from(corp).where(eq(corp.id, op.corpId ?? 0)).limit(1);
    if (limit && (await op.data.count(extensionBinding)) >= limit.extMax) throw new ApiFailure(550, 'errors.maxExtensions');
  },

  toValues(input, op) {
    const values: Record<string, unknown> = {
      userId: input.userId ?? null,
      trunkId: input.trunkId ?? null,
      outer: input.outer,
      enabled: input.enabled,
      action: input.action,
      onbusy: input.onbusy,
      description: input.description,
      spy: input.spy,
      callLimit: input.callLimit,
      portType: input.portType,
      vmpass: input.vmpass,
      maxContacts: input.maxContacts,
      callgroup: input.callgroup,
      timeExtensId: input.timeExtensIds,
    };
    // C-EXT-10: the number is set once; an empty password on edit keeps the current one
    if (op.mode === 'create') values.number = input.number;
    if (op.mode === 'create' || input.pass) values.pass = input.pass;
    return values;
  },

  // its checks' spec codes, for the OpenAPI document (J-API-01)
  refusals: [550, 521],
  conflicts: {
    extension_corp_number_unique: { status: 551, message: 'errors.extensionExists', path: 'number' },
  },

  /** C-EXT-37..39: a failing bulk row's code, by the field it failed on; 550 and 551 as they are, else 400. */
  bulkCode(failure) {
    if (failure.status === 550 || failure.status === 551) return failure.status;
    const field = failure.issues?.[0]?.path.split('.')[0] ?? '';
    return EXTENSION_BULK_CODES[field] ?? 400;
  },

  /** 521 while a queue of the corp has the extension as a member. */
  async beforeDelete(row, op) {
    const member = await op.app.db
      .select({ id: queueMember.queueId })
      .from(queueMember)
      .where(and(eq(queueMember.corpId, row.corpId), eq(queueMember.extenNumber, row.number)))
      .limit(1);
    if (member.length > 0) throw new ApiFailure(521, 'errors.inUseByQueue');
  },
});
