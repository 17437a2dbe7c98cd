/**
 * The supervisor's hands on an agent from the Panel (issue 21): what the agent's state shows (wrap-up,
 * paused with its reason, DND, over a phone that is idle: domain shownState), and the actions on it
 * (pause with a reason in one queue or all, unpause, DND, log in to or out of every queue) behind one
 * menu button per card, reachable by keyboard. The server decides (server/live/agent-actions.ts); the
 * menu offers what the user may do (G-PRM-01: its own extensions, or the action's permission).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { MoreVertical } from 'lucide-react';
import { useEffect, useReducer, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { shownState, type ShownState } from '../../../domain/agents';
import type { AgentState } from '../../../domain/realtime';
import type { AgentActionResult } from '../../../domain/agent-actions';
import { CEILING, withinCeiling } from '../../../domain/level-ceilings';
import { canAct } from '../../../domain/permissions';
import { EXT_STATUS, type ActiveCall, type LiveQueue } from '../../../domain/realtime';
import { statusCode, type ExtensionActorRef } from '../../../machines/extension-machine';
import { api, apiRequest, isApiFailure } from '../../api/client';
import { useScope, useUser } from '../../app/session';
import { Dialog, FormDialogFooter } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Popover } from '../../ui/popover';
import { Select } from '../../ui/select';
import { useSnackbar } from '../../ui/snackbar';
import { useObservable } from '../../ui/use-observable';
import { SpyDialog, TransferDialog, useCallAction, useCallPermissions, useConsulting } from '../live/call-actions';
import { usePanelLive } from './panel-live';

export interface PauseReasonChoice {
  code: string;
  name: string;
  productive: boolean;
  maxMinutes: number | null;
}

/** The extension's phone and agent state as shown now; renders again when it changes by itself (wrap-up's end). */
export function useShownState(actor: ExtensionActorRef): ShownState & { agent: AgentState } {
  const status = useSelector(actor, statusCode);
  const agent = useSelector(actor, (s) => s.context.agent);
  const { clock } = usePanelLive();
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const shown = shownState(status, agent, clock.now());
  useEffect(() => {
    if (shown.changesAt === null) return;
    const timer = setTimeout(tick, Math.max(0, shown.changesAt - clock.now()) + 50);
    return () => clearTimeout(timer);
  }, [shown.changesAt, clock]);
  return { ...shown, agent };
}

/** The corp's pause reasons (GET agent/reasons), for the pause dialog. */
export function usePauseReasons() {
  const scope = useScope();
  return useQuery({ queryKey: ['agentReasons', scope], queryFn: ({ signal }) => api<PauseReasonChoice[]>('agent/reasons', { signal }), staleTime: 60_000 });
}

type AgentCall = { path: string; method: 'POST' | 'PUT'; body: Record<string, unknown>; done: string };

/** One action request with its snackbar: the server's refusal in the user's language. */
export function useAgentAction() {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  return useMutation({
    mutationFn: async (call: AgentCall) => (await apiRequest<AgentActionResult>(call.path, { method: call.method, body: call.body })).data,
    onSuccess: (_result, call) => notify(t(call.done), 'success'),
    onError: (error) => notify(t(isApiFailure(error) ? error.message : 'errors.default', { defaultValue: t('errors.default') }), 'danger'),
  });
}

/** Which of the actions the signed-in user may take on an extension (its own, or with the permission). */
export function useMayAct(ownerUserId: number | null): { pause: boolean; login: boolean } {
  const user = useUser();
  const own = ownerUserId !== null && ownerUserId === user.id && withinCeiling(user.level, CEILING.ownAgentActions);
  return { pause: own || canAct(user, 'pauseOthers'), login: own || canAct(user, 'loginOthers') };
}

/** The queues an extension is a member of now (the live queue lists). */
export function memberQueues(queues: readonly LiveQueue[], number: string): LiveQueue[] {
  return queues.filter((q) => q.members.includes(number));
}

const inCall = (status: number) => status === EXT_STATUS.inUse || status === EXT_STATUS.onHold;

/** The card's menu: pause, unpause, DND, log in to or out of every queue; on a call, listen, record and transfer. */
export function AgentMenu({ number, ownerUserId, agent, status }: { number: string; ownerUserId: number | null; agent: AgentState; status: number }) {
  const { t } = useTranslation();
  const may = useMayAct(ownerUserId);
  const mayCall = useCallPermissions(ownerUserId);
  const action = useAgentAction();
  const { queues } = usePanelLive();
  const [pausing, setPausing] = useState(false);
  const [dialog, setDialog] = useState<'spy' | 'transfer' | null>(null);
  const talking = inCall(status) && (mayCall.spyModes.length > 0 || mayCall.record || mayCall.transfer);
  if (!may.pause && !may.login && !talking) return null;
  const member = memberQueues(queues, number);
  const run = (call: AgentCall, close: () => void) => {
    close();
    action.mutate(call);
  };
  const item = 'flex w-full items-center rounded-md px-3 py-1.5 text-left text-sm hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none disabled:opacity-50';
  return (
    <>
      <Popover
        trigger={<MoreVertical className="size-4" aria-hidden />}
        triggerLabel={t('panel.agent.menu', { number })}
        triggerClassName="inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-surface-2"
        testId={`agent-menu-${number}`}
        panelClassName="w-56 p-1"
      >
        {(close) => (
          <div role="menu" aria-label={t('panel.agent.menu', { number })} className="flex flex-col" data-testid="agent-menu">
            {may.pause && member.length > 0 && !agent.pause ? (
              <button type="button" role="menuitem" className={item} onClick={() => (close(), setPausing(true))} data-testid="agent-pause">
                {t('panel.agent.pause')}
              </button>
            ) : null}
            {may.pause && agent.pause ? (
              <button type="button" role="menuitem" className={item} onClick={() => run({ path: 'agent/unpause', method: 'POST', body: { number }, done: 'panel.agent.unpaused' }, close)} data-testid="agent-unpause">
                {t('panel.agent.unpause')}
              </button>
            ) : null}
            {may.pause ? (
              <button
                type="button"
                role="menuitem"
                className={item}
                onClick={() => run({ path: 'agent/dnd', method: 'PUT', body: { number, on: agent.dndSince === null }, done: agent.dndSince === null ? 'panel.agent.dndOnDone' : 'panel.agent.dndOffDone' }, close)}
                data-testid="agent-dnd"
              >
                {agent.dndSince === null ? t('panel.agent.dndOn') : t('panel.agent.dndOff')}
              </button>
            ) : null}
            {may.login && member.length < queues.length ? (
              <button type="button" role="menuitem" className={item} onClick={() => run({ path: 'agent/login', method: 'POST', body: { number }, done: 'panel.agent.loggedIn' }, close)} data-testid="agent-login-all">
                {t('panel.agent.loginAll')}
              </button>
            ) : null}
            {may.login && member.length > 0 ? (
              <button type="button" role="menuitem" className={item} onClick={() => run({ path: 'agent/logout', method: 'POST', body: { number }, done: 'panel.agent.loggedOut' }, close)} data-testid="agent-logout-all">
                {t('panel.agent.logoutAll')}
              </button>
            ) : null}
            {talking ? <CallMenuItems number={number} may={mayCall} itemClass={item} close={close} open={setDialog} /> : null}
          </div>
        )}
      </Popover>
      {pausing ? <PauseDialog number={number} queues={member} onClose={() => setPausing(false)} /> : null}
      {dialog === 'spy' ? <SpyDialog number={number} onClose={() => setDialog(null)} /> : null}
      {dialog === 'transfer' ? <TransferDialog who={{ number }} title={t('calls.transfer.titleOf', { number })} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** The call part of the menu (mounted only while it is open: it reads the corp's active calls for the recording's state). */
function CallMenuItems({ number, may, itemClass, close, open }: { number: string; may: ReturnType<typeof useCallPermissions>; itemClass: string; close: () => void; open: (dialog: 'spy' | 'transfer') => void }) {
  const { t } = useTranslation();
  const { calls$ } = usePanelLive();
  const calls = useObservable(calls$, NO_CALLS);
  const action = useCallAction();
  const recording = calls.some((c) => c.recording === true && (c.caller === number || c.receiver === number));
  const consulting = useConsulting(number);
  return (
    <>
      <div role="separator" className="my-1 border-t border-border" />
      {may.spyModes.length > 0 ? (
        <button type="button" role="menuitem" className={itemClass} onClick={() => (close(), open('spy'))} data-testid="call-spy">
          {t('calls.spy.open')}
        </button>
      ) : null}
      {may.record ? (
        <button
          type="button"
          role="menuitem"
          className={itemClass}
          onClick={() => (close(), action.mutate({ path: 'call/record', body: { number, on: !recording }, done: recording ? 'calls.record.stopped' : 'calls.record.started' }))}
          data-testid="call-record"
        >
          {recording ? t('calls.record.stop') : t('calls.record.start')}
        </button>
      ) : null}
      {may.transfer ? (
        <button type="button" role="menuitem" className={itemClass} onClick={() => (close(), open('transfer'))} data-testid="call-transfer">
          {consulting ? t('calls.transfer.pending', { to: consulting.to }) : t('calls.transfer.open')}
        </button>
      ) : null}
    </>
  );
}

const NO_CALLS: ActiveCall[] = [];

/** G-PAU-02 / G-PAU-03: a reason (required when the corp has some) and one queue or all of them. */
export function PauseDialog({ number, queues, queueId, onClose }: { number: string; queues: readonly LiveQueue[]; queueId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const reasons = usePauseReasons();
  const action = useAgentAction();
  const [reason, setReason] = useState('');
  const [queue, setQueue] = useState(queueId === undefined ? '' : String(queueId));
  const [missing, setMissing] = useState(false);
  const list = reasons.data ?? [];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (list.length > 0 && reason === '') return setMissing(true);
    action.mutate(
      { path: 'agent/pause', method: 'POST', body: { number, queueId: queue === '' ? null : Number(queue), reason }, done: 'panel.agent.paused' },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('panel.agent.pauseTitle', { number })}
      width={440}
      testId="pause-dialog"
      onSubmit={submit}
      footer={<FormDialogFooter onCancel={onClose} saving={action.isPending} submitLabel={t('panel.agent.pause')} submitTestId="pause-submit" />}
    >
      <div className="flex flex-col gap-3">
        <FormField id="pause-reason" label={t('panel.agent.reason')} error={missing ? t('errors.agentReasonRequired') : undefined}>
          <Select id="pause-reason" value={reason} onChange={(e) => (setReason(e.target.value), setMissing(false))} data-testid="pause-reason" aria-invalid={missing} aria-describedby={missing ? 'pause-reason-error' : undefined}>
            <option value="">{reasons.isPending ? t('panel.loading') : t('panel.agent.chooseReason')}</option>
            {list.map((r) => (
              <option key={r.code} value={r.code}>
                {r.maxMinutes ? t('panel.agent.reasonWithMax', { name: r.name, minutes: r.maxMinutes }) : r.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="pause-queue" label={t('panel.agent.queue')}>
          <Select id="pause-queue" value={queue} onChange={(e) => setQueue(e.target.value)} data-testid="pause-queue">
            <option value="">{t('panel.agent.allQueues')}</option>
            {queues.map((q) => (
              <option key={q.queueId} value={String(q.queueId)}>
                {q.name}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
    </Dialog>
  );
}

/** The agent state's line under the status: the pause's reason (and that it is over its maximum). */
export function agentDetail(t: (key: string, options?: Record<string, unknown>) => string, shown: ShownState & { agent: AgentState }): string | null {
  if (shown.status === 7 && shown.agent.pause) return shown.overdue ? t('panel.agent.reasonOver', { reason: shown.agent.pause.label }) : shown.agent.pause.label;
  return null;
}
