import {
  getCoverSources,
  getDefaultLanguage,
  getDirection,
  PRODUCT_NAME,
  type Language,
  type PublicJob,
} from '@candid/domain';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import type { RenderedPage } from '../../plugins/web';
import { findGalleryCover } from '../covers/covers.gallery';
import { getPublicJob } from './jobs.service';
import { sanitizeRichText } from './rich-text';

/** The candidate's pages that open on a job's invitation: `/interview/{jobId}` and `/embed/{jobId}`. */
const CANDIDATE_PAGE = /^\/(interview|embed)\/([^/?#]+)\/?(?:\?[^#]*)?$/;

export type CandidatePageKind = 'interview' | 'embed';

/** The id of the element holding the job as JSON (read by the web app's first render). */
export const PUBLIC_JOB_DATA_ID = 'candid-public-job';
/** The id of the server-drawn first screen the web app removes once its own invitation is up. */
export const FIRST_SCREEN_ID = 'first-screen';

/** Which invitation page a request path opens, if any (not the interview's later steps). */
export function matchCandidatePage(url: string): { kind: CandidatePageKind; jobId: string } | null {
  const match = CANDIDATE_PAGE.exec(url);
  if (!match) return null;
  let jobId: string;
  try {
    jobId = decodeURIComponent(match[2] ?? '');
  } catch {
    return null;
  }
  return { kind: match[1] as CandidatePageKind, jobId };
}

export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON inside a `<script type="application/json">`: no `<` can end the element or open a comment. */
const jsonForHtml = (value: unknown) =>
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

/*
 * The first screen's own small stylesheet: the same boxes, sizes and colours as the React
 * invitation (Mantine theme values; sm breakpoint 760 px), so nothing moves when the app takes
 * over, and no wait for the app's stylesheet or scripts before the candidate sees the job.
 */
const FIRST_SCREEN_CSS = `${FIRST_SCREEN_BASE_CSS}
.fs-main{padding:16px 0}
.fs-box{max-width:720px;margin:0 auto;padding:0 12px}
.fs-card{background:#fff;border:1px solid #dee2e6;border-radius:16px;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.05),0 10px 15px -5px rgba(0,0,0,.05),0 7px 7px -5px rgba(0,0,0,.04)}
.fs-cover{height:120px;background:linear-gradient(135deg,#4c6ef5,#22b8cf)}
.fs-cover img{display:block;width:100%;height:100%;object-fit:cover}
.fs-body{padding:0 16px 32px;display:flex;flex-direction:column;gap:16px}
.fs-logo{width:72px;height:72px;margin-top:-36px;border:3px solid #fff;border-radius:8px;background:#fff;overflow:hidden;display:flex;align-items:center;justify-content:center;font-weight:700;font-size:29px;color:#3b5bdb}
.fs-logo span{width:100%;height:100%;display:flex;align-items:center;justify-content:center;background:#edf2ff}
.fs-logo img{width:100%;height:100%;object-fit:cover}
.fs-head{display:flex;flex-direction:column;gap:4px}
.fs-head p,.fs-head h1{margin:0}
.fs-company{color:#495057;font-weight:600}
.fs-head h1{font-size:24px;line-height:1.2;font-weight:700}
.fs-place{color:#495057;font-size:14px;display:flex;align-items:center;gap:4px}
.fs-desc :where(p,li,h1,h2,h3,h4,blockquote){unicode-bidi:plaintext;text-align:start}
.fs-desc p{margin:0 0 20px}.fs-desc>:first-child{margin-top:0}.fs-desc>:last-child{margin-bottom:0}
@media (min-width:47.5em){.fs-interview .fs-main{padding:32px 0}.fs-interview .fs-box{padding:0 16px}.fs-cover{height:180px}.fs-body{padding:0 32px 32px}.fs-head h1{font-size:32px}}`;

export const BRAND_MARK =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="#4c6ef5"/><path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round"/><circle cx="23" cy="16" r="2.2" fill="#fff"/></svg>';

const MAP_PIN =
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M9 11a3 3 0 1 0 6 0a3 3 0 0 0 -6 0"/><path d="M17.657 16.657l-4.243 4.243a2 2 0 0 1 -2.827 0l-4.244 -4.243a8 8 0 1 1 11.314 -11.314z"/></svg>';

const GALLERY_COVER_PATH = '/api/covers/';

/**
 * A built-in cover (a small SVG the server draws) goes into the page itself, so the largest
 * thing on the first screen paints with the HTML instead of waiting for a request that shares
 * the line with the app's scripts; the app's own `<img>` then reads the URL, fetched meanwhile
 * (see `coverPreload`).
 */
function galleryCoverData(url: string): string | null {
  if (!url.startsWith(GALLERY_COVER_PATH)) return null;
  const cover = findGalleryCover(url.slice(GALLERY_COVER_PATH.length));
  return cover ? `data:image/svg+xml,${encodeURIComponent(cover.svg)}` : null;
}

function coverImage(url: string): string {
  const inline = galleryCoverData(url);
  const sources = inline ? { src: inline } : getCoverSources(url);
  const srcSet = sources.srcSet
    ? ` srcset="${escapeHtml(sources.srcSet)}" sizes="${escapeHtml(sources.sizes ?? '')}"`
    : '';
  return `<img src="${escapeHtml(sources.src)}"${srcSet} alt="" width="720" height="180" fetchpriority="high" decoding="async">`;
}

/** The inlined built-in cover's URL, fetched early and without priority for the app's `<img>`. */
function coverPreload(url: string | undefined): string {
  return url && galleryCoverData(url)
    ? `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="low">`
    : '';
}

/** The invitation as static HTML: cover, logo, company, title, location and description. */
function invitationHtml(job: PublicJob, kind: CandidatePageKind): string {
  const { info, company } = job;
  const initial = (company.name || '?').trim().charAt(0).toUpperCase();
  const logo = company.logoUrl
    ? `<img src="${escapeHtml(company.logoUrl)}" alt="">`
    : `<span>${escapeHtml(initial)}</span>`;
  const description = sanitizeRichText(info.desc ?? '');
  const header =
    kind === 'interview'
      ? `<header class="fs-bar">${BRAND_MARK}<span>${escapeHtml(PRODUCT_NAME)}</span></header>`
      : '';
  return (
    `<div id="${FIRST_SCREEN_ID}" class="fs-page fs-${kind}">${header}` +
    `<main class="fs-main"><div class="fs-box"><div class="fs-card">` +
    `<div class="fs-cover" aria-hidden="true">${info.coverUrl ? coverImage(info.coverUrl) : ''}</div>` +
    `<div class="fs-body"><div class="fs-logo" aria-hidden="true">${logo}</div>` +
    `<div class="fs-head"><p class="fs-company">${escapeHtml(company.name)}</p>` +
    `<h1>${escapeHtml(info.title)}</h1>` +
    (info.location
      ? `<p class="fs-place">${MAP_PIN}<span>${escapeHtml(info.location)}</span></p>`
      : '') +
    `</div>` +
    (description ? `<div class="fs-desc">${description}</div>` : '') +
    `</div></div></div></main></div>`
  );
}

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
 * index.html for an invitation link with the job in it: the job's public data as JSON (the app
 * reads it instead of asking the API), the invitation drawn as static HTML with its own small
 * stylesheet, and nothing else to load until that has painted: the app's entry, modules (with
 * the page's own chunks) and stylesheets are listed in a data block and started by a small
 * inline loader after the first paint (APP_LOADER_SCRIPT). The app replaces the static screen
 * with its own when that is ready (apps/web/src/common/first-screen/first-screen.ts).
 */
export function renderFirstScreen(
  indexHtml: string,
  job: PublicJob,
  kind: CandidatePageKind,
  pageChunks: readonly string[] = [],
  language: Language = 'en',
): RenderedPage {
  return renderDeferredApp(indexHtml, {
    language,
    head: `<style>${FIRST_SCREEN_CSS}</style>` + coverPreload(job.info.coverUrl),
    body:
      invitationHtml(job, kind) +
      `<script type="application/json" id="${PUBLIC_JOB_DATA_ID}">${jsonForHtml(job)}</script>`,
    pageChunks,
  });
}

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

/** The web app's source module of each invitation page (keys of the Vite manifest). */
export const CANDIDATE_PAGE_SOURCES: Record<CandidatePageKind, string> = {
  interview: 'src/interview/onboarding/routes/onboarding-page.tsx',
  embed: 'src/interview/embed/routes/embed-page.tsx',
};

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
 * The language a first visit opens in (spec §1), as the app decides it from `navigator.language`:
 * the browser's first preferred language from `Accept-Language`. A candidate who chose another
 * language before has it in localStorage, which only the app reads; it turns the page then.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  return getDefaultLanguage(header?.split(',')[0]?.split(';')[0]?.trim());
}

/**
 * The web plugin's page hook: index.html with the first screen for an active job's invitation
 * link, in the direction of the browser's language (a Hebrew browser paints right to left from
 * the first byte), null for every other path (and for an archived, closed, unknown or malformed
 * job id).
 */
export function createInvitationPage(
  db: Db,
  webDistDir: string | null,
  now: () => Date = () => new Date(),
) {
  let manifest: Promise<ViteManifest> | null = null;
  return async (
    url: string,
    indexHtml: string,
    headers: { acceptLanguage?: string } = {},
  ): Promise<RenderedPage | null> => {
    const page = matchCandidatePage(url);
    if (!page) return null;
    const job = await getPublicJob(db, page.jobId, now()).catch(() => null);
    // A closed job's page is the app's own "closed" screen, not the invitation.
    if (!job || job.isClosed) return null;
    manifest ??= webDistDir ? readManifest(webDistDir) : Promise.resolve({});
    const preloads = chunkPreloads(await manifest, CANDIDATE_PAGE_SOURCES[page.kind], indexHtml);
    const language = languageFromAcceptLanguage(headers.acceptLanguage);
    return renderFirstScreen(indexHtml, job, page.kind, preloads, language);
  };
}
