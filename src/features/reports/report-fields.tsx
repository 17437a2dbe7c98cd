import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Switch } from '../../ui/switch';

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
