import { useNavigate, useParams } from 'react-router';
import type { ResourceDefinition } from '../../domain/resources/define';
import { userResource } from '../../domain/resources/user';
import type { NavEntry } from '../app/navigation';
import { usePaths } from '../app/paths';
import { useUser } from '../app/session';
import { ResourceListScreen } from './resource-list-screen';

/** Web users (C-USR-01..12): the own row has no delete button. */
export default function UserListScreen({ entry }: { entry: NavEntry }) {
  const user = useUser();
  const params = useParams();
  const navigate = useNavigate();
  const paths = usePaths();
  return (
    <ResourceListScreen
      definition={userResource as ResourceDefinition}
      extras={{
        canDeleteRow: (row) => Number(row.id) !== user.id,
        initialDialog: entry.key === 'userNew' ? { mode: 'create' } : entry.key === 'userUpdate' && params.id ? { mode: 'update', id: params.id } : undefined,
        onInitialDialogClose: () => navigate(paths.toEntry('user'), { replace: true }),
      }}
    />
  );
}
