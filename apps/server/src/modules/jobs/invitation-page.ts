import {
  accentPalette,
  DEFAULT_ORG_BRAND,
  getCoverSources,
  isReadableAccent,
  getInterviewOverview,
  isLanguage,
  PRODUCT_NAME,
  type Language,
  type PublicJob,
} from '@candid/domain';
import type { Db } from '../../db/client';
import type { RenderedPage } from '../../plugins/web';
import {
  BRAND_MARK,
  chunkPreloads,
  escapeHtml,
  FIRST_SCREEN_BASE_CSS,
  FIRST_SCREEN_ID,
  jsonForHtml,
  languageFromAcceptLanguage,
  readManifest,
  renderDeferredApp,
  type ViteManifest,
} from '../../plugins/web-first-screen';
import { findGalleryCover } from '../covers/covers.gallery';
import { getPublicJob } from './jobs.service';
import { sanitizeRichText } from './rich-text';

/** The candidate's pages that open on a job's invitation: `/interview/{jobId}` and `/embed/{jobId}`. */
const CANDIDATE_PAGE = /^\/(interview|embed)\/([^/?#]+)\/?(?:\?[^#]*)?$/;

export type CandidatePageKind = 'interview' | 'embed';

/** The id of the element holding the job as JSON (read by the web app's first render). */
export const PUBLIC_JOB_DATA_ID = 'candid-public-job';

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
.fs-facts{list-style:none;margin:0;padding:0;display:grid;gap:10px;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr))}
.fs-facts li{display:flex;align-items:center;gap:12px;font-size:14px;font-weight:500;line-height:1.45}
.fs-facts li::before{content:"";flex:none;width:32px;height:32px;border-radius:50%;background:rgba(76,110,245,.1)}
@media (max-width:47.49em){.fs-interview .fs-card{min-height:calc(100vh - 61px - 32px);min-height:calc(100dvh - 61px - 32px)}}
.fs-desc p{margin:0 0 20px}.fs-desc>:first-child{margin-top:0}.fs-desc>:last-child{margin-bottom:0}
@media (min-width:47.5em){.fs-interview .fs-main{padding:32px 0}.fs-interview .fs-box{padding:0 16px}.fs-cover{height:180px}.fs-body{padding:0 32px 32px}.fs-head h1{font-size:32px}}`;

/** The candidate header's brand pieces, as the web app's CandidateHeader draws them. */
const BRAND_CSS = `.fs-brand-logo{display:block;height:36px;width:auto;max-width:140px;object-fit:contain}
.fs-bar{justify-content:space-between}
.fs-lead{display:flex;align-items:center;gap:10px;min-width:0}
.fs-lead>span{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fs-powered{display:flex;align-items:center;gap:6px;font-size:12px;font-weight:400;letter-spacing:0;color:#5c636a}
.fs-powered b{color:#000}
@media (max-width:35.99em){.fs-powered span,.fs-powered b{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}}
@media (min-width:47.5em){.fs-brand-logo{max-width:200px}}`;

/** "Powered by", as the web app's `brand.poweredBy` says it. */
export const POWERED_BY_TEXT: Record<Language, string> = {
  en: 'Powered by',
  he: 'מופעל על ידי',
};

/**
 * The accent's colours on the first screen, as the app's theme draws them once it takes over:
 * the cover's gradient from the accent to a light tint of it, the logo's initial and the facts'
 * circles. No accent: Candid's own (the stylesheet's defaults).
 */
function accentCss(accent: string | null): string {
  if (!accent || !isReadableAccent(accent)) return '';
  const palette = accentPalette(accent);
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(accent.slice(start, start + 2), 16));
  return (
    `.fs-cover{background:linear-gradient(135deg,${palette[6]},${palette[3]})}` +
    `.fs-logo{color:${palette[6]}}.fs-logo span{background:rgba(${r},${g},${b},.1)}` +
    `.fs-facts li::before{background:rgba(${r},${g},${b},.1)}`
  );
}

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

/**
 * The invitation's "about this interview" lines as the web app words them
 * (`onboarding.overview.*` in apps/web/src/locales; a test holds them equal).
 */
export const INVITATION_OVERVIEW_TEXT: Record<
  Language,
  {
    label: string;
    questions: (count: number) => string;
    minutes: (count: number) => string;
    oneTry: string;
    retakes: string;
    needs: string;
    needsScreen: string;
  }
> = {
  en: {
    label: 'About this interview',
    questions: (count) => (count === 1 ? '1 question' : `${count} questions`),
    minutes: (count) => (count === 1 ? 'Up to 1 minute' : `Up to ${count} minutes`),
    oneTry: 'One take per answer',
    retakes: 'You can record an answer again',
    needs: "You'll need a camera, a microphone and a quiet place",
    needsScreen: "You'll need a camera, a microphone, a quiet place and to share your screen",
  },
  he: {
    label: 'על הראיון',
    questions: (count) => (count === 1 ? 'שאלה אחת' : count === 2 ? 'שתי שאלות' : `${count} שאלות`),
    minutes: (count) =>
      count === 1 ? 'עד דקה אחת' : count === 2 ? 'עד שתי דקות' : `עד ${count} דקות`,
    oneTry: 'הקלטה אחת לכל תשובה',
    retakes: 'אפשר להקליט תשובה מחדש',
    needs: 'צריך מצלמה, מיקרופון ומקום שקט',
    needsScreen: 'צריך מצלמה, מיקרופון, מקום שקט ושיתוף מסך',
  },
};

/** The number of questions, the time, one take or retakes and what is needed, as a list. */
function overviewHtml(job: PublicJob, language: Language): string {
  const overview = getInterviewOverview(job);
  if (overview.questionCount === 0) return '';
  const text = INVITATION_OVERVIEW_TEXT[language];
  const facts = [
    text.questions(overview.questionCount),
    text.minutes(Math.max(1, overview.totalMinutes)),
    overview.isOneTry ? text.oneTry : text.retakes,
    overview.needsScreen ? text.needsScreen : text.needs,
  ];
  return (
    `<ul class="fs-facts" aria-label="${escapeHtml(text.label)}">` +
    facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join('') +
    `</ul>`
  );
}

/**
 * The candidate header: the company's logo leads (its name when it has none and hides Candid's
 * mark), Candid's mark and name otherwise; "Powered by Candid" beside a logo while the mark shows.
 */
function headerHtml(job: PublicJob, language: Language): string {
  const brand = job.brand ?? DEFAULT_ORG_BRAND;
  const name = escapeHtml(job.company.name);
  let lead = '';
  if (brand.logoUrl) {
    lead = `<img class="fs-brand-logo" src="${escapeHtml(brand.logoUrl)}" alt="${name}">`;
  } else if (brand.showVendorMark) {
    lead = `${BRAND_MARK}<span>${escapeHtml(PRODUCT_NAME)}</span>`;
  } else if (job.company.name) {
    lead = `<span>${name}</span>`;
  }
  const powered =
    brand.logoUrl && brand.showVendorMark
      ? `<span class="fs-powered"><span>${escapeHtml(POWERED_BY_TEXT[language])}</span>${BRAND_MARK.replace(/width="28" height="28"/, 'width="18" height="18"')}<b>${escapeHtml(PRODUCT_NAME)}</b></span>`
      : '';
  return `<header class="fs-bar"><div class="fs-lead">${lead}</div>${powered}</header>`;
}

/** The invitation as static HTML: cover, logo, company, title, location and description. */
function invitationHtml(job: PublicJob, kind: CandidatePageKind, language: Language): string {
  const { info, company } = job;
  const initial = (company.name || '?').trim().charAt(0).toUpperCase();
  const logo = company.logoUrl
    ? `<img src="${escapeHtml(company.logoUrl)}" alt="">`
    : `<span>${escapeHtml(initial)}</span>`;
  const description = sanitizeRichText(info.desc ?? '');
  const header = kind === 'interview' ? headerHtml(job, language) : '';
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
    overviewHtml(job, language) +
    (description ? `<div class="fs-desc">${description}</div>` : '') +
    `</div></div></div></main></div>`
  );
}

/**
 * index.html for an invitation link with the job in it: the job's public data as JSON (the app
 * reads it instead of asking the API), the invitation drawn as static HTML with its own small
 * stylesheet, and nothing else to load until that has painted: the app's entry, modules (with
 * the page's own chunks) and stylesheets are listed in a data block and started by a small
 * inline loader after the first paint (APP_LOADER_SCRIPT, plugins/web-first-screen.ts). The app replaces the static screen
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
    head:
      `<style>${FIRST_SCREEN_CSS}\n${BRAND_CSS}${accentCss((job.brand ?? DEFAULT_ORG_BRAND).accentColor)}</style>` +
      coverPreload(job.info.coverUrl),
    body:
      invitationHtml(job, kind, language) +
      `<script type="application/json" id="${PUBLIC_JOB_DATA_ID}">${jsonForHtml(job)}</script>`,
    pageChunks,
  });
}

/** The web app's source module of each invitation page (keys of the Vite manifest). */
export const CANDIDATE_PAGE_SOURCES: Record<CandidatePageKind, string> = {
  interview: 'src/interview/onboarding/routes/onboarding-page.tsx',
  embed: 'src/interview/embed/routes/embed-page.tsx',
};

/**
 * The language an invitation or personal link asks for (`?lng=he`, `?lng=en`), which the app
 * follows for that visit; null when the link names none (or another value).
 */
export function languageFromLink(url: string): Language | null {
  const query = url.split('#')[0]?.split('?')[1] ?? '';
  const value = new URLSearchParams(query).get('lng')?.trim().toLowerCase();
  return isLanguage(value) ? value : null;
}

/**
 * The web plugin's page hook: index.html with the first screen for an active job's invitation
 * link, in the link's language (`?lng=`) or else the browser's (a Hebrew browser paints right to
 * left from the first byte), null for every other path (and for an archived, closed, unknown or malformed
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
    const language = languageFromLink(url) ?? languageFromAcceptLanguage(headers.acceptLanguage);
    return renderFirstScreen(indexHtml, job, page.kind, preloads, language);
  };
}
