/**
 * Panel building blocks shared by the card view and the list view: status badge and icon, the call
 * timer (the page's one clock), the extension info tooltip, the IP dialog, and the queue member
 * actions (astqueue add/remove, B-PNL-09/10).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Headphones, Info } from 'lucide-react';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpyMode } from '../../../domain/realtime';
import { canAccess } from '../../../domain/permissions';
import { extensionResource, queueResource } from '../../../domain/resources';
import { formatTimer, statusCode, timerStart, type ExtensionActorRef } from '../../../machines/extension-machine';
import { api, apiRequest } from '../../api/client';
import { resourceListQuery, resourceKeys, type Row } from '../../api/resources';
import { useScope, useUser } from '../../app/session';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { Popover } from '../../ui/popover';
import { Select } from '../../ui/select';
import { useSnackbar } from '../../ui/snackbar';
import { STATUS_ICONS } from '../../ui/ext-status-icon';
import { PANEL_STATUS_TOKENS, addableMembers, memberAddPayload, parseAddress, statusLook } from './panel-logic';
import { useNow } from './panel-live';

const ICONS = STATUS_ICONS;

/** The status colour tokens, set once on the panel root. */
export const panelTokenStyle = PANEL_STATUS_TOKENS as CSSProperties;

export function StatusBadge({ status, overdue = false }: { status: number; overdue?: boolean }) {
  const { t } = useTranslation();
  const look = statusLook(status, overdue);
  const Icon = ICONS[look.icon];
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium"
      style={{ backgroundColor: `var(${look.token})`, color: `var(${look.token}-fg)` }}
      data-testid="ext-status"
      data-status={status}
    >
      <Icon className="size-3.5" aria-hidden />
      {t(look.labelKey)}
    </span>
  );
}

export function StatusIconBox({ status, overdue = false }: { status: number; overdue?: boolean }) {
  const look = statusLook(status, overdue);
  const Icon = ICONS[look.icon];
  return (
    <span className="inline-flex size-9 items-center justify-center rounded-xl" style={{ backgroundColor: `var(${look.token})`, color: `var(${look.token}-fg)` }}>
      <Icon className="size-5" aria-hidden />
    </span>
  );
}

/** The live call time of one extension; only mounted while a timer runs, so idle tiles do not tick. */
export function CallTimer({ start }: { start: number }) {
  const now = useNow();
  return (
    <span className="font-mono tabular-nums" data-testid="ext-timer">
      {formatTimer(now - start)}
    </span>
  );
}

/** One extension's own state (STYLE 6: a tile selects only its own actor). */
export function useExtensionView(ref: ExtensionActorRef) {
  const status = useSelector(ref, statusCode);
  const start = useSelector(ref, timerStart);
  const userName = useSelector(ref, (s) => s.context.userName);
  return { status, start, userName };
}

export function TimerCell({ status, start }: { status: number; start: number | null }) {
  if (start !== null) return <CallTimer start={start} />;
  return <span className="font-mono tabular-nums text-muted">{status === 2 ? '--:--' : '00:00'}</span>;
}

/**
 * The other party of a card's call. A supervisor's leg (G-SPY-05) shows as one: headphones and the
 * mode's words ("Listening to 202") instead of the plain "↔ 202".
 */
export function CallParty({ peer, listening }: { peer: string; listening: SpyMode | null }) {
  const { t } = useTranslation();
  if (!listening) {
    return (
      <span className="truncate text-xs text-muted" title={peer} data-testid="ext-party">
        ↔ {peer}
      </span>
    );
  }
  const label = `${t(`panel.status.spy.${listening}`)} ${peer}`;
  return (
    <span className="inline-flex min-w-0 items-center gap-0.5 text-xs font-medium text-primary" title={label} data-testid="ext-party" data-listening={listening}>
      <Headphones className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">{label}</span>
      <span className="truncate" aria-hidden>
        {peer}
      </span>
    </span>
  );
}

/** The extension rows of GET /extension by number (info tooltip, corp extensions). */
export function useExtensionInfo() {
  const scope = useScope();
  const query = useQuery(resourceListQuery(extensionResource, scope));
  const byNumber = new Map<string, Row>();
  for (const row of query.data ?? []) byNumber.set(String(row.number), row);
  return { byNumber, numbers: [...byNumber.keys()], failed: query.isError };
}

/** B-PNL-28: the spec's log line when the panel cannot load its data. */
export const PANEL_LOAD_FAILURE = 'The Panel will not work. Reload the page or contact support team.';

/** Logs PANEL_LOAD_FAILURE once when the panel's extensions or queues could not be loaded. */
export function usePanelLoadCheck(): void {
  const extensions = useExtensionInfo();
  const queues = useQueueRows();
  const failed = extensions.failed || queues.isError;
  useEffect(() => {
    if (failed) console.error(PANEL_LOAD_FAILURE);
  }, [failed]);
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** B-PNL-04: action, on busy, external, group and description. */
export function ExtensionInfo({ number, row }: { number: string; row: Row | undefined }) {
  const { t } = useTranslation();
  const items: [string, unknown][] = [
    ['panel.info.action', row?.action ? t(`resources.extension.actions.${String(row.action)}`, { defaultValue: String(row.action) }) : ''],
    ['panel.info.onbusy', row?.onbusy ? t(`resources.extension.actions.${String(row.onbusy)}`, { defaultValue: String(row.onbusy) }) : ''],
    ['panel.info.outer', row?.outer],
    ['panel.info.callgroup', row?.callgroup],
    ['panel.info.description', row?.description],
  ];
  return (
    <Popover
      trigger={<Info className="size-4" aria-hidden />}
      triggerLabel={t('panel.info.label', { number })}
      triggerClassName="inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-surface-2"
      testId={`ext-info-${number}`}
    >
      {() => (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 p-3 text-xs" data-testid="ext-info">
          {items.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-muted">{t(key)}</dt>
              <dd>{text(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Popover>
  );
}

/** B-PNL-05/06: the registered addresses of an online extension. */
export function IpDialog({ number, onClose }: { number: string; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['extenIp', number], queryFn: ({ signal }) => api<string[]>(`exten/ip/${encodeURIComponent(number)}`, { signal }), retry: false });
  return (
    <Dialog open onClose={onClose} title={t('panel.ip.title', { number })} width={440} testId="ext-ip-dialog">
      {query.isPending ? (
        <p className="text-muted">{t('panel.loading')}</p>
      ) : query.isError ? (
        <p role="alert" className="text-danger">
          EXTENSION_IP is not working
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-muted">{t('panel.ip.none')}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th className="py-1 font-medium">{t('panel.ip.ip')}</th>
              <th className="py-1 font-medium">{t('panel.ip.port')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((value) => {
              const { ip, port } = parseAddress(value);
              return (
                <tr key={value}>
                  <td className="py-1 font-mono">{ip}</td>
                  <td className="py-1 font-mono">{port || '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}

/** The queues of GET /queue (name, strategy, timeout, failover action, members). */
export function useQueueRows() {
  const scope = useScope();
  return useQuery(resourceListQuery(queueResource, scope));
}

export function useMayEditQueues(): boolean {
  const user = useUser();
  return canAccess(user, { view: 'queue', action: 'update' });
}

/** Member ids returned by POST astqueue this session (the queue list gives numbers only). */
const memberIds = new Map<string, number>();
const memberKey = (queueId: number, number: string) => `${queueId}:${number}`;

/**
 * B-PNL-09/10: add through POST astqueue; remove through DELETE astqueue/{id} when the member id is
 * known, otherwise by saving the queue without the number (same queue update permission).
 */
export function useQueueMembers(corpId: number) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(queueResource) });
  const add = useMutation({
    mutationFn: async ({ queueId, number }: { queueId: number; number: string }) => {
      const res = await apiRequest<{ id: number }>('astqueue', { method: 'POST', body: memberAddPayload(corpId, queueId, number) });
      memberIds.set(memberKey(queueId, number), res.data.id);
    },
    onSuccess: () => notify(t('panel.queues.added'), 'success'),
    onError: () => notify(t('panel.queues.addFailed'), 'danger'),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async ({ queue, number }: { queue: Row; number: string }) => {
      const queueId = Number(queue.id);
      const id = memberIds.get(memberKey(queueId, number));
      if (id !== undefined) {
        await apiRequest('astqueue/' + String(id), { method: 'DELETE' });
        memberIds.delete(memberKey(queueId, number));
      } else {
        const members = (Array.isArray(queue.members) ? queue.members : []).map(String).filter((n) => n !== number);
        await apiRequest(queueResource.path, { method: 'PUT', body: { ...queue, members } });
      }
    },
    onSuccess: () => notify(t('panel.queues.removed'), 'success'),
    onError: () => notify(t('panel.queues.removeFailed'), 'danger'),
    onSettled: async () => {
      setRemoving(null);
      await refresh();
    },
  });
  // issue 13: a removal is confirmed like every other deletion (F-LIST-07's Cancel / OK dialog)
  const [removing, setRemoving] = useState<{ queue: Row; number: string } | null>(null);
  const askRemove = (queue: Row, number: string) => setRemoving({ queue, number });
  const removeConfirm: ReactNode = (
    <ConfirmDialog
      open={removing !== null}
      title={t('panel.queues.removeTitle')}
      message={removing ? t('panel.queues.removeMessage', { number: removing.number, queue: String(removing.queue.name ?? '') }) : ''}
      onCancel={() => setRemoving(null)}
      onConfirm={() => removing && remove.mutate(removing)}
      busy={remove.isPending}
    />
  );
  return { add, remove, askRemove, removeConfirm };
}

export function AddMember({ queueId, members, all, onAdd, busy }: { queueId: number; members: string[]; all: string[]; onAdd: (number: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  const options = addableMembers(all, members);
  const [choice, setChoice] = useState('');
  const value = options.includes(choice) ? choice : (options[0] ?? '');
  if (options.length === 0) return null;
  return (
    <div className="flex items-center gap-2">
      <Select aria-label={t('panel.queues.chooseExtension')} value={value} onChange={(e) => setChoice(e.target.value)} className="h-8 w-32" data-testid={`member-choice-${queueId}`}>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Select>
      <Button size="sm" variant="secondary" loading={busy} onClick={() => value && onAdd(value)} data-testid={`member-add-${queueId}`}>
        {t('panel.queues.add')}
      </Button>
    </div>
  );
}
