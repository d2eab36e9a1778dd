import type { CreateApplicantResponse, Job } from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, applicantResumeCodes, applicants, timelineEvents } from '../src/db/schema';
import { readOutbox } from '../src/mail/mailer';
import { listTimelineActivities } from '../src/modules/applicant-records/applicant-store';
import { bearer, type SignedUp, uniqueEmail } from './factories';
import {
  accountWith,
  callAsCandidate,
  CANDIDATE_INFO,
  createInterviewJob,
  startInterview,
} from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const CODE_IN_MAIL = /(?<!\d)(\d{6})(?!\d)/u;

describe.each(testDbKinds('both'))('resuming an interview (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let job: Job;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999 });
    job = await createInterviewJob(t.app, owner, ['text', 'code'], { isOneTry: false });
  });
  afterAll(async () => t?.close());

  const details = (email: string) => ({ ...CANDIDATE_INFO, email });
  const start = (email: string, headers: Record<string, string> = {}, language?: 'en' | 'he') =>
    t.app.inject({
      method: 'POST',
      url: '/api/applicant',
      headers,
      payload: {
        applicant: { info: details(email) },
        jobId: job._id,
        consent: { version: 0, language: 'en' },
        ...(language ? { language } : {}),
      },
    });
  const resumeWithCode = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/applicant/resume', payload });
  const applicantsOf = async (email: string) =>
    t.app.db
      .select({ id: applicants.id })
      .from(applicants)
      .where(and(eq(applicants.jobId, job._id), eq(applicants.email, email)));
  async function mailsTo(email: string) {
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    return (await readOutbox(t.config.mail.outboxDir)).filter((mail) => mail.to === email);
  }
  async function codeFor(email: string): Promise<string> {
    const mail = (await mailsTo(email)).at(-1);
    return CODE_IN_MAIL.exec(mail?.text ?? '')![1]!;
  }
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('starting again with the same e-mail makes no second applicant: a code goes to the address, in the candidate language, once', async () => {
    const email = uniqueEmail('again');
    const first = await startInterview(t.app, job._id, details(email));
    const again = await start(email, {}, 'he');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, key: 'INTERVIEW_IN_PROGRESS_ERR' });
    expect(await applicantsOf(email)).toEqual([{ id: first.applicant.id }]);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`הקוד להמשך הראיון שלך: ${job.info.title}`);
    expect(mails[0]!.text).toMatch(CODE_IN_MAIL);
    // A second start right after answers the same, and sends no second e-mail.
    expect((await start(email)).statusCode).toBe(409);
    expect(await mailsTo(email)).toHaveLength(1);
    // Only the code's HMAC is stored.
    const [stored] = await t.app.db
      .select()
      .from(applicantResumeCodes)
      .where(eq(applicantResumeCodes.applicantId, first.applicant.id));
    expect(stored!.codeHash).not.toContain(CODE_IN_MAIL.exec(mails[0]!.text)![1]);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/u);
  });

  it('the e-mailed code resumes the same applicant with a working token; it is used up, and a wrong one changes nothing', async () => {
    const email = uniqueEmail('code');
    const first = await startInterview(t.app, job._id, details(email));
    await start(email);
    const code = await codeFor(email);
    const wrong = await resumeWithCode({ jobId: job._id, email, code: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ key: 'CONFIRMATION_CODE_MISMATCH_ERR' });
    const malformed = await resumeWithCode({ jobId: job._id, email, code: '12ab56' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ key: 'VALIDATION_ERR' });

    const resumed = await resumeWithCode({ jobId: job._id, email: email.toUpperCase(), code });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const body = resumed.json() as CreateApplicantResponse;
    expect(body.resumed).toBe(true);
    expect(body.applicant.id).toBe(first.applicant.id);
    const read = await callAsCandidate(t.app, body.candidateToken)(
      'GET',
      `/api/applicant/${first.applicant.id}`,
    );
    expect(read.statusCode).toBe(200);
    expect(await applicantsOf(email)).toHaveLength(1);
    const timeline = await listTimelineActivities(t.app.db, first.applicant.id);
    expect(timeline.map((event) => event.activity)).toEqual(['created', 'opened', 'resumed']);

    const reused = await resumeWithCode({ jobId: job._id, email, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ key: 'CONFIRMATION_CODE_MISMATCH_ERR' });
  });

  it('five wrong tries kill the code, and an expired code is refused', async () => {
    const email = uniqueEmail('tries');
    const first = await startInterview(t.app, job._id, details(email));
    await start(email);
    const code = await codeFor(email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await resumeWithCode({ jobId: job._id, email, code: wrongCode(code) });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await resumeWithCode({ jobId: job._id, email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ key: 'CONFIRMATION_CODE_MISMATCH_ERR' });

    // A new code (the resend wait is over) works until it expires.
    await t.app.db
      .update(applicantResumeCodes)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(applicantResumeCodes.applicantId, first.applicant.id));
    await start(email);
    const fresh = await codeFor(email);
    expect(fresh).toMatch(/^\d{6}$/u);
    await t.app.db
      .update(applicantResumeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(applicantResumeCodes.applicantId, first.applicant.id));
    const expired = await resumeWithCode({ jobId: job._id, email, code: fresh });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ key: 'CONFIRMATION_CODE_MISMATCH_ERR' });
    // No code for an address without an interview under way says nothing more.
    const unknown = await resumeWithCode({ jobId: job._id, email: uniqueEmail('none'), code });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ key: 'CONFIRMATION_CODE_MISMATCH_ERR' });
  });

  it("the device's own candidate token resumes at once; another applicant's token does not", async () => {
    const email = uniqueEmail('device');
    const first = await startInterview(t.app, job._id, details(email));
    const other = await startInterview(t.app, job._id, details(uniqueEmail('other')));
    const withOther = await start(email, { authorization: `Bearer ${other.candidateToken}` });
    expect(withOther.statusCode).toBe(409);
    const withOwn = await start(email, { authorization: `Bearer ${first.candidateToken}` });
    expect(withOwn.statusCode, withOwn.body).toBe(200);
    const body = withOwn.json() as CreateApplicantResponse;
    expect(body).toMatchObject({ resumed: true, applicant: { id: first.applicant.id } });
    expect(await applicantsOf(email)).toHaveLength(1);
  });

  it('a submitted interview keeps its behaviour: the same e-mail starts a new applicant', async () => {
    const email = uniqueEmail('done');
    const first = await startInterview(t.app, job._id, details(email));
    const submit = await callAsCandidate(t.app, first.candidateToken)('PUT', '/api/applicant', {
      applicant: {
        id: first.applicant.id,
        answerMap: Object.fromEntries(job.quests.map((q) => [q.id, { txt: 'x', resTime: 3 }])),
        timestamp: { submitted: new Date().toISOString() },
      },
      jobId: job._id,
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const again = await start(email);
    expect(again.statusCode).toBe(201);
    expect((again.json() as CreateApplicantResponse).applicant.id).not.toBe(first.applicant.id);
    // Its own resume call answers the submitted interview as it is.
    const resume = await callAsCandidate(t.app, first.candidateToken)(
      'POST',
      `/api/applicant/${first.applicant.id}/resume`,
    );
    expect(resume.statusCode).toBe(200);
    expect(resume.json()).toMatchObject({ resumed: false });
    expect(resume.json().applicant.timestamp.submitted).toEqual(expect.any(String));
    const timeline = await listTimelineActivities(t.app.db, first.applicant.id);
    expect(timeline.map((event) => event.activity)).not.toContain('resumed');
  });

  it('resuming clears a quit: one recorded moments before (a reload) leaves the timeline, an old one stays', async () => {
    const email = uniqueEmail('quit');
    const first: CreateApplicantResponse = await startInterview(t.app, job._id, details(email));
    const call = callAsCandidate(t.app, first.candidateToken);
    const quit = await call('PUT', '/api/applicant', {
      applicant: { id: first.applicant.id, timestamp: { quited: new Date().toISOString() } },
      jobId: job._id,
    });
    expect(quit.json().applicant.timestamp.quited).toEqual(expect.any(String));
    const resumed = await call('POST', `/api/applicant/${first.applicant.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ resumed: true });
    expect(resumed.json().applicant.timestamp.quited).toBeNull();
    expect(
      (await listTimelineActivities(t.app.db, first.applicant.id)).map((e) => e.activity),
    ).toEqual(['created', 'opened', 'resumed']);
    const logged = await t.app.db
      .select({ type: activities.type })
      .from(activities)
      .where(eq(activities.type, 'resume'));
    expect(logged.length).toBeGreaterThan(0);

    // A quit of long ago (the candidate really left, and came back the next day) stays.
    const longAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await call('PUT', '/api/applicant', {
      applicant: { id: first.applicant.id, timestamp: { quited: new Date().toISOString() } },
      jobId: job._id,
    });
    await t.app.db
      .update(applicants)
      .set({ quitedAt: longAgo })
      .where(eq(applicants.id, first.applicant.id));
    await t.app.db
      .update(timelineEvents)
      .set({ createdAt: longAgo })
      .where(
        and(
          eq(timelineEvents.applicantId, first.applicant.id),
          eq(timelineEvents.activity, 'quited'),
        ),
      );
    const started = new Date(longAgo.getTime() - 60_000);
    for (const activity of ['created', 'opened'] as const) {
      await t.app.db
        .update(timelineEvents)
        .set({ createdAt: started })
        .where(
          and(
            eq(timelineEvents.applicantId, first.applicant.id),
            eq(timelineEvents.activity, activity),
          ),
        );
    }
    const again = await call('POST', `/api/applicant/${first.applicant.id}/resume`);
    expect(again.json().applicant.timestamp.quited).toBeNull();
    const events = (await listTimelineActivities(t.app.db, first.applicant.id)).map(
      (e) => e.activity,
    );
    expect(events).toEqual(['created', 'opened', 'quited', 'resumed', 'resumed']);
  });

  it('a quit interview is found by its e-mail too, and the resume call needs its own token', async () => {
    const email = uniqueEmail('left');
    const first = await startInterview(t.app, job._id, details(email));
    await callAsCandidate(t.app, first.candidateToken)('PUT', '/api/applicant', {
      applicant: { id: first.applicant.id, timestamp: { quited: new Date().toISOString() } },
      jobId: job._id,
    });
    expect((await start(email)).statusCode).toBe(409);
    const other = await startInterview(t.app, job._id, details(uniqueEmail('someone')));
    const foreign = await callAsCandidate(t.app, other.candidateToken)(
      'POST',
      `/api/applicant/${first.applicant.id}/resume`,
    );
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/applicant/${first.applicant.id}/resume`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a personal invitation: its link starts its applicant again, and once that person quit the same e-mail resumes it', async () => {
    const email = uniqueEmail('invited');
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/job/${job._id}/invitations`,
      headers: bearer(owner.accessToken),
      payload: {
        rows: [{ fName: 'Yael', email }],
        subject: 'Your interview',
        message: 'Please answer a few questions.',
        language: 'en',
      },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    // The invitation's link starts the invited applicant, and starts the same one again.
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    const mail = (await readOutbox(t.config.mail.outboxDir)).find((m) => m.to === email)!;
    const inviteToken = /\?invite=([A-Za-z0-9_-]{32})/u.exec(mail.text)![1]!;
    const viaLink = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/applicant',
        payload: {
          applicant: { info: details(email) },
          jobId: job._id,
          inviteToken,
          consent: { version: 0, language: 'en' },
        },
      });
    const first = await viaLink();
    expect(first.statusCode, first.body).toBe(201);
    const applicantId = (first.json() as CreateApplicantResponse).applicant.id;
    const second = await viaLink();
    expect(second.statusCode).toBe(201);
    expect((second.json() as CreateApplicantResponse).applicant.id).toBe(applicantId);
    await callAsCandidate(t.app, (first.json() as CreateApplicantResponse).candidateToken)(
      'PUT',
      '/api/applicant',
      {
        applicant: { id: applicantId, timestamp: { quited: new Date().toISOString() } },
        jobId: job._id,
      },
    );
    const afterQuit = await viaLink();
    expect(afterQuit.statusCode).toBe(409);
    expect(afterQuit.json()).toMatchObject({ key: 'INTERVIEW_IN_PROGRESS_ERR' });
    expect(await applicantsOf(email)).toEqual([{ id: applicantId }]);
  });
});
