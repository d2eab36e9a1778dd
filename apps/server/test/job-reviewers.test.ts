import { DIGEST_INTERVAL_MS, type Job } from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobReviewers, mailQueue, users } from '../src/db/schema';
import {
  DIGEST_PURPOSE,
  SUBMITTED_PURPOSE,
  sendDueDigests,
} from '../src/modules/notifications/notifications.service';
import { bearer, type SignedUp } from './factories';
import { accountWith, createInterviewJob, submitTextInterview } from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * A reviewer sees only the jobs they are assigned to (docs/features.md, "Team and roles"): in the
 * job and applicant lists, their counts and searches, the departments' and the team's job
 * counts, and the submitted-interview e-mails and digests. The owner assigns them; a role
 * change keeps a new reviewer on the jobs they own.
 */
describe.each(testDbKinds())('job reviewers on %s', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let recruiter: SignedUp;
  let reviewer: SignedUp;
  let stranger: SignedUp;
  let seen: Job;
  let hidden: Job;
  let seenApplicant: string;
  let hiddenApplicant: string;

  const as =
    (who: SignedUp) => (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(who.accessToken), payload });

  /** A candidate starts and submits an interview of `job`. */
  const submit = (job: Job, fName: string) =>
    submitTextInterview(t.app, job, {
      fName,
      email: `${fName.toLowerCase()}-${job._id.slice(0, 6)}@example.com`,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999, fName: 'Olga' });
    const orgId = owner.user.companyId!;
    recruiter = await accountWith(t.app, { orgId, fName: 'Rafi' });
    reviewer = await accountWith(t.app, { orgId, fName: 'Vera' });
    stranger = await accountWith(t.app, { fName: 'Stan' });
    seen = await createInterviewJob(t.app, owner, ['text']);
    hidden = await createInterviewJob(t.app, owner, ['text']);
    const made = await as(owner)('PUT', `/api/team/member/${reviewer.user._id}`, {
      fName: 'Vera',
      email: reviewer.email,
      orgRole: 'reviewer',
    });
    expect(made.statusCode, made.body).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('shows the owner who sees a job and lets only the owner assign reviewers', async () => {
    const before = await as(owner)('GET', `/api/job/${seen._id}/access`);
    expect(before.statusCode, before.body).toBe(200);
    const roles = Object.fromEntries(
      (
        before.json() as { members: { _id: string; orgRole: string; canSee: boolean }[] }
      ).members.map((member) => [member._id, [member.orgRole, member.canSee]]),
    );
    expect(roles).toEqual({
      [owner.user._id]: ['owner', true],
      [recruiter.user._id]: ['recruiter', true],
      [reviewer.user._id]: ['reviewer', false],
    });
    expect(before.json()).toMatchObject({ canManage: true });
    // A recruiter sees the list, but does not assign.
    const asRecruiter = await as(recruiter)('GET', `/api/job/${seen._id}/access`);
    expect(asRecruiter.json()).toMatchObject({ canManage: false });
    const refused = await as(recruiter)('PUT', `/api/job/${seen._id}/access`, {
      reviewerIds: [reviewer.user._id],
    });
    expect(refused.statusCode, refused.body).toBe(403);
    // Only reviewers of the organisation are assigned: a recruiter or a stranger is a 400.
    for (const id of [recruiter.user._id, stranger.user._id]) {
      const bad = await as(owner)('PUT', `/api/job/${seen._id}/access`, { reviewerIds: [id] });
      expect(bad.statusCode, bad.body).toBe(400);
    }
    expect(await t.app.db.select().from(jobReviewers)).toEqual([]);
    // Another organisation's owner does not find the job.
    const foreign = await as(stranger)('GET', `/api/job/${seen._id}/access`);
    expect(foreign.statusCode).toBe(404);

    const saved = await as(owner)('PUT', `/api/job/${seen._id}/access`, {
      reviewerIds: [reviewer.user._id, reviewer.user._id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const members = (saved.json() as { members: { _id: string; canSee: boolean }[] }).members;
    expect(members.find((member) => member._id === reviewer.user._id)).toMatchObject({
      canSee: true,
    });
  });

  it("narrows the reviewer's lists, counts and searches to the jobs they are on", async () => {
    seenApplicant = await submit(seen, 'Dana');
    hiddenApplicant = await submit(hidden, 'Dalia');
    const jobs = await as(reviewer)('GET', '/api/job');
    expect(jobs.json()).toMatchObject({
      jobs: [{ _id: seen._id }],
      totalJobCount: 1,
      filteredJobCount: 1,
    });
    expect((jobs.json() as { jobs: unknown[] }).jobs).toHaveLength(1);
    expect((await as(reviewer)('GET', '/api/job/jobCount')).json()).toMatchObject({ jobCount: 1 });
    // The owner still sees both.
    expect((await as(owner)('GET', '/api/job')).json()).toMatchObject({ totalJobCount: 2 });

    const applicants = await as(reviewer)('GET', '/api/job/applicant');
    const ids = (applicants.json() as { applicants: { id: string }[] }).applicants.map(
      (row) => row.id,
    );
    expect(ids).toEqual([seenApplicant]);
    // A search for the other job's candidate finds nothing; for their own, it does.
    const searched = await as(reviewer)('GET', '/api/job/applicant?txt=dali');
    expect((searched.json() as { applicants: unknown[] }).applicants).toEqual([]);
    const count = await as(reviewer)('GET', '/api/job/applicantCount');
    expect(count.json()).toMatchObject({ filteredApplicantCount: 1, totalApplicantCount: 1 });
    // Naming the other job is "not found", as another organisation's job is.
    for (const url of [
      `/api/job/applicant?jobId=${hidden._id}`,
      `/api/job/applicantCount?jobId=${hidden._id}`,
      `/api/job/${hidden._id}`,
      `/api/job/${hidden._id}/${hiddenApplicant}`,
      `/api/job/applicantVideos/${hiddenApplicant}/${hidden._id}`,
    ]) {
      const response = await as(reviewer)('GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
    }
    // The team screen counts the jobs they see.
    const team = await as(reviewer)('GET', '/api/team');
    const ownerRow = (team.json() as { members: { _id: string; jobCount: number }[] }).members.find(
      (member) => member._id === owner.user._id,
    );
    expect(ownerRow?.jobCount).toBe(1);
  });

  it('e-mails a reviewer about the jobs they are on only, at once or in the digest', async () => {
    const prefs = await as(reviewer)('PUT', '/api/user', {
      user: { notifications: { scope: 'all', mode: 'each' } },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const onSeen = await submit(seen, 'Eli');
    const onHidden = await submit(hidden, 'Efi');
    const recipients = async (refId: string) =>
      (
        await t.app.db
          .select()
          .from(mailQueue)
          .where(and(eq(mailQueue.purpose, SUBMITTED_PURPOSE), eq(mailQueue.refId, refId)))
      ).map((mail) => mail.toAddress);
    expect(await recipients(onSeen)).toContain(reviewer.email);
    expect(await recipients(onHidden)).not.toContain(reviewer.email);
    expect(await recipients(onHidden)).toContain(owner.email);

    await as(reviewer)('PUT', '/api/user', {
      user: { notifications: { scope: 'all', mode: 'digest' } },
    });
    const [{ digestFrom }] = (await t.app.db
      .select({ digestFrom: users.digestFrom })
      .from(users)
      .where(eq(users.id, reviewer.user._id))) as [{ digestFrom: Date }];
    const first = await submit(seen, 'Fay');
    const other = await submit(hidden, 'Fira');
    const at = new Date(digestFrom.getTime() + DIGEST_INTERVAL_MS + 60_000);
    await sendDueDigests({
      db: t.app.db,
      now: at,
      publicUrl: 'http://localhost:3000',
      queue: { kick: async () => ({ sent: 0, retried: 0, failed: 0 }) },
    });
    const [digest] = await t.app.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.purpose, DIGEST_PURPOSE), eq(mailQueue.refId, reviewer.user._id)));
    expect(digest!.text).toContain(`/backoffice/details/${seen._id}/${first}`);
    expect(digest!.text).not.toContain(other);
    expect(digest!.text).not.toContain(hidden._id);
  });

  it('keeps a new reviewer on the jobs they own, and sees every job again as recruiter', async () => {
    const own = await createInterviewJob(t.app, recruiter, ['text']);
    const demoted = await as(owner)('PUT', `/api/team/member/${recruiter.user._id}`, {
      fName: 'Rafi',
      email: recruiter.email,
      orgRole: 'reviewer',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const theirs = await as(recruiter)('GET', '/api/job');
    expect((theirs.json() as { jobs: { _id: string }[] }).jobs.map((job) => job._id)).toEqual([
      own._id,
    ]);
    // Their changes stop at once: the job they own is theirs to watch, not to edit.
    const edit = await as(recruiter)('PUT', '/api/job', { jobs: [own] });
    expect(edit.statusCode, edit.body).toBe(403);

    const promoted = await as(owner)('PUT', `/api/team/member/${recruiter.user._id}`, {
      fName: 'Rafi',
      email: recruiter.email,
      orgRole: 'recruiter',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await as(recruiter)('GET', '/api/job')).json()).toMatchObject({ totalJobCount: 3 });
    const rows = await t.app.db
      .select()
      .from(jobReviewers)
      .where(eq(jobReviewers.userId, recruiter.user._id));
    expect(rows).toEqual([]);
    // The owner keeps the owner's role.
    const ownerRole = await as(owner)('PUT', `/api/team/member/${owner.user._id}`, {
      fName: 'Olga',
      email: owner.email,
      orgRole: 'reviewer',
    });
    expect(ownerRole.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('adds a member as reviewer from the start, and an assignment ends when they leave', async () => {
    const added = await as(owner)('POST', '/api/team/member', {
      fName: 'Nina',
      email: `nina-${Date.now()}@example.com`,
      orgRole: 'reviewer',
    });
    expect(added.statusCode, added.body).toBe(201);
    const nina = added.json() as { _id: string; orgRole: string };
    expect(nina.orgRole).toBe('reviewer');
    await as(owner)('PUT', `/api/job/${hidden._id}/access`, { reviewerIds: [nina._id] });
    const removed = await as(owner)('DELETE', `/api/team/member/${nina._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = await t.app.db
      .select()
      .from(jobReviewers)
      .where(eq(jobReviewers.userId, nina._id));
    expect(rows).toEqual([]);
  });
});
