/**
 * An agent's own screen (issue 21, G-PAU-03, G-QLI-02, G-AGS-03): for each extension of the signed-in
 * user, its state as the wall shows it (with the pause's reason and time), pause with a reason or
 * unpause, do-not-disturb, and its queues: logged in or not, each a button. The server decides who may
 * (server/live/agent-actions.ts: one's own extensions need no permission); this screen offers only the
 * user's own, from the same live pipeline as the panel.
 */
import { CirclePause, LogIn, LogOut, MinusCircle, Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavEntry } from '../../app/navigation';
import { useUser } from '../../app/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { formatTimer } from '../../../machines/extension-machine';
import { AGENT_STATUS } from '../../../domain/agents';
import { agentDetail, memberQueues, PauseDialog, useAgentAction, useShownState } from '../panel/agent-actions';
import { PanelLiveProvider, useExtensionRef, useNow, usePanelCorpId, usePanelLive } from '../panel/panel-live';
import { StatusIconBox, panelTokenStyle, useExtensionInfo } from '../panel/panel-parts';
import { statusLook } from '../panel/panel-logic';

export default function MyAgentScreen(_: { entry: NavEntry }) {
  const { t } = useTranslation();
  const corpId = usePanelCorpId();
  const user = useUser();
  const info = useExtensionInfo();
  const mine = [...info.byNumber.values()].filter((row) => row.userId === user.id).map((row) => String(row.number));
  return (
    <div className="flex flex-col gap-4" style={panelTokenStyle} data-testid="my-agent">
      <h1 className="text-lg font-semibold">{t('agentSelf.title')}</h1>
      <p className="text-sm text-muted">{t('agentSelf.intro')}</p>
      {corpId === null ? null : mine.length === 0 ? (
        <p className="text-muted" data-testid="my-agent-none">
          {t('agentSelf.none')}
        </p>
      ) : (
        <PanelLiveProvider key={corpId} corpId={corpId}>
          <ul className="grid gap-4 md:grid-cols-2">
            {mine.map((number) => (
              <li key={number}>
                <MyExtension number={number} />
              </li>
            ))}
          </ul>
        </PanelLiveProvider>
      )}
    </div>
  );
}

function MyExtension({ number }: { number: string }) {
  const ref = useExtensionRef(number);
  const { t } = useTranslation();
  if (!ref) return <Card className="p-4 text-muted">{t('panel.loading')}</Card>;
  return <MyExtensionCard number={number} actor={ref} />;
}

function MyExtensionCard({ number, actor }: { number: string; actor: NonNullable<ReturnType<typeof useExtensionRef>> }) {
  const { t } = useTranslation();
  const shown = useShownState(actor);
  const { queues } = usePanelLive();
  const action = useAgentAction();
  const [pausing, setPausing] = useState(false);
  const look = statusLook(shown.status, shown.overdue);
  const detail = agentDetail(t, shown);
  const member = memberQueues(queues, number);
  const paused = shown.agent.pause;
  const dnd = shown.agent.dndSince !== null;
  return (
    <Card className="flex flex-col gap-4 p-4" data-testid="my-extension" data-number={number} data-shown={shown.status}>
      <div className="flex items-center gap-3">
        <StatusIconBox status={shown.status} overdue={shown.overdue} />
        <div className="min-w-0 flex-1">
          <div className="font-semibold">{t('agentSelf.extension', { number })}</div>
          <div className="text-sm" data-testid="my-state">
            {t(look.labelKey)}
            {detail ? ` · ${detail}` : ''}
            {shown.agentSince !== null ? <Since start={shown.agentSince} /> : null}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {paused ? (
          <Button size="sm" variant="secondary" loading={action.isPending} onClick={() => action.mutate({ path: 'agent/unpause', method: 'POST', body: { number }, done: 'panel.agent.unpaused' })} data-testid="my-unpause">
            <Play aria-hidden />
            {t('panel.agent.unpause')}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" disabled={member.length === 0} onClick={() => setPausing(true)} data-testid="my-pause">
            <CirclePause aria-hidden />
            {t('panel.agent.pause')}
          </Button>
        )}
        <Button
          size="sm"
          variant={dnd ? 'primary' : 'secondary'}
          aria-pressed={dnd}
          loading={action.isPending}
          onClick={() => action.mutate({ path: 'agent/dnd', method: 'PUT', body: { number, on: !dnd }, done: dnd ? 'panel.agent.dndOffDone' : 'panel.agent.dndOnDone' })}
          data-testid="my-dnd"
        >
          <MinusCircle aria-hidden />
          {t('panel.status.dnd')}
        </Button>
      </div>
      <section aria-label={t('agentSelf.queues')}>
        <h2 className="mb-2 text-sm font-semibold">{t('agentSelf.queues')}</h2>
        {queues.length === 0 ? (
          <p className="text-sm text-muted">{t('panel.queues.none')}</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {queues.map((q) => {
              const inQueue = q.members.includes(number);
              const pausedHere = shown.agent.pause?.queues.includes(q.queueId) ?? false;
              return (
                <li key={q.queueId} className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-1.5 text-sm" data-testid="my-queue" data-queue={q.name} data-member={inQueue}>
                  <span>
                    <span className="font-medium">{q.name}</span>{' '}
                    <span className="text-muted">{inQueue ? (pausedHere ? t('panel.status.paused') : t('agentSelf.loggedIn')) : t('agentSelf.loggedOut')}</span>
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={action.isPending}
                    onClick={() => action.mutate({ path: inQueue ? 'agent/logout' : 'agent/login', method: 'POST', body: { number, queueId: q.queueId }, done: inQueue ? 'panel.agent.loggedOut' : 'panel.agent.loggedIn' })}
                    aria-label={t(inQueue ? 'agentSelf.logoutOf' : 'agentSelf.loginTo', { queue: q.name })}
                    data-testid={`my-queue-${inQueue ? 'logout' : 'login'}-${q.queueId}`}
                  >
                    {inQueue ? <LogOut aria-hidden /> : <LogIn aria-hidden />}
                    {inQueue ? t('agentSelf.logout') : t('agentSelf.login')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {pausing ? <PauseDialog number={number} queues={member} onClose={() => setPausing(false)} /> : null}
      {shown.status === AGENT_STATUS.paused && shown.overdue ? (
        <p role="status" className="text-sm font-medium text-danger">
          {t('agentSelf.overdue')}
        </p>
      ) : null}
    </Card>
  );
}

function Since({ start }: { start: number }) {
  const now = useNow();
  return <span className="ml-2 font-mono tabular-nums text-muted">{formatTimer(now - start)}</span>;
}
