import { PRODUCT_NAME, type Language } from '@candid/domain';
import type { RenderedPage } from '../../plugins/web';
import {
  BRAND_MARK,
  chunkPreloads,
  escapeHtml,
  FIRST_SCREEN_BASE_CSS,
  FIRST_SCREEN_ID,
  languageFromAcceptLanguage,
  readManifest,
  renderDeferredApp,
  type ViteManifest,
} from '../../plugins/web-first-screen';

/** `/login`, with or without a query (`?redirect=`). */
const LOGIN_PAGE = /^\/login\/?(?:\?[^#]*)?$/;

/** The web app's login screen (its key in the Vite manifest). */
const LOGIN_PAGE_SOURCE = 'src/backoffice/auth/routes/login-page.tsx';

/**
 * The login card's heading and lead as the web app words them (`auth.login.title` and
 * `auth.login.lead` in apps/web/src/locales; a test holds them equal).
 */
export const LOGIN_FIRST_SCREEN_TEXT: Record<Language, { title: string; lead: string }> = {
  en: { title: 'Welcome back', lead: "Log in to review your candidates' video interviews." },
  he: {
    title: 'טוב לראות אותך שוב',
    lead: 'התחברו כדי לצפות בראיונות הווידאו של המועמדים שלכם.',
  },
};

/*
 * The login screen's frame as the app draws it (AuthLayout: the public header, a 452 px card
 * with the heading and lead; Mantine spacing sm 12, md 16, lg 20; xs 576 px, sm 760 px), so the
 * app's own screen replaces it in place and only the form appears below the lead.
 */
const LOGIN_FIRST_SCREEN_CSS = `${FIRST_SCREEN_BASE_CSS}
.fs-login-main{padding:20px 12px}
.fs-login-card{max-width:452px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:16px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.05),0 1px 2px rgba(0,0,0,.1)}
.fs-login-card h1{margin:0 0 6px;font-size:24px;line-height:1.25;font-weight:700}
.fs-login-card p{margin:0;color:#495057}
@media (min-width:36em){.fs-login-main{padding:20px 16px}}
@media (min-width:47.5em){.fs-login-main{padding:56px 16px}.fs-login-card{padding:36px}.fs-login-card h1{font-size:28px}}`;

/** The login screen's first paint: header, heading and lead, before any script has run. */
export function loginFirstScreenHtml(language: Language): string {
  const text = LOGIN_FIRST_SCREEN_TEXT[language];
  return (
    `<div id="${FIRST_SCREEN_ID}" class="fs-page">` +
    `<header class="fs-bar">${BRAND_MARK}<span>${escapeHtml(PRODUCT_NAME)}</span></header>` +
    `<main class="fs-login-main"><div class="fs-login-card">` +
    `<h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.lead)}</p>` +
    `</div></main></div>`
  );
}

/**
 * The web plugin's page hook for `/login`, the back office's way in: index.html with the login
 * card's heading drawn by the server in the browser's language, and the app (its entry, modules
 * and the login screen's chunks) loaded after that first paint, as an invitation link does.
 * Null for every other path.
 */
export function createLoginPage(webDistDir: string | null) {
  let manifest: Promise<ViteManifest> | null = null;
  return async (
    url: string,
    indexHtml: string,
    headers: { acceptLanguage?: string } = {},
  ): Promise<RenderedPage | null> => {
    if (!LOGIN_PAGE.test(url)) return null;
    manifest ??= webDistDir ? readManifest(webDistDir) : Promise.resolve({});
    const language = languageFromAcceptLanguage(headers.acceptLanguage);
    return renderDeferredApp(indexHtml, {
      language,
      head: `<style>${LOGIN_FIRST_SCREEN_CSS}</style>`,
      body: loginFirstScreenHtml(language),
      pageChunks: chunkPreloads(await manifest, LOGIN_PAGE_SOURCE, indexHtml),
    });
  };
}
