import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { ResourceDefinition } from '../../domain/resources/define';
import { isApiFailure } from '../api/client';
import { resourceDetailQuery, type ParentFilter } from '../api/resources';
import type { NavEntry } from '../app/navigation';
import { usePaths } from '../app/paths';
import { useScope } from '../app/session';
import { buttonVariants } from '../ui/button';
import { definitionNamed } from './children';
import { ResourceListScreen, type ResourceExtras } from './resource-list-screen';

/**
 * What the new and update routes of a resource mean for its list (A-RTE-10): the dialog opens at once,
 * and closing it goes back to the list route. Every resource screen, generic or special, takes this.
 */
export function useEntryDialog(entry: NavEntry, parentId?: number): Pick<ResourceExtras, 'initialDialog' | 'onInitialDialogClose'> {
  const params = useParams();
  const navigate = useNavigate();
  const paths = usePaths();
  const definition = entry.resource ? definitionNamed(entry.resource) : undefined;
  const id = params[definition?.nav?.updateParam ?? 'id'];
  const listPath = definition?.nav ? paths.to(parentId ? `${definition.nav.route}/${parentId}` : definition.nav.route) : paths.home;
  return {
    initialDialog: entry.form === 'create' ? { mode: 'create' } : entry.form === 'update' && id ? { mode: 'update', id } : undefined,
    onInitialDialogClose: () => navigate(listPath, { replace: true }),
  };
}

/** The screen of a registered resource without a special one: the generic list, or a child list. */
export default function ResourceScreen({ entry }: { entry: NavEntry }) {
  const definition = entry.resource ? definitionNamed(entry.resource) : undefined;
  if (!definition) throw new Error(`navigation entry ${entry.key} names no registered resource`);
  if (definition.parent) return <ChildResourceScreen entry={entry} definition={definition} />;
  return <PlainResourceScreen entry={entry} definition={definition} />;
}

function PlainResourceScreen({ entry, definition }: { entry: NavEntry; definition: ResourceDefinition }) {
  const dialog = useEntryDialog(entry);
  return <ResourceListScreen definition={definition} extras={dialog} />;
}

/**
 * A child resource's list (follow-me, speed dials and restrictions of one extension): the parent's id
 * comes from the route; without a usable one, or when the parent is gone or another corp's, the
 * screen goes back to the parent's list (C-FOL-07, C-ESD-01, C-ERS-01). A back button returns there.
 */
function ChildResourceScreen({ entry, definition }: { entry: NavEntry; definition: ResourceDefinition }) {
  const { t } = useTranslation();
  const params = useParams();
  const paths = usePaths();
  const scope = useScope();
  const navigate = useNavigate();
  const parentDef = definitionNamed(definition.parent!.resource)!;
  const parentId = /^[1-9][0-9]{0,9}$/.test(params.parentId ?? '') ? Number(params.parentId) : null;
  const parentList = paths.toEntry(parentDef.nav!.key);
  const parentRow = useQuery({ ...resourceDetailQuery(parentDef, parentId ?? 0, scope), enabled: parentId !== null, retry: false });
  const dialog = useEntryDialog(entry, parentId ?? undefined);
  const missing = parentRow.error && isApiFailure(parentRow.error) && (parentRow.error.status === 404 || parentRow.error.status === 400);
  useEffect(() => {
    if (missing) navigate(parentList, { replace: true });
  }, [missing, navigate, parentList]);
  if (parentId === null) return <Navigate to={parentList} replace />;
  const filter: ParentFilter = { field: definition.parent!.field, id: parentId };
  const label = parentRow.data ? String(parentRow.data[definition.parent!.labelField] ?? '') : '';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Link to={parentList} className={buttonVariants({ variant: 'secondary', size: 'sm' })} data-testid="child-back">
          <ArrowLeft />
          {t('common.back')}
        </Link>
        <h2 className="text-base font-semibold" data-testid="child-title">
          {t(`resources.${parentDef.name}.singular`)} {label}
        </h2>
      </div>
      <ResourceListScreen definition={definition} parent={filter} extras={dialog} />
    </div>
  );
}
