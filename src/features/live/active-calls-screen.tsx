import { useQuery } from '@tanstack/react-query';
import { Circle, Headphones, PhoneForwarded, PhoneOff, Square } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../../domain/constants';
import { LEVEL } from '../../../domain/levels';
import { canAccess } from '../../../domain/permissions';
import type { ActiveCall } from '../../../domain/realtime';
import { clock$ } from '../../../streams/clock';
import { useCorpTimeZone } from '../../app/corp-time-zone';
import { extensionResource } from '../../../domain/resources';
import { resourceListQuery } from '../../api/resources';
import { useScope, useUser } from '../../app/session';
import { useHub } from '../../hub';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { useSnackbar } from '../../ui/snackbar';
import { filterRows } from '../../ui/table-logic';
import { sharedActiveCalls } from './active-calls-source';
import { SpyDialog, TransferDialog, useCallAction, useCallPermissions } from './call-actions';
import { activeCallSearchText, callTimeFormat, destinationType, formatElapsed } from './live-rows';
import { LiveCorpGate } from './live-corp-gate';
import { useLiveCorp } from '../../app/use-live-corp';
import { partyText } from '../../ui/party-text';
import { useObservable } from '../../ui/use-observable';

const TONE = { outgoing: 'primary', incoming: 'success', internal: 'neutral' } as const;

/** Elapsed time of one call from the page's shared clock (STYLE 4). */
function Elapsed({ start, now }: { start: number; now: number }) {
  return <span className="tabular-nums text-muted">{formatElapsed(now - start)}</span>;
}

/** Active calls (spec 1 §2, B-ACT-01..06): the corp's calls from the hub, live; hang-up per row. */
function ActiveCallsScreenLive() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const hub = useHub();
  const corpId = useLiveCorp();
  const { notifySave } = useSnackbar();
  const [query, setQuery] = useState('');
  const [hanging, setHanging] = useState<ActiveCall | null>(null);
  const [busy, setBusy] = useState(false);

  const calls$ = useMemo(() => (hub && corpId !== null ? sharedActiveCalls(hub, corpId) : null), [hub, corpId]);
  // null until the first list arrives: "loading", never "No data available" while calls are in progress
  const latest = useObservable(calls$, null as ActiveCall[] | null);
  const calls = latest ?? [];
  // J-UX-03: the server pushes ActiveCalls on a change; a screen opened between two changes asks for the
  // list (GetAllChannels answers it too) instead of showing nothing until the next call event. Asked
  // after the subscription above (effects run in order); the connect-time snapshots ask it otherwise.
  useEffect(() => {
    if (hub && corpId !== null && hub.state === 'connected') void hub.invoke('GetAllChannels', corpId).catch(() => undefined);
  }, [hub, corpId]);
  const tick$ = useMemo(() => clock$(), []);
  const now = useObservable(tick$, Date.now());
  const mayHangUp = canAccess(user, { view: 'panel', action: 'update' });
  // the call's extension (the one answering, else the one calling) is what listen, record and transfer name
  const scope = useScope();
  const extensions = useQuery(resourceListQuery(extensionResource, scope));
  const owners = useMemo(() => new Map((extensions.data ?? []).map((e) => [String(e.number), typeof e.userId === 'number' ? e.userId : null])), [extensions.data]);
  const extensionOf = (c: ActiveCall): string | null => (c.spy ? null : owners.has(c.receiver) ? c.receiver : owners.has(c.caller) ? c.caller : null);
  const may = useCallPermissions(null);
  const action = useCallAction();
  const [dialog, setDialog] = useState<{ kind: 'spy' | 'transfer'; number: string } | null>(null);
  // a monitor only watches; an agent may transfer its own call (G-PRM-01)
  const anyAction = mayHangUp || may.spyModes.length > 0 || may.record || may.transfer || user.level === LEVEL.user;

  const timeZone = useCorpTimeZone();
  const timeFormat = useMemo(() => callTimeFormat(i18n.language, timeZone), [i18n.language, timeZone]);

  const columns: DataTableColumn<ActiveCall>[] = [
    {
      key: 'profile',
      header: t('live.activeCalls.destinationType'),
      sortValue: (c) => destinationType(c.profile),
      cell: (c) => {
        const type = destinationType(c.profile);
        return (
          <Badge tone={TONE[type]} data-testid="call-type">
            {t(`live.activeCalls.types.${type}`)}
          </Badge>
        );
      },
    },
    {
      key: 'time',
      header: t('live.activeCalls.date'),
      className: 'tabular-nums',
      cell: (c) => (
        <span className="flex flex-col">
          <span>{timeFormat.format(c.time)}</span>
          <Elapsed start={c.time} now={now} />
        </span>
      ),
    },
    { key: 'caller', header: t('live.activeCalls.origin'), className: 'tabular-nums', cell: (c) => partyText(t, c.caller) },
    { key: 'trunk', header: t('live.activeCalls.trunk'), cell: (c) => (c.trunk ? partyText(t, c.trunk) : '') },
    {
      key: 'destination',
      header: t('live.activeCalls.destination'),
      className: 'tabular-nums',
      cell: (c) => (
        <span className="flex flex-wrap items-center gap-1.5">
          {partyText(t, c.destination)}
          {/* G-SPY-05: a supervisor's leg is a listening leg of the call it listens to */}
          {c.spy ? (
            <Badge tone="warning" data-testid="call-spy-leg">
              {t(`calls.spy.leg.${c.spy.mode}`, { number: c.spy.number })}
            </Badge>
          ) : null}
          {c.recording ? (
            <Badge tone="danger" data-testid="call-recording">
              <Circle className="size-2.5 fill-current" aria-hidden /> {t('calls.record.badge')}
            </Badge>
          ) : null}
        </span>
      ),
    },
  ];

  const filtered = filterRows(calls, query, activeCallSearchText);

  const hangUp = async () => {
    if (!hub || !hanging) return;
    setBusy(true);
    try {
      const ok = await hub.invoke('HangUp', hanging.caller, hanging.receiver, corpId);
      notifySave(ok ? t('live.activeCalls.hungUp') : t('live.activeCalls.hangUpFailed'), ok ? 'success' : 'danger');
    } catch {
      notifySave(t('live.activeCalls.hangUpFailed'), 'danger');
    } finally {
      setBusy(false);
      setHanging(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <Card className="overflow-hidden" data-testid="active-calls">
        <DataTable
          rows={filtered}
          columns={columns}
          loading={latest === null}
          rowKey={(c) => c.callId}
          pageSize={PAGING.tableRows}
          query={query}
          onQueryChange={setQuery}
          caption={t('nav.activeCalls')}
          actions={!anyAction ? undefined : (c) => {
            const number = extensionOf(c);
            const mayTransfer = number !== null && (may.transfer || (owners.get(number) ?? null) === user.id);
            const who = `${c.caller} → ${c.destination}`;
            return (
              <span className="flex items-center justify-end gap-0.5">
                {number !== null && may.spyModes.length > 0 ? (
                  <Button variant="ghost" size="icon-sm" aria-label={`${t('calls.spy.open')} ${who}`} title={t('calls.spy.open')} onClick={() => setDialog({ kind: 'spy', number })} data-testid={`spy-${c.callId}`}>
                    <Headphones />
                  </Button>
                ) : null}
                {number !== null && may.record ? (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`${c.recording ? t('calls.record.stop') : t('calls.record.start')} ${who}`}
                    title={c.recording ? t('calls.record.stop') : t('calls.record.start')}
                    aria-pressed={c.recording === true}
                    onClick={() => action.mutate({ path: 'call/record', body: { number, on: !c.recording }, done: c.recording ? 'calls.record.stopped' : 'calls.record.started' })}
                    data-testid={`record-${c.callId}`}
                  >
                    {c.recording ? <Square className="fill-current" /> : <Circle className="fill-current text-danger" />}
                  </Button>
                ) : null}
                {mayTransfer ? (
                  <Button variant="ghost" size="icon-sm" aria-label={`${t('calls.transfer.open')} ${who}`} title={t('calls.transfer.open')} onClick={() => setDialog({ kind: 'transfer', number })} data-testid={`transfer-${c.callId}`}>
                    <PhoneForwarded />
                  </Button>
                ) : null}
                {mayHangUp ? (
                  <Button
                    variant="danger-ghost"
                    size="icon-sm"
                    aria-label={`${t('live.activeCalls.hangUp')} ${who}`}
                    title={t('live.activeCalls.hangUp')}
                    onClick={() => setHanging(c)}
                    disabled={!hub}
                    data-testid={`hangup-${c.callId}`}
                  >
                    <PhoneOff />
                  </Button>
                ) : null}
              </span>
            );
          }}
        />
      </Card>
      {dialog?.kind === 'spy' ? <SpyDialog number={dialog.number} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'transfer' ? <TransferDialog who={{ number: dialog.number }} title={t('calls.transfer.titleOf', { number: dialog.number })} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={hanging !== null}
        title={t('live.activeCalls.hangUpTitle')}
        message={t('live.activeCalls.hangUpMessage', { caller: hanging?.caller ?? '', destination: hanging?.destination ?? '' })}
        confirmLabel={t('live.activeCalls.hangUp')}
        onCancel={() => setHanging(null)}
        onConfirm={() => void hangUp()}
        busy={busy}
      />
    </div>
  );
}

/** The screen, for the live corp (a level 1 user without a working corp is asked to pick one). */
export default function ActiveCallsScreen() {
  return (
    <LiveCorpGate>
      <ActiveCallsScreenLive />
    </LiveCorpGate>
  );
}
