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
import { buttonVariants } from '../../ui/button';
import { PanelLiveProvider, usePanelCorpId } from './panel-live';
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
  usePanelLoadCheck();
  if (corpId === null) return null;
  const SwitchIcon = switchTo.icon;
  return (
    <PanelLiveProvider key={corpId} corpId={corpId}>
      <div className="flex flex-col gap-6" style={panelTokenStyle} data-testid={testId}>
        <div className="flex items-center justify-between">
          <h1 className="text-lg font-semibold">{t(titleKey)}</h1>
          <Link to={paths.toEntry(switchTo.entry)} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
            <SwitchIcon aria-hidden />
            {t(switchTo.labelKey)}
          </Link>
        </div>
        {children(corpId)}
      </div>
    </PanelLiveProvider>
  );
}
