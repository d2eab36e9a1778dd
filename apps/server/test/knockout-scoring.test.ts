import type { ApplicantListResponse, Job } from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, applicants, timelineEvents } from '../src/db/schema';
import { bearer, type SignedUp } from './factories';
import { accountWith, questionPayload } from './jobs-helpers';
import { callAsCandidate, startInterview } from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * Knockout scoring: a job with a scored question and a knockout question that sets "not a fit";
 * each candidate's submission gets its score, a wrong knockout answer sets the status (timeline,
 * activity), and the candidate's view of the job never shows what counts.
 */
describe.each(testDbKinds())('knockout scoring (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let job: Job;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/job',
      headers: bearer(owner.accessToken),
      payload: {
        job: {
          info: { title: 'Driver', location: 'Haifa', desc: '<p>Drive</p>', coverUrl: '' },
          company: { name: 'Acme', logoUrl: '' },
          rule: { isCvRequired: false, isOneTry: true },
          quests: [
            questionPayload('multipleChoice', {
              txt: 'Licence?',
              scoring: 'knockout',
              knockoutStatus: 1,
            }),
            questionPayload('multipleChoice', { txt: 'Night shifts?', scoring: 'scored' }),
            questionPayload('multipleChoice', { txt: 'Colour?' }),
          ],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    job = response.json() as Job;
    expect(job.quests.map((q) => [q.scoring, q.knockoutStatus])).toEqual([
      ['knockout', 1],
      ['scored', undefined],
      [undefined, undefined],
    ]);
  });
  afterAll(() => t.close());

  /** Starts and submits an interview choosing option `picks[i]` for question i (0 is right). */
  async function submit(picks: number[]) {
    const { applicant, candidateToken } = await startInterview(t.app, job._id);
    const answerMap = Object.fromEntries(
      job.quests.map((quest, index) => [quest.id, { resTime: 5, optIdx: [picks[index]!] }]),
    );
    const put = await callAsCandidate(t.app, candidateToken)('PUT', '/api/applicant', {
      applicant: {
        id: applicant.id,
        answerMap,
        timestamp: { submitted: new Date().toISOString() },
      },
      jobId: job._id,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.body).not.toMatch(/score|knock/iu);
    const [row] = await t.app.db.select().from(applicants).where(eq(applicants.id, applicant.id));
    return row!;
  }

  it('scores the share of scored questions right, and leaves the status alone when all is right', async () => {
    const row = await submit([0, 0, 1]);
    expect(row).toMatchObject({ score: 100, knockedOut: false, status: 0 });
  });

  it('sets the knockout status with a timeline event and an activity, nobody as its author', async () => {
    const row = await submit([1, 0, 0]);
    expect(row).toMatchObject({ score: 50, knockedOut: true, status: 1 });
    expect(row.reviewedAt).toBeInstanceOf(Date);
    const events = await t.app.db
      .select()
      .from(timelineEvents)
      .where(and(eq(timelineEvents.applicantId, row.id), eq(timelineEvents.type, 'status')));
    expect(events.map((e) => [e.statusCode, e.questId])).toEqual([[1, job.quests[0]!.id]]);
    const logged = await t.app.db.select().from(activities).where(eq(activities.target, 'status'));
    expect(
      logged.find((a) => (a.meta as { applicantId?: string }).applicantId === row.id),
    ).toMatchObject({
      type: 'update',
      userId: null,
      meta: expect.objectContaining({ statusCode: 1, knockoutQuestId: job.quests[0]!.id }),
    });
  });

  it('a wrong scored answer lowers the score but knocks nobody out', async () => {
    const row = await submit([0, 1, 1]);
    expect(row).toMatchObject({ score: 50, knockedOut: false, status: 0 });
  });

  it('lists each applicant with score and knockout, sorts by score (unscored last either way) and filters on both', async () => {
    // So far: 100, 50 knocked out, 50, in that order; one more who has not submitted.
    const { applicant: unsubmitted } = await startInterview(t.app, job._id);
    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/job/applicant?jobId=${job._id}&${query}`,
        headers: bearer(owner.accessToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as ApplicantListResponse;
      return body.applicants.map((item) => [item.score, item.knockedOut]);
    };
    expect(await list('sort=score:desc')).toEqual([
      [100, false],
      [50, false],
      [50, true],
      [null, false],
    ]);
    expect(await list('sort=score:asc')).toEqual([
      [50, false],
      [50, true],
      [100, false],
      [null, false],
    ]);
    expect(await list('sort=score:desc&minScore=60')).toEqual([[100, false]]);
    expect(await list('sort=score:desc&knockedOut=true')).toEqual([[50, true]]);
    expect(await list('sort=score:desc&knockedOut=false&minScore=50')).toEqual([
      [100, false],
      [50, false],
    ]);
    // Keyset pages follow the score order too.
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/job/applicant?jobId=${job._id}&sort=score:desc&itemsPerPage=2`,
      headers: bearer(owner.accessToken),
    });
    const { nextCursor } = first.json() as ApplicantListResponse;
    const rest = await list(`sort=score:desc&itemsPerPage=2&cursor=${nextCursor!}`);
    expect(rest).toEqual([
      [50, true],
      [null, false],
    ]);
    const count = await t.app.inject({
      method: 'GET',
      url: `/api/job/applicantCount?jobId=${job._id}&knockedOut=false&minScore=0`,
      headers: bearer(owner.accessToken),
    });
    expect(count.json()).toMatchObject({ filteredApplicantCount: 2, totalApplicantCount: 4 });
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/job/applicant?jobId=${job._id}&minScore=101`,
      headers: bearer(owner.accessToken),
    });
    expect(bad.statusCode).toBe(400);
    // The details page carries the same two fields.
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/job/${job._id}/${unsubmitted.id}`,
      headers: bearer(owner.accessToken),
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({ applicant: { score: null, knockedOut: false } });
  });

  it('never shows the candidate which questions count', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/job/${job._id}/public` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(/scoring|knockout|isCorrect/u);
  });
});
