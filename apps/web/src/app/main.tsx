import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createApiClient, sleep } from '../common/api/api-client';
import { createStorageTokenStore } from '../common/api/token-store';
import { checkSupport } from '../common/browser/browser-gate';
import { createAppI18n, loadMessages } from '../common/i18n/i18n';
import { applyDocumentLanguage } from '../common/i18n/languages';
import { installAppLogger, logHttpFailure } from '../common/logging/app-logger';
import { showAlert } from '../common/stores/alert-store';
import { useLanguageStore } from '../common/stores/language-store';
import { getViewAsId } from '../common/stores/view-as-store';
import {
  applyDeferredStyles,
  hasFirstScreen,
  releaseFirstScreen,
} from '../common/first-screen/first-screen';
import { isInvitationPath, loadMoreStyles } from '../common/ui/mantine-styles';
import { AppProviders, createQueryClient, type AppServices } from './providers';
import { createAppRouter, type AppRouter } from './router';
import { createSessionEndHandler } from './session-end';
import { UnsupportedBrowser } from './shell/unsupported-browser';

/** The longest the server-drawn invitation stands in for the app (a failed start shows its error). */
const FIRST_SCREEN_MAX_MS = 15_000;

const language = useLanguageStore.getState().language;
applyDocumentLanguage(language);

const queryClient = createQueryClient();
let router: AppRouter | null = null;

const services: Omit<AppServices, 'i18n'> = {
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
    onHttpError: logHttpFailure,
    getViewAsId,
  }),
};
installAppLogger(services.api);

async function start() {
  const [support, messages] = await Promise.all([
    checkSupport(navigator.userAgent, window.location.pathname),
    loadMessages(language),
    applyDeferredStyles(),
    // Only an invitation link's first screen renders without the rest of Mantine's rules.
    isInvitationPath(window.location.pathname) ? undefined : loadMoreStyles(),
  ]);
  const i18n = createAppI18n(language, { [language]: messages });
  if (support.ok) router = createAppRouter();
  // The server-drawn invitation (first-screen.ts) gives way to the app's own, or to whatever
  // else the app shows: another page, the unsupported-browser page, or after a long wait.
  if (!router) releaseFirstScreen();
  const firstPath = window.location.pathname;
  router?.subscribe((state) => {
    if (state.location.pathname !== firstPath) releaseFirstScreen();
  });
  window.setTimeout(releaseFirstScreen, FIRST_SCREEN_MAX_MS);

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');

  const root = createRoot(rootElement);
  const app = (
    <StrictMode>
      <AppProviders services={{ ...services, i18n }}>
        {router ? <RouterProvider router={router} /> : <UnsupportedBrowser support={support} />}
      </AppProviders>
    </StrictMode>
  );
  // Where the server drew the first screen (an invitation link) the candidate already sees the
  // job: the app renders in a transition there, which React splits into short tasks, so the
  // page answers a tap meanwhile instead of freezing for the whole first render (hundreds of ms
  // on a mid-range phone). Elsewhere the screen is empty until the app renders: a plain render.
  if (hasFirstScreen()) startTransition(() => root.render(app));
  else root.render(app);
}

void start();
