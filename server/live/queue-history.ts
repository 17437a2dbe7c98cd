/**
 * Today's queue counters from the `queue_log` table (written by Asterisk through realtime, or by the
 * simulator's record sink in the same shape), for the realtime service after a start or a reconnect
 * (issue 12, defect 7: the counters lived only in memory and began at 0 on every restart).
 */
import { and, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/database';
import { queueLog } from '../db/schema';
import { foldQueueLog, type QueueHistory } from '../realtime';

export function createDbQueueHistory(db: Db): QueueHistory {
  return {
    async counters(from, to, serviceLevelSec) {
      if (serviceLevelSec.size === 0) return [];
      const rows = await db
        .select({ queuename: queueLog.queuename, event: queueLog.event, data1: queueLog.data1 })
        .from(queueLog)
        .where(and(gte(queueLog.time, new Date(from)), lte(queueLog.time, new Date(to)), inArray(queueLog.event, ['CONNECT', 'ABANDON']), inArray(queueLog.queuename, [...serviceLevelSec.keys()])));
      return foldQueueLog(rows, serviceLevelSec);
    },
  };
}
