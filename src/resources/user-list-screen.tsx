import type { ResourceDefinition } from '../../domain/resources/define';
import { userResource } from '../../domain/resources/user';
import type { NavEntry } from '../app/navigation';
import { useUser } from '../app/session';
import { ResourceListScreen } from './resource-list-screen';
import { useEntryDialog } from './resource-screen';

/** Web users (C-USR-01..12): the own row has no delete button. */
export default function UserListScreen({ entry }: { entry: NavEntry }) {
  const user = useUser();
  const dialog = useEntryDialog(entry);
  return (
    <ResourceListScreen
      definition={userResource as ResourceDefinition}
      extras={{
        canDeleteRow: (row) => Number(row.id) !== user.id,
        ...dialog,
      }}
    />
  );
}
