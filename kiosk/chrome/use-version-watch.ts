import { useEffect, useState } from 'react';
import { filter, pairwise } from 'rxjs';
import type { KioskLive } from '../live/kiosk-live';
import { deployedBuild, isNewBuild, RUNNING_BUILD_ID, VERSION_CHECK_MS } from './version-watch';

/** Give the "reloading" line a moment on screen before the page goes. */
const RELOAD_DELAY_MS = 3000;

/**
 * Checks /version.json every VERSION_CHECK_MS and whenever the hub connects again after a loss (a
 * restart is when a deploy happens); reloads the page once a different build is deployed.
 */
export function useVersionWatch(live: KioskLive): boolean {
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    let stopped = false;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const deployed = await deployedBuild();
      if (stopped || !isNewBuild(RUNNING_BUILD_ID, deployed)) return;
      setReloading(true);
      reloadTimer ??= setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    };
    const timer = setInterval(() => void check(), VERSION_CHECK_MS);
    const reconnected = live.hub.state$
      .pipe(
        pairwise(),
        filter(([before, after]) => before !== 'connected' && after === 'connected'),
      )
      .subscribe(() => void check());
    return () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(reloadTimer);
      reconnected.unsubscribe();
    };
  }, [live]);
  return reloading;
}
