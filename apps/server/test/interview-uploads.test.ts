import {
  multipartKey,
  recordingFileName,
  type CreateApplicantResponse,
  type Job,
} from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema';
import { scanWebm } from '../src/modules/interview-uploads/webm-duration';
import { listTimelineActivities } from '../src/modules/applicant-records/applicant-store';
import type { SignedUp } from './factories';
import {
  accountWith,
  callAsCandidate,
  createInterviewJob,
  startInterview,
} from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { buildLiveWebm } from './webm-fixture';

const MIB = 1024 * 1024;

describe.each(testDbKinds('both'))('recording uploads (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let job: Job;

  beforeAll(async () => {
    t = await createTestApp(kind);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await accountWith(t.app, { perm: 999 });
    job = await createInterviewJob(t.app, owner, ['video', 'screen', 'text']);
  });
  afterAll(async () => t?.close());

  const keyOf = (c: CreateApplicantResponse, questId: string, kind: 'face' | 'screen') =>
    multipartKey(
      job._id,
      recordingFileName({
        applicantId: c.applicant.id,
        jobId: job._id,
        questId,
        kind,
        container: 'webm',
      }),
    );
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();

  /** PUTs bytes to a signed URL of this server (a same-origin path). */
  async function putSigned(signedURL: string, body: Buffer, contentType?: string) {
    const url = new URL(signedURL, origin);
    const response = await fetch(`${origin}${url.pathname}${url.search}`, {
      method: 'PUT',
      body,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    return response;
  }

  async function uploadPart(
    as: ReturnType<typeof callAsCandidate>,
    fileKey: string,
    uploadId: string,
    partNum: number,
    body: Buffer,
  ) {
    const signed = await as(
      'GET',
      `/api/upload/sign_multipart?${q({ fileKey, uploadId, partNum })}`,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const put = await putSigned(signed.json().signedURL, body);
    expect(put.status).toBe(200);
    return { PartNumber: partNum, ETag: put.headers.get('etag')! };
  }

  async function uploadRecording(
    as: ReturnType<typeof callAsCandidate>,
    fileKey: string,
    bytes: Buffer,
  ) {
    const start = await as(
      'GET',
      `/api/upload/start_multipart?${q({ fileKey, fileType: 'video/webm;codecs=vp8,opus' })}`,
    );
    expect(start.statusCode, start.body).toBe(200);
    const { uploadId } = start.json() as { uploadId: string };
    const parts = [];
    for (let offset = 0, n = 1; offset < bytes.length; offset += 5 * MIB, n += 1) {
      parts.push(
        await uploadPart(as, fileKey, uploadId, n, bytes.subarray(offset, offset + 5 * MIB)),
      );
    }
    const done = await as('POST', `/api/upload/complete_multipart?${q({ fileKey, uploadId })}`, {
      parts,
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json() as { key: string; size: number; durationSec: number | null };
  }

  it('checks keys and types against the token', async () => {
    const mine = await startInterview(t.app, job._id);
    const other = await startInterview(t.app, job._id);
    const as = callAsCandidate(t.app, mine.candidateToken);
    const [video, screen, text] = job.quests;
    const start = (fileKey: string, fileType = 'video/webm') =>
      as('GET', `/api/upload/start_multipart?${q({ fileKey, fileType })}`);
    expect((await start(keyOf(other, video!.id, 'face'))).statusCode).toBe(403);
    expect((await start(keyOf(mine, video!.id, 'face'), 'video/quicktime')).statusCode).toBe(400);
    expect((await start(keyOf(mine, video!.id, 'face'), 'video/mp4')).statusCode).toBe(400);
    expect((await start(keyOf(mine, video!.id, 'screen'))).statusCode).toBe(400);
    expect((await start(keyOf(mine, text!.id, 'face'))).statusCode).toBe(400);
    expect((await start(`${job._id}/whatever.webm`)).statusCode).toBe(400);
    expect((await start(keyOf(mine, screen!.id, 'screen'))).statusCode).toBe(200);
    // A recruiter's token does not open uploads.
    const recruiter = await t.app.inject({
      method: 'GET',
      url: `/api/upload/start_multipart?${q({ fileKey: keyOf(mine, video!.id, 'face'), fileType: 'video/webm' })}`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(recruiter.statusCode).toBe(401);
  });

  it('resumes the same upload, lists its parts, enforces part sizes, and no one else can touch it', async () => {
    const mine = await startInterview(t.app, job._id);
    const other = await startInterview(t.app, job._id);
    const as = callAsCandidate(t.app, mine.candidateToken);
    const fileKey = keyOf(mine, job.quests[0]!.id, 'face');
    const first = await as(
      'GET',
      `/api/upload/start_multipart?${q({ fileKey, fileType: 'video/webm' })}`,
    );
    const { uploadId } = first.json() as { uploadId: string };
    const webm = buildLiveWebm({
      clusters: 12,
      blocksPerCluster: 30,
      frameMs: 33,
      blockBytes: 16_000,
    });
    expect(webm.length).toBeGreaterThan(5 * MIB);
    const part1 = await uploadPart(as, fileKey, uploadId, 1, webm.subarray(0, 5 * MIB));

    // The page reloads: the same uploadId comes back and list_parts says what storage has.
    const again = await as(
      'GET',
      `/api/upload/start_multipart?${q({ fileKey, fileType: 'video/webm' })}`,
    );
    expect(again.json().uploadId).toBe(uploadId);
    const listed = await as('POST', `/api/upload/list_parts?${q({ fileKey, uploadId })}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().parts).toEqual([{ PartNumber: 1, ETag: part1.ETag, Size: 5 * MIB }]);

    // Another candidate cannot list, sign, complete or abort it.
    const thief = callAsCandidate(t.app, other.candidateToken);
    expect(
      (await thief('POST', `/api/upload/list_parts?${q({ fileKey, uploadId })}`)).statusCode,
    ).toBe(404);
    expect(
      (await thief('GET', `/api/upload/abort_multipart?${q({ fileKey, uploadId })}`)).statusCode,
    ).toBe(404);
    expect(
      (await thief('GET', `/api/upload/sign_multipart?${q({ fileKey, uploadId, partNum: 2 })}`))
        .statusCode,
    ).toBe(403);

    // Parts but the last must be at least 5 MiB.
    const small = await uploadPart(
      as,
      fileKey,
      uploadId,
      2,
      webm.subarray(5 * MIB, 5 * MIB + 1000),
    );
    const rest = await uploadPart(as, fileKey, uploadId, 3, webm.subarray(5 * MIB + 1000));
    const tooSmall = await as(
      'POST',
      `/api/upload/complete_multipart?${q({ fileKey, uploadId })}`,
      {
        parts: [part1, small, rest],
      },
    );
    expect(tooSmall.statusCode).toBe(400);
    const part2 = await uploadPart(as, fileKey, uploadId, 2, webm.subarray(5 * MIB));
    const done = await as('POST', `/api/upload/complete_multipart?${q({ fileKey, uploadId })}`, {
      parts: [part1, part2],
    });
    expect(done.statusCode, done.body).toBe(200);
    const result = done.json() as { size: number; durationSec: number };
    expect(result.durationSec).toBeCloseTo((12 * 30 * 33) / 1000, 2);
    expect(result.size).toBe(webm.length + 11);

    // The stored recording now carries its Duration.
    const stored = await t.app.storage.getObject(fileKey);
    const scan = await scanWebm(stored.body as AsyncIterable<Buffer>);
    expect(scan.existingDuration).toBe(12 * 30 * 33);
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, fileKey));
    expect(row).toMatchObject({ status: 'completed', sizeBytes: webm.length + 11, kind: 'face' });

    // A retried complete answers the same. restart=1 would start a new upload, a retake: a
    // one-try job allows none without an approved accommodation, and the stored
    // take stays as it was.
    const retried = await as('POST', `/api/upload/complete_multipart?${q({ fileKey, uploadId })}`, {
      parts: [part1, part2],
    });
    expect(retried.statusCode).toBe(200);
    const retake = await as(
      'GET',
      `/api/upload/start_multipart?${q({ fileKey, fileType: 'video/webm', restart: 1 })}`,
    );
    expect(retake.statusCode).toBe(409);
    expect(retake.json()).toMatchObject({ status: 409, key: 'VALIDATION_ERR' });
    const [afterRetake] = await t.app.db.select().from(uploads).where(eq(uploads.key, fileKey));
    expect(afterRetake).toMatchObject({ status: 'completed', uploadId });
  });

  it('submits only when every answer and every recording is stored', async () => {
    const c = await startInterview(t.app, job._id);
    const as = callAsCandidate(t.app, c.candidateToken);
    const [video, screen, text] = job.quests;
    const faceKey = keyOf(c, video!.id, 'face');
    const screenKey = keyOf(c, screen!.id, 'screen');
    const put = (body: Record<string, unknown>) =>
      as('PUT', '/api/applicant', { applicant: { id: c.applicant.id, ...body }, jobId: job._id });
    const small = buildLiveWebm({ clusters: 2, blocksPerCluster: 5, frameMs: 40, blockBytes: 100 });

    // A key not uploaded yet cannot be saved as an answer.
    expect((await put({ answerMap: { [video!.id]: { resTime: 4, faceKey } } })).statusCode).toBe(
      409,
    );
    await uploadRecording(as, faceKey, small);
    expect((await put({ answerMap: { [video!.id]: { resTime: 4, faceKey } } })).statusCode).toBe(
      200,
    );
    // Wrong question for the key.
    expect(
      (await put({ answerMap: { [screen!.id]: { resTime: 4, screenKey: faceKey } } })).statusCode,
    ).toBe(400);
    // The screen recording is signed (started) but not stored: no submit.
    const start = await as(
      'GET',
      `/api/upload/sign?${q({ fileKey: screenKey, fileType: 'video/webm', bucketName: 'x' })}`,
    );
    expect(start.statusCode).toBe(200);
    await put({ answerMap: { [text!.id]: { resTime: 9, txt: 'Done' } } });
    const early = await put({ timestamp: { submitted: new Date().toISOString() } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain(screen!.id);

    // The screen recording goes up as one signed PUT (upload/sign); signing again before the
    // object arrived is the same take, not a retake.
    const sign = await as(
      'GET',
      `/api/upload/sign?${q({ fileKey: screenKey, fileType: 'video/webm', bucketName: 'x' })}`,
    );
    expect(sign.statusCode, sign.body).toBe(200);
    expect((await putSigned(sign.json().signedURL, small, 'video/webm')).status).toBe(200);
    const saved = await put({ answerMap: { [screen!.id]: { resTime: 7, screenKey } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await put({ timestamp: { submitted: new Date().toISOString() } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().applicant.answerMap[video!.id]).toEqual({ resTime: 4, faceKey });
    const rows = await t.app.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.applicantId, c.applicant.id)));
    expect(rows.every((row) => row.status === 'completed')).toBe(true);
    const stored = await t.app.storage.getObject(screenKey);
    expect((await scanWebm(stored.body as AsyncIterable<Buffer>)).existingDuration).toBe(400);
    const timeline = await listTimelineActivities(t.app.db, c.applicant.id);
    expect(timeline.map((event) => event.activity)).toEqual(['created', 'opened', 'submitted']);
    // After submitting nothing more is uploaded.
    const late = await as(
      'GET',
      `/api/upload/start_multipart?${q({ fileKey: faceKey, fileType: 'video/webm' })}`,
    );
    expect(late.statusCode).toBe(409);
  });
});
