import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PublicJob } from '@candid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATION_OVERVIEW_TEXT,
  languageFromLink,
  matchCandidatePage,
} from '../src/modules/jobs/invitation-page';
import { languageFromAcceptLanguage } from '../src/plugins/web-first-screen';
import { LOGIN_FIRST_SCREEN_TEXT } from '../src/modules/auth/login-page';
import { accountWith, callAs, jobPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';

/** index.html as `vite build` writes it, and the manifest naming the invitation page's chunks. */
const INDEX_HTML =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Candid</title>' +
  '<script type="module" crossorigin src="/assets/index-e1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-s1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-c1.css"></head>' +
  '<body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', imports: ['_shared-s1.js'] },
  '_shared-s1.js': { file: 'assets/shared-s1.js' },
  'src/interview/onboarding/routes/onboarding-page.tsx': {
    file: 'assets/onboarding-page-o1.js',
    imports: ['index.html', '_shared-s1.js', '_title-t1.js'],
  },
  '_title-t1.js': { file: 'assets/title-t1.js' },
  'src/backoffice/auth/routes/login-page.tsx': {
    file: 'assets/login-page-l1.js',
    imports: ['index.html', '_title-t1.js'],
  },
  'src/interview/embed/routes/embed-page.tsx': {
    file: 'assets/embed-page-m1.js',
    imports: ['index.html', '_title-t1.js'],
  },
};

/** A JSON data block the page carries for the app. */
function dataBlock(html: string, id: string): unknown {
  const data = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(
    html,
  );
  expect(data, id).not.toBeNull();
  return JSON.parse(data?.[1] ?? 'null') as unknown;
}

/** The job JSON the page carries for the app. */
const inlinedJob = (html: string) => dataBlock(html, 'candid-public-job') as PublicJob;

/** The inline scripts (not data blocks) of a page. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1] ?? '');

const sha256Source = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the invitation link carries its first screen (PGlite)', () => {
  let t: TestApp;
  let webDir: string;
  let jobId: string;
  let archivedId: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'candid-web-'));
    await mkdir(path.join(webDir, '.vite'), { recursive: true });
    await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await createTestApp('pglite', { WEB_DIST_DIR: webDir });
    const call = callAs(t.app, await accountWith(t.app));
    const created = await call('POST', '/api/job', {
      job: jobPayload({
        info: {
          title: 'Dev <b>&</b> "ops" $& $1',
          location: 'חיפה',
          desc: '<p>Hello <strong>team</strong></p><p>a</p><img src=x onerror="alert(1)"><script>alert(1)</script>',
          coverUrl: 'https://images.unsplash.com/photo-1?fm=jpg',
        },
        company: { name: '</script><script>alert(1)</script>' },
      }),
    });
    expect(created.statusCode).toBe(201);
    jobId = created.json<{ _id: string }>()._id;
    const archived = await call('POST', '/api/job', { job: jobPayload() });
    archivedId = archived.json<{ _id: string }>()._id;
    const archiving = await call('PUT', '/api/job', {
      jobs: [{ ...archived.json<object>(), archivedAt: new Date(0).toISOString() }],
    });
    expect(archiving.statusCode, archiving.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

  it('puts the public job, the same as the API answers, into /interview/{jobId}', async () => {
    const response = await page(`/interview/${jobId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const api = await t.app.inject({ url: `/api/job/${jobId}/public` });
    expect(inlinedJob(response.body)).toEqual(api.json());
  });

  it('draws the invitation as escaped static HTML before the app root, with a sized cover', async () => {
    const { body } = await page(`/interview/${jobId}?utm=mail`);
    const [before, after] = body.split('<div id="root"></div>');
    expect(after).toMatch(
      /^<script type="application\/json" id="candid-app-assets">.*<\/body><\/html>$/s,
    );
    expect(before).toContain('<div id="first-screen" class="fs-page fs-interview">');
    expect(before).toContain('<h1>Dev &lt;b&gt;&amp;&lt;/b&gt; &quot;ops&quot; $&amp; $1</h1>');
    expect(before).toContain('<span>חיפה</span>');
    expect(before).toContain('<div class="fs-desc"><p>Hello <strong>team</strong></p><p>a</p>');
    expect(before).toContain('srcset="https://images.unsplash.com/photo-1?w=480&amp;auto=format');
    expect(before).toContain('fetchpriority="high"');
    // Nothing from the job's text can run: the only script elements are the two data blocks and
    // the app's loader.
    expect(body.match(/<script/g)).toHaveLength(3);
    expect(inlineScripts(body)).toHaveLength(1);
    expect(body).not.toContain('onerror');
    // The app's root stays hidden while the static screen stands in for it.
    expect(before).toContain('#first-screen~#root{display:none}');
  });

  it("loads the app, with the page's own chunks, only after the first paint", async () => {
    const interview = (await page(`/interview/${jobId}`)).body;
    const head = interview.slice(0, interview.indexOf('</head>'));
    // Nothing in the head competes with the HTML: no module script, module preload or stylesheet.
    expect(head).not.toMatch(/<script|modulepreload|rel="stylesheet"|as="style"/);
    expect(dataBlock(interview, 'candid-app-assets')).toEqual({
      entry: '/assets/index-e1.js',
      modules: ['/assets/shared-s1.js', '/assets/onboarding-page-o1.js', '/assets/title-t1.js'],
      styles: ['/assets/index-c1.css'],
    });
    const loader = inlineScripts(interview)[0] ?? '';
    expect(loader).toContain('requestAnimationFrame');
    expect(loader).toContain("getElementById('candid-app-assets')");
    const embed = (await page(`/embed/${jobId}`)).body;
    expect(dataBlock(embed, 'candid-app-assets')).toMatchObject({
      modules: ['/assets/shared-s1.js', '/assets/embed-page-m1.js', '/assets/title-t1.js'],
    });
    expect(embed).toContain('class="fs-page fs-embed"');
    expect(embed).not.toContain('<header');
  });

  it("allows the loader, and no other inline script, in that page's CSP only", async () => {
    const response = await page(`/interview/${jobId}`);
    const csp = String(response.headers['content-security-policy']);
    const loader = inlineScripts(response.body)[0] ?? '';
    expect(csp).toMatch(/(^|;)script-src 'sha256-[^']+' 'self' /);
    expect(csp).toContain(sha256Source(loader));
    expect(csp.match(/sha256-/g)).toHaveLength(1);
    const embedCsp = String((await page(`/embed/${jobId}`)).headers['content-security-policy']);
    expect(embedCsp).toContain(sha256Source(loader));
    expect(embedCsp).toContain('frame-ancestors *');
    const signup = await page('/signup');
    expect(String(signup.headers['content-security-policy'])).not.toContain('sha256-');
  });

  it("paints in the browser's language: a Hebrew browser gets the page right to left", async () => {
    const hebrew = await t.app.inject({
      url: `/interview/${jobId}`,
      headers: { accept: 'text/html', 'accept-language': 'he-IL,he;q=0.9,en;q=0.8' },
    });
    expect(hebrew.body).toMatch(/^<!doctype html><html lang="he" dir="rtl"><head>/);
    expect(hebrew.body).toContain('<div id="first-screen" class="fs-page fs-interview">');
    const english = await t.app.inject({
      url: `/embed/${jobId}`,
      headers: { accept: 'text/html', 'accept-language': 'en-US,he;q=0.5' },
    });
    expect(english.body).toMatch(/^<!doctype html><html lang="en" dir="ltr"><head>/);
    // Without the header (and on every other page) index.html's own English stays.
    expect((await page(`/interview/${jobId}`)).body).toContain('<html lang="en" dir="ltr">');
  });

  it('states the number of questions, the time, one take and what is needed', async () => {
    const { body } = await page(`/interview/${jobId}`);
    const [before] = body.split('<div id="root"></div>');
    expect(before).toContain(
      '<ul class="fs-facts" aria-label="About this interview"><li>1 question</li>' +
        '<li>Up to 5 minutes</li><li>One take per answer</li>' +
        '<li>You&#39;ll need a camera, a microphone and a quiet place</li></ul>',
    );
  });

  it("paints in the link's language (?lng=), whatever the browser's", async () => {
    const hebrew = await t.app.inject({
      url: `/interview/${jobId}?invite=abc&lng=he`,
      headers: { accept: 'text/html', 'accept-language': 'en-US' },
    });
    expect(hebrew.body).toMatch(/^<!doctype html><html lang="he" dir="rtl"><head>/);
    expect(hebrew.body).toContain('<li>שאלה אחת</li><li>עד 5 דקות</li>');
    const english = await t.app.inject({
      url: `/interview/${jobId}?lng=en`,
      headers: { accept: 'text/html', 'accept-language': 'he-IL' },
    });
    expect(english.body).toMatch(/^<!doctype html><html lang="en" dir="ltr"><head>/);
  });

  it('serves the plain index.html for an archived or unknown job and for later interview steps', async () => {
    for (const url of [
      `/interview/${archivedId}`,
      '/interview/not-a-uuid',
      '/embed/00000000-0000-4000-8000-000000000000',
      `/interview/${jobId}/inprogress`,
      '/signup',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });
});

describe('languageFromAcceptLanguage', () => {
  it.each([
    ['he-IL,he;q=0.9,en-US;q=0.8', 'he'],
    ['he', 'he'],
    ['iw-IL', 'he'],
    ['HE;q=1', 'he'],
    ['en-US,he;q=0.9', 'en'],
    ['fr-FR,he', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe('languageFromLink', () => {
  it.each([
    ['/interview/abc?lng=he', 'he'],
    ['/interview/abc?invite=x&lng=EN', 'en'],
    ['/interview/abc?lng=fr', null],
    ['/interview/abc', null],
    ['/interview/abc#lng=he', null],
  ])('%s → %s', (url, expected) => {
    expect(languageFromLink(url)).toBe(expected);
  });
});

describe("the first screen's interview overview", () => {
  it('words it as the web app does, in both languages and plural forms', async () => {
    for (const language of ['en', 'he'] as const) {
      const { onboarding } = JSON.parse(
        await readFile(
          path.join(import.meta.dirname, '../../web/src/locales', `${language}.json`),
          'utf8',
        ),
      ) as { onboarding: { overview: Record<string, string> } };
      const words = onboarding.overview;
      const text = INVITATION_OVERVIEW_TEXT[language];
      const form = (count: number) =>
        count === 1 ? 'one' : count === 2 && language === 'he' ? 'two' : 'other';
      for (const count of [1, 2, 7]) {
        const fill = (key: string) =>
          words[`${key}_${form(count)}`]?.replace('{{count}}', `${count}`);
        expect(text.questions(count), `${language} ${count}`).toBe(fill('questions'));
        expect(text.minutes(count), `${language} ${count}`).toBe(fill('minutes'));
      }
      expect(text).toMatchObject({
        label: words.label,
        oneTry: words.oneTry,
        retakes: words.retakes,
        needs: words.needs,
        needsScreen: words.needsScreen,
      });
    }
  });
});

describe('matchCandidatePage', () => {
  it.each([
    ['/interview/abc', { kind: 'interview', jobId: 'abc' }],
    ['/interview/abc/', { kind: 'interview', jobId: 'abc' }],
    ['/interview/abc?demo=1', { kind: 'interview', jobId: 'abc' }],
    ['/embed/a%20b?lng=he', { kind: 'embed', jobId: 'a b' }],
    ['/interview/abc/end', null],
    ['/interview/', null],
    ['/interview/%E0', null],
    ['/backoffice/interview/abc', null],
  ])('%s', (url, expected) => {
    expect(matchCandidatePage(url)).toEqual(expected);
  });
});

describe('/login carries its first screen (PGlite)', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'candid-web-'));
    await mkdir(path.join(webDir, '.vite'), { recursive: true });
    await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await createTestApp('pglite', { WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  const page = (url: string, acceptLanguage?: string) =>
    t.app.inject({
      url,
      headers: {
        accept: 'text/html',
        ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
      },
    });

  it("draws the login card's heading and loads the app, with the login chunks, after that paint", async () => {
    const response = await page('/login?redirect=%2Fbackoffice%2Fjob');
    expect(response.statusCode).toBe(200);
    const [before] = response.body.split('<div id="root"></div>');
    expect(before).toContain('<div id="first-screen" class="fs-page">');
    expect(before).toContain('<h1>Welcome back</h1>');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload|rel="stylesheet"|as="style"/);
    expect(dataBlock(response.body, 'candid-app-assets')).toEqual({
      entry: '/assets/index-e1.js',
      modules: ['/assets/shared-s1.js', '/assets/login-page-l1.js', '/assets/title-t1.js'],
      styles: ['/assets/index-c1.css'],
    });
    const loader = inlineScripts(response.body)[0] ?? '';
    expect(String(response.headers['content-security-policy'])).toContain(sha256Source(loader));
  });

  it("paints in the browser's language", async () => {
    const hebrew = (await page('/login', 'he-IL,he;q=0.9,en;q=0.8')).body;
    expect(hebrew).toContain('<html lang="he" dir="rtl">');
    expect(hebrew).toContain(`<h1>${LOGIN_FIRST_SCREEN_TEXT.he.title}</h1>`);
  });

  it('leaves other back-office paths to the plain index.html', async () => {
    for (const url of ['/signup', '/login/extra', '/loginx']) {
      const { body } = await page(url);
      expect(body, url).toBe(INDEX_HTML);
    }
  });

  it('words the first screen as the web app does, in both languages', async () => {
    for (const language of ['en', 'he'] as const) {
      const messages = JSON.parse(
        await readFile(
          path.join(import.meta.dirname, '../../web/src/locales', `${language}.json`),
          'utf8',
        ),
      ) as { auth: { login: { title: string; lead: string } } };
      expect(LOGIN_FIRST_SCREEN_TEXT[language]).toEqual({
        title: messages.auth.login.title,
        lead: messages.auth.login.lead,
      });
    }
  });
});
