/**
 * The Panel list view (B-PNL-12/13): an extension table (status colour + icon, number, user name,
 * call time) and a queue table whose rows expand to their members (number, user name, call time,
 * remove action). Each row selects only its own extension actor.
 */
import { ChevronDown, ChevronRight, LayoutGrid, Trash2 } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavEntry } from '../../app/navigation';
import type { Row } from '../../api/resources';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EXTENSIONS_PER_PAGE, filterExtensions, paginate } from './panel-logic';
import { PanelFrame } from './panel-frame';
import { useExtensionNumbers, useExtensionRef, usePresenceRows } from './panel-live';
import { Pager, SearchBox } from './panel-page';
import { QueueForecastLine, useQueueForecasts } from './queue-forecast-line';
import { StatusBadge, TimerCell, useExtensionInfo, useExtensionView, useMayEditQueues, useQueueMembers, useQueueRows } from './panel-parts';

export default function PanelListPage(_: { entry: NavEntry }) {
  return (
    <PanelFrame titleKey="panel.listTitle" testId="panel-list-page" switchTo={{ entry: 'panel', labelKey: 'panel.cardView', icon: LayoutGrid }}>
      {(corpId) => (
        <>
          <ExtensionTable />
          <QueueTable corpId={corpId} />
        </>
      )}
    </PanelFrame>
  );
}

const th = 'px-3 py-2 text-left text-xs font-medium text-muted';
const td = 'px-3 py-2';

function ExtensionTable() {
  const { t } = useTranslation();
  const numbers = useExtensionNumbers();
  const rows = usePresenceRows(numbers);
  const info = useExtensionInfo();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const shown = paginate(filterExtensions(rows, 'all', query), page, EXTENSIONS_PER_PAGE);
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex items-center gap-3">
        <h2 className="mr-auto font-semibold">{t('panel.extensions')}</h2>
        <SearchBox
          value={query}
          onChange={(v) => {
            setQuery(v);
            setPage(0);
          }}
          label={t('panel.searchExtensions')}
          testId="ext-table-search"
        />
      </div>
      <table className="w-full text-sm" data-testid="ext-table">
        <thead>
          <ExtensionHeadRow />
        </thead>
        <tbody>
          {shown.items.map((r) => (
            <ExtensionRow key={r.number} number={r.number} info={info.byNumber.get(r.number)} />
          ))}
        </tbody>
      </table>
      <Pager page={shown.page} pageCount={shown.pageCount} onPage={setPage} label={t('panel.extensions')} />
    </Card>
  );
}

function ExtensionRow({ number, info, action }: { number: string; info: Row | undefined; action?: React.ReactNode }) {
  const ref = useExtensionRef(number);
  if (!ref)
    return (
      <tr className="border-t border-border" data-testid="ext-row" data-number={number}>
        <td className={td}>
          <StatusBadge status={0} />
        </td>
        <td className={td}>{number}</td>
        <td className={td}>{String(info?.userName ?? '') || '—'}</td>
        <td className={td}>
          <TimerCell status={0} start={null} />
        </td>
        {action !== undefined && <td className={td}>{action}</td>}
      </tr>
    );
  return <LiveExtensionRow number={number} actor={ref} info={info} action={action} />;
}

function LiveExtensionRow({ number, actor, info, action }: { number: string; actor: NonNullable<ReturnType<typeof useExtensionRef>>; info: Row | undefined; action?: React.ReactNode }) {
  const { status, start, userName } = useExtensionView(actor);
  return (
    <tr className="border-t border-border" data-testid="ext-row" data-number={number} data-status={status}>
      <td className={td}>
        <StatusBadge status={status} />
      </td>
      <td className={td}>{number}</td>
      <td className={td}>{userName || String(info?.userName ?? '') || '—'}</td>
      <td className={td}>
        <TimerCell status={status} start={start} />
      </td>
      {action !== undefined && <td className={td}>{action}</td>}
    </tr>
  );
}

function QueueTable({ corpId }: { corpId: number }) {
  const { t } = useTranslation();
  const queues = useQueueRows();
  const info = useExtensionInfo();
  const may = useMayEditQueues();
  const { remove, askRemove, removeConfirm } = useQueueMembers(corpId);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const forecasts = useQueueForecasts();
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="font-semibold">{t('panel.queues.title')}</h2>
      <table className="w-full text-sm" data-testid="queue-table">
        <thead>
          <tr>
            <th className={th} />
            <th className={th}>{t('panel.queues.name')}</th>
            <th className={th}>{t('panel.queues.strategy')}</th>
            <th className={th}>{t('panel.queues.timeout')}</th>
            <th className={th}>{t('panel.queues.failover')}</th>
            <th className={th}>{t('panel.queues.members')}</th>
          </tr>
        </thead>
        <tbody>
          {(queues.data ?? []).map((q) => {
            const id = Number(q.id);
            const members = (Array.isArray(q.members) ? q.members : []).map(String);
            const expanded = open.has(id);
            return (
              <Fragment key={id}>
                <tr className="border-t border-border" data-testid="queue-row">
                  <td className={td}>
                    <Button size="icon-sm" variant="ghost" aria-expanded={expanded} aria-label={t('panel.queues.expand', { name: String(q.name) })} onClick={() => toggle(id)}>
                      {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
                    </Button>
                  </td>
                  <td className={td}>
                    <div className="flex flex-col items-start gap-1">
                      {String(q.name)}
                      <QueueForecastLine forecast={forecasts[id] ?? null} />
                    </div>
                  </td>
                  <td className={td}>{t(`resources.queue.strategies.${String(q.strategy)}`, { defaultValue: String(q.strategy) })}</td>
                  <td className={td}>{q.timeout === null || q.timeout === undefined ? '—' : String(q.timeout)}</td>
                  <td className={td}>{t(`resources.queue.failoverActions.${String(q.failoveraction)}`, { defaultValue: String(q.failoveraction ?? '—') })}</td>
                  <td className={td}>{members.length}</td>
                </tr>
                {expanded && (
                  <tr>
                    <td colSpan={6} className="bg-surface-2 px-3 py-2">
                      {members.length === 0 ? (
                        <p className="text-xs text-muted">{t('panel.queues.noMembers')}</p>
                      ) : (
                        <table className="w-full text-sm" data-testid="member-table">
                          <thead>
                            <ExtensionHeadRow withActions />
                          </thead>
                          <tbody>
                            {members.map((n) => (
                              <ExtensionRow
                                key={n}
                                number={n}
                                info={info.byNumber.get(n)}
                                action={
                                  may ? (
                                    <Button size="icon-sm" variant="danger-ghost" aria-label={t('panel.queues.remove', { number: n })} disabled={remove.isPending} data-testid={`member-remove-${id}-${n}`} onClick={() => askRemove(q, n)}>
                                      <Trash2 aria-hidden />
                                    </Button>
                                  ) : null
                                }
                              />
                            ))}
                          </tbody>
                        </table>
                      )}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {removeConfirm}
    </Card>
  );
}

/** The header of the extension table and of a queue's member table (which adds the actions column). */
function ExtensionHeadRow({ withActions = false }: { withActions?: boolean }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th className={th}>{t('panel.columns.status')}</th>
      <th className={th}>{t('panel.columns.number')}</th>
      <th className={th}>{t('panel.columns.userName')}</th>
      <th className={th}>{t('panel.columns.callTime')}</th>
      {withActions ? <th className={th}>{t('panel.columns.actions')}</th> : null}
    </tr>
  );
}
