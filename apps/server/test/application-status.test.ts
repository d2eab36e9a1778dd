import type { Job } from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, mailQueue } from '../src/db/schema';
import { readOutbox } from '../src/mail/mailer';
import { bearer, type SignedUp } from './factories';
import {
  accountWith,
  callAsCandidate,
  CANDIDATE_INFO,
  createInterviewJob,
  startInterview,
} from './interview-helpers';
import { recruiter } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const TOKEN_IN_LINK = /\/application\/([A-Za-z0-9_-]{32})/u;

describe.each(testDbKinds())('the candidate status page (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let stranger: SignedUp;
  let job: Job;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999, fName: 'Olga' });
    stranger = await accountWith(t.app, { fName: 'Stranger' });
    job = await createInterviewJob(t.app, owner, ['text']);
  }, 120_000);
  afterAll(async () => t?.close());

  /** Starts and submits an interview; the confirmation mail goes out in `language`. */
  async function submit(email: string, language?: 'en' | 'he') {
    const { applicant, candidateToken } = await startInterview(t.app, job._id, {
      ...CANDIDATE_INFO,
      email,
    });
    const call = callAsCandidate(t.app, candidateToken);
    const early = await call('POST', `/api/applicant/${applicant.id}/status-link`);
    expect(early.statusCode).toBe(409);
    const response = await call('PUT', '/api/applicant', {
      applicant: {
        id: applicant.id,
        answerMap: { [job.quests[0]!.id]: { txt: 'My answer', resTime: 20 } },
        timestamp: { submitted: new Date().toISOString() },
      },
      jobId: job._id,
      ...(language ? { language } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    return { id: applicant.id, candidateToken, call };
  }
  const statusOf = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/application-status?token=${token}` });
  const setStatus = (id: string, status: number) =>
    recruiter(t.app, owner)('PUT', '/api/job/applicant', { applicants: [{ id, status }] });

  it('gives a submitted candidate a private link, on the thank-you page and by e-mail in their language', async () => {
    const { id, call } = await submit('dana@example.com', 'he');
    const mail = (await readOutbox(t.config.mail.outboxDir)).find(
      (m) => m.to === 'dana@example.com',
    )!;
    expect(mail.subject).toBe(`קיבלנו את הראיון שלך: ${job.info.title}`);
    const token = TOKEN_IN_LINK.exec(mail.text)![1]!;
    const link = await call('POST', `/api/applicant/${id}/status-link`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toEqual({ url: `http://localhost:3000/application/${token}` });
    const [row] = await t.app.db.select().from(applicants).where(eq(applicants.id, id));
    // Only the token's hash is stored.
    expect(row!.statusTokenHash).toMatch(/^[0-9a-f]{64}$/u);
    expect(JSON.stringify(row)).not.toContain(token);

    const status = await statusOf(token);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toEqual({
      jobTitle: job.info.title,
      companyName: job.company.name,
      logoUrl: job.company.logoUrl,
      // The organisation's brand, for the page to wear (Candid's own until the owner sets one).
      brand: { logoUrl: '', accentColor: null, showVendorMark: true },
      fName: CANDIDATE_INFO.fName,
      stage: 'received',
      statusCode: null,
      submittedAt: row!.submittedAt!.toISOString(),
    });
  });

  it("follows the recruiter's status through the job's rules, and never shows notes or a hidden status", async () => {
    const { id, call } = await submit('noa@example.com');
    const mail = (await readOutbox(t.config.mail.outboxDir)).find(
      (m) => m.to === 'noa@example.com',
    )!;
    expect(mail.subject).toBe(`We received your interview: ${job.info.title}`);
    const token = TOKEN_IN_LINK.exec(
      (await call('POST', `/api/applicant/${id}/status-link`)).json<{ url: string }>().url,
    )![1]!;

    expect((await setStatus(id, 3)).statusCode).toBe(200);
    const noted = await recruiter(t.app, owner)('PUT', '/api/job/applicant', {
      applicants: [{ id, newNote: { txt: 'Internal: weak on SQL' } }],
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const review = await statusOf(token);
    expect(review.json()).toMatchObject({ stage: 'review', statusCode: null });
    expect(review.body).not.toContain('weak on SQL');

    // "Not a fit": a decision, its name hidden by default.
    await setStatus(id, 1);
    expect((await statusOf(token)).json()).toMatchObject({ stage: 'decision', statusCode: null });
    // "Hired": shown by name by default…
    await setStatus(id, 7);
    expect((await statusOf(token)).json()).toMatchObject({ stage: 'decision', statusCode: 7 });
    // …until the recruiter's rule for this job hides it.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/job',
      headers: bearer(owner.accessToken),
      payload: { jobs: [{ ...job, statusStages: { ...job.statusStages, 7: 'decision' } }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ jobs: Job[] }>().jobs[0]!.statusStages['7']).toBe('decision');
    expect((await statusOf(token)).json()).toMatchObject({ stage: 'decision', statusCode: null });
  });

  it("refuses unknown and malformed tokens, another candidate, and another organisation's changes", async () => {
    expect((await statusOf('a'.repeat(32))).statusCode).toBe(404);
    expect((await statusOf('short')).statusCode).toBe(400);
    const { id } = await submit('avi@example.com');
    // Another organisation can neither change this job's rules nor its applicant's status.
    const foreignRules = await t.app.inject({
      method: 'PUT',
      url: '/api/job',
      headers: bearer(stranger.accessToken),
      payload: { jobs: [{ ...job, statusStages: { ...job.statusStages, 0: 'decisionShown' } }] },
    });
    expect(foreignRules.statusCode).toBe(404);
    const foreignStatus = await recruiter(t.app, stranger)('PUT', '/api/job/applicant', {
      applicants: [{ id, status: 5 }],
    });
    expect(foreignStatus.statusCode).toBe(404);
    // Another candidate's token cannot ask for this applicant's link.
    const other = await startInterview(t.app, job._id, {
      ...CANDIDATE_INFO,
      email: 'x@example.com',
    });
    const foreignLink = await callAsCandidate(t.app, other.candidateToken)(
      'POST',
      `/api/applicant/${id}/status-link`,
    );
    expect(foreignLink.statusCode).toBe(404);
    // A confirmation was queued once per submit.
    const confirmations = await t.app.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.purpose, 'submission-confirmation'));
    expect(confirmations.filter((m) => m.toAddress === 'avi@example.com')).toHaveLength(1);
  });
});
