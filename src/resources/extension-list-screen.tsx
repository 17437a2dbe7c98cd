import { Info } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVEL } from '../../domain/levels';
import type { ResourceDefinition } from '../../domain/resources/define';
import { EXTENSION_ACTION_OPTIONS, extensionResource } from '../../domain/resources/extension';
import type { NavEntry } from '../app/navigation';
import { useUser } from '../app/session';
import { useLiveCorp } from '../features/live/use-live-corp';
import { useHub } from '../hub';
import { Button } from '../ui/button';
import { ResourceListScreen } from './resource-list-screen';
import { useEntryDialog } from './resource-screen';
import { useSchemaCorp } from './use-schema-corp';

const actionLabelKey = (value: unknown) => EXTENSION_ACTION_OPTIONS.find((o) => o.value === value)?.labelKey;

/**
 * Extensions (C-EXT-01..11): the generic list and dialog, checked against the corp's range and
 * max contacts (C-EXT-29), with the info tooltip of action, busy action and external number for
 * levels 1-3 (C-EXT-03), and the live state asked for again whenever the list reloads (C-EXT-31).
 */
export default function ExtensionListScreen({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const user = useUser();
  const dialog = useEntryDialog(entry);
  const corp = useSchemaCorp();
  const hub = useHub();
  const liveCorp = useLiveCorp();
  // C-EXT-31: after the list refreshes, the live state of the corp is asked for again
  const onListLoaded = useCallback(() => {
    if (!hub || liveCorp === null) return;
    hub.invoke('GetAllExtensions', liveCorp).catch(() => undefined);
    hub.invoke('GetAllChannels', liveCorp).catch(() => undefined);
  }, [hub, liveCorp]);
  const field = (name: string) => t(`resources.extension.fields.${name}`);
  const optionText = (value: unknown) => {
    const key = actionLabelKey(value);
    return key ? t(key) : String(value ?? '');
  };
  return (
    <ResourceListScreen
      definition={extensionResource as ResourceDefinition}
      extras={{
        schemaCorp: corp,
        onListLoaded,
        rowActions:
          user.level < LEVEL.user
            ? (row) => {
                const info = [
                  `${field('action')}: ${optionText(row.action)}`,
                  `${field('onbusy')}: ${optionText(row.onbusy)}`,
                  `${field('outer')}: ${row.outer ? String(row.outer) : '—'}`,
                ].join('\n');
                return (
                  <Button variant="ghost" size="icon-sm" title={info} aria-label={`${t('resources.extension.info')} ${String(row.number)}: ${info}`} data-testid={`info-${String(row.id)}`}>
                    <Info />
                  </Button>
                );
              }
            : undefined,
        ...dialog,
      }}
    />
  );
}
