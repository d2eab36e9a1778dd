import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, ListPartsCommand, S3Client } from '@aws-sdk/client-s3';
import type { CreateApplicantResponse, Job } from '@candid/domain';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountWith, createInterviewJob, startInterview } from './interview-helpers';
import { isMotoAvailable, startMotoServer } from './storage-servers';
import { createTestApp, type TestApp } from './test-app';
import { createTestDatabase, type TestDbKind } from './test-db';
import { tusClient } from './tus-helpers';
import { buildLiveWebm } from './webm-fixture';

/**
 * The tus endpoint served by several API processes on one bucket and one database
 * (docs/uploads.md): the upload lock shared through Redis or PostgreSQL, HEAD right on every
 * process, and no acknowledged byte lost when a process dies in the middle of a PATCH. Needs
 * moto, and Redis (REDIS_URL) or PostgreSQL (TEST_DATABASE_URL) for the lock; the killed
 * process needs PostgreSQL (PGlite serves one process only).
 */

const JWT_SECRET = 'test-secret-test-secret-test-secret-123456';
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The smallest multipart part: the durable store's part size with the default maximum. */
const PART_BYTES = 5 * 1024 * 1024;

interface LockCase {
  name: string;
  env: Record<string, string>;
  db: TestDbKind;
}

const lockCases: LockCase[] = [];
const sharedDb: TestDbKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
if (process.env.REDIS_URL) {
  lockCases.push({ name: 'Redis lock', env: { REDIS_URL: process.env.REDIS_URL }, db: sharedDb });
}
if (process.env.TEST_DATABASE_URL) {
  lockCases.push({ name: 'PostgreSQL advisory lock', env: {}, db: 'postgres' });
}
const motoAvailable = isMotoAvailable();
if (!motoAvailable) {
  console.warn('python3 with moto not found: the tus scale-out tests are skipped');
} else if (lockCases.length === 0) {
  console.warn(
    'neither REDIS_URL nor TEST_DATABASE_URL is set: the tus scale-out tests (a lock shared ' +
      'by processes) are skipped',
  );
}
if (motoAvailable && !process.env.TEST_DATABASE_URL) {
  console.warn('TEST_DATABASE_URL is not set: the kill-a-process-mid-PATCH test is skipped');
}

async function bodyOf(body: unknown): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body as AsyncIterable<Uint8Array>) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

/** A webm of at least `bytes` bytes (the server scans finished recordings as webm). */
function recording(bytes: number): Buffer {
  const blockBytes = 2000;
  const blocks = Math.ceil(bytes / (blockBytes + 10));
  return buildLiveWebm({
    clusters: Math.ceil(blocks / 20),
    blocksPerCluster: 20,
    frameMs: 50,
    blockBytes,
  });
}

/** A raw PATCH whose body is only partly sent; the caller ends it (a socket cut, a kill). */
function openPatch(
  origin: string,
  location: string,
  token: string,
  offset: number,
  contentLength: number,
) {
  const url = new URL(location, origin);
  const request = http.request(url, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/offset+octet-stream',
      'Upload-Offset': String(offset),
      'Content-Length': String(contentLength),
    },
  });
  const answered = new Promise<number>((resolve) => {
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', () => resolve(0));
  });
  return { request, answered };
}

const runnable = motoAvailable && lockCases.length > 0;
// Without the services the suite is listed as skipped (under the reason warned above).
const suiteCases: LockCase[] = runnable
  ? lockCases
  : [{ name: 'no moto, or no Redis and no PostgreSQL', env: {}, db: 'pglite' }];

describe.skipIf(!runnable).each(suiteCases)(
  'tus on several API processes ($name)',
  ({ env: lockEnv, db }) => {
    let moto: Awaited<ReturnType<typeof startMotoServer>>;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let s3: S3Client;
    let env: Record<string, string>;
    const instances: { t: TestApp; origin: string }[] = [];
    let owner: Awaited<ReturnType<typeof accountWith>>;
    let job: Job;

    beforeAll(async () => {
      moto = await startMotoServer();
      database = await createTestDatabase(db);
      s3 = new S3Client({
        region: 'us-east-1',
        endpoint: moto.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' },
      });
      env = {
        ...lockEnv,
        // The processes' settings name PostgreSQL (for its advisory locks) when it is the database.
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        STORAGE_DRIVER: 's3',
        S3_BUCKET: moto.bucket,
        S3_ENDPOINT: moto.endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'testing',
        S3_SECRET_ACCESS_KEY: 'testing',
        S3_FORCE_PATH_STYLE: 'true',
        RATE_LIMIT_PER_MINUTE: '100000',
      };
      for (let i = 0; i < 3; i += 1) {
        const t = await createTestApp(db, env, undefined, { database });
        instances.push({ t, origin: await t.app.listen({ port: 0, host: '127.0.0.1' }) });
      }
      const { app } = instances[0]!.t;
      owner = await accountWith(app, { perm: 999 });
      job = await createInterviewJob(app, owner, ['video', 'text']);
    }, 60_000);
    afterAll(async () => {
      for (const { t } of instances) await t.close();
      await database?.close();
      s3?.destroy();
      await moto?.close();
    });

    const tus = (i: number, c: CreateApplicantResponse) =>
      tusClient(instances[i]!.origin, c.candidateToken);

    async function newUpload(): Promise<{
      c: CreateApplicantResponse;
      location: string;
      id: string;
    }> {
      const c = await startInterview(instances[0]!.t.app, job._id);
      const created = await tus(0, c).create({
        applicantId: c.applicant.id,
        questId: job.quests[0]!.id,
        kind: 'face',
        filetype: 'video/webm',
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const location = created.headers.get('location')!;
      return { c, location, id: location.split('/').pop()! };
    }

    /** The upload's bytes as the bucket holds them once it is finished. */
    async function storedBytes(id: string): Promise<Buffer> {
      const object = await s3.send(new GetObjectCommand({ Bucket: moto.bucket, Key: id }));
      return bodyOf(object.Body);
    }

    async function offsetOn(i: number, c: CreateApplicantResponse, location: string) {
      const head = await tus(i, c).head(location);
      expect(head.status, await head.clone().text()).toBe(200);
      return Number(head.headers.get('upload-offset'));
    }

    /** Sends the rest from the server's offset with the length, on `i`; the stored copy. */
    async function finishFrom(
      i: number,
      c: CreateApplicantResponse,
      location: string,
      bytes: Buffer,
      offset: number,
    ) {
      const rest = await tus(i, c).patch(location, offset, bytes.subarray(offset), bytes.length);
      expect(rest.status, await rest.clone().text()).toBe(204);
      expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
    }

    it('HEAD after a finished upload answers its offset on every process', async () => {
      const { c, location, id } = await newUpload();
      const bytes = recording(30_000);
      expect((await tus(0, c).patch(location, 0, bytes.subarray(0, 10_000))).status).toBe(204);
      await finishFrom(1, c, location, bytes, 10_000);
      for (let i = 0; i < instances.length; i += 1) {
        const head = await tus(i, c).head(location);
        expect(head.status, `process ${i + 1}: ${await head.clone().text()}`).toBe(200);
        expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
        expect(head.headers.get('upload-length')).toBe(String(bytes.length));
      }
      expect((await storedBytes(id)).equals(bytes)).toBe(true);
    });

    it('two PATCHes at offset 0 on two processes: one is stored, the other refused', async () => {
      const { c, location, id } = await newUpload();
      const bytes = recording(40_000);
      const first = bytes.subarray(0, 20_000);
      let openGate!: () => void;
      const gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
      // Without a shared lock neither would ever be answered: both bodies then end, and the
      // test fails on two 204s instead of timing out. A lock answers one within seconds.
      const fallback = setTimeout(() => openGate(), 10_000);
      // Each body sends half, then waits until one of the two was answered: both requests are
      // in flight together, whichever process takes the lock first.
      const slowBody = () =>
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new Uint8Array(first.subarray(0, 10_000)));
            await gate;
            controller.enqueue(new Uint8Array(first.subarray(10_000)));
            controller.close();
          },
        });
      const patchOn = (i: number) =>
        fetch(`${instances[i]!.origin}${location}`, {
          method: 'PATCH',
          headers: {
            'Tus-Resumable': '1.0.0',
            Authorization: `Bearer ${c.candidateToken}`,
            'Content-Type': 'application/offset+octet-stream',
            'Upload-Offset': '0',
          },
          body: slowBody(),
          duplex: 'half',
        } as RequestInit).then(
          async (response) => {
            openGate();
            return {
              status: response.status,
              offset: response.headers.get('upload-offset'),
              body: await response.text(),
            };
          },
          () => {
            openGate();
            return { status: 0, offset: null, body: '' };
          },
        );
      const answers = await Promise.all([patchOn(0), patchOn(1)]);
      clearTimeout(fallback);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(
        statuses.filter((status) => status === 204),
        JSON.stringify(answers),
      ).toHaveLength(1);
      const refused = answers.find((answer) => answer.status !== 204)!;
      expect([409, 423]).toContain(refused.status);
      expect(JSON.parse(refused.body)).toMatchObject({ status: refused.status });
      const accepted = answers.find((answer) => answer.status === 204)!;
      // What the accepted PATCH stored is one copy of the start, never two concatenated.
      const offset = await offsetOn(2, c, location);
      expect(String(offset)).toBe(accepted.offset);
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(first.length);
      await finishFrom(2, c, location, bytes, offset);
      expect((await storedBytes(id)).equals(bytes)).toBe(true);
    }, 60_000);

    it('a PATCH cut mid-body on one process keeps every acknowledged byte for the others', async () => {
      const { c, location, id } = await newUpload();
      const bytes = recording(60_000);
      expect((await tus(0, c).patch(location, 0, bytes.subarray(0, 20_000))).status).toBe(204);
      const { request, answered } = openPatch(
        instances[1]!.origin,
        location,
        c.candidateToken,
        20_000,
        20_000,
      );
      request.write(bytes.subarray(20_000, 30_000));
      await vi.waitFor(
        async () => {
          // The second process is writing: the upload is locked (HEAD elsewhere would wait).
          expect(await lockHeld(id)).toBe(true);
        },
        { timeout: 10_000, interval: 50 },
      );
      request.destroy();
      await answered;
      const offset = await offsetOn(2, c, location);
      expect(offset).toBeGreaterThanOrEqual(20_000);
      expect(offset).toBeLessThanOrEqual(30_000);
      await finishFrom(2, c, location, bytes, offset);
      expect((await storedBytes(id)).equals(bytes)).toBe(true);
    }, 60_000);

    /** Whether some process holds the upload's lock, asked the way the lockers keep it. */
    async function lockHeld(id: string): Promise<boolean> {
      if (lockEnv.REDIS_URL) {
        const redis = new Redis(lockEnv.REDIS_URL);
        try {
          return (await redis.exists(`candid-tus:lock:${id}`)) === 1;
        } finally {
          redis.disconnect();
        }
      }
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1, hashtext($2)) as locked',
          [0x7475, id],
        );
        if (rows[0]?.locked) {
          await client.query('select pg_advisory_unlock($1, hashtext($2))', [0x7475, id]);
        }
        return !rows[0]?.locked;
      } finally {
        await client.end();
      }
    }

    /** The server as its own process (node + tsx on src/main.ts), sharing bucket and database. */
    async function startServerProcess() {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-tus-kill-'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH ?? '',
          ...env,
          DATABASE_URL: database.url!,
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          JWT_SECRET,
          PUBLIC_URL: 'http://localhost:3000',
          WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = once(child, 'exit');
      let output = '';
      const origin = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) resolve(match[1]!);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
      });
      return {
        origin,
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    }

    it.skipIf(db !== 'postgres').each([
      { where: 'while its bytes wait in the pending part', length: 60_000, sent: 30_000 },
      {
        where: 'after it stored a multipart part',
        length: PART_BYTES + 600_000,
        sent: PART_BYTES + 300_000,
      },
    ])(
      'a process killed (SIGKILL) mid-PATCH $where loses no acknowledged byte',
      async ({ length, sent }) => {
        const server = await startServerProcess();
        try {
          const { c, location, id } = await newUpload();
          const bytes = recording(length);
          expect((await tus(0, c).patch(location, 0, bytes.subarray(0, 20_000))).status).toBe(204);
          const { request, answered } = openPatch(
            server.origin,
            location,
            c.candidateToken,
            20_000,
            bytes.length - 20_000,
          );
          request.write(bytes.subarray(20_000, sent));
          await vi.waitFor(async () => expect(await lockHeld(id)).toBe(true), {
            timeout: 20_000,
            interval: 50,
          });
          if (sent >= PART_BYTES) {
            // Killed once the part holding the first 20,000 bytes is in the bucket.
            await vi.waitFor(
              async () => {
                const listed = await s3.send(
                  new ListPartsCommand({
                    Bucket: moto.bucket,
                    Key: id,
                    UploadId: await uploadIdOf(id),
                  }),
                );
                expect(listed.Parts?.length ?? 0).toBeGreaterThan(0);
              },
              { timeout: 20_000, interval: 50 },
            );
          } else {
            // The bytes sent so far reach the process's write (nothing in the bucket shows it).
            await new Promise((resolve) => setTimeout(resolve, 300));
          }
          await server.kill();
          request.destroy();
          await answered;
          const offset = await offsetOn(2, c, location);
          expect(offset).toBeGreaterThanOrEqual(sent >= PART_BYTES ? PART_BYTES : 20_000);
          expect(offset).toBeLessThanOrEqual(sent);
          await finishFrom(0, c, location, bytes, offset);
          expect((await storedBytes(id)).equals(bytes)).toBe(true);
        } finally {
          await server.kill().catch(() => undefined);
        }
      },
      120_000,
    );

    /** The multipart upload behind a tus upload (its `.info` names it). */
    async function uploadIdOf(id: string): Promise<string> {
      const info = await s3.send(new GetObjectCommand({ Bucket: moto.bucket, Key: `${id}.info` }));
      return info.Metadata!['upload-id']!;
    }
  },
);
