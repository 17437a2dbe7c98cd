import { useTranslation } from 'react-i18next';
import type { ResourceDefinition, SchemaContext } from '../../domain/resources/define';
import type { ParentFilter, Row } from '../api/resources';
import { Dialog, FormDialogFooter } from '../ui/dialog';
import { ResourceFields } from './resource-fields';
import { useResourceForm } from './use-resource-form';

/**
 * The generic create/edit dialog (F-DLG-01..07): create mode without a row (title 'New …', button
 * 'Send'), edit mode with one (title 'Edit …', button 'Save'); closes only after a successful save.
 */
export function ResourceDialog({
  definition,
  row,
  corp,
  parent,
  siblings,
  onClose,
  onSaved,
}: {
  definition: ResourceDefinition;
  row: Row | null;
  /** the corp the schema checks against, when it depends on one */
  corp?: SchemaContext['corp'];
  /** a child row's parent (its id goes into the body) */
  parent?: ParentFilter;
  /** the other rows of the list (C-POL-11: orders other questions use are offered disabled) */
  siblings?: readonly Row[];
  onClose: () => void;
  /** after a successful save, before the dialog closes */
  onSaved?: (saved: Row | undefined, mode: 'create' | 'update') => void;
}) {
  const { t } = useTranslation();
  const mode = row ? 'update' : 'create';
  const { form, ctx, submit, saving, bannerErrors, files, setFile } = useResourceForm({
    definition,
    mode,
    row,
    corp,
    parent,
    onSaved: (saved) => {
      onSaved?.(saved, mode);
      onClose();
    },
  });
  const name = t(`resources.${definition.name}.singular`);
  return (
    <Dialog
      open
      onClose={onClose}
      width={definition.dialogWidth ?? 600}
      title={mode === 'create' ? t('dialog.createTitle', { name }) : t('dialog.editTitle', { name })}
      testId="resource-dialog"
      onSubmit={submit}
      footer={<FormDialogFooter onCancel={onClose} submitLabel={mode === 'create' ? t('common.send') : t('common.save')} saving={saving} cancelTestId="dialog-cancel" submitTestId="dialog-submit" />}
    >
      {bannerErrors.length > 0 ? (
        <div role="alert" className="mb-4 rounded-lg border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger">
          {bannerErrors.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      <ResourceFields definition={definition} form={form} ctx={ctx} row={row} columns={definition.dialogWidth === 1000 ? 3 : 2} files={{ chosen: files, choose: setFile }} siblings={siblings} />
    </Dialog>
  );
}
