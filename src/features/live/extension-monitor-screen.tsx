import { Download, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../../domain/constants';
import { useHub, useHubState } from '../../hub';
import { buildCsv } from '../../resources/csv';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { downloadBlob } from '../../ui/download';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { filterRows } from '../../ui/table-logic';
import { contactRowKey, type ExtensionMonitorRow } from './live-rows';
import { extensionMonitorRows } from './live-streams';
import { LiveCorpGate } from './live-corp-gate';
import { useLiveCorp } from '../../app/use-live-corp';
import { useObservable } from '../../ui/use-observable';

/** Extension monitor (spec 3 §2.3, B-EXM-01..05): registered extensions with their address, live. */
function ExtensionMonitorScreenLive() {
  const { t } = useTranslation();
  const hub = useHub();
  const hubState = useHubState();
  const corpId = useLiveCorp();
  const [query, setQuery] = useState('');

  const rows$ = useMemo(() => (hub && corpId !== null ? extensionMonitorRows(hub.events$, corpId) : null), [hub, corpId]);
  const rows = useObservable(rows$, null);

  const refresh = () => {
    if (!hub) return;
    // GetAllContacts answers with AllContacts; GetAllExtensions brings the user names (B-EXM-05)
    hub.invoke('GetAllExtensions', corpId).catch(() => undefined);
    hub.invoke('GetAllContacts', corpId).catch(() => undefined);
  };
  // the connect-time snapshots may have gone by before this screen subscribed: ask once it is live
  const live = hubState === 'connected';
  useEffect(() => {
    if (!live || !hub || corpId === null) return;
    hub.invoke('GetAllExtensions', corpId).catch(() => undefined);
    hub.invoke('GetAllContacts', corpId).catch(() => undefined);
  }, [live, hub, corpId]);

  const status = (row: ExtensionMonitorRow) => t(`live.monitor.${row.status}`);
  const columns: DataTableColumn<ExtensionMonitorRow>[] = [
    { key: 'number', header: t('live.monitor.number'), className: 'tabular-nums' },
    { key: 'ip', header: t('live.monitor.ip'), className: 'tabular-nums' },
    { key: 'port', header: t('live.monitor.port'), className: 'tabular-nums' },
    {
      key: 'status',
      header: t('live.monitor.status'),
      sortValue: status,
      cell: (row) => (
        <Badge tone={row.status === 'online' ? 'success' : 'neutral'} data-testid="contact-status">
          {status(row)}
        </Badge>
      ),
    },
    { key: 'userName', header: t('live.monitor.userName') },
  ];
  const all = rows ?? [];
  const filtered = filterRows(all, query, (row) => `${row.number} ${row.ip} ${row.port} ${status(row)} ${row.userName}`);

  const downloadCsv = () => {
    const header = columns.map((c) => String(c.header));
    const body = filtered.map((row) => [row.number, row.ip, row.port, status(row), row.userName]);
    const blob = new Blob(['\uFEFF', buildCsv(header, body)], { type: 'text/csv;charset=utf-8' });
    downloadBlob(blob, 'extension-monitor.csv');
  };

  return (
    <Card className="overflow-hidden" data-testid="extension-monitor">
      <DataTable
        rows={filtered}
        columns={columns}
        rowKey={contactRowKey}
        pageSize={PAGING.tableRows}
        query={query}
        onQueryChange={setQuery}
        loading={rows === null && hubState !== 'disconnected'}
        caption={t('nav.monitorQuality')}
        toolbar={
          <>
            <Button variant="secondary" size="sm" onClick={refresh} disabled={!hub || !live} data-testid="monitor-refresh">
              <RefreshCw />
              {t('live.monitor.refresh')}
            </Button>
            <Button variant="secondary" size="sm" onClick={downloadCsv} disabled={filtered.length === 0} data-testid="export-csv">
              <Download />
              {t('list.exportCsv')}
            </Button>
          </>
        }
      />
    </Card>
  );
}

/** The screen, for the live corp (a level 1 user without a working corp is asked to pick one). */
export default function ExtensionMonitorScreen() {
  return (
    <LiveCorpGate>
      <ExtensionMonitorScreenLive />
    </LiveCorpGate>
  );
}
