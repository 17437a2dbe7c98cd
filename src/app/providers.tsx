import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { isApiFailure } from '../api/client';
import { SnackbarProvider } from '../ui/snackbar';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // client errors will not change by asking again
        retry: (count, error) => !(isApiFailure(error) && error.status < 500) && count < 2,
      },
    },
  });
}

/** QueryClient, i18n and the snackbar queue; the session lives inside the router (it navigates). */
export function Providers({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
