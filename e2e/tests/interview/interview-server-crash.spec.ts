import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../../fixtures/test';
import { CANDIDATE, runMediaCheck, videoQuestion } from './interview-helpers';
import {
  countRecordedBytes,
  expectIdenticalToRecorded,
  expectPlayable,
  expectSameMedia,
  readStoredObject,
  readUploadedBytes,
  recordedTakes,
} from './interview-resilience-helpers';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const RECRUITER = { email: 'crash@e2e.local', password: 'Crash1234' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** This spec's own server (the shared one must not be killed), on `port` over `dataDir`. */
function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, [SERVER_ENTRY], {
    cwd: path.join(ROOT, 'apps/server'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_IP: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitForHealth(baseUrl: string): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseUrl}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

function killed(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) resolve();
    else server.once('exit', () => resolve());
  });
}

test('the server killed (SIGKILL) mid-upload and restarted: the upload resumes and the stored recording is the recorded one', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-e2e-crash-'));
  const created = spawnSync(
    'npm',
    ['run', 'user:create', '--', '--email', RECRUITER.email, '--password', RECRUITER.password],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server = startServer(port, dataDir);
  const context = await browser.newContext({
    baseURL: baseUrl,
    permissions: ['camera', 'microphone'],
    locale: 'en-US',
  });
  try {
    await waitForHealth(baseUrl);
    const login = await context.request.post('/api/auth/login', { data: RECRUITER });
    expect(login.ok(), await login.text()).toBe(true);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const jobResponse = await context.request.post('/api/job', {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: {
        job: {
          info: { title: 'Crash interview', location: 'Haifa', desc: '<p>Hi</p>', coverUrl: '' },
          company: { name: 'Acme', logoUrl: '' },
          rule: { isCvRequired: false, isOneTry: false },
          quests: [videoQuestion],
        },
      },
    });
    expect(jobResponse.ok(), await jobResponse.text()).toBe(true);
    const job = (await jobResponse.json()) as { _id: string };

    const page = await context.newPage();
    await countRecordedBytes(page);
    await page.goto(`/interview/${job._id}`);
    await page.getByRole('button', { name: 'Start interview' }).click();
    await page.getByLabel('First name').fill(CANDIDATE.fName);
    await page.getByLabel('Last name').fill(CANDIDATE.lName);
    await page.getByLabel('Email').fill(CANDIDATE.email);
    await page.getByLabel('Phone').fill(CANDIDATE.phone);
    await page.getByLabel('City').fill(CANDIDATE.hometown);
    await page.getByRole('button', { name: 'Continue' }).click();
    await runMediaCheck(page);
    const applicantCreated = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/applicant') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Start interview' }).click();
    const { applicant, candidateToken } = (await (await applicantCreated).json()) as {
      applicant: { id: string };
      candidateToken: string;
    };

    const patches: string[] = [];
    page.on('requestfinished', (finished) => {
      if (finished.url().includes('/api/upload/tus/') && finished.method() === 'PATCH') {
        patches.push(finished.url());
      }
    });
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByTestId('recording-badge')).toBeVisible();
    await expect.poll(() => patches.length, { timeout: 10_000 }).toBeGreaterThan(1);

    // The server dies mid-upload; the candidate keeps talking while it is down.
    server.kill('SIGKILL');
    await killed(server);
    await page.waitForTimeout(3000);
    server = startServer(port, dataDir);
    await waitForHealth(baseUrl);
    const sentBeforeRestart = patches.length;
    await expect.poll(() => patches.length, { timeout: 45_000 }).toBeGreaterThan(sentBeforeRestart);

    await page.getByRole('button', { name: 'Stop recording' }).click();
    const finish = page.getByRole('button', { name: 'Finish interview' });
    await expect(finish).toBeEnabled({ timeout: 10_000 });
    await finish.click();
    await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

    const saved = await context.request.get(`/api/applicant/${applicant.id}`, {
      headers: { Authorization: `Bearer ${candidateToken}` },
    });
    const { answerMap, timestamp } = (
      (await saved.json()) as {
        applicant: {
          answerMap: Record<string, { faceKey?: string }>;
          timestamp: { submitted: string | null };
        };
      }
    ).applicant;
    expect(timestamp.submitted).toBeTruthy();
    const faceKey = answerMap.q1?.faceKey ?? '';
    expect(faceKey).toBe(`${job._id}/${applicant.id}_${job._id}_q1_face.webm`);

    const takes = await recordedTakes(page);
    expect(takes).toHaveLength(1);
    expectIdenticalToRecorded(await readUploadedBytes(faceKey, dataDir), takes[0]!);
    const stored = await readStoredObject(faceKey, dataDir);
    expectSameMedia(stored, takes[0]!);
    await expectPlayable(page, stored, 3);
  } finally {
    await context.close();
    server.kill('SIGTERM');
    await killed(server);
    await rm(dataDir, { recursive: true, force: true });
  }
});
