import type { FastifyInstance } from 'fastify';
import { ACTION_SECTIONS, type CorpActions } from '../../domain';
import { principalOf, requireUser } from '../auth/guard';
import { scopeCorpId } from '../context';
import { lookupBinding } from '../resources';
import { dataOf } from '../crud/tenant';

/**
 * GET /corp/actions (C-EXT-29, F-CONST-01): where the corp's calls can go, one name → id map per
 * section (hang up, IVRs, queues, integrations, extensions by number, time conditions), for the
 * destinations pickers and the names of destinations in lists. The sections come from the registry:
 * every resource that declares itself a destination kind fills its section. A supervisor without a
 * working corp gets empty sections (no corp's data is mixed with another's).
 */
export async function corpActionsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.get('/corp/actions', { schema: { tags: ['corp'], summary: "The corp's destinations by section (F-CONST-01)" }, onRequest: requireUser(ctx) }, async (request): Promise<CorpActions> => {
    const principal = principalOf(request);
    const out = Object.fromEntries(ACTION_SECTIONS.map((s) => [s.key, {}])) as CorpActions;
    out.hangup = { hangup: 'hangup' };
    if (scopeCorpId(principal) === null) return out;
    const data = dataOf(ctx.db, principal, lookupBinding);
    for (const section of ACTION_SECTIONS) {
      const binding = lookupBinding(`destination:${section.kind}`);
      const declared = binding?.definition.destination;
      if (!binding || !declared) continue;
      const rows = await data.list(binding);
      const map: Record<string, number | string> = {};
      for (const row of rows) {
        const value = row[declared.valueField] as number | string;
        // an extension reads as its number and the name of its user
        const name = section.kind === 'exten' && row.userName && row.userName !== row.number ? `${String(row.number)} ${String(row.userName)}` : String(row[declared.labelField]);
        map[name] = value;
      }
      out[section.key] = map;
    }
    return out;
  });
}
