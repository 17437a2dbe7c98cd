import { desc, eq } from 'drizzle-orm';
import { voicemailResource, type VoicemailRow } from '../../domain';
import { tableBinding } from '../crud/binding';
import { voicemail } from '../db/schema';

/**
 * Voicemail (C-VM): the messages callers left, read-only; fetching a message's audio marks it
 * listened (C-VM-06), `markNew` makes it new again (G-AST-02). The PBX writes the rows and files (the
 * simulator, or Asterisk's storage).
 */
export const voicemailBinding = tableBinding({
  definition: voicemailResource,
  table: voicemail,
  id: voicemail.id,
  corp: voicemail.corpId,
  fields: {
    id: voicemail.id,
    corpId: voicemail.corpId,
    mailbox: voicemail.mailbox,
    origtime: voicemail.origtime,
    callerid: voicemail.callerid,
    destino: voicemail.destino,
    duration: voicemail.duration,
    flag: voicemail.flag,
    recording: voicemail.recording,
  },
  // newest first (C-VM-04)
  orderBy: [desc(voicemail.origtime)],
  mapRow: (row): VoicemailRow => ({ ...row, listened: row.flag !== 0 }),
  // never uploaded: the PBX leaves the file
  files: {
    recording: {
      accept: () => {
        throw new Error('a voicemail is never uploaded');
      },
    },
  },
  async fileSent(row, _field, app) {
    if (row.flag === 0) await app.db.update(voicemail).set({ flag: 1 }).where(eq(voicemail.id, row.id));
  },
  // a change of flag moves the message on Asterisk too (migration 0020's trigger, server/asterisk/voicemail-folders.ts)
  actions: {
    markNew: async (_row, op) => ({ row: await op.setValues({ flag: 0 }) }),
  },
});
