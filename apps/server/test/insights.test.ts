import type { CreateApiKeyResponse, InsightsFunnel, Job } from '@candid/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, departments, jobs } from '../src/db/schema';
import { bearer, createAccount, type SignedUp } from './factories';
import { accountWith, callAs } from './jobs-helpers';
import { CANDIDATE_INFO, createInterviewJob, startInterview } from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A UTC time on a day of January 2026 (5 is a Monday). */
const at = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2026, 0, day, hour, minute));

/**
 * The funnel (`GET insights/funnel`) read from the kept aggregates, checked figure by figure
 * against applicants the test writes with known times: invited, public, quit, archived, a
 * recruiter's preview (never counted) and a deleted one (no longer counted), on two jobs of one
 * organisation (one of them in a department), beside another organisation's.
 */
describe.each(testDbKinds())('insights funnel (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let member: SignedUp;
  let stranger: SignedUp;
  let jobA: Job;
  let jobB: Job;
  let strangerJob: Job;
  let departmentId: string;
  let strangerDepartmentId: string;

  const get = (account: SignedUp | string, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: bearer(typeof account === 'string' ? account : account.accessToken),
    });
  const funnel = async (account: SignedUp | string, query: string) => {
    const response = await get(account, `/api/insights/funnel?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as InsightsFunnel;
  };
  const stepCounts = (result: InsightsFunnel) =>
    Object.fromEntries(result.steps.map((step) => [step.key, step.count]));

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999 });
    member = await createAccount(t.app, { orgId: owner.user.companyId! });
    stranger = await accountWith(t.app, { perm: 999 });
    jobA = await createInterviewJob(t.app, owner, ['text', 'text', 'text']);
    jobB = await createInterviewJob(t.app, owner, ['text']);
    strangerJob = await createInterviewJob(t.app, stranger, ['text']);
    const orgId = owner.user.companyId!;
    const [department] = await t.app.db
      .insert(departments)
      .values({ orgId, name: 'Engineering' })
      .returning();
    departmentId = department!.id;
    const [other] = await t.app.db
      .insert(departments)
      .values({ orgId: stranger.user.companyId!, name: 'Engineering' })
      .returning();
    strangerDepartmentId = other!.id;
    await t.app.db.update(jobs).set({ departmentId }).where(eq(jobs.id, jobA._id));

    const [q1, q2] = jobA.quests.map((quest) => quest.id);
    const base = { orgId, fName: 'Test', answerMap: {} };
    await t.app.db.insert(applicants).values([
      // Invited, opened, started and submitted in 12 minutes; hired a day later.
      {
        ...base,
        jobId: jobA._id,
        sentAt: at(5, 10),
        openedAt: at(5, 11),
        startedAt: at(5, 11),
        submittedAt: at(5, 11, 12),
        device: 'mobile',
        browser: 'safari',
        inviteTokenHash: 'a'.repeat(64),
      },
      // The public link: opened and started together, submitted in 30 minutes.
      {
        ...base,
        jobId: jobA._id,
        openedAt: at(5, 12),
        startedAt: at(5, 12),
        submittedAt: at(5, 12, 30),
        device: 'desktop',
        browser: 'chrome',
      },
      // Quit after two answers, then archived: it still counts.
      {
        ...base,
        jobId: jobA._id,
        openedAt: at(6, 9),
        startedAt: at(6, 9),
        quitedAt: at(6, 9, 20),
        answerMap: { [q1!]: { txt: 'one' }, [q2!]: { txt: 'two' } },
        device: 'desktop',
        browser: 'firefox',
        archivedAt: at(7, 9),
      },
      // Invited, never opened.
      { ...base, jobId: jobA._id, sentAt: at(6, 10), inviteTokenHash: 'b'.repeat(64) },
      // A recruiter's preview: never counted.
      {
        ...base,
        jobId: jobA._id,
        isPreview: true,
        openedAt: at(5, 8),
        startedAt: at(5, 8),
        submittedAt: at(5, 8, 5),
      },
      // Job B: quit before the first answer, on a tablet.
      {
        ...base,
        jobId: jobB._id,
        openedAt: at(5, 15),
        startedAt: at(5, 15),
        quitedAt: at(5, 15, 2),
        device: 'tablet',
        browser: 'other',
      },
      // The other organisation: never in this one's figures.
      {
        orgId: stranger.user.companyId!,
        fName: 'Other',
        jobId: strangerJob._id,
        openedAt: at(5, 9),
        startedAt: at(5, 9),
        submittedAt: at(5, 9, 10),
      },
    ]);
    // The first applicant hired a day after submitting (the status change's own time).
    const [hired] = await t.app.db
      .select({ id: applicants.id })
      .from(applicants)
      .where(eq(applicants.inviteTokenHash, 'a'.repeat(64)));
    await t.app.db
      .update(applicants)
      .set({ status: 7, updatedAt: at(6, 11, 12) })
      .where(eq(applicants.id, hired!.id));
    // Submitted on the 14th, then deleted: its figures leave with it.
    const [gone] = await t.app.db
      .insert(applicants)
      .values({
        ...base,
        jobId: jobA._id,
        openedAt: at(14, 9),
        startedAt: at(14, 9),
        submittedAt: at(14, 9, 5),
      })
      .returning({ id: applicants.id });
    await t.app.db.delete(applicants).where(inArray(applicants.id, [gone!.id]));
  });
  afterAll(() => t.close());

  it('counts each step of the organisation, with conversions, durations, drop-off and devices', async () => {
    const result = await funnel(owner, 'from=2026-01-05&to=2026-01-14&interval=week');
    expect(result.scope).toEqual({ kind: 'organization', id: null, name: null });
    expect(result.hasData).toBe(true);
    expect(stepCounts(result)).toEqual({
      invited: 2,
      opened: 4,
      started: 4,
      submitted: 2,
      reviewed: 1,
      decided: 1,
    });
    // Opened of the invited (1 of 2), then each step of the one before.
    expect(result.steps.map((step) => step.conversion)).toEqual([null, 0.5, 1, 0.5, 0.5, 1]);
    expect(result.invitedOpened).toBe(1);
    expect(result.quit).toBe(2);
    expect(result.completionRate).toBe(0.5);
    // 12 and 30 minutes: estimated inside their buckets (10–15 and 30–45 minutes).
    expect(result.timeToComplete).toEqual({ count: 2, medianMin: 15, p90Min: 42 });
    // One day exactly: the bucket of one to two days.
    expect(result.timeToFirstReview).toEqual({ count: 1, medianMin: 2160, p90Min: 2736 });
    expect(result.dropOff).toEqual([
      { answered: 0, count: 1, questId: null, questTxt: null },
      { answered: 2, count: 1, questId: null, questTxt: null },
    ]);
    expect(result.devices).toEqual([
      { key: 'desktop', count: 2 },
      { key: 'mobile', count: 1 },
      { key: 'tablet', count: 1 },
      { key: 'other', count: 0 },
    ]);
    expect(Object.fromEntries(result.browsers.map((b) => [b.key, b.count]))).toEqual({
      chrome: 1,
      safari: 1,
      firefox: 1,
      edge: 0,
      samsung: 0,
      other: 1,
    });
    // Weeks start on Monday; the deleted applicant's week is empty again.
    expect(result.series).toEqual([
      {
        period: '2026-01-05',
        invited: 2,
        opened: 4,
        started: 4,
        submitted: 2,
        reviewed: 1,
        decided: 1,
      },
      {
        period: '2026-01-12',
        invited: 0,
        opened: 0,
        started: 0,
        submitted: 0,
        reviewed: 0,
        decided: 0,
      },
    ]);
  });

  it('narrows to a job (drop-off names its question) and to a department', async () => {
    const job = await funnel(owner, `jobId=${jobA._id}&from=2026-01-05&to=2026-01-14`);
    expect(job.scope).toEqual({ kind: 'job', id: jobA._id, name: jobA.info.title });
    expect(stepCounts(job)).toEqual({
      invited: 2,
      opened: 3,
      started: 3,
      submitted: 2,
      reviewed: 1,
      decided: 1,
    });
    expect(job.dropOff).toEqual([
      { answered: 2, count: 1, questId: jobA.quests[1]!.id, questTxt: jobA.quests[1]!.txt },
    ]);
    // By day: the 5th and 6th of January.
    expect(job.series).toHaveLength(10);
    expect(job.series.slice(0, 2).map((row) => [row.period, row.opened, row.reviewed])).toEqual([
      ['2026-01-05', 2, 0],
      ['2026-01-06', 1, 1],
    ]);
    const department = await funnel(
      owner,
      `departmentId=${departmentId}&from=2026-01-05&to=2026-01-14`,
    );
    expect(department.scope).toEqual({ kind: 'department', id: departmentId, name: 'Engineering' });
    expect(stepCounts(department)).toEqual(stepCounts(job));
    const other = await funnel(owner, `jobId=${jobB._id}&from=2026-01-05&to=2026-01-05`);
    expect(stepCounts(other)).toMatchObject({ opened: 1, started: 1, submitted: 0 });
    expect(other.completionRate).toBe(0);
  });

  it('says there is no data for a range where nothing happened, rather than zeros', async () => {
    const result = await funnel(owner, 'from=2026-01-13&to=2026-01-20');
    expect(result.hasData).toBe(false);
    expect(result.completionRate).toBeNull();
    expect(result.timeToComplete).toEqual({ count: 0, medianMin: null, p90Min: null });
    expect(result.steps.every((step) => step.count === 0)).toBe(true);
  });

  it('records the start, device and browser of an interview started through the API, and the first review', async () => {
    const job = await createInterviewJob(t.app, owner, ['text']);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/applicant',
      headers: { 'user-agent': IPHONE_UA },
      payload: {
        applicant: {
          info: { ...CANDIDATE_INFO, email: 'maya@example.com' },
        },
        jobId: job._id,
        consent: { version: 0, language: 'en' },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { applicant } = response.json() as { applicant: { id: string } };
    await startInterview(t.app, job._id);
    const [row] = await t.app.db.select().from(applicants).where(eq(applicants.id, applicant.id));
    expect(row).toMatchObject({ device: 'mobile', browser: 'safari' });
    expect(row!.startedAt).toBeInstanceOf(Date);
    await t.app.db
      .update(applicants)
      .set({ submittedAt: new Date() })
      .where(eq(applicants.id, applicant.id));
    const put = await callAs(t.app, owner)('PUT', '/api/job/applicant', {
      applicants: [{ id: applicant.id, status: 1 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const result = await funnel(owner, `jobId=${job._id}&from=${today}&to=${today}`);
    expect(stepCounts(result)).toMatchObject({
      opened: 2,
      started: 2,
      submitted: 1,
      reviewed: 1,
      decided: 1,
    });
    expect(result.devices.find((d) => d.key === 'mobile')!.count).toBe(1);
    expect(result.timeToFirstReview.count).toBe(1);
  });

  it('lets members, an admin viewing as the owner and API keys read it; nobody else', async () => {
    const query = 'from=2026-01-05&to=2026-01-14';
    expect(stepCounts(await funnel(member, query))).toMatchObject({ opened: 4 });
    const admin = await accountWith(t.app, { role: 'admin' });
    expect(stepCounts(await funnel(admin, `${query}&viewAsId=${owner.user._id}`))).toMatchObject({
      opened: 4,
    });
    const key = await callAs(t.app, owner)('POST', '/api/integrations/api-key', {
      name: 'BI',
      scope: 'read',
    });
    expect(key.statusCode, key.body).toBe(201);
    const { key: secret } = key.json() as CreateApiKeyResponse;
    expect(stepCounts(await funnel(secret, query))).toMatchObject({ opened: 4 });
    // The other organisation sees only its own figures, and none of this one's jobs.
    expect(stepCounts(await funnel(stranger, query))).toMatchObject({ opened: 1, submitted: 1 });
    expect(
      (await get(stranger, `/api/insights/funnel?jobId=${jobA._id}&${query}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(owner, `/api/insights/funnel?departmentId=${strangerDepartmentId}&${query}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/insights/funnel?${query}` })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['from after to', 'from=2026-01-14&to=2026-01-05'],
    ['both a job and a department', 'jobId=x&departmentId=y&from=2026-01-05&to=2026-01-06'],
    ['a range of more than two years', 'from=2023-01-01&to=2026-01-05'],
    ['no dates', 'interval=day'],
    ['an unknown interval', 'from=2026-01-05&to=2026-01-06&interval=month'],
    ['a date that is not one', 'from=2026-02-30&to=2026-03-01'],
  ])('refuses %s with a 400', async (_name, query) => {
    const response = await get(owner, `/api/insights/funnel?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ key: 'VALIDATION_ERR' });
  });
});
