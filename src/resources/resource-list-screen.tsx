import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, FileUp, Pencil, Plus, Trash } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGING } from '../../domain/constants';
import { canAccess } from '../../domain/permissions';
import { resourceAccess, resourceWrites, type ResourceDefinition, type RowActionDef, type SchemaContext } from '../../domain/resources/define';
import { isApiFailure } from '../api/client';
import { deleteResource, resourceKeys, resourceListQuery, runRowAction, type ParentFilter, type Row } from '../api/resources';
import { failureText, successText, translateMessage } from '../app/messages';
import { NAV_ICONS } from '../app/nav-icons';
import { usePaths } from '../app/paths';
import { useScope, useUser } from '../app/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { downloadBlob } from '../ui/download';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { useSnackbar } from '../ui/snackbar';
import { filterRows } from '../ui/table-logic';
import { useMediaQuery } from '../ui/use-media-query';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { childResourcesOf } from './children';
import { showsCreate } from './create-shown';
import { buildCsv, buildTsv } from './csv';
import { deleteFailureText } from './delete-failure';
import { cellShowsText, cellText, cellValue, columnLabelKey, isTruthyFlag, visibleColumns } from './format';
import { InlineCreateForm } from './inline-create-form';
import { ResourceDialog } from './resource-dialog';
import { RowInfo } from './row-info';
import { SoundCell } from './sound-cell';
import { useCorpActions } from './use-destinations';

/** What a resource adds to the generic list beside its definition (kept small, STYLE 1). */
export interface ResourceExtras {
  /** extra row buttons before edit and delete */
  rowActions?: (row: Row) => ReactNode;
  isRowSelected?: (row: Row) => boolean;
  /** false hides the delete button of a row (C-USR-11: not one's own row) */
  canDeleteRow?: (row: Row) => boolean;
  /** a message key when the row cannot be deleted: the dialog explains and has no OK (C-RG-03) */
  deleteBlockedKey?: (row: Row) => string | null;
  /** after a successful save of the dialog, with the server's answer (kiosk screens show the key it holds once) */
  onSaved?: (saved: Row | undefined, mode: 'create' | 'update') => void;
  /** replaces the create dialog (role groups have their own page, C-RG-02) */
  onCreate?: () => void;
  onEdit?: (row: Row) => void;
  /** opens the dialog at once (the new / update routes) */
  initialDialog?: { mode: 'create' } | { mode: 'update'; id: string };
  onInitialDialogClose?: () => void;
  /** text above the table */
  intro?: ReactNode;
  /** the corp the schema checks against (extension ranges, max contacts); passed to the dialog */
  schemaCorp?: SchemaContext['corp'];
  /** after a row action succeeded, with the server's answer (a rotated kiosk key is shown once) */
  onActionDone?: (action: string, answer: Row | undefined) => void;
  /** each time the list (re)loaded from the server (C-EXT-31: the extension list asks the hub for fresh state) */
  onListLoaded?: () => void;
  /** columns after the definition's, of what is not the row's own (a kiosk screen's TV state, H-FLEET-01) */
  columns?: DataTableColumn<Row>[];
}

type DialogState = { row: Row | null } | null;

function rowId(definition: ResourceDefinition, row: Row): string {
  return String(row[definition.idField]);
}

/**
 * The generic list screen of a definition (F-LIST, F-CSV, F-DLG, F-PERM-06): search, CSV, copy,
 * paging, create / edit / delete by the resource's permission (view and level ceilings), its row
 * actions (with confirmation), buttons to its child resources on each row, its bulk import, and for a
 * child resource the rows of one parent.
 */
export function ResourceListScreen({ definition, extras = {}, parent = null }: { definition: ResourceDefinition; extras?: ResourceExtras; parent?: ParentFilter }) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const scope = useScope();
  const paths = usePaths();
  const queryClient = useQueryClient();
  const { notify, notifySave } = useSnackbar();
  const narrow = useMediaQuery(`(max-width: ${PAGING.narrowBreakpointPx - 1}px)`);
  const pageSize = narrow ? (definition.narrowPageSize ?? PAGING.narrowTableRows) : PAGING.tableRows;

  const list = useQuery(resourceListQuery(definition, scope, parent));
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);
  const [initialDone, setInitialDone] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [acting, setActing] = useState<{ action: RowActionDef; row: Row } | null>(null);
  const [importing, setImporting] = useState(false);
  const destinations = useCorpActions(
    definition.columns.some((c) => c.format === 'destination' || c.format === 'timeOptions') || !!definition.rowInfo?.fields.some((f) => f.format === 'destination'),
  );
  const children = useMemo(() => childResourcesOf(definition).filter((child) => canAccess(user, resourceAccess(child, 'read'))), [definition, user]);

  const showInfo = !!definition.rowInfo && (definition.rowInfo.visibleWhen?.({ actor: { id: user.id, level: user.level, corpId: user.corpId } }) ?? true);
  // only the writes the server mounts for it (`writes`; none when read-only), and only with the permission
  const may = (action: 'create' | 'update' | 'delete') => resourceWrites(definition).includes(action) && canAccess(user, resourceAccess(definition, action));
  const createShown = showsCreate(definition, user);

  const { onListLoaded } = extras;
  useEffect(() => {
    if (list.dataUpdatedAt > 0) onListLoaded?.();
  }, [list.dataUpdatedAt, onListLoaded]);

  // F-ERR-01: a list fetch error shows "Error: " and the server's text in red
  useEffect(() => {
    if (!list.error) return;
    const body = isApiFailure(list.error) ? list.error.body : null;
    const text = body?.message && i18n.exists(body.message.split('|')[0]) ? translateMessage(t, body.message) : (body?.error ?? list.error.message);
    // a screen may say it in its own words (C-POL-16: 'QUESTION_LIST is not working')
    notify(definition.listErrorKey ? t(definition.listErrorKey) : `${t('errors.prefix')} ${text}`, 'danger');
  }, [list.error, notify, t, i18n, definition.listErrorKey]);

  const shownColumns = useMemo(() => visibleColumns(definition, { actor: { id: user.id, level: user.level, corpId: user.corpId } }), [definition, user.id, user.level, user.corpId]);
  const columns = useMemo<DataTableColumn<Row>[]>(
    () =>
      shownColumns.map((column) => ({
        key: column.key,
        header: t(columnLabelKey(definition, column)),
        className: column.format === 'number' ? 'tabular-nums' : undefined,
        sortValue:
          column.format === 'level' || column.format === 'yesNo' || column.format === 'destination' || column.options || column.onlyWith
            ? (row: Row) => cellText(column, row, t, destinations.label)
            : undefined,
        cell:
          column.format === 'yesNo'
            ? (row: Row) => <Badge tone={isTruthyFlag(row[column.key]) ? 'success' : 'neutral'}>{cellText(column, row, t)}</Badge>
            : column.format === 'level'
              ? (row: Row) => <Badge tone="info">{cellText(column, row, t)}</Badge>
              : column.format === 'file'
                ? (row: Row) => <SoundCell path={`${definition.path}/${rowId(definition, row)}/files/${column.key}`} name={row[column.key] as string | null} label={`${definition.name}-${rowId(definition, row)}-${column.key}`} />
                : column.format === 'timeOptions'
                ? (row: Row) => <span className="whitespace-pre-line">{cellText(column, row, t, destinations.label)}</span>
                : cellShowsText(column)
                  ? (row: Row) => cellText(column, row, t, destinations.label)
                  : undefined,
      })),
    [definition, shownColumns, t, destinations.label],
  );
  const allColumns = useMemo(() => (extras.columns ? [...columns, ...extras.columns] : columns), [columns, extras.columns]);

  const searchText = (row: Row) =>
    definition.searchFields
      .map((key) => {
        const column = shownColumns.find((c) => c.key === key);
        return column ? cellText(column, row, t, destinations.label) : String(row[key] ?? '');
      })
      .join(' ');
  const filtered = filterRows(rows, query, searchText);

  const exportRows = () => {
    const header = shownColumns.map((c) => t(columnLabelKey(definition, c)));
    const body = filtered.map((row) => shownColumns.map((c) => cellValue(c, row, t, destinations.label)));
    return { header, body };
  };

  const downloadCsv = () => {
    const { header, body } = exportRows();
    const blob = new Blob(['\uFEFF', buildCsv(header, body)], { type: 'text/csv;charset=utf-8' });
    downloadBlob(blob, `${definition.name}.csv`);
  };

  const copyRows = async () => {
    const { header, body } = exportRows();
    try {
      await navigator.clipboard.writeText(buildTsv(header, body));
      notifySave(t('list.copied'), 'success');
    } catch {
      notifySave(t('errors.default'), 'danger');
    }
  };

  const remove = useMutation({
    mutationFn: (row: Row) => deleteResource(definition, row[definition.idField] as string | number),
    onSuccess: async (_response, row) => {
      // F-LIST-08: the row goes at once; 'deleted' plus the success text in green
      queryClient.setQueryData<Row[]>(resourceKeys.list(definition, scope, parent), (old) =>
        Array.isArray(old) ? old.filter((r) => rowId(definition, r) !== rowId(definition, row)) : old,
      );
      notifySave(successText(t, 'messages.deleted'), 'success');
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(definition) });
    },
    onError: (error) => {
      // F-ERR-19: IVR, queue, poll, trunk and time conditions say it their way (their definition's rule)
      notifySave(isApiFailure(error) ? deleteFailureText(t, (k) => i18n.exists(k), error, definition.deleteFailure) : t('errors.default'), 'danger');
      setDeleting(null);
    },
  });

  const act = useMutation({
    mutationFn: ({ action, row }: { action: RowActionDef; row: Row }) => runRowAction(definition, rowId(definition, row), action.name),
    onSuccess: (response, { action }) => {
      notifySave(successText(t, 'messages.updated'), 'success');
      extras.onActionDone?.(action.name, response.data);
    },
    onError: (error) => notifySave(isApiFailure(error) ? failureText(t, (k) => i18n.exists(k), error, 'update') : t('errors.default'), 'danger'),
    onSettled: async () => {
      setActing(null);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(definition) });
    },
  });
  const actionLabel = (action: RowActionDef) => t(`resources.${definition.name}.rowActions.${action.name}.label`);

  // the new / update routes open the dialog once the rows are there
  let shownDialog: DialogState = dialog;
  if (!shownDialog && !initialDone && extras.initialDialog) {
    const initial = extras.initialDialog;
    if (initial.mode === 'create' && may('create')) shownDialog = { row: null };
    else if (initial.mode === 'update' && may('update')) {
      const found = rows.find((r) => rowId(definition, r) === initial.id);
      if (found) shownDialog = { row: found };
    }
  }
  const closeDialog = () => {
    setDialog(null);
    if (!initialDone && extras.initialDialog) {
      setInitialDone(true);
      extras.onInitialDialogClose?.();
    }
  };

  const blockedKey = deleting ? (extras.deleteBlockedKey?.(deleting) ?? null) : null;
  const singular = t(`resources.${definition.name}.singular`);

  return (
    <div className="flex flex-col gap-4">
      {extras.intro}
      {definition.createInline && createShown ? <InlineCreateForm definition={definition} parent={parent} /> : null}
      <Card className="overflow-hidden" data-testid={`list-${definition.name}`}>
        <DataTable
          rows={filtered}
          columns={allColumns}
          rowKey={(row) => rowId(definition, row)}
          pageSize={pageSize}
          query={query}
          onQueryChange={setQuery}
          loading={list.isPending}
          caption={t(`resources.${definition.name}.plural`)}
          isRowSelected={extras.isRowSelected}
          initialSort={definition.sort ? { key: definition.sort.key, dir: definition.sort.direction ?? 'asc' } : null}
          actionsFirst
          toolbar={
            <>
              <Button variant="secondary" size="sm" onClick={downloadCsv} disabled={filtered.length === 0} data-testid="export-csv">
                <Download />
                {t('list.exportCsv')}
              </Button>
              <Button variant="secondary" size="sm" onClick={copyRows} disabled={filtered.length === 0} data-testid="copy-rows">
                <Copy />
                {t('list.copy')}
              </Button>
              {definition.bulk && may('create') ? (
                <Button variant="secondary" size="sm" onClick={() => setImporting(true)} data-testid="bulk-button">
                  <FileUp />
                  {t('bulk.button')}
                </Button>
              ) : null}
              {createShown && !definition.createInline ? (
                <Button size="sm" onClick={() => (extras.onCreate ? extras.onCreate() : setDialog({ row: null }))} data-testid="create-button">
                  <Plus />
                  {t('common.new')}
                </Button>
              ) : null}
            </>
          }
          actions={(row) => {
            const id = rowId(definition, row);
            return (
              <>
                {extras.rowActions?.(row)}
                {showInfo ? <RowInfo definition={definition} row={row} id={id} destinationLabel={destinations.label} /> : null}
                {children.map((child) => {
                  const Icon = NAV_ICONS[child.parent!.icon];
                  const title = t(child.nav!.titleKey);
                  return (
                    <Link
                      key={child.name}
                      to={paths.to(`${child.nav!.route}/${id}`)}
                      className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-3 hover:text-text"
                      aria-label={`${title} ${String(row[definition.searchFields[0]] ?? id)}`}
                      title={title}
                      data-testid={`child-${child.name}-${id}`}
                    >
                      <Icon className="size-4" />
                    </Link>
                  );
                })}
                {(definition.rowActions ?? [])
                  .filter((action) => canAccess(user, resourceAccess(definition, action.permission)))
                  .map((action) => {
                    const Icon = NAV_ICONS[action.icon];
                    const hidden = action.visibleWhen ? !action.visibleWhen(row) : false;
                    return (
                      <Button
                        key={action.name}
                        variant="ghost"
                        size="icon-sm"
                        disabled={hidden || act.isPending}
                        aria-label={`${actionLabel(action)} ${String(row[definition.searchFields[0]] ?? id)}`}
                        title={actionLabel(action)}
                        onClick={() => (action.confirm ? setActing({ action, row }) : act.mutate({ action, row }))}
                        data-testid={`${action.name}-${id}`}
                      >
                        <Icon />
                      </Button>
                    );
                  })}
                {may('update') ? (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`${t('common.edit')} ${String(row[definition.searchFields[0]] ?? id)}`}
                    title={t('common.edit')}
                    onClick={() => (extras.onEdit ? extras.onEdit(row) : setDialog({ row }))}
                    data-testid={`edit-${id}`}
                  >
                    <Pencil />
                  </Button>
                ) : null}
                {may('delete') && (extras.canDeleteRow?.(row) ?? true) ? (
                  <Button
                    variant="danger-ghost"
                    size="icon-sm"
                    aria-label={`${t('common.delete')} ${String(row[definition.searchFields[0]] ?? id)}`}
                    title={t('common.delete')}
                    onClick={() => setDeleting(row)}
                    data-testid={`delete-${id}`}
                  >
                    <Trash />
                  </Button>
                ) : null}
              </>
            );
          }}
        />
      </Card>

      {shownDialog ? (
        <ResourceDialog
          key={shownDialog.row ? rowId(definition, shownDialog.row) : 'new'}
          definition={definition}
          row={shownDialog.row}
          corp={extras.schemaCorp}
          parent={parent}
          siblings={rows}
          onClose={closeDialog}
          onSaved={extras.onSaved}
        />
      ) : null}

      {importing ? <BulkUploadDialog definition={definition} onClose={() => setImporting(false)} /> : null}

      <ConfirmDialog
        open={acting !== null}
        title={acting ? actionLabel(acting.action) : ''}
        message={acting ? t(`resources.${definition.name}.rowActions.${acting.action.name}.confirm`, { name: String(acting.row[definition.searchFields[0]] ?? '') }) : ''}
        confirmLabel={acting ? actionLabel(acting.action) : undefined}
        tone="primary"
        onCancel={() => setActing(null)}
        onConfirm={() => acting && act.mutate(acting)}
        busy={act.isPending}
      />

      <ConfirmDialog
        open={deleting !== null}
        title={t('dialog.deleteTitle', { name: singular })}
        message={blockedKey ? t(blockedKey) : t('dialog.deleteMessage', { name: deleting ? String(deleting[definition.searchFields[0]] ?? '') : '' })}
        onCancel={() => setDeleting(null)}
        onConfirm={blockedKey ? undefined : () => deleting && remove.mutate(deleting)}
        busy={remove.isPending}
      />
    </div>
  );
}
