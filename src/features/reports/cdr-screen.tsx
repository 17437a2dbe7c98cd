import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CDR_PAGE_SIZE, CDR_TYPE, cdrFormSchema, type CdrDetailedRow, type CdrSearchInput, type CdrSummaryRow } from '../../../domain/reports';
import { Coins } from 'lucide-react';
import { CEILING, withinCeiling } from '../../../domain/level-ceilings';
import { exchangeQuery } from '../../api/system';
import { useUser } from '../../app/session';
import { Button } from '../../ui/button';
import { SoundCell } from '../../resources/sound-cell';
import { Card } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { formatDateTime, formatDuration, formatMoney } from './format';
import { useFieldError } from './period-fields';
import { PrintHeading, ReportAlert, SearchCard, usePeriodLine, useReportForm } from './report-parts';
import { ReportTable, type ReportColumn } from './report-table';
import { cdrAll, cdrQuery, corpDetailQuery } from './reports-api';
import { TariffDialog } from './tariff-dialog';
import { useFormContext } from 'react-hook-form';
import { partyText } from '../../ui/party-text';
import { ExtensionOptions, ViewSwitch } from './report-fields';

/** CDR report (D-CDR): search by period and type, detailed (paged on the server, recordings, cost) or summarised. */
export default function CdrScreen() {
  const { t, i18n } = useTranslation();
  const { form, submitted, onSubmit, scope, timeZone } = useReportForm(cdrFormSchema, { type: CDR_TYPE.outgoing, filter: '', detailed: true });
  const [page, setPage] = useState(0);
  // a new search starts at its first page
  useEffect(() => setPage(0), [submitted]);
  const search: CdrSearchInput | null = submitted ? { ...submitted.window, type: submitted.type, filter: submitted.filter, detailed: submitted.detailed, page } : null;
  const result = useQuery(cdrQuery(scope, search));
  const exchange = useQuery(exchangeQuery());
  const locale = exchange.data?.locale ?? 'pt-BR';
  const detail = useQuery(corpDetailQuery(scope));
  const periodLine = usePeriodLine(submitted?.window);
  const typeLabel = (type: number) => t(`reports.cdr.types.${Math.min(type, 3)}`);
  // level 1 sets the tariff of its working corp where the costs show (D-CDR-07)
  const user = useUser();
  const [tariffOpen, setTariffOpen] = useState(false);
  const tariffButton =
    withinCeiling(user.level, CEILING.tariff) && scope !== null ? (
      <Button variant="secondary" size="sm" onClick={() => setTariffOpen(true)} data-testid="tariff-open">
        <Coins />
        {t('reports.tariff.title')}
      </Button>
    ) : null;

  const data = result.data;
  const detailed: ReportColumn<CdrDetailedRow>[] = [
    { key: 'date', header: t('reports.cdr.date'), value: (r) => formatDateTime(r.date, i18n.language, timeZone), className: 'whitespace-nowrap tabular-nums' },
    { key: 'origin', header: t('reports.cdr.origin'), value: (r) => partyText(t, r.origin), className: 'tabular-nums' },
    { key: 'caller', header: t('reports.cdr.caller'), value: (r) => r.caller, className: 'whitespace-nowrap' },
    { key: 'destination', header: t('reports.cdr.destination'), value: (r) => partyText(t, r.destination), className: 'tabular-nums' },
    { key: 'dialed', header: t('reports.cdr.dialed'), value: (r) => partyText(t, r.dialed), className: 'tabular-nums' },
    { key: 'name', header: t('reports.cdr.name'), value: (r) => partyText(t, r.name) },
    { key: 'duration', header: t('reports.cdr.duration'), value: (r) => formatDuration(r.duration), className: 'tabular-nums' },
    { key: 'disposition', header: t('reports.cdr.disposition'), value: (r) => t(`reports.cdr.dispositions.${r.disposition.replace(' ', '_')}`, { defaultValue: r.disposition }) },
    ...(data?.detailed && data.costVisible ? [{ key: 'usercost', header: t('reports.cdr.usercost'), value: (r: CdrDetailedRow) => (r.usercost === null ? '' : formatMoney(r.usercost, locale)), className: 'tabular-nums text-right' }] : []),
    {
      key: 'recordFile',
      header: t('reports.cdr.recordFile'),
      value: (r) => r.recordFile,
      cell: (r) => <SoundCell path={`cdrs/getsound/${r.id}`} name={r.recordFile || null} label={`cdr-${r.id}`} />,
    },
  ];
  const summary: ReportColumn<CdrSummaryRow>[] = [
    { key: 'caller', header: t('reports.cdr.caller'), value: (r) => r.caller, className: 'tabular-nums' },
    { key: 'quantidade', header: t('reports.cdr.quantidade'), value: (r) => r.quantidade, className: 'tabular-nums' },
    { key: 'name', header: t('reports.cdr.name'), value: (r) => r.name ?? '' },
    { key: 'duration', header: t('reports.cdr.duration'), value: (r) => formatDuration(r.duration), className: 'tabular-nums' },
  ];
  const paging = data ? { page: data.page, total: data.total, pageSize: CDR_PAGE_SIZE, onPage: setPage } : { page: 0, total: 0, pageSize: CDR_PAGE_SIZE, onPage: setPage };
  const everyRow = async () => (search ? (await cdrAll(search)).rows : []);

  return (
    <div className="flex flex-col gap-4" data-testid="cdr-report">
      <SearchCard title={t('nav.cdrStats')} form={form} onSubmit={onSubmit} idPrefix="cdr" testId="cdr-form" actions={tariffButton}>
        <CdrFields extens={detail.data?.extens ?? {}} />
      </SearchCard>
      <PrintHeading title={t('nav.cdrStats')} lines={[periodLine, submitted ? `${typeLabel(submitted.type)}${submitted.filter ? ` ${submitted.filter}` : ''}` : '']} />
      {result.isError ? <ReportAlert text={t('reports.cdr.error')} error={result.error} testId="cdr-error" /> : null}
      {submitted ? (
        <Card className="overflow-hidden">
          {!data || data.detailed ? (
            <ReportTable
              rows={(data?.detailed ? data.rows : []) as CdrDetailedRow[]}
              columns={detailed}
              rowKey={(r) => r.id}
              pageSize={CDR_PAGE_SIZE}
              server={paging}
              allRows={async () => (await everyRow()) as CdrDetailedRow[]}
              fileName="cdr"
              testId="cdr-table"
              loading={result.isFetching && !data}
              caption={t('reports.cdr.detailed')}
            />
          ) : (
            <ReportTable
              rows={data.rows}
              columns={summary}
              rowKey={(r) => `${r.caller}|${r.name ?? ''}`}
              pageSize={CDR_PAGE_SIZE}
              server={paging}
              allRows={async () => (await everyRow()) as CdrSummaryRow[]}
              fileName="cdr-summary"
              testId="cdr-table"
              caption={t('reports.cdr.summarised')}
            />
          )}
        </Card>
      ) : null}
      {tariffOpen ? <TariffDialog scope={scope} onClose={() => setTariffOpen(false)} /> : null}
    </div>
  );
}

/** D-CDR-01: type, the extension (type 3; its list from the corp's extensions) and detailed/summarised. */
function CdrFields({ extens }: { extens: Record<string, string> }) {
  const { t } = useTranslation();
  const { register, control, watch } = useFormContext<{ type: number; filter: string; detailed: boolean }>();
  const error = useFieldError();
  const type = Number(watch('type'));
  return (
    <>
      <FormField id="cdr-type" label={t('reports.cdr.type')} error={error('type')}>
        <Select id="cdr-type" {...register('type')} data-testid="cdr-type">
          {[CDR_TYPE.outgoing, CDR_TYPE.incoming, CDR_TYPE.extension].map((v) => (
            <option key={v} value={v}>
              {t(`reports.cdr.types.${v}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="cdr-filter" label={t('reports.cdr.filter')} error={error('filter')} hint={t('reports.cdr.filterHint')}>
        <Input id="cdr-filter" inputMode="numeric" list="cdr-extens" disabled={type < CDR_TYPE.extension} {...register('filter')} data-testid="cdr-filter" />
        <ExtensionOptions id="cdr-extens" extens={extens} />
      </FormField>
      <FormField id="cdr-detailed" label={t('reports.cdr.detailedSwitch')}>
        <ViewSwitch id="cdr-detailed" control={control} name="detailed" on={t('reports.cdr.detailed')} off={t('reports.cdr.summarised')} />
      </FormField>
    </>
  );
}
