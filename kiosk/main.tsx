/**
 * The kiosk route's entry (`/kiosk/{corp}/{screen}?key=...`): only kiosk code is loaded here (the
 * admin app is another chunk, see src/main.tsx). Dark, high contrast, chromeless, no cursor.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { KioskApp } from './app/kiosk-app';
import { initKioskI18n } from './kiosk-i18n';
import { parseKioskUrl } from './kiosk-url';
import './kiosk.css';

const url = parseKioskUrl(window.location.pathname, window.location.search);
document.documentElement.classList.toggle('kiosk-light', url?.theme === 'light');
document.title = 'Callboard kiosk';
const i18n = initKioskI18n(url?.lang ?? new URLSearchParams(window.location.search).get('lang'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <KioskApp url={url} />
    </I18nextProvider>
  </StrictMode>,
);
