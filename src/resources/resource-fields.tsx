import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FIXED_ACTIONS } from '../../domain/destinations';
import type { FieldDef, ResourceDefinition, SchemaContext } from '../../domain/resources/define';
import { translateMessage } from '../app/messages';
import { cn } from '../ui/cn';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { PasswordInput } from '../ui/password-input';
import { Select } from '../ui/select';
import { Switch } from '../ui/switch';
import { CUSTOM_FIELDS } from './custom-fields';
import { fieldLabelKey } from './format';
import { DestinationSelect } from './destination-select';
import { FileInput } from './file-input';
import { fieldAccess, isFieldVisible, type FormValues } from './form-values';
import { useFieldOptions } from './use-field-options';

export type ResourceForm = UseFormReturn<FormValues, unknown, FormValues>;

interface FieldsProps {
  definition: ResourceDefinition;
  form: ResourceForm;
  ctx: SchemaContext;
  /** the row being edited, for labels of values the user may not list (corpId → corpName) */
  row?: Record<string, unknown> | null;
  columns?: 1 | 2 | 3;
  /** the files chosen for file fields (kept beside the form values) */
  files?: FileChoices;
  /** the other rows of the list, for values they use already (FieldDef.uniqueAmongSiblings) */
  siblings?: readonly Record<string, unknown>[];
}

export interface FileChoices {
  chosen: Record<string, File | null>;
  choose: (name: string, file: File | null) => void;
}

/**
 * The fields of a definition, in declared order, with visibleWhen / only / per-field write rights /
 * lockedOnUpdate / disabledWhen honoured, and each field's onChange effects on the others applied.
 */
export function ResourceFields({ definition, form, ctx, row, columns = 2, files, siblings }: FieldsProps) {
  const values = useWatch({ control: form.control }) as FormValues;
  const shown = definition.fields
    .filter((f) => isFieldVisible(f, values, ctx))
    .map((field) => ({ field, access: fieldAccess(definition, field, values, ctx) }))
    .filter(({ access }) => access !== 'hidden');
  return (
    <div className={cn('grid grid-cols-1 gap-x-5 gap-y-4', columns >= 2 && 'sm:grid-cols-2', columns === 3 && 'lg:grid-cols-3')}>
      {shown.map(({ field, access }) => (
        <FieldControl key={field.name} definition={definition} field={field} form={form} ctx={ctx} row={row} locked={access === 'locked'} files={files} siblings={siblings} />
      ))}
    </div>
  );
}

/** The corp a supervisor's form chose (trunks, SIP routes, restrictions): its destinations are the ones offered. */
function chosenCorp(form: ResourceForm): number | null {
  const value = Number(form.getValues('corpId'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Sets a field and what its onChange declares for the others (C-TRK-06..08: toggles clearing values). */
function changeWithEffects(form: ResourceForm, field: FieldDef, value: unknown, onChange: (value: unknown) => void): void {
  onChange(value);
  if (!field.onChange) return;
  const effects = field.onChange(value, form.getValues());
  for (const [name, next] of Object.entries(effects)) form.setValue(name, next, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
}

function FieldControl({
  definition,
  field,
  form,
  ctx,
  row,
  locked,
  files,
  siblings,
}: {
  definition: ResourceDefinition;
  field: FieldDef;
  form: ResourceForm;
  ctx: SchemaContext;
  row?: Record<string, unknown> | null;
  locked: boolean;
  files?: FileChoices;
  siblings?: readonly Record<string, unknown>[];
}) {
  const { t } = useTranslation();
  const id = `field-${field.name}`;
  const label = t(fieldLabelKey(definition, field));
  const error = form.formState.errors[field.name]?.message;
  const errorText = typeof error === 'string' ? translateMessage(t, error) : undefined;
  const aria = { 'aria-invalid': errorText ? true : undefined, 'aria-describedby': errorText ? `${id}-error` : undefined };
  const wide = field.wide || field.kind === 'custom';

  if (field.kind === 'switch') {
    return (
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: f }) => (
          <div className="flex min-h-9 items-center justify-between gap-3 self-start rounded-lg border border-border bg-surface-2 px-3 py-2 sm:mt-[22px]">
            <span id={`${id}-label`} className="text-sm text-text">
              {label}
            </span>
            <Switch
              id={id}
              checked={f.value === true}
              onCheckedChange={(on) => changeWithEffects(form, field, on, f.onChange)}
              onBlur={f.onBlur}
              disabled={locked}
              aria-labelledby={`${id}-label`}
              data-testid={id}
            />
          </div>
        )}
      />
    );
  }

  if (field.kind === 'custom') {
    const Component = field.component ? CUSTOM_FIELDS[field.component] : undefined;
    return (
      <div className="col-span-full flex flex-col gap-1.5">
        <span id={`${id}-label`} className="text-xs font-medium text-muted">
          {label}
        </span>
        {Component ? (
          <Controller
            control={form.control}
            name={field.name}
            render={({ field: f, fieldState }) => (
              <Component
                name={field.name}
                value={f.value}
                onChange={f.onChange}
                disabled={locked}
                labelId={`${id}-label`}
                error={fieldState.error}
                getField={(name) => form.getValues(name)}
                setField={(name, value) => form.setValue(name, value, { shouldDirty: true })}
              />
            )}
          />
        ) : null}
        {errorText ? (
          <p role="alert" className="text-xs font-medium text-danger">
            {errorText}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    // a password with its strength bar starts a row, so it sits beside its confirmation
    <FormField id={id} label={label} error={errorText} hint={fixedFeatureHint(field, form, t) ?? (field.hintKey ? t(field.hintKey) : undefined)} className={cn(wide && 'col-span-full', field.strength && 'sm:col-start-1')}>
      {field.kind === 'select' ? (
        <SelectControl field={field} form={form} id={id} locked={locked} row={row} mode={ctx.mode} aria={aria} used={usedBySiblings(field, siblings, row, definition.idField)} />
      ) : field.kind === 'destination' && field.destinations ? (
        <Controller
          control={form.control}
          name={field.name}
          render={({ field: f }) => (
            <DestinationSelect
              id={id}
              picker={field.destinations!}
              corpId={chosenCorp(form)}
              value={typeof f.value === 'string' ? f.value : ''}
              onChange={(value) => changeWithEffects(form, field, value, f.onChange)}
              onBlur={f.onBlur}
              disabled={locked}
              aria={aria}
            />
          )}
        />
      ) : field.kind === 'file' ? (
        <FileInput
          id={id}
          accept={field.accept}
          chosen={files?.chosen[field.name] ?? null}
          current={typeof row?.[field.name] === 'string' && row[field.name] !== '' ? String(row[field.name]) : null}
          currentPath={row ? `${definition.path}/${String(row[definition.idField])}/files/${field.name}` : null}
          onChoose={(file) => files?.choose(field.name, file)}
          disabled={locked}
          aria={aria}
        />
      ) : field.kind === 'password' ? (
        <Controller
          control={form.control}
          name={field.name}
          render={({ field: f }) => (
            <PasswordInput
              id={id}
              data-testid={id}
              name={f.name}
              ref={f.ref}
              value={typeof f.value === 'string' ? f.value : ''}
              onChange={(e) => f.onChange(e.target.value)}
              onBlur={f.onBlur}
              readOnly={locked}
              autoComplete="new-password"
              strength={field.strength}
              {...aria}
            />
          )}
        />
      ) : (
        <Input
          id={id}
          data-testid={id}
          type={field.kind === 'number' ? 'number' : field.kind === 'email' ? 'email' : field.kind === 'time' ? 'time' : 'text'}
          inputMode={field.kind === 'number' ? 'numeric' : undefined}
          readOnly={locked}
          autoComplete="off"
          {...aria}
          {...form.register(field.name)}
        />
      )}
    </FormField>
  );
}

/** Under a destination set to a phone feature (speed dials, C-CSD-06): how a phone uses it (server/asterisk/features.ts). */
function fixedFeatureHint(field: FieldDef, form: ResourceForm, t: TFunction): string | undefined {
  if (field.kind !== 'destination' || !field.destinations?.fixed) return undefined;
  const value: unknown = form.watch(field.name);
  return typeof value === 'string' && (FIXED_ACTIONS as readonly string[]).includes(value) ? t(`destinations.fixedHint.${value}`) : undefined;
}

/** The values other rows of the list hold in this field (the edited row's own excepted). */
function usedBySiblings(field: FieldDef, siblings: readonly Record<string, unknown>[] | undefined, row: Record<string, unknown> | null | undefined, idField: string): Set<string> {
  if (!field.uniqueAmongSiblings || !siblings) return new Set();
  return new Set(siblings.filter((s) => !row || s[idField] !== row[idField]).map((s) => String(s[field.name])));
}

function SelectControl({
  field,
  form,
  id,
  locked,
  row,
  mode,
  aria,
  used,
}: {
  field: FieldDef;
  form: ResourceForm;
  id: string;
  locked: boolean;
  row?: Record<string, unknown> | null;
  mode: SchemaContext['mode'];
  aria: Record<string, unknown>;
  used: Set<string>;
}) {
  const { t } = useTranslation();
  const values = useWatch({ control: form.control }) as FormValues;
  const { options, loading } = useFieldOptions(field, mode, values);
  return (
    <Controller
      control={form.control}
      name={field.name}
      render={({ field: f }) => {
        // a row reference of 0 is "none" (an extension without a time schedule, C-EXT-26), never "#0" (J-UX-01)
        const none = f.value === null || f.value === undefined || (field.options?.kind === 'resource' && String(f.value) === '0');
        const current = none ? '' : String(f.value);
        const list = [...options];
        if (current !== '' && !list.some((o) => String(o.value) === current)) {
          // a value the user cannot list (e.g. an owner's own corp): keep it, labelled from the row
          const fallback = row?.[field.name.replace(/Id$/, 'Name')];
          list.unshift({ value: f.value as string | number, label: typeof fallback === 'string' && fallback ? fallback : `#${current}` });
        }
        return (
          <Select
            id={id}
            data-testid={id}
            name={f.name}
            ref={f.ref}
            value={current}
            disabled={locked}
            onBlur={f.onBlur}
            onChange={(e) => {
              const chosen = list.find((o) => String(o.value) === e.target.value);
              changeWithEffects(form, field, chosen ? chosen.value : null, f.onChange);
            }}
            {...aria}
          >
            <option value="">{loading ? t('common.loading') : t('common.choose')}</option>
            {list.map((o) => (
              <option key={String(o.value)} value={String(o.value)} disabled={(o.disabled || used.has(String(o.value))) && String(o.value) !== current}>
                {o.label}
              </option>
            ))}
          </Select>
        );
      }}
    />
  );
}
