import { pauseReasonResource } from '../../domain';
import { tableBinding } from '../crud/binding';
import { pauseReason } from '../db/schema-agents';

/** A corp's pause reasons (G-PAU-01): a plain resource; a code is the corp's once. The wall shows their names, so the live state follows. */
export const pauseReasonBinding = tableBinding({
  definition: pauseReasonResource,
  table: pauseReason,
  id: pauseReason.id,
  corp: pauseReason.corpId,
  fields: { id: pauseReason.id, corpId: pauseReason.corpId, name: pauseReason.name, code: pauseReason.code, productive: pauseReason.productive, maxMinutes: pauseReason.maxMinutes },
  orderBy: [pauseReason.name],
  conflicts: { pause_reason_corp_code_unique: { status: 406, message: 'errors.pauseCodeUsed', path: 'code' } },
});
