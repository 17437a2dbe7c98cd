import { useNavigate, useParams } from 'react-router';
import type { ResourceDefinition } from '../../domain/resources/define';
import { queueResource } from '../../domain/resources/queue';
import type { NavEntry } from '../app/navigation';
import { usePaths } from '../app/paths';
import { ResourceListScreen } from './resource-list-screen';

/** Queues (C-QUE-01..13): the generic list and dialog; members are picked with the extensionMembers field. */
export default function QueueListScreen({ entry }: { entry: NavEntry }) {
  const params = useParams();
  const navigate = useNavigate();
  const paths = usePaths();
  return (
    <ResourceListScreen
      definition={queueResource as ResourceDefinition}
      extras={{
        initialDialog: entry.key === 'queuesNew' ? { mode: 'create' } : entry.key === 'queuesUpdate' && params.id ? { mode: 'update', id: params.id } : undefined,
        onInitialDialogClose: () => navigate(paths.toEntry('queues'), { replace: true }),
      }}
    />
  );
}
