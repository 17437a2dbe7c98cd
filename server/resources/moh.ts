import { isNotNull, isNull } from 'drizzle-orm';
import { mohCorpResource, mohQueueResource, type MohRow } from '../../domain';
import { tableBinding } from '../crud/binding';
import { mohFile } from '../db/schema';
import { soundFile } from '../files/sound-file';

const fields = { id: mohFile.id, corpId: mohFile.corpId, queueId: mohFile.queueId, name: mohFile.name, sound: mohFile.sound };

/**
 * Hold music of the corp (C-MOH): its files in the folder of Asterisk's class `corp_{corpId}`
 * (sounds/{corpId}/moh-corp). Only the rows of no queue are the corp's.
 */
export const mohCorpBinding = tableBinding({
  definition: mohCorpResource,
  table: mohFile,
  id: mohFile.id,
  corp: mohFile.corpId,
  fields,
  // the corp's rows are those of no queue
  rows: isNull(mohFile.queueId),
  orderBy: [mohFile.name],
  mapRow: (row): MohRow => row,
  files: { sound: soundFile('moh-corp') },
});

/** A queue's hold music (C-QUE-17..20): in the folder of its class `queue_{queueId}` (sounds/{corpId}/moh-q{queueId}). */
export const mohQueueBinding = tableBinding({
  definition: mohQueueResource,
  table: mohFile,
  id: mohFile.id,
  corp: mohFile.corpId,
  fields,
  rows: isNotNull(mohFile.queueId),
  orderBy: [mohFile.name],
  mapRow: (row): MohRow => row,
  files: {
    sound: {
      accept: (upload, field, input) => soundFile(`moh-q${Number(input.queueId)}`).accept(upload, field, input),
    },
  },
});
