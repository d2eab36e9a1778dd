import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createApiClient, sleep } from '../common/api/api-client';
import { createStorageTokenStore } from '../common/api/token-store';
import type { BrowserSupport } from '../common/browser/check-browser-support';
import { isClearlySupported } from '../common/browser/is-clearly-supported';
import { createAppI18n } from '../common/i18n/i18n';
import { applyDocumentLanguage } from '../common/i18n/languages';
import { showAlert } from '../common/stores/alert-store';
import { useLanguageStore } from '../common/stores/language-store';
import { AppProviders, createQueryClient, type AppServices } from './providers';
import { createAppRouter, type AppRouter } from './router';
import { createSessionEndHandler } from './session-end';
import { UnsupportedBrowser } from './shell/unsupported-browser';

const language = useLanguageStore.getState().language;
applyDocumentLanguage(language);

const queryClient = createQueryClient();
let router: AppRouter | null = null;

const services: AppServices = {
  i18n: createAppI18n(language),
  queryClient,
  api: createApiClient({
    fetch: (input, init) => window.fetch(input, init),
    sleep,
    tokens: createStorageTokenStore(),
    showAlert,
    onSessionEnd: createSessionEndHandler({
      queryClient,
      navigate: (path) => void router?.navigate(path, { replace: true }),
    }),
  }),
};

/**
 * The browser gate runs before routing: an unsupported browser sees the not-supported page
 * whatever the address, which stays as it was so a candidate can copy the link elsewhere. A plain
 * current Chrome, Firefox or Safari passes at once; only other browsers load the full check.
 */
async function checkSupport(userAgent: string): Promise<BrowserSupport> {
  if (isClearlySupported(userAgent)) return { ok: true };
  const { checkBrowserSupport } = await import('../common/browser/check-browser-support');
  return checkBrowserSupport(userAgent);
}

async function start() {
  const support = await checkSupport(navigator.userAgent);
  if (support.ok) router = createAppRouter();

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');

  createRoot(rootElement).render(
    <StrictMode>
      <AppProviders services={services}>
        {router ? <RouterProvider router={router} /> : <UnsupportedBrowser support={support} />}
      </AppProviders>
    </StrictMode>,
  );
}

void start();
