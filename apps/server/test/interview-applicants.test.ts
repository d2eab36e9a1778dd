import type { CandidateApplicant, Job } from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants } from '../src/db/schema';
import { listTimelineActivities } from '../src/modules/applicant-records/applicant-store';
import { bearer, type SignedUp } from './factories';
import {
  accountWith,
  archiveJob,
  callAsCandidate,
  CANDIDATE_INFO,
  createInterviewJob,
  startInterview,
} from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x20)]);
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(500, 1)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 2),
]);

describe.each(testDbKinds())('candidate applicant (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let job: Job;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999 });
    job = await createInterviewJob(t.app, owner, ['text', 'code', 'multipleChoice', 'image'], {
      isOneTry: false,
    });
  });
  afterAll(async () => t?.close());

  it('creates the applicant opened now, with a candidate token and a created+opened timeline', async () => {
    const { applicant, candidateToken } = await startInterview(t.app, job._id);
    expect(applicant.info).toMatchObject({
      ...CANDIDATE_INFO,
      email: expect.stringMatching(/^yael-/u),
      cv: null,
      imgUrl: null,
    });
    expect(applicant.jobInfo).toEqual({ title: job.info.title, jobId: job._id });
    expect(applicant.timestamp.opened).toEqual(expect.any(String));
    expect(applicant.timestamp).toMatchObject({ sent: null, submitted: null, quited: null });
    expect(candidateToken.split('.')).toHaveLength(3);
    const [row] = await t.app.db.select().from(applicants).where(eq(applicants.id, applicant.id));
    expect(row).toMatchObject({ status: 0, isFree: false, jobId: job._id });
    const timeline = await listTimelineActivities(t.app.db, applicant.id);
    expect(timeline.map((event) => event.activity)).toEqual(['created', 'opened']);
  });

  it('validates the details, refuses demo runs and unavailable jobs', async () => {
    const post = (payload: unknown, url = '/api/applicant') =>
      t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
    const badPhone = await post({
      applicant: { info: { ...CANDIDATE_INFO, phone: '12' } },
      jobId: job._id,
      consent: { version: 0, language: 'en' },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(JSON.stringify(badPhone.json())).toContain('PHONE_VALIDATE');
    const missing = await post({ applicant: { info: { fName: 'A' } }, jobId: job._id });
    expect(missing.statusCode).toBe(400);
    const demo = await post(
      { applicant: { info: CANDIDATE_INFO }, jobId: job._id },
      '/api/applicant?demo=1',
    );
    expect(demo.statusCode).toBe(400);
    const unknown = await post({
      applicant: { info: CANDIDATE_INFO },
      jobId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ key: 'INTERVIEW_NOT_AVAILABLE_ERR' });
    const archived = await createInterviewJob(t.app, owner);
    await archiveJob(t.app, archived._id);
    const closed = await post({ applicant: { info: CANDIDATE_INFO }, jobId: archived._id });
    expect(closed.statusCode).toBe(404);
    expect(closed.json()).toMatchObject({ key: 'INTERVIEW_NOT_AVAILABLE_ERR' });
  });

  it('flags the first 10 applicants of a starter organisation as free, then no more', async () => {
    const starter = await accountWith(t.app, { perm: 0 });
    const starterJob = await createInterviewJob(t.app, starter, ['video']);
    const flags: boolean[] = [];
    for (let i = 0; i < 11; i += 1) {
      const { applicant } = await startInterview(t.app, starterJob._id);
      const [row] = await t.app.db.select().from(applicants).where(eq(applicants.id, applicant.id));
      flags.push(row!.isFree);
    }
    expect(flags).toEqual([...Array(10).fill(true), false]);
  });

  it('opens only the token’s own applicant; tokens never cross over', async () => {
    const mine = await startInterview(t.app, job._id);
    const other = await startInterview(t.app, job._id);
    const as = callAsCandidate(t.app, mine.candidateToken);
    const own = await as('GET', `/api/applicant/${mine.applicant.id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().applicant.id).toBe(mine.applicant.id);
    expect((await as('GET', `/api/applicant/${other.applicant.id}`)).statusCode).toBe(404);
    const otherPut = await as('PUT', '/api/applicant', {
      applicant: { id: other.applicant.id, info: { hometown: 'Eilat' } },
      jobId: job._id,
    });
    expect(otherPut.statusCode).toBe(404);
    // A recruiter's access token is not a candidate token, and the other way round.
    const recruiter = await t.app.inject({
      method: 'GET',
      url: `/api/applicant/${mine.applicant.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(recruiter.statusCode).toBe(401);
    expect((await as('GET', '/api/job')).statusCode).toBe(401);
    expect((await as('GET', `/api/job/${job._id}`)).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/applicant/${mine.applicant.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores a CV checked by type and content, and a face image', async () => {
    const { applicant, candidateToken } = await startInterview(t.app, job._id);
    const as = callAsCandidate(t.app, candidateToken);
    const url = `/api/applicant/${applicant.id}/cv?name=${encodeURIComponent('my cv.pdf')}`;
    const ok = await as('POST', url, PDF, { 'content-type': 'application/pdf' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().cv).toMatch(/^my cv\.pdf-\d+$/);
    const docx = await as('POST', `/api/applicant/${applicant.id}/cv?name=cv.docx`, DOCX, {
      'content-type': 'application/octet-stream',
    });
    expect(docx.statusCode, docx.body).toBe(201);
    const fake = await as('POST', url, Buffer.from('not a pdf at all'), {
      'content-type': 'application/pdf',
    });
    expect(fake.statusCode).toBe(400);
    const wrongType = await as('POST', `/api/applicant/${applicant.id}/cv?name=cv.txt`, PDF, {
      'content-type': 'text/plain',
    });
    expect(wrongType.statusCode).toBe(400);
    const tooLarge = await as('POST', url, Buffer.concat([PDF, Buffer.alloc(5_000_000)]), {
      'content-type': 'application/pdf',
    });
    expect(tooLarge.statusCode).toBe(413);
    const read = await as('GET', `/api/applicant/${applicant.id}`);
    expect((read.json().applicant as CandidateApplicant).info.cv).toMatch(/^cv\.docx-\d+$/);

    const image = await as('POST', `/api/applicant/${applicant.id}/image`, PNG, {
      'content-type': 'image/png',
    });
    expect(image.statusCode, image.body).toBe(201);
    expect(image.json().url).toContain('/api/storage/object/');
    const notImage = await as('POST', `/api/applicant/${applicant.id}/image`, PDF, {
      'content-type': 'image/png',
    });
    expect(notImage.statusCode).toBe(400);
    const other = await startInterview(t.app, job._id);
    const foreign = await as('POST', `/api/applicant/${other.applicant.id}/image`, PNG, {
      'content-type': 'image/png',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('saves answers of every non-recorded type, refuses submit until all are there, then submits once', async () => {
    const { applicant, candidateToken } = await startInterview(t.app, job._id);
    const as = callAsCandidate(t.app, candidateToken);
    const [text, code, choice, image] = job.quests;
    const put = (body: Record<string, unknown>) =>
      as('PUT', '/api/applicant', { applicant: { id: applicant.id, ...body }, jobId: job._id });

    expect((await put({ answerMap: { nope: { resTime: 1, txt: 'x' } } })).statusCode).toBe(400);
    expect(
      (await put({ answerMap: { [choice!.id]: { resTime: 1, optIdx: [7] } } })).statusCode,
    ).toBe(400);
    const saved = await put({
      answerMap: {
        [text!.id]: { resTime: 12, txt: 'Hello' },
        [code!.id]: { resTime: 30, txt: 'const a = 1;' },
        [choice!.id]: { resTime: 5, optIdx: [0] },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const early = await put({ timestamp: { submitted: new Date().toISOString() } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain(image!.id);

    const upload = await as(
      'POST',
      `/api/applicant/${applicant.id}/answer-image?questId=${image!.id}`,
      PNG,
      {
        'content-type': 'image/png',
      },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const wrongKey = await put({
      answerMap: { [image!.id]: { resTime: 3, imgKey: `${job._id}/x/answers/a.png` } },
    });
    expect(wrongKey.statusCode).toBe(409);
    const withImage = await put({
      answerMap: { [image!.id]: { resTime: 3, imgKey: upload.json().key } },
    });
    expect(withImage.statusCode, withImage.body).toBe(200);
    expect(Object.keys(withImage.json().applicant.answerMap)).toHaveLength(4);

    const submitted = await put({ timestamp: { submitted: new Date().toISOString() } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().applicant.timestamp.submitted).toEqual(expect.any(String));
    const again = await put({ timestamp: { submitted: new Date().toISOString() } });
    expect(again.statusCode).toBe(200);
    expect((await put({ answerMap: { [text!.id]: { resTime: 1, txt: 'late' } } })).statusCode).toBe(
      409,
    );
    const timeline = await listTimelineActivities(t.app.db, applicant.id);
    expect(timeline.map((event) => event.activity)).toEqual(['created', 'opened', 'submitted']);
  });

  it('records a quit once', async () => {
    const { applicant, candidateToken } = await startInterview(t.app, job._id);
    const as = callAsCandidate(t.app, candidateToken);
    const quit = () =>
      as('PUT', '/api/applicant', {
        applicant: { id: applicant.id, timestamp: { quited: new Date().toISOString() } },
        jobId: job._id,
      });
    const first = await quit();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().applicant.timestamp.quited).toEqual(expect.any(String));
    expect((await quit()).statusCode).toBe(200);
    const timeline = await listTimelineActivities(t.app.db, applicant.id);
    expect(timeline.map((event) => event.activity)).toEqual(['created', 'opened', 'quited']);
  });
});
