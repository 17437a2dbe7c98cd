/** The admin app's entry (loaded by src/main.tsx for every route but the kiosk's). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initI18n } from './app/i18n';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import './styles.css';

const i18n = initI18n();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
