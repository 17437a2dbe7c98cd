import { eq } from 'drizzle-orm';
import { pollResource, questionResource } from '../../domain';
import { tableBinding } from '../crud/binding';
import { poll, queue, question } from '../db/schema';
import { ApiFailure } from '../errors';
import { soundFile } from '../files/sound-file';

/** Polls (C-POL): a poll a queue asks cannot go (521, in use by a queue). */
export const pollBinding = tableBinding({
  definition: pollResource,
  table: poll,
  id: poll.id,
  corp: poll.corpId,
  fields: { id: poll.id, corpId: poll.corpId, name: poll.name, description: poll.description, sound: poll.sound },
  orderBy: [poll.name],
  files: { sound: soundFile() },
  async beforeDelete(row, op) {
    if ((await op.data.count('queue', eq(queue.pollId, row.id))) > 0) throw new ApiFailure(521, 'errors.inUseByQueue');
  },
  // its checks' spec codes, for the OpenAPI document (J-API-01)
  refusals: [521],
  conflicts: { poll_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' } },
});

/** Questions (C-POL-08..16): the child rows of a poll; an order is the poll's once (406). */
export const questionBinding = tableBinding({
  definition: questionResource,
  table: question,
  id: question.id,
  corp: question.corpId,
  fields: { id: question.id, corpId: question.corpId, idPoll: question.pollId, name: question.name, sound: question.sound, orderSequencial: question.orderSequencial },
  orderBy: [question.orderSequencial],
  files: { sound: soundFile() },
  conflicts: { question_order_unique: { status: 406, message: 'errors.questionOrderUsed', path: 'orderSequencial' } },
});
