/* global window, document, MediaRecorder -- the functions passed to page.evaluate / addInitScript run in the page */
// Time from pressing "Finish interview" to the thank-you page with the uplink throttled (CDP
// network emulation) relative to the recording bitrate, and time from the last answer being
// saved (the recruiter's "save applicant" event naming its recording) to the recruiter's
// <video> being able to play it (`canplay`). Scenarios:
//   a: three 8 s answers, uplink 2× the bitrate
//   b: one 60 s answer, uplink 2× the bitrate
//   c: three 8 s answers, uplink 1.2× the bitrate
// Uploading runs while the candidate records, so finishing should leave little to
// send whatever the answer's length. Runs the real built server and Debian's Chromium with
// fake devices (docs/media-in-tests.md). Run after `npm run build`: `npm run bench -- interview-finish`;
// BENCH_SCENARIOS=a,b picks scenarios, BENCH_RUNS (default 5) the runs of each; BENCH_TRACE=1
// prints each run's upload and submit requests after the last Stop (ms since the Stop click).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { io } from 'socket.io-client';
import { api, createRecruiter, freePort, waitFor } from './lib/bench-server.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const FIXTURES = path.join(ROOT, 'e2e/.fixtures');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCENARIOS = {
  a: { answers: 3, answerMs: 8000, uplinkFactor: 2 },
  b: { answers: 1, answerMs: 60_000, uplinkFactor: 2 },
  c: { answers: 3, answerMs: 8000, uplinkFactor: 1.2 },
};
const CHOSEN = (process.env.BENCH_SCENARIOS ?? 'a,b,c').split(',').map((name) => name.trim());
const TRACE = process.env.BENCH_TRACE === '1';

/** The upload and answer calls of a page with their start and end times (BENCH_TRACE). */
function traceRequests(page) {
  const events = [];
  let origin = performance.now();
  const isTraced = (url) => url.includes('/api/upload/tus') || url.includes('/api/applicant');
  const label = (request) => {
    const url = new URL(request.url());
    const length = request.headers()['upload-length'];
    const body = request.postDataBuffer();
    return `${request.method()} ${url.pathname.replace(/[0-9a-f]{32}$/u, '…')}${
      length ? ` (Upload-Length ${length})` : ''
    }${body ? ` ${body.length} B` : ''}`;
  };
  page.on('request', (request) => {
    if (isTraced(request.url())) events.push([performance.now() - origin, `→ ${label(request)}`]);
  });
  page.on('requestfinished', async (request) => {
    if (!isTraced(request.url())) return;
    const at = performance.now() - origin;
    const status = (await request.response().catch(() => null))?.status() ?? 0;
    events.push([at, `← ${status} ${label(request)}`]);
  });
  return {
    mark(what) {
      events.push([performance.now() - origin, what]);
    },
    reset() {
      origin = performance.now();
      events.length = 0;
    },
    print() {
      for (const [at, what] of events.sort((a, b) => a[0] - b[0])) {
        console.log(`      ${at.toFixed(0).padStart(6)} ms  ${what}`);
      }
    },
  };
}

const videoQuestion = (id, txt) => ({
  id,
  txt,
  desc: '',
  vidUrl: null,
  timeLimit: 3,
  ansRule: {
    isVidAns: true,
    isScreenAns: false,
    isTxtAns: false,
    isImgAns: false,
    isCodeAns: false,
    isMultiChoiceAns: false,
  },
});

/** Counts what every recorder produces (bytes and elapsed time) to learn the bitrate. */
function countRecorders() {
  window.__recorded = [];
  const start = MediaRecorder.prototype.start;
  MediaRecorder.prototype.start = function counted(...args) {
    const entry = { bytes: 0, startedAt: performance.now(), lastAt: performance.now() };
    window.__recorded.push(entry);
    this.addEventListener('dataavailable', (event) => {
      entry.bytes += event.data.size;
      entry.lastAt = performance.now();
    });
    return start.apply(this, args);
  };
}

/** Records the app's camera constraints for 5 s; bits per second of the chunks after the first. */
async function calibrateBitrate() {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: true,
  });
  const chunks = [];
  const recorder = new MediaRecorder(stream);
  recorder.addEventListener('dataavailable', (event) => {
    chunks.push({ bytes: event.data.size, at: performance.now() });
  });
  const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
  recorder.start(1000);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  recorder.stop();
  await stopped;
  stream.getTracks().forEach((track) => track.stop());
  const steady = chunks.slice(1, -1).filter((chunk) => chunk.bytes > 0);
  if (steady.length < 2) throw new Error(`calibration: only ${chunks.length} chunks in 5 s`);
  const bytes = steady.reduce((sum, chunk) => sum + chunk.bytes, 0);
  const seconds = (steady.at(-1).at - chunks[0].at) / 1000;
  return (bytes * 8) / seconds;
}

/**
 * The recruiter's side: the socket's "save applicant" events; the first one whose answer to
 * `questId` names a recording starts the clock, which stops when a <video> of it can play.
 */
function watchRecruiter({ baseUrl, token, recruiterPage, jobId, questId }) {
  const socket = io(baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
  // The access token's subject is the recruiter's id: their room gets "save applicant".
  const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const watching = new Promise((resolve) => {
    socket.on('connect', () => socket.emit('user watch', userId, (ok) => resolve(ok)));
  });
  let resolveResult;
  const result = new Promise((resolve) => {
    resolveResult = resolve;
  });
  let started = false;
  socket.on('save applicant', (payload) => {
    const applicant = payload?.data?.applicant;
    if (started || !applicant?.answerMap?.[questId]?.faceKey) return;
    started = true;
    const savedAt = performance.now();
    void (async () => {
      const videos = await api(
        baseUrl,
        'GET',
        `job/applicantVideos/${applicant.id}/${jobId}`,
        undefined,
        token,
      );
      const url = videos.answerMap[questId].faceUrl;
      await recruiterPage.evaluate(
        (src) =>
          new Promise((resolve, reject) => {
            const video = document.createElement('video');
            video.muted = true;
            video.preload = 'auto';
            video.addEventListener('canplay', () => resolve(), { once: true });
            video.addEventListener('error', () => reject(new Error('video error')), { once: true });
            video.src = src;
            document.body.append(video);
          }),
        url,
      );
      resolveResult(performance.now() - savedAt);
    })().catch((error) => resolveResult(Promise.reject(error)));
  });
  return { result, watching, close: () => socket.close() };
}

async function runOnce(browser, baseUrl, job, scenario, recruiter) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    permissions: ['camera', 'microphone'],
  });
  const page = await context.newPage();
  await page.addInitScript(countRecorders);
  await page.goto(`/interview/${job._id}`);
  await page.getByRole('button', { name: 'Start interview' }).click();
  await page.getByLabel('First name').fill('Noa');
  await page.getByLabel('Last name').fill('Cohen');
  // A person of their own per run: the runs share a job, and a run that stopped half-way would
  // leave an interview under way that the same address resumes (by e-mailed code).
  await page.getByLabel('Email').fill(`noa-${Date.now()}@example.com`);
  await page.getByLabel('Phone').fill('050-1234567');
  await page.getByLabel('City').fill('Haifa');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The consent notice comes before anything is recorded.
  await page.getByTestId('consent-agree').check();
  await page.getByTestId('consent-accept').click();
  await page.getByRole('button', { name: 'Run check' }).click();
  const start = page.getByRole('button', { name: 'Start interview' });
  await start.waitFor();
  await waitFor(async () => start.isEnabled(), 'the media check to pass');

  // The recorder's steady bitrate on this machine, from a 5 s recording of the same camera
  // (the media check's sample is too short: its first chunk's head and the encoder's ramp-up
  // halved the figure on a loaded machine, so "2×" was about 1.1× of the real answers).
  const bitsPerSecond = await page.evaluate(calibrateBitrate);
  const uplinkBytesPerSecond = Math.round((scenario.uplinkFactor * bitsPerSecond) / 8);
  if (!(uplinkBytesPerSecond > 0)) throw new Error(`calibration: ${bitsPerSecond} bit/s`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: uplinkBytesPerSecond,
  });

  const lastQuest = job.quests[scenario.answers - 1];
  const watcher = watchRecruiter({ ...recruiter, jobId: job._id, questId: lastQuest.id });
  const trace = traceRequests(page);
  try {
    if (!(await watcher.watching)) throw new Error('the recruiter socket could not watch');
    await start.click();
    await page.waitForURL(/\/inprogress$/u);
    for (let index = 0; index < scenario.answers; index += 1) {
      const isLast = index === scenario.answers - 1;
      await page.getByRole('button', { name: 'Start recording' }).click();
      await page.getByTestId('recording-badge').waitFor();
      await page.waitForTimeout(scenario.answerMs);
      if (isLast) trace.reset();
      await page.getByRole('button', { name: 'Stop recording' }).click();
      const proceed = page.getByRole('button', {
        name: isLast ? 'Finish interview' : 'Save and proceed',
      });
      await waitFor(async () => proceed.isEnabled(), 'proceed');
      if (!isLast) {
        await proceed.click();
        continue;
      }
      trace.mark('click Finish interview');
      const startedAt = performance.now();
      await proceed.click();
      await page.getByTestId('thank-you').waitFor({ timeout: 300_000 });
      const finishMs = performance.now() - startedAt;
      trace.mark('thank-you visible');
      if (TRACE) trace.print();
      // What the answers' recorders produced (the media check's and calibration's left out).
      const answers = await page.evaluate(
        (count) => window.__recorded.slice(-count),
        scenario.answers,
      );
      const recorded = answers.reduce((sum, entry) => sum + entry.bytes, 0);
      const answerBitsPerSecond =
        (recorded * 8) /
        (answers.reduce((sum, entry) => sum + (entry.lastAt - entry.startedAt), 0) / 1000);
      const playableMs = await Promise.race([
        watcher.result,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('no playable answer within 60 s')), 60_000),
        ),
      ]);
      await context.close();
      return {
        finishMs,
        playableMs,
        bitsPerSecond,
        answerBitsPerSecond,
        uplinkBytesPerSecond,
        recorded,
      };
    }
  } finally {
    watcher.close();
  }
  throw new Error('unreachable');
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: sorted[Math.floor((sorted.length - 1) / 2)],
    max: sorted.at(-1),
  };
};

if (!existsSync(SERVER_ENTRY)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
if (!existsSync(path.join(FIXTURES, 'face.y4m'))) {
  spawnSync(process.execPath, [path.join(ROOT, 'e2e/scripts/make-fixtures.mjs')], {
    stdio: 'inherit',
  });
}

const port = await freePort();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-bench-'));
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [SERVER_ENTRY], {
  cwd: path.join(ROOT, 'apps/server'),
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--disable-gpu',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${path.join(FIXTURES, 'face.y4m')}`,
    `--use-file-for-fake-audio-capture=${path.join(FIXTURES, 'speech.wav')}`,
  ],
});
try {
  // A loaded machine may take minutes to start the server (PGlite's first open).
  await waitFor(async () => (await fetch(`${baseUrl}/api/health`)).ok, 'the server', 300_000);
  const token = (await createRecruiter(baseUrl, dataDir)).accessToken;
  const recruiterContext = await browser.newContext({ baseURL: baseUrl });
  const recruiterPage = await recruiterContext.newPage();
  await recruiterPage.goto('/');
  const recruiter = { baseUrl, token, recruiterPage };
  for (const name of CHOSEN) {
    const scenario = SCENARIOS[name];
    if (!scenario) throw new Error(`unknown scenario ${name}`);
    const job = await api(
      baseUrl,
      'POST',
      'job',
      {
        job: {
          info: { title: `Bench ${name}`, location: 'Haifa', desc: '<p>Bench</p>', coverUrl: '' },
          company: { name: 'Bench', logoUrl: '' },
          rule: { isCvRequired: false, isOneTry: false },
          quests: Array.from({ length: scenario.answers }, (_, index) =>
            videoQuestion(`q${index + 1}`, `Question ${index + 1}`),
          ),
        },
      },
      token,
    );
    const results = [];
    for (let run = 0; run < RUNS; run += 1) {
      results.push(await runOnce(browser, baseUrl, job, scenario, recruiter));
    }
    const finish = stats(results.map((result) => result.finishMs));
    const playable = stats(results.map((result) => result.playableMs));
    const first = results[0];
    const factors = results.map(
      (result) => (result.uplinkBytesPerSecond * 8) / result.answerBitsPerSecond,
    );
    const effective = { p50: stats(factors).p50, min: Math.min(...factors) };
    console.log(
      `(${name}) ${scenario.answers} × ${scenario.answerMs / 1000} s answers, recording ` +
        `${(first.bitsPerSecond / 1000).toFixed(0)} kbit/s, uplink ` +
        `${((first.uplinkBytesPerSecond * 8) / 1000).toFixed(0)} kbit/s ` +
        `(${scenario.uplinkFactor}×; of the answers' own bitrate ${effective.p50.toFixed(2)}× ` +
        `p50, ${effective.min.toFixed(2)}× min), ${(first.recorded / 1024).toFixed(0)} KiB ` +
        `recorded; ${RUNS} runs; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    console.log(
      `    finish → thank-you: p50 ${finish.p50.toFixed(0)} ms, max ${finish.max.toFixed(0)} ms; ` +
        `answer saved → recruiter canplay: p50 ${playable.p50.toFixed(0)} ms, ` +
        `max ${playable.max.toFixed(0)} ms`,
    );
  }
  await recruiterContext.close();
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) =>
    server.exitCode !== null ? resolve() : server.once('exit', resolve),
  );
  await rm(dataDir, { recursive: true, force: true });
}
