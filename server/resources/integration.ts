import { integrationResource } from '../../domain';
import { CEILING, withinCeiling } from '../../domain/level-ceilings';
import { tableBinding } from '../crud/binding';
import { integration } from '../db/schema';
import { soundFile } from '../files/sound-file';

/** Integrations (C-INT): three outcomes and four sounds; the password is for administrators' eyes only. */
export const integrationBinding = tableBinding({
  definition: integrationResource,
  table: integration,
  id: integration.id,
  corp: integration.corpId,
  fields: {
    id: integration.id,
    corpId: integration.corpId,
    name: integration.name,
    type: integration.type,
    host: integration.host,
    user: integration.user,
    password: integration.password,
    option1: integration.option1,
    option2: integration.option2,
    option3: integration.option3,
    sound1: integration.sound1,
    sound2: integration.sound2,
    sound3: integration.sound3,
    sound4: integration.sound4,
  },
  orderBy: [integration.name],
  // C-INT: the password reaches levels 1-3 only (J-ONE-01: the ceiling is named in domain)
  present: (row, principal) => (withinCeiling(principal.level, CEILING.integrationSecrets) ? row : { ...row, password: '' }),
  files: { sound1: soundFile(), sound2: soundFile(), sound3: soundFile(), sound4: soundFile() },
  conflicts: { integration_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' } },
});
