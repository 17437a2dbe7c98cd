import { useFormContext, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ReportPeriodForm } from '../../../domain/reports';
import { translateMessage } from '../../app/messages';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

/** The translated error of a field of a report form, or undefined. */
export function useFieldError() {
  const { t } = useTranslation();
  const { formState } = useFormContext();
  return (name: string) => {
    const message = (formState.errors as FieldErrors<Record<string, unknown>>)[name]?.message;
    return typeof message === 'string' ? translateMessage(t, message) : undefined;
  };
}

/** D-RPT-01..03: from and to, each a date and a time, with their errors under them. */
export function PeriodFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const { register } = useFormContext<ReportPeriodForm>();
  const error = useFieldError();
  const field = (name: keyof ReportPeriodForm, type: 'date' | 'time', label: string) => {
    const id = `${idPrefix}-${name}`;
    const message = error(name);
    return (
      <FormField id={id} label={label} error={message}>
        <Input id={id} type={type} {...register(name)} aria-invalid={message ? true : undefined} aria-describedby={message ? `${id}-error` : undefined} data-testid={id} />
      </FormField>
    );
  };
  return (
    <>
      {field('fromDate', 'date', t('reports.period.fromDate'))}
      {field('fromTime', 'time', t('reports.period.fromTime'))}
      {field('toDate', 'date', t('reports.period.toDate'))}
      {field('toTime', 'time', t('reports.period.toTime'))}
    </>
  );
}
