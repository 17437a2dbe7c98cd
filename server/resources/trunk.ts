import { eq } from 'drizzle-orm';
import { LEVEL, trunkResource, type TrunkRow } from '../../domain';
import { tableBinding } from '../crud/binding';
import { corp, extension, sipRoute, sipServer, trunk } from '../db/schema';
import { valueVia } from '../db/sql';
import { ApiFailure } from '../errors';

/**
 * Trunks (C-TRK). The supervisor writes everything; other levels only the action (the definition's
 * limitedWrite, also through PUT /trunkaction, C-TRK-13). Special here: the password is the
 * supervisor's to see, a number is the platform's once (a DID reaches one trunk), and a trunk that SIP
 * routes (525) or extensions still use cannot go.
 */
export const trunkBinding = tableBinding({
  definition: trunkResource,
  table: trunk,
  id: trunk.id,
  corp: trunk.corpId,
  fields: {
    id: trunk.id,
    corpId: trunk.corpId,
    corpName: valueVia(corp, corp.name, corp.id, trunk, trunk.corpId),
    number: trunk.number,
    pass: trunk.pass,
    serverId: trunk.serverId,
    serverName: valueVia(sipServer, sipServer.name, sipServer.id, trunk, trunk.serverId),
    outgoing: trunk.outgoing,
    enabled: trunk.enabled,
    action: trunk.action,
    preference: trunk.preference,
    registerTrunk: trunk.registerTrunk,
    outboundAuth: trunk.outboundAuth,
    outboundAuthRegister: trunk.outboundAuthRegister,
    fromDomain: trunk.fromDomain,
    fromDomainRegister: trunk.fromDomainRegister,
  },
  orderBy: [trunk.number],
  mapRow: (row) => ({ ...row, corpName: row.corpName ?? '', serverName: row.serverName ?? '' }) as TrunkRow,
  present: (row, principal) => (principal.level === LEVEL.supervisor ? row : { ...row, pass: '' }),
  // its checks' spec codes, for the OpenAPI document (J-API-01)
  refusals: [525],
  conflicts: { trunk_number_unique: { status: 406, message: 'errors.trunkNumberUsed', path: 'number' } },
  async beforeDelete(row, op) {
    if ((await op.data.count('sipRoute', eq(sipRoute.trunkId, row.id))) > 0) throw new ApiFailure(525, 'errors.inUseBySipRoute');
    if ((await op.data.count('extension', eq(extension.trunkId, row.id))) > 0) throw new ApiFailure(409, 'errors.inUseByExtension');
  },
});
