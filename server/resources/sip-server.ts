import { eq } from 'drizzle-orm';
import { sipServerResource } from '../../domain';
import { tableBinding } from '../crud/binding';
import { sipServer, trunk } from '../db/schema';
import { ApiFailure } from '../errors';

/** SIP servers (C-SRV): a plain resource; a server trunks still use cannot go (520). */
export const sipServerBinding = tableBinding({
  definition: sipServerResource,
  table: sipServer,
  id: sipServer.id,
  fields: { id: sipServer.id, name: sipServer.name, ip: sipServer.ip, port: sipServer.port },
  orderBy: [sipServer.name],
  // its checks' spec codes, for the OpenAPI document (J-API-01)
  refusals: [520],
  conflicts: { sip_server_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' } },
  async beforeDelete(row, op) {
    // every corp's trunks count, whatever corp a supervisor is working on
    if ((await op.data.forCorp(null).count('trunk', eq(trunk.serverId, row.id))) > 0) throw new ApiFailure(520, 'errors.inUseByTrunk');
  },
});
