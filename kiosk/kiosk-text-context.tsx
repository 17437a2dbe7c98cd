/** The screen's texts (kiosk-i18n.ts), made once at start and read by one hook. */
import { createContext, useContext } from 'react';
import type { KioskTexts } from './kiosk-i18n';

export const KioskTextContext = createContext<KioskTexts | null>(null);

export function useKioskText(): KioskTexts {
  const texts = useContext(KioskTextContext);
  if (!texts) throw new Error('useKioskText outside the kiosk');
  return texts;
}
