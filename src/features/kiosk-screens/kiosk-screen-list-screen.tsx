import { useQuery } from '@tanstack/react-query';
import { MonitorPlay } from 'lucide-react';
import { useState } from 'react';
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
import { useEntryDialog } from '../../resources/resource-screen';
import { KioskKeyDialog } from './kiosk-key-dialog';
import { keyOfAnswer, kioskUrl } from './kiosk-logic';

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
          onSaved: (saved, mode) => {
            if (mode === 'create') showKey(saved);
          },
          // revoke and rotate are the resource's row actions; a rotate answers the new key once
          onActionDone: (action, answer) => {
            if (action === 'rotate') showKey(answer);
          },
          rowActions: (row) => {
            const id = String(row.id);
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
    </>
  );
}
