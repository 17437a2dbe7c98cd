import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../domain/resources/define';
import type { ParentFilter } from '../api/resources';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ResourceFields } from './resource-fields';
import { useResourceForm } from './use-resource-form';

/**
 * The create form of a resource that sits above its list (C-MOH-01: an audio file and a send button,
 * disabled until a file is chosen). After a save the form starts again empty.
 */
export function InlineCreateForm({ definition, parent }: { definition: ResourceDefinition; parent: ParentFilter }) {
  const { t } = useTranslation();
  const { form, ctx, submit, saving, files, setFile, reset, resets } = useResourceForm({ definition, mode: 'create', parent, onSaved: () => reset() });
  const fileFields = definition.fields.filter((f) => f.kind === 'file');
  const waiting = fileFields.some((f) => f.file?.requiredOnCreate && !files[f.name]);
  return (
    <Card className="p-4" data-testid={`inline-create-${definition.name}`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <ResourceFields key={resets} definition={definition} form={form} ctx={ctx} files={{ chosen: files, choose: setFile }} columns={2} />
        </div>
        <Button type="submit" loading={saving} disabled={waiting} data-testid="inline-create-submit">
          {t('common.send')}
        </Button>
      </form>
    </Card>
  );
}
