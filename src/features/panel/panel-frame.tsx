/**
 * What the card view and the list view of the Panel share: the live data for the working corp and
 * a header whose button switches to the other view.
 */
import type { LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { TIMING } from '../../../domain/constants';
import { refreshToken } from '../../api/auth';
import { startPeriodicRefresh } from '../../app/session-store';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePaths } from '../../app/paths';
import { WorkingCorpRequired } from '../../app/working-corp-required';
import { Badge } from '../../ui/badge';
import { buttonVariants } from '../../ui/button';
import { cn } from '../../ui/cn';
import { PanelLiveProvider, usePanelCorpId, usePanelHealth } from './panel-live';
import { panelTokenStyle, usePanelLoadCheck } from './panel-parts';

interface PanelFrameProps {
  titleKey: string;
  testId: string;
  /** the navigation entry of the other view, its label key and icon */
  switchTo: { entry: string; labelKey: string; icon: LucideIcon };
  children: (corpId: number) => ReactNode;
}

export function PanelFrame({ titleKey, testId, switchTo, children }: PanelFrameProps) {
  const corpId = usePanelCorpId();
  const { t } = useTranslation();
  const paths = usePaths();
  // B-PNL-27: the panel refreshes its token every 60 s and on leaving
  useEffect(
    () =>
      startPeriodicRefresh({
        periodMs: TIMING.tokenRefreshMs,
        refresh: refreshToken,
        store: localStorage,
        onError: (error) => console.warn('panel: token refresh failed', error),
      }),
    [],
  );
  // a level 1 user without a working corp: ask for one, never list every corp's extensions and queues
  if (corpId === null) return <WorkingCorpRequired />;
  const SwitchIcon = switchTo.icon;
  return (
    <PanelLiveProvider key={corpId} corpId={corpId}>
      <PanelLoadCheck />
      <div className="flex flex-col gap-6" style={panelTokenStyle} data-testid={testId}>
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-lg font-semibold">{t(titleKey)}</h1>
          <PanelHealth />
          <Link to={paths.toEntry(switchTo.entry)} className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'ml-auto')}>
            <SwitchIcon aria-hidden />
            {t(switchTo.labelKey)}
          </Link>
        </div>
        <StaleDimmer>{children(corpId)}</StaleDimmer>
      </div>
    </PanelLiveProvider>
  );
}

/** B-PNL-28: logs the spec's line when the panel's extensions or queues cannot be loaded. */
function PanelLoadCheck() {
  usePanelLoadCheck();
  return null;
}

// J-UX-03: a server that drives no PBX (PBX=none) is never a green LIVE
const HEALTH_TONE = { live: 'success', pbxDown: 'danger', noPbx: 'warning', reconnecting: 'warning', offline: 'danger' } as const;

/** LIVE, reconnecting, or "PBX unreachable" (issue 12, defect 4): the panel says what its data is worth. */
function PanelHealth() {
  const { t } = useTranslation();
  const health = usePanelHealth();
  return (
    <Badge tone={HEALTH_TONE[health.state]} data-testid="panel-health" data-state={health.state} role="status" title={health.stale ? t('panel.health.stale') : undefined}>
      <span className={cn('size-2 rounded-full bg-current', health.state === 'live' ? '' : 'animate-pulse')} aria-hidden />
      {t(`panel.health.${health.state}`)}
    </Badge>
  );
}

/** The live data dimmed while it is stale (after a reconnect or while the PBX is unreachable, until a fresh snapshot). */
function StaleDimmer({ children }: { children: ReactNode }) {
  const { stale } = usePanelHealth();
  return (
    <div className={cn('flex flex-col gap-6 transition-opacity duration-300', stale && 'opacity-50')} data-testid="panel-data" data-stale={stale ? 'true' : 'false'}>
      {children}
    </div>
  );
}
