/**
 * One member of a queue on the Panel's queue list (B-PNL-08/12 and G-AGS-02, G-PAU-02): the number in
 * its state's colour, "paused" with the reason when it is paused in this queue, and the supervisor's
 * pause / unpause in this queue; the config's remove button stays beside it (panel-page.tsx).
 */
import { useSelector } from '@xstate/react';
import { CirclePause, Play } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_AGENT_STATE, pausedIn } from '../../../domain/agents';
import type { LiveQueue } from '../../../domain/realtime';
import type { ExtensionActorRef } from '../../../machines/extension-machine';
import { cn } from '../../ui/cn';
import { PauseDialog, useAgentAction, useMayAct, useShownState } from './agent-actions';
import { statusLook } from './panel-logic';
import { useExtensionRef } from './panel-live';

interface ChipProps {
  number: string;
  queue: LiveQueue | undefined;
  queueId: number;
  ownerUserId: number | null;
  /** the config's own buttons (remove) */
  children?: ReactNode;
}

export function QueueMemberChip(props: ChipProps) {
  const ref = useExtensionRef(props.number);
  return ref ? <LiveChip {...props} actor={ref} /> : <Chip number={props.number}>{props.children}</Chip>;
}

function Chip({ number, className, style, children, label, dot }: { number: string; className?: string; style?: React.CSSProperties; children?: ReactNode; label?: ReactNode; dot?: string }) {
  return (
    <li className={cn('inline-flex items-center gap-1 rounded-full bg-surface-2 py-0.5 pr-1 pl-2 text-xs', className)} style={style} data-testid="queue-member" data-number={number}>
      {dot ? <span className="size-2 rounded-full" style={{ backgroundColor: `var(${dot})` }} aria-hidden /> : null}
      {number}
      {label}
      {children}
    </li>
  );
}

function LiveChip({ number, queue, queueId, ownerUserId, children, actor }: ChipProps & { actor: ExtensionActorRef }) {
  const { t } = useTranslation();
  const shown = useShownState(actor);
  const agent = useSelector(actor, (s) => s.context.agent) ?? NO_AGENT_STATE;
  const may = useMayAct(ownerUserId);
  const action = useAgentAction();
  const [pausing, setPausing] = useState(false);
  const paused = pausedIn(agent, queueId);
  const look = statusLook(paused ? 7 : shown.status, paused && shown.overdue);
  const button = 'inline-flex size-5 items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-ring';
  return (
    <Chip
      number={number}
      // a paused member stands out in the paused colour; the others keep the list quiet, with their state as a dot
      style={paused ? { backgroundColor: `var(${look.token})`, color: `var(${look.token}-fg)` } : undefined}
      dot={paused ? undefined : look.token}
      label={
        paused ? (
          <span className="font-medium" data-testid="member-paused">
            · {t('panel.status.paused')}: {agent.pause?.label}
          </span>
        ) : null
      }
    >
      {may.pause && queue ? (
        paused ? (
          <button
            type="button"
            className={button}
            aria-label={t('panel.agent.unpauseIn', { number, queue: queue.name })}
            disabled={action.isPending}
            onClick={() => action.mutate({ path: 'agent/unpause', method: 'POST', body: { number, queueId }, done: 'panel.agent.unpaused' })}
            data-testid={`member-unpause-${queueId}-${number}`}
          >
            <Play className="size-3" aria-hidden />
          </button>
        ) : (
          <button type="button" className={button} aria-label={t('panel.agent.pauseIn', { number, queue: queue.name })} onClick={() => setPausing(true)} data-testid={`member-pause-${queueId}-${number}`}>
            <CirclePause className="size-3" aria-hidden />
          </button>
        )
      ) : null}
      {children}
      {pausing && queue ? <PauseDialog number={number} queues={[queue]} queueId={queueId} onClose={() => setPausing(false)} /> : null}
    </Chip>
  );
}
