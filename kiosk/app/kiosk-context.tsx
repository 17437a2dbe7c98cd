/** The kiosk service and the screen's settings, read by one hook (STYLE 11). */
import { createContext, useContext } from 'react';
import type { KioskScreenConfig } from '../../domain/kiosk-board';
import type { KioskUrl } from '../kiosk-url';
import type { KioskLive } from '../live/kiosk-live';

export interface KioskContextValue {
  live: KioskLive;
  config: KioskScreenConfig;
  url: KioskUrl;
  /** the current kiosk token (for the trend request) */
  token: () => string | null;
}

export const KioskContext = createContext<KioskContextValue | null>(null);

export function useKiosk(): KioskContextValue {
  const value = useContext(KioskContext);
  if (!value) throw new Error('useKiosk outside the kiosk screen');
  return value;
}
