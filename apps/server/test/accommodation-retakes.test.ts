import {
  multipartKey,
  recordingFileName,
  type CreateApplicantResponse,
  type Job,
} from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations, applicants, recordingTakes, uploads } from '../src/db/schema';
import type { SignedUp } from './factories';
import {
  accountWith,
  callAsCandidate,
  createInterviewJob,
  startInterview,
} from './interview-helpers';
import { recruiter, uploadRecording } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { tusClient } from './tus-helpers';
import { buildLiveWebm } from './webm-fixture';

const REASON = 'A tremor makes my first take unreliable.';

/**
 * Extra retakes: a one-try job allows one take of each recorded question, plus the
 * extra takes of an approved accommodation; the server counts takes in every upload path (tus,
 * multipart, single PUT) and refuses one beyond the allowance with 409.
 */
describe.each(testDbKinds())('extra retakes (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let stranger: SignedUp;
  /** One-try (the default rule): two video questions and a text one. */
  let oneTry: Job;
  let withRetakes: Job;

  beforeAll(async () => {
    t = await createTestApp(kind);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await accountWith(t.app);
    stranger = await accountWith(t.app);
    oneTry = await createInterviewJob(t.app, owner, ['video', 'video', 'text']);
    withRetakes = await createInterviewJob(t.app, owner, ['video', 'text'], { isOneTry: false });
  }, 120_000);
  afterAll(async () => t?.close());

  const ask = (created: CreateApplicantResponse, body: unknown) =>
    callAsCandidate(t.app, created.candidateToken)(
      'PUT',
      `/api/applicant/${created.applicant.id}/accommodation`,
      body,
    );
  const decide = (account: SignedUp, job: Job, applicantId: string, decision: string) =>
    recruiter(t.app, account)('PUT', `/api/job/${job._id}/${applicantId}/accommodation`, {
      decision,
    });
  /** Asks for `extraRetakes` and has the owner decide it. */
  async function allow(created: CreateApplicantResponse, extraRetakes: number, decision: string) {
    const asked = await ask(created, { extraRetakes, reason: REASON });
    expect(asked.statusCode, asked.body).toBe(200);
    const decided = await decide(owner, oneTry, created.applicant.id, decision);
    expect(decided.statusCode, decided.body).toBe(200);
  }
  const keyOf = (created: CreateApplicantResponse, job: Job, questId: string) =>
    multipartKey(
      job._id,
      recordingFileName({
        applicantId: created.applicant.id,
        jobId: job._id,
        questId,
        kind: 'face',
        container: 'webm',
      }),
    );
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  const startMultipart = (created: CreateApplicantResponse, fileKey: string) =>
    callAsCandidate(t.app, created.candidateToken)(
      'GET',
      `/api/upload/start_multipart?${q({ fileKey, fileType: 'video/webm', restart: 1 })}`,
    );
  const sign = (created: CreateApplicantResponse, fileKey: string) =>
    callAsCandidate(t.app, created.candidateToken)(
      'GET',
      `/api/upload/sign?${q({ fileKey, fileType: 'video/webm', bucketName: 'x' })}`,
    );
  const createTus = (created: CreateApplicantResponse, questId: string, token?: string) =>
    tusClient(origin, token ?? created.candidateToken).create({
      applicantId: created.applicant.id,
      questId,
      kind: 'face',
      filetype: 'video/webm;codecs=vp8,opus',
    });
  /** A whole take over tus, `clusters` seconds long; answers its upload's location. */
  async function tusTake(created: CreateApplicantResponse, questId: string, clusters: number) {
    const bytes = buildLiveWebm({ clusters, blocksPerCluster: 10, frameMs: 100, blockBytes: 200 });
    const response = await createTus(created, questId);
    expect(response.status, await response.clone().text()).toBe(201);
    const location = response.headers.get('location')!;
    const done = await tusClient(origin, created.candidateToken).patch(
      location,
      0,
      bytes,
      bytes.length,
    );
    expect(done.status).toBe(204);
    return location;
  }
  async function takesOf(applicantId: string) {
    const rows = await t.app.db
      .select({ questionId: recordingTakes.questionId, takes: recordingTakes.takes })
      .from(recordingTakes)
      .where(eq(recordingTakes.applicantId, applicantId));
    return Object.fromEntries(rows.map((row) => [row.questionId, row.takes]));
  }
  async function uploadRowOf(key: string) {
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, key));
    return row;
  }
  async function answerOf(applicantId: string) {
    const [row] = await t.app.db
      .select({ answerMap: applicants.answerMap })
      .from(applicants)
      .where(eq(applicants.id, applicantId));
    return row!.answerMap ?? {};
  }
  function expectRefused(response: { statusCode: number; json(): unknown }) {
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: 409, key: 'VALIDATION_ERR' });
  }

  it('the candidate asks for extra retakes alone or with extra time, on one-try jobs only; the recruiter sees them', async () => {
    const alone = await startInterview(t.app, oneTry._id);
    const first = await ask(alone, { extraRetakes: 2, reason: REASON });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      accommodation: { extraRetakes: 2, extraTimePct: null, status: 'pending' },
    });
    const both = await ask(alone, { extraRetakes: 1, extraTimePct: 100, reason: REASON });
    expect(both.json()).toMatchObject({ accommodation: { extraRetakes: 1, extraTimePct: 100 } });
    const details = await recruiter(t.app, owner)(
      'GET',
      `/api/job/${oneTry._id}/${alone.applicant.id}`,
    );
    expect(details.json().applicant.accommodation).toMatchObject({
      extraRetakes: 1,
      extraTimePct: 100,
      status: 'pending',
    });
    for (const body of [
      { extraRetakes: 3, reason: REASON },
      { extraRetakes: 0, reason: REASON },
      { extraRetakes: null, extraTimePct: null, reason: REASON },
    ]) {
      expect((await ask(alone, body)).statusCode, JSON.stringify(body)).toBe(400);
    }

    // A job with retakes allows as many as the candidate wants: nothing to ask for.
    const elsewhere = await startInterview(t.app, withRetakes._id);
    const refused = await ask(elsewhere, { extraRetakes: 1, reason: REASON });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/one-try/);
    const rows = await t.app.db
      .select()
      .from(accommodations)
      .where(eq(accommodations.applicantId, elsewhere.applicant.id));
    expect(rows).toEqual([]);
    expect((await ask(elsewhere, { extraTimePct: 50, reason: REASON })).statusCode).toBe(200);
  });

  it('without an allowance a one-try question takes one take: a second is refused in every path and the stored take stays', async () => {
    const created = await startInterview(t.app, oneTry._id);
    const [video] = oneTry.quests;
    const key = keyOf(created, oneTry, video!.id);
    await tusTake(created, video!.id, 1);
    const stored = await uploadRowOf(key);
    expect(stored).toMatchObject({ status: 'completed' });

    const tus = await createTus(created, video!.id);
    expect(tus.status).toBe(409);
    expect(await tus.json()).toMatchObject({ status: 409, key: 'VALIDATION_ERR' });
    expectRefused(await startMultipart(created, key));
    expectRefused(await sign(created, key));
    expect(await uploadRowOf(key)).toEqual(stored);
    await expect(t.app.storage.getObject(key)).resolves.toBeTruthy();
    expect(await takesOf(created.applicant.id)).toEqual({ [video!.id]: 1 });
  });

  it('an approved allowance of 1: one retake per question (tus or multipart), the last take is the answer, a third is refused', async () => {
    const created = await startInterview(t.app, oneTry._id);
    await allow(created, 1, 'approved');
    const [video, second] = oneTry.quests;
    const key = keyOf(created, oneTry, video!.id);

    // Take 1, then Retake: the first take is discarded (its data deleted), the second stored.
    const take1 = await tusTake(created, video!.id, 1);
    expect((await uploadRowOf(key))!.durationSec).toBeCloseTo(1, 1);
    expect((await tusClient(origin, created.candidateToken).remove(take1)).status).toBe(204);
    await tusTake(created, video!.id, 2);
    expect(await uploadRowOf(key)).toMatchObject({ status: 'completed' });
    expect((await uploadRowOf(key))!.durationSec).toBeCloseTo(2, 1);
    expect((await answerOf(created.applicant.id))[video!.id]).toMatchObject({ faceKey: key });
    const saved = await callAsCandidate(t.app, created.candidateToken)('PUT', '/api/applicant', {
      applicant: {
        id: created.applicant.id,
        answerMap: { [video!.id]: { resTime: 2, faceKey: key } },
      },
      jobId: oneTry._id,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The allowance is used for this question, whichever path asks.
    expect((await createTus(created, video!.id)).status).toBe(409);
    expectRefused(await startMultipart(created, key));
    expectRefused(await sign(created, key));
    expect((await uploadRowOf(key))!.durationSec).toBeCloseTo(2, 1);

    // Each question has its own allowance: the second one over multipart.
    const secondKey = keyOf(created, oneTry, second!.id);
    await uploadRecording(t.app, origin, created, second!.id);
    const restarted = await startMultipart(created, secondKey);
    expect(restarted.statusCode, restarted.body).toBe(200);
    const part = await callAsCandidate(t.app, created.candidateToken)(
      'GET',
      `/api/upload/sign_multipart?${q({ fileKey: secondKey, uploadId: restarted.json().uploadId, partNum: 1 })}`,
    );
    const url = new URL(part.json().signedURL, origin);
    const put = await fetch(`${origin}${url.pathname}${url.search}`, {
      method: 'PUT',
      body: Buffer.alloc(1000, 2),
    });
    expect(put.status).toBe(200);
    expectRefused(await startMultipart(created, secondKey));
    expect(await takesOf(created.applicant.id)).toEqual({ [video!.id]: 2, [second!.id]: 2 });
  });

  it('creating the same take again before any byte arrived (a lost answer) is not a retake', async () => {
    const created = await startInterview(t.app, oneTry._id);
    const [video] = oneTry.quests;
    const key = keyOf(created, oneTry, video!.id);
    expect((await createTus(created, video!.id)).status).toBe(201);
    expect((await createTus(created, video!.id)).status).toBe(201);
    // Multipart: a restart of a start whose parts never came is the same take too.
    const other = await startInterview(t.app, oneTry._id);
    const otherKey = keyOf(other, oneTry, video!.id);
    expect((await startMultipart(other, otherKey)).statusCode).toBe(200);
    expect((await startMultipart(other, otherKey)).statusCode).toBe(200);
    expect(await takesOf(other.applicant.id)).toEqual({ [video!.id]: 1 });

    // Once bytes arrived, a new creation is a retake: refused without an allowance.
    const response = await createTus(created, video!.id);
    expect(response.status).toBe(201);
    const location = response.headers.get('location')!;
    expect(
      (await tusClient(origin, created.candidateToken).patch(location, 0, Buffer.alloc(100, 1)))
        .status,
    ).toBe(204);
    expect((await createTus(created, video!.id)).status).toBe(409);
    expect(await takesOf(created.applicant.id)).toEqual({ [video!.id]: 1 });
    expect(await uploadRowOf(key)).toMatchObject({ status: 'started' });

    // A multipart take with bytes that the stale-upload sweep removed is sent again by the
    // device: the same take, so it is accepted and not counted (no recorded answer is lost).
    const started = await callAsCandidate(t.app, other.candidateToken)(
      'GET',
      `/api/upload/start_multipart?${q({ fileKey: otherKey, fileType: 'video/webm' })}`,
    );
    const { uploadId } = started.json() as { uploadId: string };
    const part = await callAsCandidate(t.app, other.candidateToken)(
      'GET',
      `/api/upload/sign_multipart?${q({ fileKey: otherKey, uploadId, partNum: 1 })}`,
    );
    const url = new URL((part.json() as { signedURL: string }).signedURL, origin);
    const put = await fetch(`${origin}${url.pathname}${url.search}`, {
      method: 'PUT',
      body: Buffer.alloc(1000, 3),
    });
    expect(put.status).toBe(200);
    expectRefused(await startMultipart(other, otherKey));
    await t.app.storage.abortMultipartUpload(otherKey, uploadId);
    const resent = await callAsCandidate(t.app, other.candidateToken)(
      'GET',
      `/api/upload/start_multipart?${q({ fileKey: otherKey, fileType: 'video/webm' })}`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect((resent.json() as { uploadId: string }).uploadId).not.toBe(uploadId);
    expect(await takesOf(other.applicant.id)).toEqual({ [video!.id]: 1 });
  });

  it('a pending or declined request allows no extra take', async () => {
    const pending = await startInterview(t.app, oneTry._id);
    expect((await ask(pending, { extraRetakes: 2, reason: REASON })).statusCode).toBe(200);
    const video = oneTry.quests[0]!;
    await tusTake(pending, video.id, 1);
    expect((await createTus(pending, video.id)).status).toBe(409);

    const declined = await startInterview(t.app, oneTry._id);
    await allow(declined, 2, 'declined');
    await tusTake(declined, video.id, 1);
    expect((await createTus(declined, video.id)).status).toBe(409);
    expectRefused(await startMultipart(declined, keyOf(declined, oneTry, video.id)));
  });

  it("other candidates and other organisations cannot grant or spend an applicant's takes", async () => {
    const created = await startInterview(t.app, oneTry._id);
    expect((await ask(created, { extraRetakes: 1, reason: REASON })).statusCode).toBe(200);
    // Another organisation cannot approve it; another candidate cannot ask for it.
    expect((await decide(stranger, oneTry, created.applicant.id, 'approved')).statusCode).toBe(404);
    const other = await startInterview(t.app, oneTry._id);
    const foreignAsk = await callAsCandidate(t.app, other.candidateToken)(
      'PUT',
      `/api/applicant/${created.applicant.id}/accommodation`,
      { extraRetakes: 2, reason: REASON },
    );
    expect(foreignAsk.statusCode).toBe(404);
    const video = oneTry.quests[0]!;
    // Another candidate's token cannot start (and so count) a take of this applicant.
    expect((await createTus(created, video.id, other.candidateToken)).status).toBe(403);
    const key = keyOf(created, oneTry, video.id);
    expect((await startMultipart(other, key)).statusCode).toBe(403);
    expect((await sign(other, key)).statusCode).toBe(403);
    expect(await takesOf(created.applicant.id)).toEqual({});

    // Still pending: one take only.
    await tusTake(created, video.id, 1);
    expect((await createTus(created, video.id)).status).toBe(409);
    // The owner approves: the retake opens.
    expect((await decide(owner, oneTry, created.applicant.id, 'approved')).statusCode).toBe(200);
    await tusTake(created, video.id, 1);
    expect((await createTus(created, video.id)).status).toBe(409);
  });

  it('a job with retakes counts takes but never refuses one', async () => {
    const created = await startInterview(t.app, withRetakes._id);
    const video = withRetakes.quests[0]!;
    for (let take = 0; take < 4; take += 1) await tusTake(created, video.id, 1);
    expect((await startMultipart(created, keyOf(created, withRetakes, video.id))).statusCode).toBe(
      200,
    );
    expect(await takesOf(created.applicant.id)).toEqual({ [video.id]: 5 });
  });

  it('measures mp4 recordings too: a take longer than the limit is never named in the answer', async () => {
    const video = withRetakes.quests[0]!;
    const limitSec = video.timeLimit * 60;
    /** A plain mp4 (ftyp, mvhd with the length in ms, then media data). */
    const mp4Of = (durationSec: number) => {
      const box = (type: string, body: Buffer) => {
        const header = Buffer.alloc(8);
        header.writeUInt32BE(8 + body.length, 0);
        header.write(type, 4, 'latin1');
        return Buffer.concat([header, body]);
      };
      const mvhd = Buffer.alloc(100);
      mvhd.writeUInt32BE(1000, 12);
      mvhd.writeUInt32BE(durationSec * 1000, 16);
      return Buffer.concat([
        box('ftyp', Buffer.from('mp42\0\0\0\0mp41isom')),
        box('moov', box('mvhd', mvhd)),
        box('mdat', Buffer.alloc(2000, 3)),
      ]);
    };
    const take = async (created: CreateApplicantResponse, durationSec: number) => {
      const response = await tusClient(origin, created.candidateToken).create({
        applicantId: created.applicant.id,
        questId: video.id,
        kind: 'face',
        filetype: 'video/mp4',
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const bytes = mp4Of(durationSec);
      const done = await tusClient(origin, created.candidateToken).patch(
        response.headers.get('location')!,
        0,
        bytes,
        bytes.length,
      );
      expect(done.status).toBe(204);
      return multipartKey(
        withRetakes._id,
        recordingFileName({
          applicantId: created.applicant.id,
          jobId: withRetakes._id,
          questId: video.id,
          kind: 'face',
          container: 'mp4',
        }),
      );
    };
    const fits = await startInterview(t.app, withRetakes._id);
    const fitsKey = await take(fits, limitSec - 10);
    expect((await uploadRowOf(fitsKey))!.durationSec).toBe(limitSec - 10);
    expect((await answerOf(fits.applicant.id))[video.id]).toMatchObject({ faceKey: fitsKey });

    const tooLong = await startInterview(t.app, withRetakes._id);
    const longKey = await take(tooLong, limitSec + 30);
    expect((await uploadRowOf(longKey))!.durationSec).toBe(limitSec + 30);
    expect((await answerOf(tooLong.applicant.id))[video.id]).toBeUndefined();
  });
});
