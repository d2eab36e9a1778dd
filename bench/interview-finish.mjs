/* global window, MediaRecorder -- the functions passed to page.evaluate / addInitScript run in the page */
// Time from pressing "Finish interview" to the thank-you page, for a 3-question video
// interview with the uplink throttled (CDP network emulation) to twice the recording bitrate.
// Uploading runs while the candidate records (DESIGN §5), so finishing should leave little to
// send. Runs the real built server and Debian's Chromium with fake devices (E2E_MEDIA.md).
// Run after `npm run build`: `npm run bench -- interview-finish`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const FIXTURES = path.join(ROOT, 'e2e/.fixtures');
const ANSWER_MS = Number(process.env.BENCH_ANSWER_MS ?? 8000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => null);
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function api(baseUrl, method, route, body, token) {
  const response = await fetch(`${baseUrl}/api/${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A verified recruiter: signup, then the emailed link's token from the outbox. */
async function createRecruiter(baseUrl, dataDir) {
  const email = `bench-${Date.now()}@example.com`;
  await api(baseUrl, 'POST', 'auth/signup', {
    fName: 'Bench',
    lName: 'Recruiter',
    email,
    password: 'Secret123',
  });
  const outbox = path.join(dataDir, 'outbox');
  const token = await waitFor(async () => {
    for (const name of await readdir(outbox)) {
      if (!name.endsWith('.json')) continue;
      const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8'));
      if (mail.to !== email) continue;
      const link = mail.text.match(/https?:\/\/\S+\/verify-email\?token=[^\s"<]+/u)?.[0];
      if (link) return new URL(link).searchParams.get('token');
    }
    return null;
  }, 'the verification email');
  const session = await api(baseUrl, 'PUT', 'auth/verify-email', { code: token });
  return session.accessToken;
}

const videoQuestion = (id, txt) => ({
  id,
  txt,
  desc: '',
  vidUrl: null,
  timeLimit: 2,
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

async function runOnce(browser, baseUrl, job) {
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
  await page.getByLabel('Email').fill('noa@example.com');
  await page.getByLabel('Phone').fill('050-1234567');
  await page.getByLabel('City').fill('Haifa');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Run check' }).click();
  const start = page.getByRole('button', { name: 'Start interview' });
  await start.waitFor();
  await waitFor(async () => start.isEnabled(), 'the media check to pass');

  // The media check's sample recording tells the recorder's bitrate on this machine.
  const sample = await page.evaluate(() => window.__recorded[0]);
  const bitsPerSecond = (sample.bytes * 8) / ((sample.lastAt - sample.startedAt) / 1000);
  const uplinkBytesPerSecond = (2 * bitsPerSecond) / 8;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: uplinkBytesPerSecond,
  });

  await start.click();
  await page.waitForURL(/\/inprogress$/u);
  for (let index = 0; index < 3; index += 1) {
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByTestId('recording-badge').waitFor();
    await page.waitForTimeout(ANSWER_MS);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const proceed = page.getByRole('button', {
      name: index === 2 ? 'Finish interview' : 'Save and proceed',
    });
    await waitFor(async () => proceed.isEnabled(), 'proceed');
    if (index < 2) await proceed.click();
    else {
      const startedAt = performance.now();
      await proceed.click();
      await page.getByTestId('thank-you').waitFor({ timeout: 120_000 });
      const finishMs = performance.now() - startedAt;
      const recorded = await page.evaluate(() =>
        window.__recorded.slice(1).reduce((sum, entry) => sum + entry.bytes, 0),
      );
      await context.close();
      return { finishMs, bitsPerSecond, uplinkBytesPerSecond, recorded };
    }
  }
  throw new Error('unreachable');
}

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
  await waitFor(async () => (await fetch(`${baseUrl}/api/health`)).ok, 'the server');
  const token = await createRecruiter(baseUrl, dataDir);
  const job = await api(
    baseUrl,
    'POST',
    'job',
    {
      job: {
        info: { title: 'Bench interview', location: 'Haifa', desc: '<p>Bench</p>', coverUrl: '' },
        company: { name: 'Bench', logoUrl: '' },
        rule: { isCvRequired: false, isOneTry: false },
        quests: [
          videoQuestion('q1', 'First'),
          videoQuestion('q2', 'Second'),
          videoQuestion('q3', 'Third'),
        ],
      },
    },
    token,
  );
  const results = [];
  for (let run = 0; run < RUNS; run += 1) results.push(await runOnce(browser, baseUrl, job));
  const times = results.map((result) => result.finishMs).sort((a, b) => a - b);
  const first = results[0];
  console.log(
    `recording bitrate ${(first.bitsPerSecond / 1000).toFixed(0)} kbit/s, uplink throttled to ` +
      `${((first.uplinkBytesPerSecond * 8) / 1000).toFixed(0)} kbit/s, ` +
      `3 answers of ${ANSWER_MS / 1000} s (${(first.recorded / 1024).toFixed(0)} KiB recorded)`,
  );
  console.log(
    `finish → thank-you over ${RUNS} runs: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, ` +
      `min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) =>
    server.exitCode !== null ? resolve() : server.once('exit', resolve),
  );
  await rm(dataDir, { recursive: true, force: true });
}
