import { Controller, useFormContext, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ALL_QUEUES } from '../../../domain/reports';
import { FormField } from '../../ui/form-field';
import { Select } from '../../ui/select';
import { Switch } from '../../ui/switch';
import { useFieldError } from './period-fields';

/** The corp's extensions as suggestions of a number field (the extension filters of the CDR and poll reports). */
export function ExtensionOptions({ id, extens }: { id: string; extens: Record<string, string> }) {
  return (
    <datalist id={id}>
      {Object.entries(extens).map(([number, name]) => (
        <option key={number} value={number}>
          {name}
        </option>
      ))}
    </datalist>
  );
}

/** A boolean field of a report's search as a switch that names the view it selects ('Detailed' / 'Summarised'). */
export function ViewSwitch<T extends FieldValues>({ id, control, name, on, off }: { id: string; control: Control<T>; name: Path<T>; on: string; off: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex h-9 items-center gap-2 text-sm">
          <Switch id={id} checked={Boolean(field.value)} onCheckedChange={field.onChange} data-testid={id} />
          <span>{field.value ? on : off}</span>
        </div>
      )}
    />
  );
}

/** D-QST-01 (and the agent and service-level reports, G-RPT): the queue, 'All' (0) or one of the corp's (D-RPT-06). */
export function QueueField({ idPrefix, queues }: { idPrefix: string; queues: Record<string, string> }) {
  const { t } = useTranslation();
  const { register } = useFormContext<{ queue: number }>();
  const error = useFieldError();
  return (
    <FormField id={`${idPrefix}-queue`} label={t('reports.queue.queue')} error={error('queue')}>
      <Select id={`${idPrefix}-queue`} {...register('queue')} data-testid={`${idPrefix}-select`}>
        <option value={ALL_QUEUES}>{t('reports.queue.all')}</option>
        {Object.entries(queues).map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
