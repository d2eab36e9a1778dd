import {
  PLANS,
  type ApplicantDetails,
  type CreateShareLinkResponse,
  type Job,
  type SharedApplicant,
  type SharedLinkResponse,
  type ShareLink,
} from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, ratings, shareLinks } from '../src/db/schema';
import { bearer, type SignedUp } from './factories';
import { createInterviewJob } from './interview-helpers';
import { accountWith } from './jobs-helpers';
import { applyAs } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * Sharing applicants with a hiring manager: who may make, list and revoke links
 * (owner, member; not another organisation, an anonymous caller, a candidate, an API key or a
 * plan without SHARE_LINKS), what a guest link opens (its applicants only, nothing private),
 * what it refuses (revoked, expired, another applicant, an unknown token), and what a guest's
 * view and rating write (timeline, activities, averages and reviewer counts).
 */
describe.each(testDbKinds())('share links (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let member: SignedUp;
  let stranger: SignedUp;
  let basic: SignedUp;
  let job: Job;
  let candidateToken: string;
  let apiKey: string;
  const ids = {} as Record<'ada' | 'ben' | 'other', string>;
  const PRIVATE_NOTE = 'PRIVATE-NOTE-do-not-share';

  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await accountWith(t.app, { fName: 'Olga' });
    member = await accountWith(t.app, { fName: 'Mia', orgId: owner.user.companyId! });
    stranger = await accountWith(t.app, { fName: 'Stan' });
    basic = await accountWith(t.app, { fName: 'Bea', perm: PLANS.BASIC });
    job = await createInterviewJob(t.app, owner, ['text', 'text']);
    const answers = Object.fromEntries(
      job.quests.map((quest, index) => [quest.id, { resTime: 20, txt: `Answer ${index + 1}` }]),
    );
    for (const name of ['ada', 'ben', 'other'] as const) {
      const created = await applyAs(t.app, job._id, { info: { fName: name }, answers });
      ids[name] = created.applicant.id;
      if (name === 'ada') candidateToken = created.candidateToken;
    }
    // A note and a member's rating on Ada: neither may reach the guest.
    const noted = await call(owner, 'PUT', '/api/job/applicant', {
      applicants: [{ id: ids.ada, newNote: { txt: PRIVATE_NOTE } }],
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const rated = await call(member, 'PUT', `/api/job/${job._id}/${ids.ada}/rating`, {
      targetType: 'criterion',
      targetId: 'overall',
      score: 2,
    });
    expect(rated.statusCode, rated.body).toBe(200);
    const key = await call(owner, 'POST', '/api/integrations/api-key', {
      name: 'ATS',
      scope: 'write',
    });
    expect(key.statusCode, key.body).toBe(201);
    apiKey = (key.json() as { key: string }).key;
  }, 120_000);
  afterAll(async () => t?.close());

  function call(
    who: SignedUp | string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) {
    return t.app.inject({
      method,
      url,
      headers: who === null ? {} : bearer(typeof who === 'string' ? who : who.accessToken),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  const share = (who: SignedUp | string | null, body: Record<string, unknown>) =>
    call(who, 'POST', '/api/job/share-link', body);

  async function makeLink(applicantIds: string[], guestName = 'Hana Manager') {
    const response = await share(owner, { applicantIds, guestName, guestEmail: 'HM@Example.com' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CreateShareLinkResponse;
  }

  const guest = (token: string, path = '', method: 'GET' | 'PUT' = 'GET', payload?: unknown) =>
    call(null, method, `/api/share/${token}${path}`, payload);

  const details = async (applicantId: string) => {
    const response = await call(owner, 'GET', `/api/job/${job._id}/${applicantId}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { applicant: ApplicantDetails }).applicant;
  };

  it('makes a link for the owner and a member, shown once, stored hashed, expiring in 7 days by default', async () => {
    const created = await makeLink([ids.ada]);
    expect(created.token).toMatch(/^shr_[A-Za-z0-9_-]{43}$/);
    expect(created.path).toBe(`/share/${created.token}`);
    expect(created.link).toMatchObject({
      guestName: 'Hana Manager',
      guestEmail: 'hm@example.com',
      createdBy: expect.stringContaining('Olga'),
      revokedAt: null,
      viewCount: 0,
      applicantIds: [ids.ada],
    });
    const days = (Date.parse(created.link.expiresAt) - Date.parse(created.link.createdAt)) / 864e5;
    expect(days).toBe(7);
    const [row] = await t.app.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.id, created.link._id));
    expect(row!.tokenHash).not.toContain(created.token);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
    const byMember = await share(member, {
      applicantIds: [ids.ben],
      guestName: 'Gil',
      expiresInDays: 30,
    });
    expect(byMember.statusCode, byMember.body).toBe(201);
    const link = (byMember.json() as CreateShareLinkResponse).link;
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(30 * 864e5);
    const [made] = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.target, 'shareLink'), eq(activities.type, 'create')));
    expect(made).toMatchObject({ userId: owner.user._id, orgId: owner.user.companyId });
  });

  it('refuses another organisation (404), anonymous callers and candidates (401), API keys and a plan without SHARE_LINKS (403), and bad input (400)', async () => {
    const body = { applicantIds: [ids.ada], guestName: 'X' };
    expect((await share(stranger, body)).statusCode).toBe(404);
    expect((await share(null, body)).statusCode).toBe(401);
    expect((await share(candidateToken, body)).statusCode).toBe(401);
    expect((await share(apiKey, body)).statusCode).toBe(403);
    const basicJob = await createInterviewJob(t.app, basic, ['video']);
    const basicApplicant = await applyAs(t.app, basicJob._id, {
      info: { fName: 'Zed' },
      finish: 'none',
    });
    const gated = await share(basic, {
      applicantIds: [basicApplicant.applicant.id],
      guestName: 'X',
    });
    expect(gated.statusCode, gated.body).toBe(403);
    expect(gated.json()).toMatchObject({ key: 'FORBIDDEN_ERR' });
    for (const bad of [
      { applicantIds: [], guestName: 'X' },
      { applicantIds: [ids.ada], guestName: ' ' },
      { applicantIds: [ids.ada], guestName: 'X', expiresInDays: 5 },
      { applicantIds: [ids.ada], guestName: 'X', guestEmail: 'not-an-email' },
    ]) {
      expect((await share(owner, bad)).statusCode).toBe(400);
    }
    // The list and revocation: the organisation only.
    const list = `/api/job/${job._id}/${ids.ada}/share-link`;
    expect((await call(stranger, 'GET', list)).statusCode).toBe(404);
    expect((await call(null, 'GET', list)).statusCode).toBe(401);
    expect((await call(apiKey, 'GET', list)).statusCode).toBe(403);
    const { link } = await makeLink([ids.ada], 'Revoke target');
    expect((await call(stranger, 'DELETE', `/api/job/share-link/${link._id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(candidateToken, 'DELETE', `/api/job/share-link/${link._id}`)).statusCode,
    ).toBe(401);
  });

  it("opens the link's applicants to the guest with answers and scorecard, never notes, others' ratings or other applicants", async () => {
    const { token, link } = await makeLink([ids.ada, ids.ben], 'Dana Guest');
    const overview = await guest(token);
    expect(overview.statusCode, overview.body).toBe(200);
    const shared = overview.json() as SharedLinkResponse;
    expect(shared.guestName).toBe('Dana Guest');
    expect(shared.applicants.map((a) => a.id)).toEqual([ids.ada, ids.ben]);
    expect(overview.body).not.toContain(ids.other);

    const opened = await guest(token, `/${ids.ada}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const applicant = (opened.json() as { applicant: SharedApplicant }).applicant;
    expect(applicant.info.fName).toBe('ada');
    expect(job.quests.map((quest) => applicant.answerMap[quest.id]?.txt)).toEqual([
      'Answer 1',
      'Answer 2',
    ]);
    expect(applicant.job.scorecard).toEqual([{ id: 'overall', label: 'Overall' }]);
    expect(applicant.myRatings).toEqual([]);
    // Nothing private: no note, no other reviewer, no status, no timeline.
    for (const secret of [
      PRIVATE_NOTE,
      member.user._id,
      owner.user._id,
      'Mia',
      'timeline',
      'notes',
      'status',
    ]) {
      expect(opened.body).not.toContain(secret);
    }
    // Another applicant of the same job, not in the link: 404.
    const other = await guest(token, `/${ids.other}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('other');
    // The view counts on the link, on the timeline and as a guest activity.
    const after = await call(owner, 'GET', `/api/job/${job._id}/${ids.ada}/share-link`);
    const listed = (after.json() as { links: ShareLink[] }).links.find((l) => l._id === link._id)!;
    expect(listed.viewCount).toBe(1);
    expect(listed.lastViewedAt).not.toBeNull();
    const timeline = (await details(ids.ada)).timeline;
    expect(timeline).toContainEqual(
      expect.objectContaining({ type: 'guestView', guestName: 'Dana Guest' }),
    );
    const views = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.target, 'shareLink'), eq(activities.type, 'watch')));
    expect(views.at(-1)).toMatchObject({
      userId: null,
      orgId: owner.user.companyId,
      meta: { guestName: 'Dana Guest', shareLinkId: link._id, applicantId: ids.ada },
    });
  });

  it("counts the guest's ratings in the average and reviewer count, labelled as the guest's", async () => {
    const { token, link } = await makeLink([ids.ada], 'Rater Guest');
    const before = await details(ids.ada);
    expect(before.ratings.summary).toEqual({ avg: 2, count: 1 });
    const rated = await guest(token, `/${ids.ada}/rating`, 'PUT', {
      targetType: 'criterion',
      targetId: 'overall',
      score: 5,
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toEqual({
      myRatings: [{ targetType: 'criterion', targetId: 'overall', score: 5 }],
    });
    // The member's 2 is not the guest's to see.
    expect(rated.body).not.toContain('"score":2');
    const answer = await guest(token, `/${ids.ada}/rating`, 'PUT', {
      targetType: 'question',
      targetId: job.quests[0]!.id,
      score: 4,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const bad = await guest(token, `/${ids.ada}/rating`, 'PUT', {
      targetType: 'criterion',
      targetId: 'nope',
      score: 4,
    });
    expect(bad.statusCode).toBe(400);
    const after = await details(ids.ada);
    expect(after.ratings.summary).toEqual({ avg: 3.5, count: 2 });
    expect(after.ratings.ratings).toContainEqual(
      expect.objectContaining({ reviewer: null, guestName: 'Rater Guest', score: 5 }),
    );
    expect(after.timeline).toContainEqual(
      expect.objectContaining({ type: 'rating', reviewer: 'Rater Guest', guest: true, score: 5 }),
    );
    const stored = await t.app.db.select().from(ratings).where(eq(ratings.shareLinkId, link._id));
    expect(stored.every((row) => row.userId === null)).toBe(true);
    const logged = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.target, 'rating'), eq(activities.type, 'create')));
    expect(logged.at(-1)).toMatchObject({
      userId: null,
      meta: { guestName: 'Rater Guest', shareLinkId: link._id, applicantId: ids.ada },
    });
    // Clearing it takes the guest out of the average again.
    await guest(token, `/${ids.ada}/rating`, 'PUT', {
      targetType: 'criterion',
      targetId: 'overall',
      score: null,
    });
    expect((await details(ids.ada)).ratings.summary).toEqual({ avg: 2, count: 1 });
  });

  it('answers a revoked link with 410 SHARE_LINK_REVOKED_ERR and an expired one with 410 SHARE_LINK_EXPIRED_ERR, with nothing of the applicant', async () => {
    const revoked = await makeLink([ids.ben], 'Revoked Guest');
    expect((await guest(revoked.token, `/${ids.ben}`)).statusCode).toBe(200);
    const listed = async () =>
      (
        (await call(member, 'GET', `/api/job/${job._id}/${ids.ben}/share-link`)).json() as {
          links: ShareLink[];
        }
      ).links.map((l) => l._id);
    expect(await listed()).toContain(revoked.link._id);
    const revoke = await call(member, 'DELETE', `/api/job/share-link/${revoked.link._id}`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((revoke.json() as { link: ShareLink }).link.revokedAt).not.toBeNull();
    expect(await listed()).not.toContain(revoked.link._id);
    for (const path of ['', `/${ids.ben}`]) {
      const response = await guest(revoked.token, path);
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ status: 410, key: 'SHARE_LINK_REVOKED_ERR' });
      expect(response.body).not.toContain('ben');
    }
    const rating = await guest(revoked.token, `/${ids.ben}/rating`, 'PUT', {
      targetType: 'criterion',
      targetId: 'overall',
      score: 1,
    });
    expect(rating.json()).toMatchObject({ key: 'SHARE_LINK_REVOKED_ERR' });

    const expired = await makeLink([ids.ben], 'Late Guest');
    await t.app.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expired.link._id));
    const late = await guest(expired.token, `/${ids.ben}`);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ key: 'SHARE_LINK_EXPIRED_ERR' });
    expect(await listed()).not.toContain(expired.link._id);

    // A token no link has, and one of another shape.
    const unknown = await guest(`shr_${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ key: 'INVALID_TOKEN_ERR' });
    expect((await guest('nonsense')).statusCode).toBe(401);
    // A recruiter's own token is no share link.
    expect((await call(owner, 'GET', `/api/share/${expired.token.slice(0, 10)}`)).statusCode).toBe(
      401,
    );
  });

  it("keeps a guest of one organisation out of another's applicants and out of the back office", async () => {
    const strangerJob = await createInterviewJob(t.app, stranger, ['text']);
    const theirs = await applyAs(t.app, strangerJob._id, {
      info: { fName: 'Theirs' },
      finish: 'none',
    });
    const { token } = await makeLink([ids.ada], 'Nosy Guest');
    expect((await guest(token, `/${theirs.applicant.id}`)).statusCode).toBe(404);
    // The token as a bearer token opens no back-office call.
    expect((await call(token, 'GET', `/api/job/${job._id}/${ids.ada}`)).statusCode).toBe(401);
    expect((await call(token, 'GET', '/api/job/applicant')).statusCode).toBe(401);
  });
});
