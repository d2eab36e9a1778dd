import {
  multipartKey,
  recordingFileName,
  type CreateApplicantResponse,
  type Job,
} from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { applicants } from '../src/db/schema';
import type { SignedUp } from './factories';
import { accountWith, createInterviewJob } from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { tusClient, type TusStoreCase } from './tus-helpers';
import { buildLiveWebm } from './webm-fixture';

/** The largest recording the suite's app accepts: small, so the 413 tests send little. */
export const MAX_BYTES = 256 * 1024;

/**
 * The set-up the tus upload test files share (tus-uploads.test.ts, tus-uploads-resume,
 * tus-uploads-bad-requests), for one storage case: a listening app on that store, an owner, a
 * one-try job (video, screen, text) and a job with retakes (video, text), and the calls that
 * create, send and read uploads. Call it inside the file's describe; `state` is filled before the
 * file's own beforeAll hooks run.
 */
export function tusUploadsSuite(env: TusStoreCase['env']) {
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let job: Job;
  /** A job with retakes: takes of one question are not limited there. */
  let retakeJob: Job;
  let closeStore: () => Promise<void>;

  beforeAll(async () => {
    const store = await env();
    closeStore = store.close;
    t = await createTestApp('pglite', {
      ...store.env,
      RECORDING_MAX_BYTES: String(MAX_BYTES),
    });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await accountWith(t.app, { perm: 999 });
    job = await createInterviewJob(t.app, owner, ['video', 'screen', 'text']);
    retakeJob = await createInterviewJob(t.app, owner, ['video', 'text'], { isOneTry: false });
  });
  afterAll(async () => {
    await t?.close();
    await closeStore?.();
  });

  const keyOf = (
    c: CreateApplicantResponse,
    questId: string,
    kind: 'face' | 'screen',
    of: Job = job,
  ) =>
    multipartKey(
      of._id,
      recordingFileName({
        applicantId: c.applicant.id,
        jobId: of._id,
        questId,
        kind,
        container: 'webm',
      }),
    );

  const tus = (token: string) => tusClient(origin, token);

  async function createUpload(c: CreateApplicantResponse, questId: string, kind = 'face') {
    const response = await tus(c.candidateToken).create({
      applicantId: c.applicant.id,
      questId,
      kind,
      filetype: 'video/webm;codecs=vp8,opus',
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/api\/upload\/tus\/[0-9a-f]{32}$/);
    return location;
  }

  async function answerOf(applicantId: string) {
    const [row] = await t.app.db
      .select({ answerMap: applicants.answerMap })
      .from(applicants)
      .where(eq(applicants.id, applicantId));
    return row!.answerMap;
  }

  async function uploadWhole(c: CreateApplicantResponse, questId: string) {
    const bytes = buildLiveWebm({
      clusters: 2,
      blocksPerCluster: 5,
      frameMs: 100,
      blockBytes: 200,
    });
    const location = await createUpload(c, questId);
    const done = await tus(c.candidateToken).patch(location, 0, bytes, bytes.length);
    expect(done.status).toBe(204);
    return location;
  }

  return {
    state: {
      get t() {
        return t;
      },
      get origin() {
        return origin;
      },
      get owner() {
        return owner;
      },
      get job() {
        return job;
      },
      get retakeJob() {
        return retakeJob;
      },
    },
    keyOf,
    tus,
    createUpload,
    answerOf,
    uploadWhole,
  };
}
