import { useTranslation } from 'react-i18next';
import { useHubState, type HubState } from '../../hub';
import { cn } from '../../ui/cn';

export type HubDotState = 'live' | 'reconnecting' | 'offline';

/** The hub client's state as the top bar shows it: connecting counts as reconnecting. */
export function hubDotState(state: HubState): HubDotState {
  if (state === 'connected') return 'live';
  if (state === 'disconnected') return 'offline';
  return 'reconnecting';
}

const COLOURS: Record<HubDotState, string> = {
  live: 'bg-success',
  reconnecting: 'bg-warning animate-pulse',
  offline: 'bg-danger',
};

/** A small dot for the tab's real-time connection, with its state as tooltip. */
export function HubStateDot() {
  const { t } = useTranslation();
  const state = hubDotState(useHubState());
  const label = t(`hub.${state}`);
  return (
    <span className="flex size-6 items-center justify-center" title={label} role="status" aria-label={label} data-testid="hub-state" data-state={state}>
      <span className={cn('size-2.5 rounded-full', COLOURS[state])} />
    </span>
  );
}
