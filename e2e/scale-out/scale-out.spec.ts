import { readFileSync } from 'node:fs';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { APIRequestContext, Request } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { expect, test } from '../fixtures/test';
import {
  CANDIDATE,
  fillDetails,
  runMediaCheck,
  videoQuestion,
} from '../tests/interview/interview-helpers';
import {
  countRecordedBytes,
  expectIdenticalToRecorded,
  expectPlayable,
  expectSameMedia,
  recordedTakes,
  startInterview,
} from '../tests/interview/interview-resilience-helpers';
import { SCALE_OUT_RECRUITER } from './global-setup';
import type { StackInfo, StackProcess } from './stack';

const skipReason = process.env.SCALE_OUT_SKIP;
const stack = skipReason ? null : (JSON.parse(process.env.SCALE_OUT_STACK ?? 'null') as StackInfo);

test.skip(Boolean(skipReason), `the scale-out stack cannot start here: ${skipReason}`);

// A failed run keeps what nginx and each process logged (the stack's folder goes at the end).
// Playwright reads a hook's fixtures from this destructuring, so it must stay empty.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach('nginx access log', { path: stack!.accessLog });
  for (const p of stack!.processes) {
    await testInfo.attach(`process ${p.index} (port ${p.port}) log`, { path: p.logFile });
  }
});

async function login(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: SCALE_OUT_RECRUITER });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function createJob(request: APIRequestContext, accessToken: string): Promise<string> {
  const response = await request.post('/api/job', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      job: {
        info: { title: 'Scale-out', location: 'Haifa', desc: '<p>Hi</p>', coverUrl: '' },
        company: { name: 'Acme', logoUrl: '' },
        rule: { isCvRequired: false, isOneTry: false },
        quests: [videoQuestion],
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { _id: string })._id;
}

/** Which process nginx gave a request, by the request id nginx sent on (X-Request-Id). */
function upstreamOf(requestId: string): string | null {
  for (const line of readFileSync(stack!.accessLog, 'utf8').split('\n')) {
    const [id, upstream] = line.split(' ');
    if (id === requestId) return upstream ?? null;
  }
  return null;
}

/** The tus PATCHes a process has begun and not answered yet, from its own request log. */
function openPatches(process: StackProcess): Set<string> {
  const open = new Set<string>();
  for (const line of readFileSync(process.logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { msg?: string; traceId?: string; req?: { method?: string; url?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a line still being written
    }
    if (!entry.traceId) continue;
    if (
      entry.msg === 'incoming request' &&
      entry.req?.method === 'PATCH' &&
      entry.req.url?.startsWith('/api/upload/tus/')
    ) {
      open.add(entry.traceId);
    } else if (entry.msg === 'request completed' || entry.msg === 'request errored') {
      open.delete(entry.traceId);
    }
  }
  return open;
}

/** An object of the stack's bucket, read as the processes read it (signed). */
async function readObject(key: string): Promise<Buffer> {
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: stack!.s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: stack!.s3.accessKeyId, secretAccessKey: stack!.s3.secretAccessKey },
  });
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: stack!.s3.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } finally {
    s3.destroy();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A recruiter's socket on `url`, watching their own room ("user watch" acknowledged). */
function connectRecruiter(url: string, token: string): Promise<Socket> {
  // The access token's subject is the recruiter's id.
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }
  ).sub;
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () =>
      socket.emit('user watch', userId, (watching: boolean) =>
        watching ? resolve(socket) : reject(new Error(`${url}: "user watch" refused`)),
      ),
    );
    socket.once('connect_error', reject);
  });
}

test('a recruiter connected to any process hears what every other process saved', async ({
  request,
}) => {
  const accessToken = await login(request);
  const jobId = await createJob(request, accessToken);
  // One socket on each process, and one through nginx (the websocket upgrade of the recipe).
  const urls = [...stack!.processes.map((p) => `http://127.0.0.1:${p.port}`), stack!.baseUrl];
  const sockets = await Promise.all(urls.map((url) => connectRecruiter(url, accessToken)));
  const heard = sockets.map(() => new Set<string>());
  sockets.forEach((socket, index) =>
    socket.on(
      'save applicant',
      (payload: { data: { type: string; applicant: { id: string } } }) => {
        if (payload.data.type === 'created') heard[index]!.add(payload.data.applicant.id);
      },
    ),
  );
  try {
    const started: string[] = [];
    const upstreams = new Set<string>();
    for (let i = 0; i < stack!.processes.length; i += 1) {
      const response = await request.post('/api/applicant', {
        // A person each: the same address on the same job would resume, not start, an interview.
        data: {
          jobId,
          applicant: { info: { ...CANDIDATE, email: `scale-${i}-${Date.now()}@example.com` } },
          // The standard notice (version 0), agreed to as the consent step does.
          consent: { version: 0, language: 'en' },
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      started.push(((await response.json()) as { applicant: { id: string } }).applicant.id);
      await expect.poll(() => upstreamOf(response.headers()['x-request-id'] ?? '')).not.toBeNull();
      upstreams.add(upstreamOf(response.headers()['x-request-id']!)!);
    }
    // Round robin: each process started one applicant, so every socket heard two of the three
    // from processes it is not connected to.
    expect(upstreams.size).toBe(stack!.processes.length);
    for (const set of heard) await expect.poll(() => [...set].sort()).toEqual([...started].sort());
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
});

test('the per-address request budget is one budget across the processes (Redis)', async ({
  request,
}) => {
  const accessToken = await login(request);
  const answers: { remaining: number; upstream: string }[] = [];
  for (let i = 0; i < 2 * stack!.processes.length; i += 1) {
    const response = await request.get('/api/job/applicant?currPage=1&itemsPerPage=1', {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
    const requestId = response.headers()['x-request-id'] ?? '';
    await expect.poll(() => upstreamOf(requestId)).not.toBeNull();
    answers.push({
      remaining: Number(response.headers()['x-ratelimit-remaining']),
      upstream: upstreamOf(requestId)!,
    });
  }
  // Each process counts into the same budget: what remains falls with every request, whichever
  // process answered it (a budget per process would repeat a count on the next process).
  expect(new Set(answers.map((answer) => answer.upstream)).size).toBe(stack!.processes.length);
  for (let i = 1; i < answers.length; i += 1) {
    expect(answers[i]!.remaining).toBeLessThan(answers[i - 1]!.remaining);
  }
});

test('the process holding a PATCH is killed (SIGKILL): the candidate finishes and the stored recording is the recorded one', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(240_000);
  const accessToken = await login(request);
  const jobId = await createJob(request, accessToken);

  await countRecordedBytes(page);
  await fillDetails(page, jobId);
  await runMediaCheck(page);
  const { applicantId, candidateToken } = await startInterview(page, jobId);

  const inFlight = new Map<Request, number>();
  const acknowledged: { url: string; offset: number }[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PATCH' && sent.url().includes('/api/upload/tus/'))
      inFlight.set(sent, Date.now());
  });
  page.on('requestfailed', (failed) => inFlight.delete(failed));
  page.on('requestfinished', (finished) => {
    if (!inFlight.delete(finished)) return;
    void finished.response().then((response) => {
      const offset = Number(response?.headers()['upload-offset']);
      if (response?.status() === 204 && offset > 0)
        acknowledged.push({ url: finished.url(), offset });
    });
  });

  // An uplink slower than the recorder (~470 kbit/s with the fake camera) keeps a PATCH in
  // flight nearly all the time, each one trickling through nginx to its process.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 24 * 1024,
  });
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  // Past the first acknowledged PATCHes, so the one cut off appends to bytes already stored.
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

  // The victim: the one process with a PATCH open for a while, while the page waits on one.
  let victim: StackProcess | null = null;
  await expect
    .poll(
      () => {
        const now = Date.now();
        const pageWaits = [...inFlight.values()].some((sentAt) => now - sentAt > 400);
        const holding = stack!.processes.filter((p) => isAlive(p.pid) && openPatches(p).size > 0);
        victim = pageWaits && holding.length === 1 ? holding[0]! : null;
        return victim !== null;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
  const killed = victim! as StackProcess;
  const acknowledgedBeforeKill = Math.max(...acknowledged.map((ack) => ack.offset));
  const killedWhat = `process ${killed.index} of ${stack!.processes.length}, holding a PATCH past ${acknowledgedBeforeKill} acknowledged bytes`;
  test.info().annotations.push({ type: 'killed', description: killedWhat });
  console.log(`SIGKILL to ${killedWhat}`);
  process.kill(killed.pid, 'SIGKILL');
  await expect.poll(() => isAlive(killed.pid)).toBe(false);

  // No byte the server acknowledged is gone: every surviving process answers at least that
  // offset (tus HEAD, straight to the process).
  const uploadId = new URL(acknowledged[0]!.url).pathname.split('/').at(-1)!;
  for (const survivor of stack!.processes.filter((p) => p !== killed)) {
    await expect
      .poll(
        async () => {
          const head = await fetch(`http://127.0.0.1:${survivor.port}/api/upload/tus/${uploadId}`, {
            method: 'HEAD',
            headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${candidateToken}` },
          });
          return Number(head.headers.get('upload-offset') ?? -head.status);
        },
        { message: `HEAD on process ${survivor.index} after the kill`, timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(acknowledgedBeforeKill);
  }

  // The candidate goes on; the uplink recovers a little later.
  await page.waitForTimeout(2000);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect
    .poll(() => Math.max(...acknowledged.map((ack) => ack.offset)), { timeout: 30_000 })
    .toBeGreaterThan(acknowledgedBeforeKill);

  await page.getByRole('button', { name: 'Stop recording' }).click();
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 30_000 });
  await finish.click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

  const saved = await request.get(`/api/applicant/${applicantId}`, {
    headers: { Authorization: `Bearer ${candidateToken}` },
  });
  expect(saved.ok()).toBe(true);
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
  expect(faceKey).toBe(`${jobId}/${applicantId}_${jobId}_q1_face.webm`);

  // Every byte the recorder produced, in order, in the upload the server finished (the tus
  // staging object in the bucket, named by the upload's id), and in the stored recording.
  const takes = await recordedTakes(page);
  expect(takes).toHaveLength(1);
  expect(new URL(acknowledged.at(-1)!.url).pathname).toBe(`/api/upload/tus/${uploadId}`);
  expectIdenticalToRecorded(await readObject(uploadId), takes[0]!);
  const stored = await readObject(faceKey);
  expectSameMedia(stored, takes[0]!);
  await expectPlayable(page, stored, 3);
});
