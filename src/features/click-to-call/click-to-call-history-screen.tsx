import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { C2C_RULES, type C2cHistoryRow, type C2cOutcome } from '../../../domain/click-to-call';
import { picksWorkingCorp } from '../../../domain/level-ceilings';
import { isApiFailure } from '../../api/client';
import { translateMessage } from '../../app/messages';
import type { NavEntry } from '../../app/navigation';
import { useScope, useUser } from '../../app/session';
import { WorkingCorpRequired } from '../../app/working-corp-required';
import { Badge } from '../../ui/badge';
import { Card, CardHeader, CardTitle } from '../../ui/card';
import { PageSizeSelect } from '../../ui/page-size-select';
import { Spinner } from '../../ui/spinner';
import { TablePager } from '../../ui/table-pager';
import { historyQuery } from './click-to-call-api';

const TONE: Record<C2cOutcome, 'success' | 'danger' | 'warning'> = {
  calling: 'success',
  badKey: 'danger',
  keyRevoked: 'danger',
  rateLimited: 'warning',
  notFound: 'warning',
  notRegistered: 'warning',
  busy: 'warning',
  pbxUnavailable: 'danger',
  disabled: 'warning',
  failed: 'danger',
};

/**
 * The click-to-call history (clickToCallTable): the corp's real requests, newest first, paged on the
 * server (E-C2C-08 had only sample rows). Who (the user of a form, the key of an API call), when,
 * from, to, outcome, source.
 */
export default function ClickToCallHistoryScreen(_props: { entry: NavEntry }) {
  const user = useUser();
  const scope = useScope();
  if (picksWorkingCorp(user.level) && scope === null) return <WorkingCorpRequired />;
  return <HistoryTable scope={scope} />;
}

function HistoryTable({ scope }: { scope: number | null }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(C2C_RULES.pageSizes[0]);
  const history = useQuery(historyQuery(scope, page, size));
  const data = history.data;
  const total = data?.total ?? 0;
  const shown = data?.rows.length ?? 0;
  const view = { page, pageCount: Math.max(1, Math.ceil(total / size)), from: shown === 0 ? 0 : page * size + 1, to: page * size + shown, total };
  const who = (r: C2cHistoryRow) => (r.userNick ?? '') + (r.userNick && r.keyId ? ' · ' : '') + (r.keyId ? `${r.keyId}${r.keyLabel ? ` (${r.keyLabel})` : ''}` : '') || t('clickToCall.history.unknown');
  const headers = ['at', 'who', 'from', 'to', 'outcome', 'source'] as const;

  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>{t('clickToCall.history.title')}</CardTitle>
        <PageSizeSelect
          label={t('clickToCall.history.perPage')}
          sizes={C2C_RULES.pageSizes}
          value={size}
          onChange={(next) => {
            setSize(next);
            setPage(0);
          }}
          testId="c2c-history-page-size"
        />
      </CardHeader>
      <div className="scroll-thin overflow-auto">
        <table className="w-full border-collapse text-left text-sm" data-testid="c2c-history">
          <caption className="sr-only">{t('clickToCall.history.title')}</caption>
          <thead className="bg-surface-2">
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col" className="border-b border-border px-4 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase">
                  {t(`clickToCall.history.${h}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {history.isPending ? (
              <tr>
                <td colSpan={headers.length} className="px-4 py-12 text-center text-muted">
                  <Spinner className="mx-auto" label={t('common.loading')} />
                </td>
              </tr>
            ) : history.isError ? (
              <tr>
                <td colSpan={headers.length} role="alert" className="px-4 py-12 text-center text-danger">
                  {t('errors.prefix')} {isApiFailure(history.error) ? translateMessage(t, history.error.body.message) : t('errors.default')}
                </td>
              </tr>
            ) : shown === 0 ? (
              <tr>
                <td colSpan={headers.length} className="px-4 py-12 text-center text-muted" data-testid="table-empty">
                  {t('table.noData')}
                </td>
              </tr>
            ) : (
              data?.rows.map((r) => (
                <tr key={r.id} className="border-b border-border last:border-b-0 hover:bg-surface-2" data-testid={`c2c-row-${r.id}`}>
                  <td className="px-4 py-2.5 whitespace-nowrap">{new Date(r.at).toLocaleString(i18n.language)}</td>
                  <td className="px-4 py-2.5">{who(r)}</td>
                  <td className="px-4 py-2.5 font-mono text-xs">{r.exten}</td>
                  <td className="px-4 py-2.5 font-mono text-xs">{r.destination}</td>
                  <td className="px-4 py-2.5">
                    <Badge tone={TONE[r.outcome]} title={String(r.status)}>
                      {t(`clickToCall.outcomes.${r.outcome}`)}
                    </Badge>
                  </td>
                  <td className="px-4 py-2.5">{t(`clickToCall.history.sources.${r.source}`)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <TablePager view={view} setPage={setPage} />
    </Card>
  );
}
