import { getDefaultLanguage, getDirection, type Language } from '@candid/domain';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RenderedPage } from './web';

/**
 * The shell every server-drawn first screen shares (the invitation page in modules/jobs, the
 * login page in modules/auth): index.html with a static screen painted first and the app's
 * scripts and stylesheets started after that paint, the base stylesheet and brand mark, the
 * build manifest's chunks and the first visit's language. Below the modules, so each page's
 * module draws its own screen on it without importing another's.
 */

/** The id of the server-drawn first screen the web app removes once its own invitation is up. */
export const FIRST_SCREEN_ID = 'first-screen';

/** Text made safe inside HTML: an element's text or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON inside a `<script type="application/json">`: no `<` can end the element or open a comment. */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** What every server-drawn first screen shares: the page, and the public header's bar. */
export const FIRST_SCREEN_BASE_CSS = `#first-screen~#root{display:none}
body{margin:0}
.fs-page{min-height:100vh;min-height:100dvh;background:#f8f9fa;color:#000;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Noto Sans Hebrew",Arial,"Helvetica Neue",sans-serif;font-size:16px;line-height:1.55;-webkit-font-smoothing:antialiased}
.fs-page *{box-sizing:border-box}
.fs-bar{background:#fff;border-bottom:1px solid #e9ecef;height:61px;padding:0 16px;display:flex;align-items:center;gap:10px;font-weight:800;font-size:20px;letter-spacing:-.3px}
@media (min-width:47.5em){.fs-bar{padding:0 32px}}`;

export const BRAND_MARK =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="#4c6ef5"/><path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round"/><circle cx="23" cy="16" r="2.2" fill="#fff"/></svg>';

/** The id of the element listing the app's scripts and stylesheets, loaded after the first paint. */
export const APP_ASSETS_DATA_ID = 'candid-app-assets';

/** What index.html loads, which an invitation page loads after its first paint instead. */
export interface AppAssets {
  /** The entry module (`<script type="module" src>`). */
  entry: string | null;
  /** Modules to fetch beside it (index.html's `modulepreload` links, then the page's chunks). */
  modules: string[];
  /** The app's stylesheets, applied by the app before its first render (first-screen.ts). */
  styles: string[];
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const APP_STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * Started by the page once it has painted (a frame, then a task; a background tab, whose frames
 * wait, after a second): the app's stylesheets as preloads the app applies itself
 * (first-screen.ts `applyDeferredStyles`), its modules, then its entry, one element per task
 * (each start of a fetch costs the main thread a few ms on a phone; thirty in one task would
 * freeze the page). Until then nothing but the HTML competes for the line, so the candidate sees
 * the job as soon as the HTML is in, and the app's downloads and start-up come after that paint
 * instead of before it.
 */
export const APP_LOADER_SCRIPT = `(function(){var started=false;function start(){if(started)return;started=true;var d=document,h=d.head,a=JSON.parse(d.getElementById('${APP_ASSETS_DATA_ID}').textContent),q=[];a.styles.forEach(function(href){q.push(function(){var l=d.createElement('link');l.rel='preload';l.as='style';l.crossOrigin='';l.setAttribute('data-app-style','');l.href=href;h.appendChild(l)})});a.modules.forEach(function(href){q.push(function(){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;h.appendChild(l)})});if(a.entry)q.push(function(){var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=a.entry;h.appendChild(s)});(function next(){var f=q.shift();if(!f)return;f();setTimeout(next,0)})()}requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,1000)})();`;

/** The CSP source that allows the loader script (and only it) to run inline. */
export const APP_LOADER_SCRIPT_HASH = `'sha256-${createHash('sha256').update(APP_LOADER_SCRIPT).digest('base64')}'`;

/**
 * index.html with a server-drawn first screen (`body`, which the app takes away: an element
 * with id FIRST_SCREEN_ID) and `head` added, in `language`'s direction, and the app's entry,
 * modules (with the page's own chunks) and stylesheets moved into a data block that
 * APP_LOADER_SCRIPT starts after the first paint.
 */
export function renderDeferredApp(
  indexHtml: string,
  page: { language: Language; head: string; body: string; pageChunks: readonly string[] },
): RenderedPage {
  const assets: AppAssets = { entry: null, modules: [], styles: [] };
  // Replacer functions: a `$` in the page's text must stay a `$`.
  const html = indexHtml
    .replace(
      /<html lang="[^"]*" dir="[^"]*">/,
      () => `<html lang="${page.language}" dir="${getDirection(page.language)}">`,
    )
    .replace(ENTRY_SCRIPT, (_tag, src: string) => {
      assets.entry = src;
      return '';
    })
    .replace(MODULE_PRELOAD, (_tag, href: string) => {
      assets.modules.push(href);
      return '';
    })
    .replace(APP_STYLESHEET, (_tag, href: string) => {
      assets.styles.push(href);
      return '';
    });
  assets.modules.push(...page.pageChunks.filter((href) => !assets.modules.includes(href)));
  const loader =
    `<script type="application/json" id="${APP_ASSETS_DATA_ID}">${jsonForHtml(assets)}</script>` +
    `<script>${APP_LOADER_SCRIPT}</script>`;
  return {
    html: html
      .replace('</head>', () => `${page.head}</head>`)
      .replace('<div id="root"></div>', () => `${page.body}<div id="root"></div>${loader}`),
    inlineScriptHashes: [APP_LOADER_SCRIPT_HASH],
  };
}

/** The part of Vite's build manifest (`dist/.vite/manifest.json`) that names chunks and their imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * Every script a page's lazy chunk needs (the chunk and what it imports, transitively) as
 * absolute paths, less what index.html already loads; stylesheets are left to the app.
 */
export function chunkPreloads(manifest: ViteManifest, source: string, indexHtml: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    const href = `/${chunk.file}`;
    if (!indexHtml.includes(`"${href}"`)) files.push(href);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return files;
}

/** Reads the build manifest if the build wrote one (it names each page's chunks). */
export async function readManifest(webDistDir: string): Promise<ViteManifest> {
  try {
    return JSON.parse(
      await readFile(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8'),
    ) as ViteManifest;
  } catch {
    return {};
  }
}

/**
 * The language a first visit opens in, as the app decides it from `navigator.language`:
 * the browser's first preferred language from `Accept-Language`. A candidate who chose another
 * language before has it in localStorage, which only the app reads; it turns the page then.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  return getDefaultLanguage(header?.split(',')[0]?.split(';')[0]?.trim());
}
