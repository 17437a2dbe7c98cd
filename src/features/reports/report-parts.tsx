import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { defaultReportPeriod, periodToWindow, type ReportPeriodForm, type ReportWindow } from '../../../domain/reports';
import { isApiFailure } from '../../api/client';
import { useCorpTimeZone } from '../../app/corp-time-zone';
import { translateMessage } from '../../app/messages';
import { useScope } from '../../app/session';
import { Button } from '../../ui/button';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { stopSound } from '../../ui/sound-player';
import { PeriodFields } from './period-fields';
import { reportKeys } from './reports-api';
import './reports.css';

/**
 * What every report screen shares: a search form (the period and the report's fields, validated by
 * the domain's form schema: D-RPT-01/03), the submitted search, the corp scope of the cache, and the
 * alerts of failed calls.
 */
export function useReportForm<Schema extends z.ZodType<FieldValues, FieldValues>>(schema: Schema, extra: Omit<z.input<Schema>, keyof ReportPeriodForm>) {
  // D-RPT-02: today is the corp's (J-TZ-01); the server reads the period's times in the corp's zone too
  const timeZone = useCorpTimeZone();
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
    defaultValues: { ...defaultReportPeriod(Date.now(), timeZone), ...extra } as DefaultValues<z.input<Schema>>,
    mode: 'onSubmit',
  });
  // a working corp's zone known after the first render: its today, unless the user has typed a period
  const { reset, formState } = form;
  useEffect(() => {
    if (!formState.isDirty) reset({ ...defaultReportPeriod(Date.now(), timeZone), ...extra } as DefaultValues<z.input<Schema>>);
    // only a new zone resets the untouched form; `extra` is a fresh object each render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeZone]);
  const [submitted, setSubmitted] = useState<(z.output<Schema> & { window: ReportWindow }) | null>(null);
  const queryClient = useQueryClient();
  const onSubmit = form.handleSubmit((values) => {
    setSubmitted({ ...values, window: periodToWindow(values as unknown as ReportPeriodForm) });
    // searching again for the same period reads the calls again (the day goes on)
    void queryClient.invalidateQueries({ queryKey: reportKeys.all });
  });
  const scope = useScope();
  // F-AUD-04: leaving a report screen stops its sound
  useEffect(() => () => stopSound(), []);
  return { form, submitted, onSubmit, scope, timeZone };
}

/** The search card: the period, the report's own fields, the search button. */
export function SearchCard<T extends FieldValues>({
  title,
  form,
  onSubmit,
  idPrefix,
  children,
  testId,
  actions,
}: {
  title: string;
  form: UseFormReturn<T, unknown, FieldValues>;
  onSubmit: () => void;
  idPrefix: string;
  children?: ReactNode;
  testId: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card data-print-hide>
      <CardHeader>
        <CardTitle className="flex-1">{title}</CardTitle>
        {actions}
      </CardHeader>
      <FormProvider {...form}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
          noValidate
          className="grid grid-cols-1 items-start gap-4 p-5 sm:grid-cols-2 lg:grid-cols-4"
          data-testid={testId}
        >
          <PeriodFields idPrefix={idPrefix} />
          {children}
          <div className="flex items-end sm:col-span-2 lg:col-span-4">
            <Button type="submit" data-testid={`${idPrefix}-search`}>
              <Search />
              {t('reports.search')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Card>
  );
}

/** What a printed report says it is about (the search card is not printed). */
export function PrintHeading({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <div className="print-only">
      <h2 style={{ fontSize: '14pt', fontWeight: 600 }}>{title}</h2>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** An alert of a failed report call (spec 3 §8): the spec's text, and the server's reason when it gave one. */
export function ReportAlert({ text, error, testId }: { text: string; error: unknown; testId: string }) {
  const { t } = useTranslation();
  const reason = isApiFailure(error) && error.status < 500 ? translateMessage(t, error.body.message) : null;
  return (
    <div role="alert" className="rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-danger" data-testid={testId}>
      <div className="font-medium">{text}</div>
      {reason ? <div className="mt-1 text-text">{reason}</div> : null}
    </div>
  );
}

/** The period of a submitted search, in the user's words, for the printout: the corp's clock times as typed. */
export function usePeriodLine(window: ReportWindow | null | undefined): string {
  const { t, i18n } = useTranslation();
  if (!window) return '';
  // the window holds the corp's clock times without an offset: read and shown as UTC, they stay as typed
  const fmt = (local: string) => new Date(`${local}Z`).toLocaleString(i18n.language, { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'short' });
  return t('reports.period.line', { from: fmt(window.from), to: fmt(window.to) });
}
