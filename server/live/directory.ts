import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appUser, corp, extension, queue, queueMember } from '../db/schema';
import type { DirectoryCorp, DirectoryProvider } from '../realtime';

/**
 * The realtime service's directory from the database: per enabled corp, its enabled extensions (the
 * linked user's name, else the description) and its queues with their members in the order they
 * were added and the service-level threshold.
 */
export function createDbDirectory(db: Db): DirectoryProvider {
  return {
    async corps(): Promise<DirectoryCorp[]> {
      const corps = await db.select({ id: corp.id }).from(corp).where(eq(corp.enabled, true)).orderBy(asc(corp.id));
      const exts = await db
        .select({ corpId: extension.corpId, number: extension.number, userName: appUser.name, nick: appUser.nick, description: extension.description })
        .from(extension)
        .leftJoin(appUser, eq(appUser.id, extension.userId))
        .where(eq(extension.enabled, true))
        .orderBy(asc(extension.corpId), asc(extension.number));
      const queues = await db
        .select({ id: queue.id, corpId: queue.corpId, name: queue.name, strategy: queue.strategy, serviceLevel: queue.serviceLevel })
        .from(queue)
        .orderBy(asc(queue.corpId), asc(queue.id));
      const members = await db
        .select({ queueId: queueMember.queueId, number: queueMember.extenNumber })
        .from(queueMember)
        .innerJoin(extension, and(eq(extension.corpId, queueMember.corpId), eq(extension.number, queueMember.extenNumber)))
        .where(eq(extension.enabled, true))
        .orderBy(asc(queueMember.uniqueId));

      const byQueue = new Map<number, string[]>();
      for (const m of members) {
        const list = byQueue.get(m.queueId) ?? [];
        list.push(m.number);
        byQueue.set(m.queueId, list);
      }
      const result = new Map<number, DirectoryCorp>(corps.map((c) => [c.id, { corpId: c.id, extensions: [], queues: [] }]));
      for (const e of exts) {
        result.get(e.corpId)?.extensions.push({ number: e.number, userName: e.userName || e.description || e.nick || '' });
      }
      for (const q of queues) {
        result.get(q.corpId)?.queues.push({ queueId: q.id, name: q.name, strategy: q.strategy, members: byQueue.get(q.id) ?? [], serviceLevelSec: q.serviceLevel });
      }
      // the system corp has no telephony: only corps with something to show
      return [...result.values()].filter((c) => c.extensions.length > 0 || c.queues.length > 0);
    },
  };
}
