import { PhoneOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../../domain/constants';
import { canAccess } from '../../../domain/permissions';
import type { ActiveCall } from '../../../domain/realtime';
import { clock$ } from '../../../streams/clock';
import { useUser } from '../../app/session';
import { useHub } from '../../hub';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { useSnackbar } from '../../ui/snackbar';
import { filterRows } from '../../ui/table-logic';
import { sharedActiveCalls } from './active-calls-source';
import { activeCallSearchText, destinationType, formatElapsed } from './live-rows';
import { LiveCorpGate } from './live-corp-gate';
import { useLiveCorp } from './use-live-corp';
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
  const calls = useObservable(calls$, [] as ActiveCall[]);
  const tick$ = useMemo(() => clock$(), []);
  const now = useObservable(tick$, Date.now());
  const mayHangUp = canAccess(user, { view: 'panel', action: 'update' });

  const timeFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language]);

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
    { key: 'caller', header: t('live.activeCalls.origin'), className: 'tabular-nums' },
    { key: 'trunk', header: t('live.activeCalls.trunk'), cell: (c) => c.trunk ?? '' },
    { key: 'destination', header: t('live.activeCalls.destination'), className: 'tabular-nums' },
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
          rowKey={(c) => c.callId}
          pageSize={PAGING.tableRows}
          query={query}
          onQueryChange={setQuery}
          caption={t('nav.activeCalls')}
          actions={
            mayHangUp
              ? (c) => (
                  <Button
                    variant="danger-ghost"
                    size="icon-sm"
                    aria-label={`${t('live.activeCalls.hangUp')} ${c.caller} → ${c.destination}`}
                    title={t('live.activeCalls.hangUp')}
                    onClick={() => setHanging(c)}
                    disabled={!hub}
                    data-testid={`hangup-${c.callId}`}
                  >
                    <PhoneOff />
                  </Button>
                )
              : undefined
          }
        />
      </Card>
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
