import { and, count, eq, sql } from 'drizzle-orm';
import { extensionResource, LEVEL, type ExtensionAction, type ExtensionBusyAction, type ExtensionRow, type PortType } from '../../domain';
import { bindResource } from '../crud/binding';
import { appUser, corp, extension, queueMember } from '../db/schema';
import { ApiFailure, forbidden, invalid } from '../errors';

/** The extension schema's output: the full body (levels 1-3) or only enabled and action (level 4). */
interface ExtensionBody {
  number?: string;
  pass?: string;
  userId?: number | null;
  trunkId?: number | null;
  outer?: string;
  enabled?: boolean;
  action?: ExtensionAction;
  onbusy?: ExtensionBusyAction;
  description?: string;
  spy?: boolean;
  callLimit?: number;
  portType?: PortType;
  vmpass?: string;
  maxContacts?: number;
  callgroup?: number;
  timeExtensIds?: number;
}

/** The fields a level 4 user may change (C-EXT-07); the server keeps every other value. */
const LEVEL4_FIELDS = ['enabled', 'action'] as const;

/**
 * Extensions (C-EXT). Tenancy, permission and validation come from the generic router; what is
 * special here: the corp's extMax (550), the number's uniqueness (551), the user of the same corp,
 * level 4's two fields, SIP secrets kept from level 4, and the queue-member delete guard (521).
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
        // the name shown for the extension (panel, wallboard): its web user's, else its description
        userName: sql<string>`coalesce(nullif(${appUser.name}, ''), ${appUser.nick}, ${extension.description})`,
        trunkId: extension.trunkId,
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
    return rows.map((row) => ({
      ...row,
      trunkNumber: null,
      action: row.action as ExtensionAction,
      onbusy: row.onbusy as ExtensionBusyAction,
      portType: row.portType as PortType,
    }));
  },
  rowCorpId: (row) => row.corpId,
  // the live state (directory of the realtime service and the simulator) follows the configuration
  onChange: (app) => void app.live?.reload(),

  /** Levels 4 and 5 never receive SIP or voicemail secrets: they could register as anyone. */
  present: (row, principal) => (principal.level >= LEVEL.user ? { ...row, pass: '', vmpass: '' } : row),

  async check(input, op) {
    const db = op.app.db;
    const corpId = op.corpId ?? 0;
    if (op.principal.level >= LEVEL.user) {
      // C-EXT-06: a plain user never creates (canAccess refuses it already; a role group cannot lift it)
      if (op.mode === 'create' || !op.existing) throw forbidden();
      // C-EXT-11 still holds: exTouch needs the external number, which only levels 1-3 set
      if (input.action === 'exTouch' && op.existing.outer === '') {
        throw invalid([{ path: 'outer', message: 'validation.outerRequired' }]);
      }
      return;
    }
    if (op.mode === 'create') {
      // C-EXT-14/15: the corp holds at most extMax extensions
      const [limit] = await db.select({ extMax: corp.extMax }).from(corp).where(eq(corp.id, corpId)).limit(1);
      const [used] = await db.select({ n: count() }).from(extension).where(eq(extension.corpId, corpId));
      if (limit && Number(used?.n ?? 0) >= limit.extMax) throw new ApiFailure(550, 'errors.maxExtensions');
    }
    // C-EXT-09/30: the web user must belong to the extension's corp
    if (input.userId) {
      const [user] = await db
        .select({ id: appUser.id })
        .from(appUser)
        .where(and(eq(appUser.id, input.userId), eq(appUser.corpId, corpId)))
        .limit(1);
      if (!user) throw invalid([{ path: 'userId', message: 'validation.userCorp' }]);
    }
    // no trunks exist yet, so no trunk can be chosen
    if (input.trunkId) throw invalid([{ path: 'trunkId', message: 'validation.trunkUnknown' }]);
  },

  toValues(input, op) {
    if (op.principal.level >= LEVEL.user) {
      const values: Record<string, unknown> = {};
      for (const field of LEVEL4_FIELDS) values[field] = input[field] ?? op.existing?.[field];
      return values;
    }
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

  conflicts: {
    extension_corp_number_unique: { status: 551, message: 'errors.extensionExists', path: 'number' },
  },

  guard(_row, op) {
    // C-EXT-06, also against a role group granting delete to a plain user
    if (op.mode === 'delete' && op.principal.level >= LEVEL.user) throw forbidden();
  },

  /** 521 while a queue of the corp has the extension as a member. */
  async beforeDelete(row, op) {
    const queues = await op.app.db
      .select({ id: queueMember.queueId })
      .from(queueMember)
      .where(and(eq(queueMember.corpId, row.corpId), eq(queueMember.extenNumber, row.number)))
      .limit(1);
    if (queues.length > 0) throw new ApiFailure(521, 'errors.inUseByQueue');
  },
});
