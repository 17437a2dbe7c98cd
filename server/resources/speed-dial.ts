import { speedDialCorpResource, speedDialExtenResource } from '../../domain';
import { tableBinding } from '../crud/binding';
import { speedDialCorp, speedDialExten } from '../db/schema';

const inUse = { status: 406, message: 'errors.speedDialInUse', path: 'number' };

/** Company speed dials (C-CSD): a plain resource; a number is the corp's once ('speed dial number in use'). */
export const speedDialCorpBinding = tableBinding({
  definition: speedDialCorpResource,
  table: speedDialCorp,
  id: speedDialCorp.id,
  corp: speedDialCorp.corpId,
  fields: { id: speedDialCorp.id, corpId: speedDialCorp.corpId, number: speedDialCorp.number, action: speedDialCorp.action },
  orderBy: [speedDialCorp.number],
  conflicts: { speed_dial_corp_number_unique: inUse },
});

/** Extension speed dials (C-ESD): the child rows of an extension; a number is the extension's once. */
export const speedDialExtenBinding = tableBinding({
  definition: speedDialExtenResource,
  table: speedDialExten,
  id: speedDialExten.id,
  corp: speedDialExten.corpId,
  fields: { id: speedDialExten.id, corpId: speedDialExten.corpId, extenId: speedDialExten.extenId, number: speedDialExten.number, action: speedDialExten.action },
  orderBy: [speedDialExten.number],
  conflicts: { speed_dial_exten_number_unique: inUse },
});
