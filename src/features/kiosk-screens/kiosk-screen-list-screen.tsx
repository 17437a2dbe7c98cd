import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, KeyRound, MonitorPlay } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { canAccess } from '../../../domain/permissions';
import { LEVEL } from '../../../domain/levels';
import { corpResource } from '../../../domain/resources/corp';
import type { ResourceDefinition } from '../../../domain/resources/define';
import { kioskScreenResource } from '../../../domain/resources/kiosk-screen';
import { saveMessageKey } from '../../../domain/status-codes';
import { isApiFailure } from '../../api/client';
import { resourceDetailQuery, resourceKeys, type Row } from '../../api/resources';
import { failureText, successText } from '../../app/messages';
import type { NavEntry } from '../../app/navigation';
import { usePaths } from '../../app/paths';
import { useScope, useUser } from '../../app/session';
import { ResourceListScreen } from '../../resources/resource-list-screen';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useSnackbar } from '../../ui/snackbar';
import { revokeKioskScreen, rotateKioskScreen } from './kiosk-api';
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

type RowAction = 'revoke' | 'rotate';
type Pending = { action: RowAction; row: Row } | null;

/** the row buttons beside edit and delete; revoke is off once the screen is revoked */
const ROW_ACTIONS = [
  { action: 'revoke', Icon: Ban },
  { action: 'rotate', Icon: KeyRound },
] as const;

/**
 * Kiosk screens (wallboard TVs): the generic list and dialog of kioskScreenResource, plus what is
 * special: the key shown once after a create or a rotate, and the revoke and rotate row actions.
 */
export default function KioskScreenListScreen({ entry }: { entry: NavEntry }) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const params = useParams();
  const navigate = useNavigate();
  const paths = usePaths();
  const queryClient = useQueryClient();
  const { notifySave } = useSnackbar();
  const corpUrl = useCorpUrl();
  const [shown, setShown] = useState<{ name: string; url: string } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const mayManage = user.level <= LEVEL.administrator && canAccess(user, { view: 'kiosk', action: 'update' });

  const showKey = (data: unknown) => {
    const answer = keyOfAnswer(data);
    if (answer) setShown({ name: answer.name, url: kioskUrl(window.location.origin, corpUrl ?? paths.corp, answer.id, answer.key) });
  };

  const act = useMutation({
    mutationFn: ({ action, row }: { action: RowAction; row: Row }) => (action === 'revoke' ? revokeKioskScreen(String(row.id)) : rotateKioskScreen(String(row.id))),
    onSuccess: (response, { action }) => {
      const mapped = saveMessageKey(response.status, 'update');
      notifySave(mapped.ok ? successText(t, mapped.key) : t(mapped.key), mapped.ok ? 'success' : 'danger');
      if (action === 'rotate') showKey(response.data);
    },
    onError: (error) => notifySave(isApiFailure(error) ? failureText(t, (k) => i18n.exists(k), error, 'update') : t('errors.default'), 'danger'),
    onSettled: async () => {
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(definition) });
    },
  });

  const name = pending ? String(pending.row.name ?? '') : '';
  const revoking = pending?.action === 'revoke';
  const actionLabel = (action: RowAction) => (action === 'revoke' ? t('kioskAdmin.revoke.action') : t('kioskAdmin.rotate.action'));
  return (
    <>
      <ResourceListScreen
        definition={definition}
        extras={{
          onSaved: (saved, mode) => {
            if (mode === 'create') showKey(saved);
          },
          rowActions: (row) => {
            const id = String(row.id);
            // everyone who may read the screens may watch one here, signed in (no key): the kiosk route
            // reads the screen with the user's own token (a level 5 monitor reaches the boards this way)
            const open = (
              <a
                key="open"
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
            if (!mayManage) return [open];
            return [
              open,
              ...ROW_ACTIONS.map(({ action, Icon }) => (
                  <Button
                    key={action}
                    variant="ghost"
                    size="icon-sm"
                    disabled={action === 'revoke' && row.revoked === true}
                    aria-label={`${actionLabel(action)} ${String(row.name ?? id)}`}
                    title={actionLabel(action)}
                    onClick={() => setPending({ action, row })}
                    data-testid={`${action}-${id}`}
                  >
                    <Icon />
                  </Button>
                )),
            ];
          },
          initialDialog: entry.key === 'kioskScreensNew' ? { mode: 'create' } : entry.key === 'kioskScreensUpdate' && params.id ? { mode: 'update', id: params.id } : undefined,
          onInitialDialogClose: () => navigate(paths.toEntry('kioskScreens'), { replace: true }),
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={revoking ? t('kioskAdmin.revoke.title') : t('kioskAdmin.rotate.title')}
        message={revoking ? t('kioskAdmin.revoke.message', { name }) : t('kioskAdmin.rotate.message', { name })}
        confirmLabel={actionLabel(pending?.action ?? 'rotate')}
        tone={revoking ? 'danger' : 'primary'}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && act.mutate(pending)}
        busy={act.isPending}
      />
      {shown ? <KioskKeyDialog name={shown.name} url={shown.url} onClose={() => setShown(null)} /> : null}
    </>
  );
}
