// Lighthouse on the built app: the candidate's invitation and embed pages, the login page and the
// back office's applicant list (logged in, 50 applicants), with the mobile preset (simulated slow
// 4G, mid-range phone) and the desktop preset, three runs each; prints the medians.
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium); nothing is downloaded.
// Run after `npm run build`: `npm run bench -- lighthouse` (BENCH_RUNS, BENCH_PAGES=interview,login,
// BENCH_PRESETS=mobile,desktop; BENCH_LHR_DIR=dir keeps each run's full Lighthouse JSON report).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { api, createRecruiter, freePort, waitFor } from './lib/bench-server.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? path.join(ROOT, 'apps/server/dist/main.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const APPLICANTS = 50;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** A job as a recruiter makes one: a gallery cover, a description and two questions. */
async function createJob(baseUrl, token) {
  const { results } = await api(baseUrl, 'GET', 'covers/search?query=', undefined, token);
  const question = (id, txt, isVidAns) => ({
    id,
    txt,
    desc: '',
    vidUrl: null,
    timeLimit: 2,
    ansRule: {
      isVidAns,
      isScreenAns: false,
      isTxtAns: !isVidAns,
      isImgAns: false,
      isCodeAns: false,
      isMultiChoiceAns: false,
    },
  });
  return api(
    baseUrl,
    'POST',
    'job',
    {
      job: {
        info: {
          title: 'Product designer',
          location: 'Haifa',
          desc: '<p>We are a small team building tools people enjoy. Tell us about your work.</p>',
          coverUrl: results[0]?.regular ?? '',
        },
        company: { name: 'Bench Ltd', logoUrl: '' },
        rule: { isCvRequired: false, isOneTry: false },
        quests: [question('q1', 'Introduce yourself', true), question('q2', 'Why us?', false)],
      },
    },
    token,
  );
}

/** Candidates as the interview app makes them (started, in progress: a video answer needs a recording). */
async function addApplicants(baseUrl, jobId, count) {
  for (let index = 0; index < count; index += 1) {
    await api(baseUrl, 'POST', 'applicant', {
      // The standard consent notice (version 0), agreed to as the consent step does.
      consent: { version: 0, language: 'en' },
      applicant: {
        info: {
          fName: `Candidate${index}`,
          lName: 'Bench',
          email: `candidate-${index}@example.com`,
          phone: '0501234567',
          hometown: 'Haifa',
        },
      },
      jobId,
    });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One Lighthouse run; `session` (tokens) is put into localStorage first for back-office pages. */
async function runLighthouse(port, url, preset, session, reportName) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  try {
    // Tokens in localStorage make a logged-in visit; every other page starts logged out.
    await page.goto(new URL('/favicon.svg', url).href);
    await page.evaluate((tokens) => {
      localStorage.clear();
      if (!tokens) return;
      localStorage.setItem('candid.accessToken', tokens.accessToken);
      localStorage.setItem('candid.refreshToken', tokens.refreshToken);
    }, session ?? null);
    // Lighthouse keeps the cache when it keeps storage: empty it so every run is a first visit.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: Boolean(session),
    };
    const config = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config, page);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (process.env.BENCH_LHR_DIR) {
      await mkdir(process.env.BENCH_LHR_DIR, { recursive: true });
      await writeFile(path.join(process.env.BENCH_LHR_DIR, `${reportName}.json`), result.report);
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const failed = Object.values(lhr.categories.accessibility.auditRefs)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      requests: lhr.audits['network-requests']?.details?.items?.length ?? NaN,
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      failed,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await page.close();
    browser.disconnect();
  }
}

/** Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART): try again then. */
async function runWithRetry(port, url, preset, session, reportName, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(port, url, preset, session, reportName);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stderr.write(`  retrying ${url} (${preset}): ${error.message}\n`);
    }
  }
}

if (!existsSync(SERVER_ENTRY)) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const serverPort = await freePort();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-lighthouse-'));
const baseUrl = `http://127.0.0.1:${serverPort}`;
const server = spawn(process.execPath, [SERVER_ENTRY], {
  cwd: path.join(ROOT, 'apps/server'),
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let chrome;
try {
  await waitFor(async () => (await fetch(`${baseUrl}/api/health`)).ok, 'the server', 300_000);
  const session = await createRecruiter(baseUrl, dataDir);
  const job = await createJob(baseUrl, session.accessToken);
  await addApplicants(baseUrl, job._id, APPLICANTS);

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const pages = [
    { name: '/interview/{jobId}', key: 'interview', url: `${baseUrl}/interview/${job._id}` },
    { name: '/embed/{jobId}', key: 'embed', url: `${baseUrl}/embed/${job._id}` },
    { name: '/login', key: 'login', url: `${baseUrl}/login` },
    {
      name: '/backoffice/applicant',
      key: 'backoffice',
      url: `${baseUrl}/backoffice/applicant`,
      session,
    },
  ].filter((page) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.includes(page.key));

  const rows = [];
  const presets = ['mobile', 'desktop'].filter(
    (preset) => !process.env.BENCH_PRESETS || process.env.BENCH_PRESETS.includes(preset),
  );
  for (const preset of presets) {
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(
          await runWithRetry(
            chrome.port,
            page.url,
            preset,
            page.session,
            `${page.key}-${preset}-${run + 1}`,
          ),
        );
      const pick = (key) => median(runs.map((r) => r[key]));
      const failed = [...new Set(runs.flatMap((r) => r.failed))];
      rows.push({
        page: page.name,
        preset,
        performance: pick('performance'),
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        bytes: pick('bytes'),
        requests: pick('requests'),
        accessibility: pick('accessibility'),
        failed,
        landedOn: new URL(runs[0].finalUrl).pathname,
      });
      process.stderr.write(`  ${preset} ${page.name}: ${runs.map((r) => r.performance)}\n`);
    }
  }

  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`Lighthouse ${RUNS} run(s) each, median (Chromium at ${chrome.port})`);
  console.log(
    '| page | preset | performance | FCP | LCP | TBT | CLS | transferred | accessibility |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.preset} | ${row.performance} | ${seconds(row.fcp)} | ${seconds(row.lcp)} | ` +
        `${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} | ${(row.bytes / 1024).toFixed(0)} KiB in ${row.requests} requests | ` +
        `${row.accessibility}${row.failed.length ? ` (${row.failed.join(', ')})` : ''} |`,
    );
  }
  const wrongLanding = rows.filter(
    (row) => !row.page.startsWith(row.landedOn.split('/').slice(0, 2).join('/')),
  );
  for (const row of wrongLanding)
    console.log(`note: ${row.page} (${row.preset}) landed on ${row.landedOn}`);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) =>
    server.exitCode !== null ? resolve() : server.once('exit', resolve),
  );
  await rm(dataDir, { recursive: true, force: true });
}
