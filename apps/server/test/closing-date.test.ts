import { CLOSED_JOB_GRACE_MS, type Job } from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, jobs } from '../src/db/schema';
import { readOutbox } from '../src/mail/mailer';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import {
  accountWith,
  callAsCandidate,
  createInterviewJob,
  startInterview,
} from './interview-helpers';
import { jobPayload, questionPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const HOUR_MS = 60 * 60 * 1000;

describe.each(testDbKinds())('a job closing date (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let other: SignedUp;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { now: clock.now });
    owner = await accountWith(t.app, { fName: 'Rina' });
    other = await accountWith(t.app, { fName: 'Other' });
  }, 120_000);
  afterAll(async () => t?.close());

  const inHours = (hours: number) =>
    new Date(clock.now().getTime() + hours * HOUR_MS).toISOString();

  const create = (closesAt: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/job',
      headers: bearer(owner.accessToken),
      payload: { job: jobPayload({ quests: [questionPayload('text')], closesAt }) },
    });
  const save = (who: SignedUp, job: Job) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/job',
      headers: bearer(who.accessToken),
      payload: { jobs: [job] },
    });
  const publicJob = (id: string) => t.app.inject({ method: 'GET', url: `/api/job/${id}/public` });

  it('is optional, stored as an instant, and must lie in the future when set', async () => {
    const none = await create(undefined);
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json<Job>().closesAt).toBeNull();

    // Given with an offset (the recruiter's zone), answered in UTC.
    const at = new Date(clock.now().getTime() + 48 * HOUR_MS);
    const withOffset = at.toISOString().replace('Z', '+00:00');
    const future = await create(withOffset);
    expect(future.statusCode, future.body).toBe(201);
    expect(future.json<Job>().closesAt).toBe(at.toISOString());

    const past = await create(inHours(-1));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      key: 'VALIDATION_ERR',
      issues: [{ path: 'job.closesAt', message: 'validation.CLOSING_DATE_PAST_VALIDATE' }],
    });
    expect((await create('tomorrow')).statusCode).toBe(400);
  });

  it('is changed, kept or removed by a save; a closed job stays editable', async () => {
    const job = (await create(inHours(2))).json<Job>();
    // Left out: kept.
    const { closesAt: _omit, ...withoutDate } = job;
    const kept = await save(owner, { ...withoutDate, info: { ...job.info, title: 'Kept' } } as Job);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<{ jobs: Job[] }>().jobs[0]!.closesAt).toBe(job.closesAt);

    const toPast = await save(owner, { ...job, closesAt: inHours(-2) });
    expect(toPast.statusCode).toBe(400);
    expect(toPast.json()).toMatchObject({
      issues: [{ path: 'jobs.0.closesAt', message: 'validation.CLOSING_DATE_PAST_VALIDATE' }],
    });

    // Closed an hour ago (written directly: the access token would not outlive a moved clock).
    const closedAt = inHours(-1);
    await t.app.db
      .update(jobs)
      .set({ closesAt: new Date(closedAt) })
      .where(eq(jobs.id, job._id));
    // The recruiter edits the title: the unchanged past date is fine.
    const edited = await save(owner, {
      ...job,
      closesAt: closedAt,
      info: { ...job.info, title: 'Edited' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ jobs: Job[] }>().jobs[0]!.closesAt).toBe(closedAt);
    // Reopening: a new date in the future, or none.
    const reopened = await save(owner, { ...job, closesAt: inHours(24) });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const removed = await save(owner, { ...job, closesAt: null });
    expect(removed.json<{ jobs: Job[] }>().jobs[0]!.closesAt).toBeNull();
  });

  it('turns a personal invitation link of a closed job into JOB_CLOSED_ERR, not an opening', async () => {
    const job = await createInterviewJob(t.app, owner, ['text']);
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/job/${job._id}/invitations`,
      headers: bearer(owner.accessToken),
      payload: {
        rows: [{ fName: 'Dana', email: 'dana-closed@example.com' }],
        subject: 'Interview',
        message: 'Hello',
        language: 'he',
      },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    const mail = (await readOutbox(t.config.mail.outboxDir)).find(
      (m) => m.to === 'dana-closed@example.com',
    )!;
    const token = /\?invite=([A-Za-z0-9_-]{32})/u.exec(mail.text)![1]!;
    await t.app.db
      .update(jobs)
      .set({ closesAt: new Date(inHours(-1)) })
      .where(eq(jobs.id, job._id));
    const opened = await t.app.inject({ method: 'GET', url: `/api/invitation?token=${token}` });
    expect(opened.statusCode).toBe(410);
    expect(opened.json()).toMatchObject({ key: 'JOB_CLOSED_ERR' });
    const [row] = await t.app.db
      .select({ openedAt: applicants.openedAt })
      .from(applicants)
      .where(eq(applicants.email, 'dana-closed@example.com'));
    expect(row!.openedAt).toBeNull();
  });

  it("cannot be set on another organisation's job", async () => {
    const job = (await create(null)).json<Job>();
    const foreign = await save(other, { ...job, closesAt: inHours(5) });
    expect(foreign.statusCode).toBe(404);
    expect((await publicJob(job._id)).json()).toMatchObject({ closesAt: null, isClosed: false });
  });

  it('closes the link and the start of an interview; a candidate who started may finish within the grace period', async () => {
    const job = await createInterviewJob(t.app, owner, ['text']);
    const withDate = await save(owner, { ...job, closesAt: inHours(1) });
    expect(withDate.statusCode, withDate.body).toBe(200);
    const open = await publicJob(job._id);
    expect(open.json()).toMatchObject({ isClosed: false, closesAt: expect.any(String) });
    const early = await startInterview(t.app, job._id);
    const late = await startInterview(t.app, job._id, {
      fName: 'Late',
      lName: 'Comer',
      email: 'late@example.com',
      phone: '050-1234567',
      hometown: 'Acre',
    });
    const questId = job.quests[0]!.id;
    const answer = (token: string, id: string, body: Record<string, unknown>) =>
      callAsCandidate(t.app, token)('PUT', '/api/applicant', {
        applicant: { id, ...body },
        jobId: job._id,
      });

    clock.advance(1 * HOUR_MS);
    try {
      const closed = await publicJob(job._id);
      expect(closed.statusCode).toBe(200);
      expect(closed.json()).toMatchObject({
        isClosed: true,
        company: { name: job.company.name },
      });
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/applicant',
        payload: {
          jobId: job._id,
          consent: { version: 0, language: 'en' },
          applicant: {
            info: {
              fName: 'Too',
              lName: 'Late',
              email: 'too-late@example.com',
              phone: '050-1234567',
              hometown: 'Haifa',
            },
          },
        },
      });
      expect(start.statusCode).toBe(410);
      expect(start.json()).toMatchObject({ status: 410, key: 'JOB_CLOSED_ERR' });

      // Started before the closing date: still answering and submitting inside the grace period.
      const submitted = await answer(early.candidateToken, early.applicant.id, {
        answerMap: { [questId]: { txt: 'My answer', resTime: 30 } },
        timestamp: { submitted: clock.now().toISOString() },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);

      clock.advance(CLOSED_JOB_GRACE_MS);
      const tooLate = await answer(late.candidateToken, late.applicant.id, {
        answerMap: { [questId]: { txt: 'Too late', resTime: 30 } },
      });
      expect(tooLate.statusCode).toBe(410);
      expect(tooLate.json()).toMatchObject({ key: 'JOB_CLOSED_ERR' });
      // The finished interview's repeated submit stays harmless.
      const again = await answer(early.candidateToken, early.applicant.id, {
        timestamp: { submitted: clock.now().toISOString() },
      });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      clock.reset();
    }
  });
});
