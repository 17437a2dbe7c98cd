import { useCallback } from 'react';
import type { ResourceDefinition } from '../../domain/resources/define';
import { extensionResource } from '../../domain/resources/extension';
import type { NavEntry } from '../app/navigation';
import { useLiveCorp } from '../app/use-live-corp';
import { useHub } from '../hub';
import { ResourceListScreen } from './resource-list-screen';
import { useEntryDialog } from './resource-screen';
import { useSchemaCorp } from './use-schema-corp';

/**
 * Extensions (C-EXT-01..11): the generic list and dialog (the info tooltip, C-EXT-03, is the
 * definition's rowInfo), checked against the corp's range and max contacts (C-EXT-29), and the live
 * state asked for again whenever the list reloads (C-EXT-31).
 */
export default function ExtensionListScreen({ entry }: { entry: NavEntry }) {
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
  return (
    <ResourceListScreen
      definition={extensionResource as ResourceDefinition}
      extras={{
        schemaCorp: corp,
        onListLoaded,
        ...dialog,
      }}
    />
  );
}
