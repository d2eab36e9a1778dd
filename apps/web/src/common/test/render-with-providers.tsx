import type { Language } from '@candid/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { ApiClient } from '../api/api-client';
import { ApiClientProvider } from '../api/api-client-context';
import { createTestI18n } from './test-i18n';
import { useLanguageStore } from '../stores/language-store';
import { UiProviders } from '../ui/ui-providers';

/** An ApiClient whose `get` answers from `answers` by path and rejects (401) otherwise. */
export function createFakeApiClient(answers: Record<string, unknown> = {}): ApiClient {
  const request = vi.fn(async (path: string) => {
    if (path in answers) return answers[path];
    throw Object.assign(new Error(`no answer for ${path}`), { status: 401 });
  });
  return {
    request: request as ApiClient['request'],
    get: request as ApiClient['get'],
    post: request as ApiClient['post'],
    put: request as ApiClient['put'],
    delete: request as ApiClient['delete'],
  };
}

export interface TestProviderOptions {
  language?: Language;
  api?: ApiClient;
}

/** The providers of the app (UI kit, i18n, query client, API client) around `ui`, for tests. */
export function renderWithProviders(
  ui: ReactNode,
  { language = 'en', api = createFakeApiClient() }: TestProviderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  useLanguageStore.setState({ language });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <UiProviders i18n={createTestI18n(language)} mantineEnv="test">
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={api}>{ui}</ApiClientProvider>
      </QueryClientProvider>
    </UiProviders>,
  );
  return { ...result, queryClient };
}
