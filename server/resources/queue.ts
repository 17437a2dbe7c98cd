import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { msg, QUEUE_RULES, queueResource, type QueueRow, type QueueStrategy } from '../../domain';
import { tableBinding } from '../crud/binding';
import { corp, extension, queue, queueMember } from '../db/schema';
import { qualified } from '../db/sql';
import { ApiFailure, invalid } from '../errors';
import { soundFile } from '../files/sound-file';

/** The member numbers of a queue, in the order they were added (linear and rrordered ring in order). */
const members = sql<string[]>`coalesce((select json_agg(${qualified(queueMember, queueMember.extenNumber)} order by ${qualified(queueMember, queueMember.uniqueId)}) from ${queueMember} where ${qualified(queueMember, queueMember.queueId)} = ${qualified(queue, queue.id)}), '[]'::json)`;

/**
 * Queues (C-QUE). Special here: the corp's queMax (409 errors.queueLimit), members that must be
 * extensions of the same corp (400), linear only when creating (C-QUE-09), and the member rows
 * written beside the queue in the router's transaction.
 */
export const queueBinding = tableBinding({
  definition: queueResource,
  table: queue,
  id: queue.id,
  corp: queue.corpId,
  // the spec's names on the left, Asterisk's realtime columns on the right
  fields: {
    id: queue.id,
    corpId: queue.corpId,
    name: queue.name,
    strategy: queue.strategy,
    timeout: queue.timeout,
    failoveraction: queue.failoverAction,
    failovertimeout: queue.failoverTimeout,
    pollId: queue.pollId,
    moh: queue.musicOnHold,
    announce: queue.announce,
    ringinuse: queue.ringInUse,
    position: queue.announcePosition,
    seconds: queue.announceFrequency,
    autoFill: queue.autoFill,
    serviceLevelSec: queue.serviceLevel,
    wrapupSec: queue.wrapupSec,
    members,
  },
  orderBy: [queue.corpId, queue.name],
  mapRow: (row): QueueRow => ({ ...row, strategy: row.strategy as QueueStrategy, pollEnabled: row.pollId !== null, members: Array.isArray(row.members) ? row.members.map(String) : [] }),
  files: { announce: soundFile() },
  // the live state (directory of the realtime service and the simulator) follows the configuration

  async check(input, op) {
    if (op.mode === 'create') {
      const [limit] = await op.db.select({ queMax: corp.queMax }).from(corp).where(eq(corp.id, op.corpId ?? 0)).limit(1);
      if (limit && (await op.data.count(queueBinding)) >= limit.queMax) throw new ApiFailure(409, 'errors.queueLimit');
    }
    // C-QUE-09: Asterisk cannot turn a live queue into a linear one
    if (op.mode === 'update' && input.strategy === 'linear' && op.existing?.strategy !== 'linear') {
      throw invalid([{ path: 'strategy', message: 'validation.linearOnCreate' }]);
    }
    if (input.members.length > 0) {
      const found = await op.data.list<{ number: string }>('extension', inArray(extension.number, input.members));
      const known = new Set(found.map((e) => e.number));
      const unknown = input.members.filter((n) => !known.has(n));
      if (unknown.length > 0) throw invalid(unknown.map((number) => ({ path: 'members', message: msg('validation.memberUnknown', { number }) })));
    }
  },

  /**
   * Members as a difference: members that stay keep their row (penalty, and the paused state
   * Asterisk writes back for realtime members); new ones are appended with the default penalty.
   */
  async afterWrite(db, id, input, op) {
    const corpId = op.corpId ?? 0;
    const gone = input.members.length > 0 ? and(eq(queueMember.queueId, id), notInArray(queueMember.extenNumber, input.members)) : eq(queueMember.queueId, id);
    await db.delete(queueMember).where(gone);
    if (input.members.length === 0) return;
    await db
      .insert(queueMember)
      .values(input.members.map((extenNumber) => ({ queueId: id, corpId, extenNumber, penalty: QUEUE_RULES.memberPenalty })))
      .onConflictDoNothing({ target: [queueMember.queueId, queueMember.extenNumber] });
  },

  conflicts: {
    queue_corp_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' },
  },
});
