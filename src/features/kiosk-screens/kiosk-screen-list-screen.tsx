import { useQuery } from '@tanstack/react-query';
import { Megaphone, MonitorPlay } from 'lucide-react';
import { useMemo, useState } from 'react';
import { KIOSK_TICKER_ACCESS } from '../../../domain/permissions';
import { useTranslation } from 'react-i18next';
import { LEVEL } from '../../../domain/levels';
import { corpResource } from '../../../domain/resources/corp';
import type { ResourceDefinition } from '../../../domain/resources/define';
import { kioskScreenResource } from '../../../domain/resources/kiosk-screen';
import { resourceDetailQuery } from '../../api/resources';
import type { NavEntry } from '../../app/navigation';
import { usePaths } from '../../app/paths';
import { useScope, useUser } from '../../app/session';
import { ResourceListScreen } from '../../resources/resource-list-screen';
import type { DataTableColumn } from '../../ui/data-table';
import { Button } from '../../ui/button';
import { canAccess } from '../../../domain/permissions';
import { FleetCell } from './fleet-cell';
import { useFleet } from './fleet-api';
import { TickerDialog } from './ticker-dialog';
import type { Row } from '../../api/resources';
import { useEntryDialog } from '../../resources/resource-screen';
import { KioskKeyDialog } from './kiosk-key-dialog';
import { keyOfAnswer, kioskUrl } from '../../resources/kiosk-screen-logic';

const definition = kioskScreenResource as ResourceDefinition;

/** The url name of the corp whose screens these are: the user's own, or the supervisor's working corp. */
function useCorpUrl(): string | null {
  const user = useUser();
  const scope = useScope();
  const supervisor = user.level === LEVEL.supervisor;
  const corp = useQuery({ ...resourceDetailQuery(corpResource as ResourceDefinition, scope ?? 0, scope), enabled: supervisor && scope !== null });
  if (!supervisor) return user.corpUrl;
  return typeof corp.data?.url === 'string' ? corp.data.url : null;
}

/**
 * Kiosk screens (wallboard TVs): the generic list, dialog and row actions (revoke, rotate) of
 * kioskScreenResource, plus what is special: the key shown once after a create or a rotate, and a
 * link that opens the boards.
 */
export default function KioskScreenListScreen({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const paths = usePaths();
  const corpUrl = useCorpUrl();
  const dialog = useEntryDialog(entry);
  const [shown, setShown] = useState<{ name: string; url: string } | null>(null);
  const user = useUser();
  // H-FLEET-01: each TV's state beside its row; H-TICK-01: a message to chosen TVs
  const fleet = useFleet();
  const [ticker, setTicker] = useState(false);
  const mayPush = canAccess(user, KIOSK_TICKER_ACCESS);
  const fleetColumns = useMemo<DataTableColumn<Row>[]>(() => {
    const byId = new Map((fleet.data ?? []).map((e) => [e.screenId, e]));
    const now = fleet.dataUpdatedAt || Date.now();
    return [
      {
        key: 'fleetState',
        header: t('kioskAdmin.fleet.column'),
        sortValue: (row: Row) => byId.get(Number(row.id))?.state ?? 'dark',
        cell: (row: Row) => <FleetCell entry={byId.get(Number(row.id))} now={now} />,
      },
    ];
  }, [fleet.data, fleet.dataUpdatedAt, t]);

  const showKey = (data: unknown) => {
    const answer = keyOfAnswer(data);
    if (answer) setShown({ name: answer.name, url: kioskUrl(window.location.origin, corpUrl ?? paths.corp, answer.id, answer.key) });
  };

  return (
    <>
      <ResourceListScreen
        definition={definition}
        extras={{
          ...dialog,
          columns: fleetColumns,
          intro: mayPush ? (
            <div className="flex justify-end">
              <Button variant="secondary" size="sm" onClick={() => setTicker(true)} disabled={(fleet.data ?? []).length === 0} data-testid="ticker-open">
                <Megaphone />
                {t('kioskAdmin.ticker.open')}
              </Button>
            </div>
          ) : undefined,
          onSaved: (saved, mode) => {
            if (mode === 'create') showKey(saved);
          },
          // revoke and rotate are the resource's row actions; a rotate answers the new key once
          onActionDone: (action, answer) => {
            if (action === 'rotate') showKey(answer);
          },
          rowActions: (row) => {
            const id = String(row.id);
            // J-UX-03: a revoked screen shows nothing any more: it is not offered to open
            if (row.revoked === true) {
              return (
                <span className="inline-flex size-8 items-center justify-center text-muted opacity-40" title={t('kioskAdmin.revokedNoOpen')} aria-label={t('kioskAdmin.revokedNoOpen')} data-testid={`open-${id}-revoked`}>
                  <MonitorPlay className="size-4" aria-hidden />
                </span>
              );
            }
            // everyone who may read the screens may watch one here, signed in (no key): the kiosk route
            // reads the screen with the user's own token (a level 5 monitor reaches the boards this way)
            return (
              <a
                href={kioskUrl('', corpUrl ?? paths.corp, id)}
                target="_blank"
                rel="noreferrer"
                className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-3 hover:text-text"
                aria-label={`${t('kioskAdmin.open')} ${String(row.name ?? id)}`}
                title={t('kioskAdmin.open')}
                data-testid={`open-${id}`}
              >
                <MonitorPlay className="size-4" />
              </a>
            );
          },
        }}
      />
      {shown ? <KioskKeyDialog name={shown.name} url={shown.url} onClose={() => setShown(null)} /> : null}
      {ticker ? <TickerDialog open onClose={() => setTicker(false)} screens={fleet.data ?? []} /> : null}
    </>
  );
}
