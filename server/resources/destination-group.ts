import { destinationGroupResource } from '../../domain';
import { tableBinding } from '../crud/binding';
import { destinationGroup } from '../db/schema';

/** Destination groups (C-DG): the platform's, a name and its patterns; a group restrictions use cannot go (409). */
export const destinationGroupBinding = tableBinding({
  definition: destinationGroupResource,
  table: destinationGroup,
  id: destinationGroup.id,
  fields: { id: destinationGroup.id, name: destinationGroup.name, patterns: destinationGroup.patterns },
  orderBy: [destinationGroup.name],
  conflicts: { destination_group_name_unique: { status: 406, message: 'errors.duplicate', path: 'name' } },
});
