import { Circle, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LEVEL } from '../../domain/levels';
import { corpResource } from '../../domain/resources/corp';
import type { ResourceDefinition } from '../../domain/resources/define';
import type { NavEntry } from '../app/navigation';
import { useSession, useUser } from '../app/session';
import { Button } from '../ui/button';
import { ResourceListScreen } from './resource-list-screen';
import { useEntryDialog } from './resource-screen';

/** Corporations (C-CORP-01/02); level 1 picks the working corp here, single selection (A-SES-07). */
export default function CorpListScreen({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const user = useUser();
  const { workingCorp, selectWorkingCorp } = useSession();
  const dialog = useEntryDialog(entry);
  const supervisor = user.level === LEVEL.supervisor;
  return (
    <ResourceListScreen
      definition={corpResource as ResourceDefinition}
      extras={{
        isRowSelected: supervisor ? (row) => workingCorp?.id === row.id : undefined,
        rowActions: supervisor
          ? (row) => {
              const selected = workingCorp?.id === row.id;
              return (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-pressed={selected}
                  aria-label={selected ? t('corp.deselect', { name: String(row.name) }) : t('corp.select', { name: String(row.name) })}
                  title={selected ? t('corp.deselectShort') : t('corp.selectShort')}
                  onClick={() => selectWorkingCorp(selected ? null : { id: Number(row.id), name: String(row.name) })}
                  data-testid={`select-corp-${String(row.id)}`}
                  className={selected ? 'text-primary' : 'text-muted'}
                >
                  {selected ? <CircleCheck /> : <Circle />}
                </Button>
              );
            }
          : undefined,
        ...dialog,
      }}
    />
  );
}
