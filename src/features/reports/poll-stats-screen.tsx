import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../../domain/constants';
import { pollFormSchema, type PollStatsRow, type ReportSelectors } from '../../../domain/reports';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { colourAt } from './charts/chart-frame';
import { PieChart } from './charts/pie-chart';
import { useFieldError } from './period-fields';
import { PrintHeading, ReportAlert, SearchCard, usePeriodLine, useReportForm } from './report-parts';
import { ReportTable, type ReportColumn } from './report-table';
import { corpDetailQuery, pollChartQuery, pollStatsQuery, type PollSearch } from './reports-api';
import { ExtensionOptions, ViewSwitch } from './report-fields';

/** Poll statistics (D-PST): a question's answers, by extension or summarised, and their pie 0-9. */
export default function PollStatsScreen() {
  const { t } = useTranslation();
  const { form, submitted, onSubmit, scope } = useReportForm(pollFormSchema, { poll: 0, question: 0, exten: '', summarized: true });
  const detail = useQuery(corpDetailQuery(scope));
  const search: PollSearch | null = submitted ? { ...submitted.window, poll: submitted.poll, question: submitted.question, exten: submitted.exten, summarized: submitted.summarized } : null;
  const table = useQuery(pollStatsQuery(scope, search));
  const chart = useQuery(pollChartQuery(scope, search));
  const periodLine = usePeriodLine(submitted?.window);
  const question = detail.data?.polls.flatMap((p) => p.questions).find((q) => q.id === submitted?.question);

  const columns: ReportColumn<PollStatsRow>[] = [
    { key: 'questionId', header: t('reports.poll.question'), value: () => question?.name ?? '' },
    { key: 'exten', header: t('reports.poll.exten'), value: (r) => r.exten || t('reports.poll.allExtens') },
    { key: 'cantidad', header: t('reports.poll.cantidad'), value: (r) => r.cantidad, className: 'tabular-nums' },
    { key: 'moda', header: t('reports.poll.moda'), value: (r) => (r.moda === null ? '' : r.moda), className: 'tabular-nums' },
    { key: 'media', header: t('reports.poll.media'), value: (r) => (r.media === null ? '' : r.media), className: 'tabular-nums' },
  ];

  return (
    <div className="flex flex-col gap-4" data-testid="poll-stats">
      <SearchCard title={t('nav.pollStats')} form={form} onSubmit={onSubmit} idPrefix="poll" testId="poll-form">
        <PollFields polls={detail.data?.polls ?? []} extens={detail.data?.extens ?? {}} />
      </SearchCard>
      {detail.isError ? <ReportAlert text={t('reports.poll.questionsError')} error={detail.error} testId="poll-questions-error" /> : null}
      <PrintHeading title={t('nav.pollStats')} lines={[periodLine, question?.name ?? '']} />
      {table.isError ? <ReportAlert text={t('reports.poll.error')} error={table.error} testId="poll-error" /> : null}
      {submitted ? (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-[2fr_1fr]">
          <Card className="overflow-hidden">
            <ReportTable rows={table.data ?? []} columns={columns} rowKey={(r) => `${r.questionId}-${r.exten}`} pageSize={PAGING.reportRows} fileName="poll-statistics" testId="poll-table" loading={table.isLoading} caption={t('reports.poll.table')} />
          </Card>
          <Card className="report-section">
            <CardHeader>
              <CardTitle>{t('reports.poll.pieTitle')}</CardTitle>
            </CardHeader>
            <div className="p-5">
              {chart.isError ? <ReportAlert text={t('reports.poll.chartError')} error={chart.error} testId="poll-chart-error" /> : null}
              <PieChart label={question?.name ?? ''} testId="poll-pie" slices={(chart.data ?? []).map((c, i) => ({ key: c.option, label: c.option, value: c.count, colour: colourAt(i) }))} />
            </div>
          </Card>
        </div>
      ) : null}
    </div>
  );
}

/** D-PST-01/02: the poll, its questions (both required), an optional extension, summarised or by extension. */
function PollFields({ polls, extens }: { polls: ReportSelectors['polls']; extens: Record<string, string> }) {
  const { t } = useTranslation();
  const { register, watch, setValue, control } = useFormContext<{ poll: number; question: number; exten: string; summarized: boolean }>();
  const error = useFieldError();
  const pollId = Number(watch('poll'));
  const questions = polls.find((p) => p.id === pollId)?.questions ?? [];
  // another poll's question is no choice
  useEffect(() => {
    setValue('question', 0);
  }, [pollId, setValue]);
  return (
    <>
      <FormField id="poll-poll" label={t('reports.poll.poll')} error={error('poll')}>
        <Select id="poll-poll" {...register('poll')} data-testid="poll-select">
          <option value={0}>{t('reports.choose')}</option>
          {polls.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="poll-question" label={t('reports.poll.question')} error={error('question')}>
        <Select id="poll-question" {...register('question')} data-testid="poll-question">
          <option value={0}>{t('reports.choose')}</option>
          {questions.map((q) => (
            <option key={q.id} value={q.id}>
              {`${q.order}. ${q.name}`}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="poll-exten" label={t('reports.poll.exten')} error={error('exten')} hint={t('reports.optional')}>
        <Input id="poll-exten" inputMode="numeric" list="poll-extens" {...register('exten')} data-testid="poll-exten" />
        <ExtensionOptions id="poll-extens" extens={extens} />
      </FormField>
      <FormField id="poll-summarized" label={t('reports.poll.summarized')}>
        <ViewSwitch id="poll-summarized" control={control} name="summarized" on={t('reports.poll.summarizedOn')} off={t('reports.poll.byExten')} />
      </FormField>
    </>
  );
}
