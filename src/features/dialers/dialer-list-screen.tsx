import { ChartPie } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../domain/resources/define';
import { dialerResource } from '../../../domain/resources/dialer';
import type { NavEntry } from '../../app/navigation';
import { ResourceListScreen } from '../../resources/resource-list-screen';
import { useEntryDialog } from '../../resources/resource-screen';
import { Button } from '../../ui/button';
import { DialerStatsDialog } from './dialer-stats-dialog';

/**
 * Dialer campaigns (C-DIA): the generic list, dialog and row actions (start, stop) of dialerResource,
 * plus the statistics of a campaign, refreshed while they are open.
 */
export default function DialerListScreen({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const dialog = useEntryDialog(entry);
  const [shown, setShown] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <ResourceListScreen
        definition={dialerResource as ResourceDefinition}
        extras={{
          ...dialog,
          rowActions: (row) => (
            <Button
              variant="ghost"
              size="icon-sm"
              title={t('dialers.stats.action')}
              aria-label={`${t('dialers.stats.action')} ${String(row.name)}`}
              onClick={() => setShown({ id: String(row.id), name: String(row.name) })}
              data-testid={`stats-${String(row.id)}`}
            >
              <ChartPie />
            </Button>
          ),
        }}
      />
      {shown ? <DialerStatsDialog id={shown.id} name={shown.name} onClose={() => setShown(null)} /> : null}
    </>
  );
}
