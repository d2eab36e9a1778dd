import {
  PLANS,
  type ApplicantDetails,
  type ApplicantListResponse,
  type ApplicantRatings,
  type Job,
} from '@candid/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, applicants, ratings, users } from '../src/db/schema';
import { bearer, type SignedUp } from './factories';
import { createInterviewJob } from './interview-helpers';
import { accountWith, jobPayload } from './jobs-helpers';
import { activityCount, applyAs, snapshotApplicant } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * Ratings and scorecards: the job's scorecard (default, custom by plan), each
 * reviewer's ratings of the applicant and its answers, averages and reviewer counts in the
 * details and the overview (sorted and filtered), timeline events and activities, and who may
 * rate: the organisation's owner and members, an admin through view-as; not another
 * organisation, an admin without view-as, a candidate or anyone anonymous.
 */
describe.each(testDbKinds())('ratings and scorecards (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let member: SignedUp;
  let stranger: SignedUp;
  let admin: SignedUp;
  let job: Job;
  let candidateToken: string;
  const ids = {} as Record<'ada' | 'ben' | 'cy' | 'dov', string>;

  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await accountWith(t.app, { fName: 'Olga' });
    member = await accountWith(t.app, { fName: 'Mia', orgId: owner.user.companyId! });
    stranger = await accountWith(t.app, { fName: 'Stan' });
    admin = await accountWith(t.app, { role: 'admin' });
    job = await createInterviewJob(t.app, owner, ['text', 'text']);
    const answers = Object.fromEntries(
      job.quests.map((quest) => [quest.id, { resTime: 20, txt: 'An answer' }]),
    );
    for (const name of ['ada', 'ben', 'cy', 'dov'] as const) {
      const created = await applyAs(t.app, job._id, { info: { fName: name }, answers });
      ids[name] = created.applicant.id;
      if (name === 'ada') candidateToken = created.candidateToken;
    }
  }, 120_000);
  afterAll(async () => t?.close());

  const call = (
    who: SignedUp | string | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who === null ? {} : bearer(typeof who === 'string' ? who : who.accessToken),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const rate = (
    who: SignedUp | string | null,
    applicantId: string,
    body: Record<string, unknown>,
    query = '',
  ) => call(who, 'PUT', `/api/job/${job._id}/${applicantId}/rating${query}`, body);

  const overall = (score: number | null) => ({
    targetType: 'criterion',
    targetId: 'overall',
    score,
  });

  const details = async (who: SignedUp, applicantId: string) => {
    const response = await call(who, 'GET', `/api/job/${job._id}/${applicantId}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { applicant: ApplicantDetails }).applicant;
  };

  const list = async (query: string) => {
    const response = await call(owner, 'GET', `/api/job/applicant?jobId=${job._id}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ApplicantListResponse;
  };

  it('gives a new job one overall criterion, in the owner language', async () => {
    expect(job.scorecard).toEqual([{ id: 'overall', label: 'Overall' }]);
    const hebrew = await accountWith(t.app, { fName: 'Hila' });
    await t.app.db.update(users).set({ language: 'he' }).where(eq(users.id, hebrew.user._id));
    const created = await call(hebrew, 'POST', '/api/job', { job: jobPayload() });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as Job).scorecard).toEqual([{ id: 'overall', label: 'התרשמות כללית' }]);
  });

  it('saves a custom scorecard on a plan that has it, and refuses it (writing nothing) on one that does not', async () => {
    const criteria = [
      { id: 'overall', label: 'Overall' },
      { id: 'skills', label: ' Skills ' },
      { id: '', label: '' },
    ];
    const saved = await call(owner, 'PUT', '/api/job', { jobs: [{ ...job, scorecard: criteria }] });
    expect(saved.statusCode, saved.body).toBe(200);
    const scorecard = (saved.json() as { jobs: Job[] }).jobs[0]!.scorecard;
    expect(scorecard.map((c) => c.label)).toEqual(['Overall', 'Skills', 'Criterion 3']);
    expect(scorecard[2]!.id).not.toBe('');
    job = (saved.json() as { jobs: Job[] }).jobs[0]!;

    // Too many criteria, a label too long: 400.
    for (const bad of [
      Array.from({ length: 11 }, (_, i) => ({ id: `c${i}`, label: `C${i}` })),
      [{ id: 'a', label: 'x'.repeat(81) }],
      [],
    ]) {
      const refused = await call(owner, 'PUT', '/api/job', { jobs: [{ ...job, scorecard: bad }] });
      expect(refused.statusCode, refused.body).toBe(400);
    }

    // A basic plan keeps one criterion only; a job it already has stays editable.
    const basic = await accountWith(t.app, { perm: PLANS.BASIC, fName: 'Basil' });
    const two = [
      { id: 'overall', label: 'Overall' },
      { id: 'skills', label: 'Skills' },
    ];
    const before = await activityCount(t.app);
    const locked = await call(basic, 'POST', '/api/job', { job: jobPayload({ scorecard: two }) });
    expect(locked.statusCode, locked.body).toBe(403);
    expect(locked.json()).toMatchObject({ key: 'FORBIDDEN_ERR' });
    expect(await activityCount(t.app)).toBe(before);
    const single = await call(basic, 'POST', '/api/job', {
      job: jobPayload({ scorecard: [{ id: 'overall', label: 'Gut feeling' }] }),
    });
    expect(single.statusCode, single.body).toBe(201);
    const basicJob = single.json() as Job;
    const grown = await call(basic, 'PUT', '/api/job', {
      jobs: [{ ...basicJob, scorecard: two }],
    });
    expect(grown.statusCode).toBe(403);
    // Downgraded after saving a custom scorecard: the rest of the job can still be saved.
    await t.app.db
      .update(users)
      .set({ perm: PLANS.ALL_FEATURES })
      .where(eq(users.id, basic.user._id));
    const upgraded = await call(basic, 'PUT', '/api/job', {
      jobs: [{ ...basicJob, scorecard: two }],
    });
    expect(upgraded.statusCode).toBe(200);
    await t.app.db.update(users).set({ perm: PLANS.BASIC }).where(eq(users.id, basic.user._id));
    const renamed = await call(basic, 'PUT', '/api/job', {
      jobs: [{ ...basicJob, info: { ...basicJob.info, title: 'Renamed' }, scorecard: two }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A clone keeps the scorecard when the cloner's plan has it, else starts from the default.
    const basicCopy = await call(basic, 'POST', `/api/job/${basicJob._id}/clone`, {});
    expect(basicCopy.statusCode, basicCopy.body).toBe(201);
    expect((basicCopy.json() as Job).scorecard).toEqual([{ id: 'overall', label: 'Overall' }]);
    const ownerCopy = await call(owner, 'POST', `/api/job/${job._id}/clone`, {});
    expect((ownerCopy.json() as Job).scorecard).toEqual(job.scorecard);
  });

  it('lets two reviewers of the organisation rate; averages, counts and names show everywhere', async () => {
    const first = await rate(owner, ids.ada, overall(5));
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as { ratings: ApplicantRatings }).ratings.summary).toEqual({
      avg: 5,
      count: 1,
    });
    expect((await rate(owner, ids.ada, { ...overall(3), targetId: 'skills' })).statusCode).toBe(
      200,
    );
    expect((await rate(member, ids.ada, overall(2))).statusCode).toBe(200);
    const answer = await rate(member, ids.ada, {
      targetType: 'question',
      targetId: job.quests[0]!.id,
      score: 4,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { ratings: after } = answer.json() as { ratings: ApplicantRatings };
    // Olga: (5 + 3) / 2 = 4; Mia: 2 → 3 from two reviewers; the answer rating is apart.
    expect(after.summary).toEqual({ avg: 3, count: 2 });
    expect(after.ratings).toHaveLength(4);
    expect(after.ratings.map((r) => [r.reviewer?.fName, r.targetId, r.score])).toEqual([
      ['Olga', 'overall', 5],
      ['Olga', 'skills', 3],
      ['Mia', 'overall', 2],
      ['Mia', job.quests[0]!.id, 4],
    ]);

    // The member sees everyone's ratings with names on the details page.
    const seen = await details(member, ids.ada);
    expect(seen.rating).toEqual({ avg: 3, count: 2 });
    expect(seen.ratings).toEqual(after);
    expect(seen.job.scorecard.map((c) => c.id)).toEqual(job.scorecard.map((c) => c.id));
    const events = seen.timeline.filter((event) => event.type === 'rating');
    expect(events).toHaveLength(4);
    expect(events[0]).toMatchObject({
      type: 'rating',
      targetType: 'criterion',
      targetId: 'overall',
      label: 'Overall',
      score: 5,
      reviewer: 'Olga Test',
    });
    expect(events[3]).toMatchObject({ targetType: 'question', label: job.quests[0]!.txt });

    // The overview row carries the same summary.
    const row = (await list('')).applicants.find((item) => item.id === ids.ada)!;
    expect(row.rating).toEqual({ avg: 3, count: 2 });
    const logged = await t.app.db.select().from(activities).where(eq(activities.target, 'rating'));
    expect(logged.map((activity) => activity.type)).toEqual([
      'create',
      'create',
      'create',
      'create',
    ]);
    expect(logged[0]!.meta).toMatchObject({ applicantId: ids.ada, targetId: 'overall', score: 5 });
  });

  it('changes and clears only the caller’s own rating; the same score again changes nothing', async () => {
    const before = await snapshotApplicant(t.app, ids.ada);
    const same = await rate(member, ids.ada, overall(2));
    expect(same.statusCode).toBe(200);
    expect(await snapshotApplicant(t.app, ids.ada)).toEqual(before);

    const changed = await rate(member, ids.ada, overall(4));
    expect((changed.json() as { ratings: ApplicantRatings }).ratings.summary).toEqual({
      avg: 4,
      count: 2,
    });
    // Clearing Mia's overall leaves Olga's; Mia still rated an answer, which is not counted.
    const cleared = await rate(member, ids.ada, overall(null));
    expect((cleared.json() as { ratings: ApplicantRatings }).ratings.summary).toEqual({
      avg: 4,
      count: 1,
    });
    const olga = (cleared.json() as { ratings: ApplicantRatings }).ratings.ratings.filter(
      (r) => r.reviewer?.fName === 'Olga',
    );
    expect(olga.map((r) => r.score)).toEqual([5, 3]);
    const events = (await details(owner, ids.ada)).timeline.filter((e) => e.type === 'rating');
    expect(events.slice(-2).map((e) => (e.type === 'rating' ? e.score : 'x'))).toEqual([4, null]);
    const [row] = await t.app.db
      .select({ avg: applicants.ratingAvg, count: applicants.ratingCount })
      .from(applicants)
      .where(eq(applicants.id, ids.ada));
    expect(row).toEqual({ avg: 4, count: 1 });
    // Clearing what is not there: nothing happens.
    const snapshot = await snapshotApplicant(t.app, ids.ada);
    expect((await rate(member, ids.ada, overall(null))).statusCode).toBe(200);
    expect(await snapshotApplicant(t.app, ids.ada)).toEqual(snapshot);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await snapshotApplicant(t.app, ids.ben);
    const activitiesBefore = await activityCount(t.app);
    for (const body of [
      overall(0),
      overall(6),
      overall(2.5),
      { ...overall(3), score: '3' },
      { ...overall(3), targetType: 'note' },
      { ...overall(3), targetId: 'not-a-criterion' },
      { targetType: 'question', targetId: 'not-a-question', score: 3 },
      // A question id is not a criterion, nor the reverse.
      { targetType: 'criterion', targetId: job.quests[0]!.id, score: 3 },
      { targetType: 'question', targetId: 'overall', score: 3 },
      { ...overall(3), extra: true },
      { targetType: 'criterion', score: 3 },
      {},
    ]) {
      const response = await rate(owner, ids.ben, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ key: 'VALIDATION_ERR' });
    }
    expect(await snapshotApplicant(t.app, ids.ben)).toEqual(before);
    expect(await activityCount(t.app)).toBe(activitiesBefore);
    const [stored] = await t.app.db
      .select({ n: count() })
      .from(ratings)
      .where(eq(ratings.applicantId, ids.ben));
    expect(stored!.n).toBe(0);
  });

  it('lets no one outside the organisation rate or read ratings', async () => {
    const before = await snapshotApplicant(t.app, ids.ben);
    const cases: [SignedUp | string | null, string, number][] = [
      [stranger, '', 404],
      [admin, '', 404],
      [null, '', 401],
      [candidateToken, '', 401],
      ['not-a-token', '', 401],
      // A viewAsId in a query the route does not take is no view-as.
      [stranger, `?viewAsId=${owner.user._id}`, 404],
    ];
    for (const [who, query, status] of cases) {
      const response = await rate(who, ids.ben, overall(1), query);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.body).not.toContain('Olga');
    }
    // A recruiter naming someone else to view as, where the route takes it, is refused.
    const refusedViewAs = await rate(stranger, ids.ben, {
      ...overall(1),
      viewAsId: owner.user._id,
    });
    expect(refusedViewAs.json()).toMatchObject({ status: 403, key: 'VIEW_AS_FORBIDDEN_ERR' });
    // Another organisation's job in the path, or an applicant of another job: not found.
    const otherJob = await createInterviewJob(t.app, stranger, ['video']);
    const crossed = await call(
      stranger,
      'PUT',
      `/api/job/${otherJob._id}/${ids.ben}/rating`,
      overall(1),
    );
    expect(crossed.statusCode).toBe(404);
    const malformed = await call(owner, 'PUT', `/api/job/${job._id}/not-an-id/rating`, overall(1));
    expect(malformed.statusCode).toBe(404);
    expect(await snapshotApplicant(t.app, ids.ben)).toEqual(before);
    // An admin rates through view-as, as the viewed owner, logged as the admin.
    const viewAs = await rate(admin, ids.ben, { ...overall(1), viewAsId: owner.user._id });
    expect(viewAs.statusCode, viewAs.body).toBe(200);
    const [logged] = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.target, 'rating'), eq(activities.userId, admin.user._id)));
    expect(logged?.meta).toMatchObject({ applicantId: ids.ben, viewAsId: owner.user._id });
    const cleared = await rate(admin, ids.ben, { ...overall(null), viewAsId: owner.user._id });
    expect((cleared.json() as { ratings: ApplicantRatings }).ratings.summary.count).toBe(0);
  });

  it('refuses a locked applicant (free plan) with 403', async () => {
    const starter = await accountWith(t.app, { perm: PLANS.STARTER, fName: 'Sam' });
    const starterJob = await createInterviewJob(t.app, starter, ['video']);
    const created = await applyAs(t.app, starterJob._id, { finish: 'quit' });
    await t.app.db
      .update(applicants)
      .set({ isFree: false })
      .where(eq(applicants.id, created.applicant.id));
    const response = await call(
      starter,
      'PUT',
      `/api/job/${starterJob._id}/${created.applicant.id}/rating`,
      overall(4),
    );
    expect(response.statusCode, response.body).toBe(403);
    await t.app.db
      .update(applicants)
      .set({ isFree: true })
      .where(eq(applicants.id, created.applicant.id));
    const free = await call(
      starter,
      'PUT',
      `/api/job/${starterJob._id}/${created.applicant.id}/rating`,
      overall(4),
    );
    expect(free.statusCode, free.body).toBe(200);
  });

  it('sorts the overview by rating (unrated last either way) and filters by it', async () => {
    // ada 4 (one reviewer), ben none, cy 2, dov 4.5 (two reviewers).
    expect((await rate(owner, ids.cy, overall(2))).statusCode).toBe(200);
    expect((await rate(owner, ids.dov, overall(5))).statusCode).toBe(200);
    expect((await rate(member, ids.dov, overall(4))).statusCode).toBe(200);
    const names = (response: ApplicantListResponse) =>
      response.applicants.map((item) => item.info.fName);
    expect(names(await list('sort=rating:desc'))).toEqual(['dov', 'ada', 'cy', 'ben']);
    expect(names(await list('sort=rating:asc'))).toEqual(['cy', 'ada', 'dov', 'ben']);
    expect((await list('sort=rating:desc')).applicants[0]!.rating).toEqual({ avg: 4.5, count: 2 });
    expect(names(await list('sort=rating:desc&rating=4'))).toEqual(['dov', 'ada']);
    expect(names(await list('rating=none'))).toEqual(['ben']);
    const counted = await call(owner, 'GET', `/api/job/applicantCount?jobId=${job._id}&rating=3`);
    expect(counted.json()).toMatchObject({ filteredApplicantCount: 2, totalApplicantCount: 4 });
    // Keyset pages in rating order list the same rows.
    const scrolled: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await list(
        `sort=rating:desc&itemsPerPage=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      scrolled.push(...names(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(scrolled).toEqual(['dov', 'ada', 'cy', 'ben']);
    // A filter outside 1–5 is a clear 400.
    const bad = await call(owner, 'GET', '/api/job/applicant?rating=7');
    expect(bad.statusCode).toBe(400);
  });
});
