import { useNavigate } from 'react-router';
import type { ResourceDefinition } from '../../domain/resources/define';
import { roleGroupResource } from '../../domain/resources/role-group';
import { usePaths } from '../app/paths';
import { ResourceListScreen } from './resource-list-screen';

/**
 * Role groups (C-RG-01..03): new and edit open their own pages (rolegroup/new, rolegroup/update);
 * a group with users cannot be deleted and its dialog has no OK button.
 */
export default function RoleGroupListScreen() {
  const navigate = useNavigate();
  const paths = usePaths();
  return (
    <ResourceListScreen
      definition={roleGroupResource as ResourceDefinition}
      extras={{
        onCreate: () => navigate(paths.toEntry('rolegroupNew')),
        onEdit: (row) => navigate(`${paths.toEntry('rolegroupUpdate')}/${String(row.roleGroupId)}`, { state: { row } }),
        deleteBlockedKey: (row) => (Number(row.users) > 0 ? 'roleGroup.inUse' : null),
      }}
    />
  );
}
