import { sipRouteResource, type SipRouteRow } from '../../domain';
import { tableBinding } from '../crud/binding';
import { corp, sipRoute, trunk } from '../db/schema';
import { valueVia } from '../db/sql';

/** SIP routes (C-SIP): the supervisor's; the trunk must be one of the chosen company's (a reference the pipeline checks). */
export const sipRouteBinding = tableBinding({
  definition: sipRouteResource,
  table: sipRoute,
  id: sipRoute.id,
  corp: sipRoute.corpId,
  fields: {
    id: sipRoute.id,
    corpId: sipRoute.corpId,
    corpName: valueVia(corp, corp.name, corp.id, sipRoute, sipRoute.corpId),
    trunkId: sipRoute.trunkId,
    trunkNumber: valueVia(trunk, trunk.number, trunk.id, sipRoute, sipRoute.trunkId),
    pattern: sipRoute.pattern,
    translation: sipRoute.translation,
    comment: sipRoute.comment,
    enabled: sipRoute.enabled,
  },
  orderBy: [sipRoute.corpId, sipRoute.pattern],
  mapRow: (row) => ({ ...row, corpName: row.corpName ?? '', trunkNumber: row.trunkNumber ?? '' }) as SipRouteRow,
});
