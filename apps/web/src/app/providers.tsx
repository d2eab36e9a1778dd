import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import type { ApiClient } from '../common/api/api-client';
import { ApiClientProvider } from '../common/api/api-client-context';
import { UiProviders } from '../common/ui/ui-providers';

export interface AppServices {
  i18n: I18n;
  queryClient: QueryClient;
  api: ApiClient;
}

/** Server state. The API client already retries network failures and 503s, so queries do not retry again. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Everything above the router: UI kit, i18n, server state and the API client. */
export function AppProviders({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return (
    <UiProviders i18n={services.i18n}>
      <QueryClientProvider client={services.queryClient}>
        <ApiClientProvider client={services.api}>{children}</ApiClientProvider>
      </QueryClientProvider>
    </UiProviders>
  );
}
