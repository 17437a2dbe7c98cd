/**
 * The live Panel (spec 1 §2 Panel, B-PNL): extension cards (filter, search, 20 per page, info,
 * IP dialog), waiting callers (2 x 5 grid, 10 per page, search) and the queue list with member
 * add/remove. One actor per extension; each card selects only its own actor.
 */
import { useSelector } from '@xstate/react';
import { ChevronLeft, ChevronRight, List, Network, PhoneForwarded, Search, Trash2 } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVEL } from '../../../domain/levels';
import { canAct } from '../../../domain/permissions';
import { EXT_STATUS } from '../../../domain/realtime';
import type { NavEntry } from '../../app/navigation';
import { useUser } from '../../app/session';
import { TransferDialog, draggableCall, useCallDrop } from '../live/call-actions';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { cn } from '../../ui/cn';
import type { Row } from '../../api/resources';
import { formatTimer } from '../../../machines/extension-machine';
import {
  CALLERS_PER_PAGE,
  EXTENSIONS_PER_PAGE,
  PRESENCE_FILTERS,
  filterCallers,
  filterExtensions,
  isOnline,
  paginate,
  statusLook,
  waitingCallers,
  type PresenceFilter,
} from './panel-logic';
import { AgentMenu, agentDetail, useShownState } from './agent-actions';
import { QueueMemberChip } from './queue-member-chip';
import { PanelFrame } from './panel-frame';
import { QueueForecastLine, useQueueForecasts } from './queue-forecast-line';
import { useExtensionNumbers, useExtensionRef, useNow, usePanelLive, usePresenceRows } from './panel-live';
import {
  AddMember,
  CallParty,
  ExtensionInfo,
  IpDialog,
  StatusIconBox,
  TimerCell,
  useExtensionInfo,
  useExtensionView,
  useMayEditQueues,
  useQueueMembers,
  useQueueRows,
} from './panel-parts';

export default function PanelPage(_: { entry: NavEntry }) {
  return (
    <PanelFrame titleKey="panel.title" testId="panel-page" switchTo={{ entry: 'panelList', labelKey: 'panel.listView', icon: List }}>
      {(corpId) => (
        <>
          <ExtensionBoard />
          <CallerList />
          <QueueList corpId={corpId} />
        </>
      )}
    </PanelFrame>
  );
}

export function Pager({ page, pageCount, onPage, label }: { page: number; pageCount: number; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="flex items-center justify-end gap-2 text-xs text-muted" aria-label={label}>
      <Button size="icon-sm" variant="ghost" disabled={page === 0} onClick={() => onPage(page - 1)} aria-label={t('panel.previous')}>
        <ChevronLeft aria-hidden />
      </Button>
      <span>{t('panel.pageOf', { page: page + 1, total: pageCount })}</span>
      <Button size="icon-sm" variant="ghost" disabled={page >= pageCount - 1} onClick={() => onPage(page + 1)} aria-label={t('panel.next')}>
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}

export function SearchBox({ value, onChange, label, testId }: { value: string; onChange: (v: string) => void; label: string; testId: string }) {
  return (
    <div className="relative w-full max-w-xs">
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted" aria-hidden />
      <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={label} aria-label={label} className="pl-8" data-testid={testId} />
    </div>
  );
}

function ExtensionBoard() {
  const { t } = useTranslation();
  const numbers = useExtensionNumbers();
  const rows = usePresenceRows(numbers);
  const info = useExtensionInfo();
  const [filter, setFilter] = useState<PresenceFilter>('all');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [ipOf, setIpOf] = useState<string | null>(null);
  const withNames = useMemo(() => rows.map((r) => ({ ...r, userName: r.userName || String(info.byNumber.get(r.number)?.userName ?? '') })), [rows, info.byNumber]);
  const shown = paginate(filterExtensions(withNames, filter, query), page, EXTENSIONS_PER_PAGE);
  return (
    <section aria-labelledby="panel-extensions" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="panel-extensions" className="mr-auto font-semibold">
          {t('panel.extensions')}
        </h2>
        <div role="radiogroup" aria-label={t('panel.filter.label')} className="flex rounded-lg border border-border bg-surface p-0.5">
          {PRESENCE_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              role="radio"
              aria-checked={filter === f}
              data-testid={`ext-filter-${f}`}
              onClick={() => {
                setFilter(f);
                setPage(0);
              }}
              className={cn('rounded-md px-3 py-1 text-xs font-medium', filter === f ? 'bg-primary text-primary-foreground' : 'text-muted hover:bg-surface-2')}
            >
              {t(`panel.filter.${f}`)}
            </button>
          ))}
        </div>
        <SearchBox
          value={query}
          onChange={(v) => {
            setQuery(v);
            setPage(0);
          }}
          label={t('panel.searchExtensions')}
          testId="ext-search"
        />
      </div>
      {numbers.length === 0 ? (
        <p className="text-muted">{t('panel.loading')}</p>
      ) : shown.total === 0 ? (
        <p className="text-muted">{t('panel.noExtensions')}</p>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-3" data-testid="ext-cards">
          {shown.items.map((r) => (
            <li key={r.number}>
              <ExtensionCard number={r.number} info={info.byNumber.get(r.number)} onIp={setIpOf} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={shown.page} pageCount={shown.pageCount} onPage={setPage} label={t('panel.extensions')} />
      {ipOf && <IpDialog number={ipOf} onClose={() => setIpOf(null)} />}
    </section>
  );
}

const ExtensionCard = memo(function ExtensionCard({ number, info, onIp }: { number: string; info: Row | undefined; onIp: (n: string) => void }) {
  const ref = useExtensionRef(number);
  if (!ref) return null;
  return <ExtensionCardBody number={number} actor={ref} info={info} onIp={onIp} />;
});

function ExtensionCardBody({ number, actor, info, onIp }: { number: string; actor: NonNullable<ReturnType<typeof useExtensionRef>>; info: Row | undefined; onIp: (n: string) => void }) {
  const { t } = useTranslation();
  const { status, start, userName } = useExtensionView(actor);
  const shown = useShownState(actor);
  const peer = useSelector(actor, (s) => s.context.peer);
  const listening = useSelector(actor, (s) => s.context.listening);
  const name = userName || String(info?.userName ?? info?.description ?? '');
  const look = statusLook(shown.status, shown.overdue);
  const detail = agentDetail(t, shown);
  const owner = ownerOf(info);
  const user = useUser();
  // G-XFR-04: a call dropped here goes to this extension; a card in a call can be dragged onto another
  const drop = useCallDrop(number, user.level !== LEVEL.monitor);
  const talking = status === EXT_STATUS.inUse || status === EXT_STATUS.onHold;
  return (
    <Card
      className={cn('flex h-full items-center gap-3 border-l-4 p-3', drop.over && 'ring-2 ring-primary', talking && 'cursor-grab')}
      style={{ borderLeftColor: `var(${look.token})` }}
      data-testid="ext-card"
      data-number={number}
      data-status={status}
      data-shown={shown.status}
      {...drop.props}
      {...(talking ? draggableCall({ number }, t('calls.transfer.dragCall', { number })) : {})}
    >
      <StatusIconBox status={shown.status} overdue={shown.overdue} />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-1">
          <span className="font-semibold" data-testid="ext-number">
            {number}
          </span>
          {peer && status !== 0 && status !== 3 && <CallParty peer={peer} listening={listening} />}
        </div>
        <div className="truncate text-xs text-muted" title={name || undefined}>
          {name || '—'}
        </div>
        {/* issue 13: the status wraps under the timer rather than being cut ('Disponí…') */}
        <div className="flex flex-wrap items-center gap-x-2 text-xs">
          <span className="sr-only">{t('panel.callTime')}</span>
          <TimerCell status={status} start={shown.agentSince ?? start} />
          <span className={shown.overdue ? 'font-semibold text-danger break-words' : 'text-muted break-words'} data-testid="ext-status-text">
            {t(look.labelKey)}
            {detail ? <span data-testid="ext-agent-detail"> · {detail}</span> : null}
          </span>
        </div>
      </div>
      <div className="flex flex-col items-center">
        <ExtensionInfo number={number} row={info} />
        {isOnline(status) && (
          <Button size="icon-sm" variant="ghost" onClick={() => onIp(number)} aria-label={t('panel.ip.open', { number })} data-testid={`ext-ip-${number}`}>
            <Network aria-hidden />
          </Button>
        )}
        <AgentMenu number={number} ownerUserId={owner} agent={shown.agent} status={status} />
      </div>
    </Card>
  );
}

function CallerList() {
  const { t } = useTranslation();
  const { queues } = usePanelLive();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const shown = paginate(filterCallers(waitingCallers(queues), query), page, CALLERS_PER_PAGE);
  // G-XFR-03: a waiting caller taken out of its queue, by the button or by dragging it onto a card
  const mayTransfer = canAct(useUser(), 'transfer');
  const [transferring, setTransferring] = useState<{ callId: string; caller: string } | null>(null);
  return (
    <section aria-labelledby="panel-callers" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="panel-callers" className="mr-auto font-semibold">
          {t('panel.callers.title')}
        </h2>
        <SearchBox
          value={query}
          onChange={(v) => {
            setQuery(v);
            setPage(0);
          }}
          label={t('panel.callers.search')}
          testId="caller-search"
        />
      </div>
      {shown.total === 0 ? (
        <p className="text-muted">{t('panel.callers.none')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="callers">
          {shown.items.map((c) => (
            <li key={c.callId}>
              <Card className={cn('flex flex-col gap-0.5 p-3 text-xs', mayTransfer && 'cursor-grab')} data-testid="caller-card" {...(mayTransfer ? draggableCall({ callId: c.callId }, c.caller) : {})}>
                <span className="flex items-center gap-1">
                  <span className="mr-auto text-sm font-semibold">{c.caller}</span>
                  {mayTransfer ? (
                    <Button size="icon-sm" variant="ghost" onClick={() => setTransferring(c)} aria-label={t('calls.transfer.caller', { caller: c.caller })} title={t('calls.transfer.open')} data-testid="caller-transfer">
                      <PhoneForwarded aria-hidden />
                    </Button>
                  ) : null}
                </span>
                {/* an internal caller came through no trunk (not "Trunk: <own number>") */}
                <span className="text-muted">{c.trunkNumber ? `${t('panel.callers.trunk')}: ${c.trunkNumber}` : t('panel.callers.internal')}</span>
                <span className="text-muted">{c.queueName}</span>
                <WaitTime since={c.since} />
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager page={shown.page} pageCount={shown.pageCount} onPage={setPage} label={t('panel.callers.title')} />
      {transferring ? <TransferDialog who={{ callId: transferring.callId }} title={t('calls.transfer.caller', { caller: transferring.caller })} onClose={() => setTransferring(null)} /> : null}
    </section>
  );
}

function WaitTime({ since }: { since: number }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <span className="font-mono tabular-nums">
      {t('panel.callers.waiting')}: {formatTimer(now - since)}
    </span>
  );
}

const ownerOf = (row: Row | undefined): number | null => (typeof row?.userId === 'number' ? row.userId : null);

function QueueList({ corpId }: { corpId: number }) {
  const { t } = useTranslation();
  const queues = useQueueRows();
  const live = usePanelLive();
  const liveById = useMemo(() => new Map(live.queues.map((q) => [q.queueId, q])), [live.queues]);
  const info = useExtensionInfo();
  const may = useMayEditQueues();
  const { add, remove, askRemove, removeConfirm } = useQueueMembers(corpId);
  const forecasts = useQueueForecasts();
  return (
    <section aria-labelledby="panel-queues" className="flex flex-col gap-3">
      <h2 id="panel-queues" className="font-semibold">
        {t('panel.queues.title')}
      </h2>
      {queues.isPending ? (
        <p className="text-muted">{t('panel.loading')}</p>
      ) : (queues.data ?? []).length === 0 ? (
        <p className="text-muted">{t('panel.queues.none')}</p>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(18rem,1fr))] gap-3">
          {(queues.data ?? []).map((q) => {
            const queueId = Number(q.id);
            const members = (Array.isArray(q.members) ? q.members : []).map(String);
            return (
              <li key={queueId}>
                <Card className="flex flex-col gap-2 p-3 text-sm" data-testid="queue-card" data-queue={String(q.name)}>
                  <div className="font-semibold">{String(q.name)}</div>
                  <QueueForecastLine forecast={forecasts[queueId] ?? null} />
                  <dl className="grid grid-cols-3 gap-1 text-xs">
                    <div>
                      <dt className="text-muted">{t('panel.queues.strategy')}</dt>
                      <dd>{t(`resources.queue.strategies.${String(q.strategy)}`, { defaultValue: String(q.strategy) })}</dd>
                    </div>
                    <div>
                      <dt className="text-muted">{t('panel.queues.timeout')}</dt>
                      <dd>{q.timeout === null || q.timeout === undefined ? '—' : String(q.timeout)}</dd>
                    </div>
                    <div>
                      <dt className="text-muted">{t('panel.queues.failover')}</dt>
                      <dd>{t(`resources.queue.failoverActions.${String(q.failoveraction)}`, { defaultValue: String(q.failoveraction ?? '—') })}</dd>
                    </div>
                  </dl>
                  <div className="text-xs text-muted">
                    {t('panel.queues.members')} (<span data-testid="member-count">{members.length}</span>)
                  </div>
                  <ul className="flex flex-wrap gap-1">
                    {members.map((n) => (
                      <QueueMemberChip key={n} number={n} queueId={queueId} queue={liveById.get(queueId)} ownerUserId={ownerOf(info.byNumber.get(n))}>
                        {may && (
                          <button
                            type="button"
                            className="inline-flex size-5 items-center justify-center rounded-full text-danger hover:bg-danger-soft"
                            aria-label={t('panel.queues.remove', { number: n })}
                            data-testid={`member-remove-${queueId}-${n}`}
                            disabled={remove.isPending}
                            onClick={() => askRemove(q, n)}
                          >
                            <Trash2 className="size-3" aria-hidden />
                          </button>
                        )}
                      </QueueMemberChip>
                    ))}
                  </ul>
                  {may && <AddMember queueId={queueId} members={members} all={info.numbers} busy={add.isPending} onAdd={(number) => add.mutate({ queueId, number })} />}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {removeConfirm}
    </section>
  );
}
