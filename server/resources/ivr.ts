import { sql } from 'drizzle-orm';
import { IVR_OPTION_FIELDS, ivrResource, type IvrRow } from '../../domain';
import { tableBinding } from '../crud/binding';
import { ivr } from '../db/schema';
import { soundFile } from '../files/sound-file';

/** IVRs (C-IVR): two sounds and ten options; a destination an option names is in use by the IVR (523). */
export const ivrBinding = tableBinding({
  definition: ivrResource,
  table: ivr,
  id: ivr.id,
  corp: ivr.corpId,
  fields: {
    id: ivr.id,
    corpId: ivr.corpId,
    name: ivr.name,
    sound: ivr.sound,
    soundIncorrect: ivr.soundIncorrect,
    option0: ivr.option0,
    option1: ivr.option1,
    option2: ivr.option2,
    option3: ivr.option3,
    option4: ivr.option4,
    option5: ivr.option5,
    option6: ivr.option6,
    option7: ivr.option7,
    option8: ivr.option8,
    option9: ivr.option9,
    // how many digits lead somewhere (the list's options column)
    optionCount: sql<number>`(${sql.join(
      IVR_OPTION_FIELDS.slice(1).map((o) => sql`(case when ${ivr[o as keyof typeof ivr.$inferSelect & `option${number}`]} <> '' then 1 else 0 end)`),
      sql` + `,
    )})`.mapWith(Number),
  },
  orderBy: [ivr.name],
  mapRow: (row): IvrRow => row,
  files: { sound: soundFile(), soundIncorrect: soundFile() },
  conflicts: { ivr_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' } },
});
