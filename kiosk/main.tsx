/**
 * The kiosk route's entry (`/kiosk/{corp}/{screen}?key=...`): only kiosk code is loaded here (the
 * admin app is another chunk, see src/main.tsx). Dark, high contrast, chromeless, no cursor.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { KioskApp } from './app/kiosk-app';
import locales from 'virtual:kiosk-locales';
import { initKioskTexts } from './kiosk-i18n';
import { KioskTextContext } from './kiosk-text-context';
import { parseKioskUrl } from './kiosk-url';
import './kiosk.css';

const url = parseKioskUrl(window.location.pathname, window.location.search);
document.documentElement.classList.toggle('kiosk-light', url?.theme === 'light');
document.title = 'Callboard kiosk';
const texts = initKioskTexts(locales, url?.lang ?? new URLSearchParams(window.location.search).get('lang'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KioskTextContext.Provider value={texts}>
      <KioskApp url={url} />
    </KioskTextContext.Provider>
  </StrictMode>,
);
