import { PLANS, VALIDATION_KEYS, type Job, type JobListResponse } from '@candid/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicants } from '../src/db/schema';
import type { SignedUp } from './factories';
import { accountWith, issueMessages, jobPayload, questionPayload } from './jobs-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { jobsSuite } from './jobs-suite';

describe.each(testDbKinds())('jobs on %s: who may, bulk changes, deletion and clones', (kind) => {
  const suite = jobsSuite(kind);
  const { clock, as, createJob, activitiesOf } = suite;
  let t: TestApp;
  let owner: SignedUp;
  let colleague: SignedUp;
  let stranger: SignedUp;
  let admin: SignedUp;
  beforeAll(() => {
    ({ t, owner, colleague, stranger, admin } = suite.state);
  });

  it("hides another organisation's jobs: not readable, writable, deletable or clonable", async () => {
    const job = await createJob(owner, jobPayload({ info: { title: 'Private' } }));
    const asStranger = as(stranger);
    expect((await asStranger('GET', `/api/job/${job._id}`)).json()).toMatchObject({
      status: 404,
      key: 'NOT_FOUND_ERR',
    });
    const list = (await asStranger('GET', '/api/job?txt=Private')).json() as JobListResponse;
    expect(list.totalJobCount).toBe(0);

    const put = await asStranger('PUT', '/api/job', {
      jobs: [{ ...job, info: { ...job.info, title: 'Hacked' } }],
    });
    expect(put.statusCode).toBe(404);
    const own = await createJob(stranger);
    const mixed = await asStranger('PUT', '/api/job', {
      jobs: [
        { ...own, info: { ...own.info, title: 'Mine renamed' } },
        { ...job, info: { ...job.info, title: 'Hacked' } },
      ],
    });
    expect(mixed.statusCode).toBe(404);
    expect(((await asStranger('GET', `/api/job/${own._id}`)).json() as Job).info.title).toBe(
      own.info.title,
    );

    await as(owner)('PUT', '/api/job', {
      jobs: [{ ...job, archivedAt: clock.now().toISOString() }],
    });
    expect((await asStranger('DELETE', `/api/job/${job._id}`)).statusCode).toBe(404);
    expect((await asStranger('POST', `/api/job/${job._id}/clone`, {})).statusCode).toBe(404);
    // A non-admin's viewAsId of someone else is refused by name, never honoured or ignored.
    for (const [method, url] of [
      ['GET', `/api/job/${job._id}?viewAsId=${owner.user._id}`],
      ['DELETE', `/api/job/${job._id}/${owner.user._id}`],
    ] as const) {
      expect((await asStranger(method, url)).json()).toMatchObject({
        status: 403,
        key: 'VIEW_AS_FORBIDDEN_ERR',
      });
    }

    const stored = (await as(owner)('GET', `/api/job/${job._id}`)).json() as Job;
    expect(stored.info.title).toBe('Private');
    expect(stored.archivedAt).not.toBeNull();
    expect((await as(owner)('GET', '/api/job/not-a-uuid')).statusCode).toBe(404);
  });

  it('lets colleagues of the same organisation read and edit a job', async () => {
    const job = await createJob(owner);
    const asColleague = as(colleague);
    expect((await asColleague('GET', `/api/job/${job._id}`)).statusCode).toBe(200);
    const put = await asColleague('PUT', '/api/job', {
      jobs: [{ ...job, info: { ...job.info, title: 'Edited' } }],
    });
    expect(put.statusCode).toBe(200);
    const saved = (put.json() as { jobs: Job[] }).jobs[0]!;
    expect(saved.info.title).toBe('Edited');
    expect(saved.owner._id).toBe(owner.user._id);
    expect((await activitiesOf(job._id)).at(-1)).toMatchObject({
      type: 'update',
      userId: colleague.user._id,
    });
  });

  it('updates several jobs all or nothing, ignoring applicants', async () => {
    const a = await createJob(owner, jobPayload({ info: { title: 'A' } }));
    const b = await createJob(owner, jobPayload({ info: { title: 'B' } }));
    const invalid = await as(owner)('PUT', '/api/job', {
      jobs: [
        { ...a, info: { ...a.info, title: 'A2' } },
        { ...b, rule: { ...b.rule, isOneTry: false }, quests: [questionPayload('screen')] },
      ],
    });
    expect(invalid.statusCode).toBe(400);
    expect(issueMessages(invalid)).toContain(VALIDATION_KEYS.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES);
    expect(((await as(owner)('GET', `/api/job/${a._id}`)).json() as Job).info.title).toBe('A');

    const response = await as(owner)('PUT', '/api/job', {
      jobs: [
        {
          ...a,
          info: { ...a.info, title: 'A2', desc: '<p>x</p><script>bad()</script>' },
          applicants: [{ id: 'ap1' }],
        },
        { ...b, info: { ...b.info, title: '' }, rule: { isCvRequired: true, isOneTry: false } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [savedA, savedB] = (response.json() as { jobs: Job[] }).jobs;
    expect(savedA).toMatchObject({
      _id: a._id,
      info: { title: 'A2', desc: '<p>x</p>' },
      applicants: [],
    });
    expect(savedB).toMatchObject({
      _id: b._id,
      info: { title: 'Untitled job' },
      rule: { isCvRequired: true, isOneTry: false },
    });
    expect(savedA!.createdAt).toBe(a.createdAt);

    const withoutId = await as(owner)('PUT', '/api/job', { jobs: [jobPayload()] });
    expect(withoutId.statusCode).toBe(400);
    expect((await as(owner)('PUT', '/api/job', { jobs: [] })).statusCode).toBe(400);
  });

  it('deletes only archived jobs, for good, with their applicants', async () => {
    const job = await createJob(owner);
    await t.app.db
      .insert(applicants)
      .values({ orgId: owner.user.companyId!, jobId: job._id, fName: 'Ann' });
    const active = await as(owner)('DELETE', `/api/job/${job._id}`);
    expect(active.statusCode).toBe(400);
    expect(active.json()).toMatchObject({ key: 'VALIDATION_ERR' });

    await as(owner)('PUT', '/api/job', {
      jobs: [{ ...job, archivedAt: clock.now().toISOString() }],
    });
    const deleted = await as(owner)('DELETE', `/api/job/${job._id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await as(owner)('GET', `/api/job/${job._id}`)).statusCode).toBe(404);
    expect(await t.app.db.select().from(applicants).where(eq(applicants.jobId, job._id))).toEqual(
      [],
    );
    expect((await activitiesOf(job._id)).map((a) => a.type)).toEqual([
      'create',
      'archive',
      'remove',
    ]);
    expect((await as(owner)('DELETE', `/api/job/${job._id}`)).statusCode).toBe(404);
  });

  it('clones a job: "copy of {title}", no applicants, active, created now', async () => {
    const source = await createJob(
      owner,
      jobPayload({
        info: { title: 'Designer' },
        quests: [questionPayload('video'), questionPayload('text')],
      }),
    );
    await t.app.db
      .insert(applicants)
      .values({ orgId: owner.user.companyId!, jobId: source._id, fName: 'Ann' });
    await as(owner)('PUT', '/api/job', {
      jobs: [{ ...source, archivedAt: clock.now().toISOString() }],
    });
    clock.advance(5000);

    const response = await as(owner)('POST', `/api/job/${source._id}/clone`);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json() as Job;
    expect(copy._id).not.toBe(source._id);
    expect(copy.info).toEqual({ ...source.info, title: 'copy of Designer' });
    expect(copy.quests).toEqual(source.quests);
    expect(copy.applicantSummary).toEqual({
      avatars: [],
      applicantCount: 0,
      newCount: 0,
      toReviewCount: 0,
    });
    expect(copy.archivedAt).toBeNull();
    expect(Date.parse(copy.createdAt) - Date.parse(source.createdAt)).toBeGreaterThanOrEqual(5000);
    expect((await activitiesOf(copy._id)).map((a) => a.type)).toEqual(['create']);

    // The copy belongs to whoever cloned it, whose plan must allow its answer types.
    const starterColleague = await accountWith(t.app, {
      orgId: owner.user.companyId!,
      perm: PLANS.STARTER,
    });
    expect(
      (await as(starterColleague)('POST', `/api/job/${source._id}/clone`, {})).statusCode,
    ).toBe(403);
    const byColleague = await as(colleague)('POST', `/api/job/${source._id}/clone`, {});
    expect((byColleague.json() as Job).owner._id).toBe(colleague.user._id);
  });

  it('lets an admin work as another user with viewAsId', async () => {
    const job = await createJob(owner, jobPayload({ info: { title: 'Seen by admin' } }));
    expect((await as(admin)('GET', `/api/job/${job._id}`)).statusCode).toBe(404);
    const viewed = await as(admin)('GET', `/api/job/${job._id}?viewAsId=${owner.user._id}`);
    expect(viewed.statusCode).toBe(200);
    const list = (
      await as(admin)('GET', `/api/job?viewAsId=${owner.user._id}&txt=seen%20by`)
    ).json() as JobListResponse;
    expect(list.jobs.map((j) => j._id)).toEqual([job._id]);

    const created = await as(admin)('POST', '/api/job', {
      job: jobPayload(),
      viewAsId: owner.user._id,
    });
    expect(created.statusCode).toBe(201);
    const createdJob = created.json() as Job;
    expect(createdJob.owner._id).toBe(owner.user._id);
    expect(await activitiesOf(createdJob._id)).toEqual([
      {
        type: 'create',
        userId: admin.user._id,
        meta: { jobId: createdJob._id, viewAsId: owner.user._id },
      },
    ]);
    const unknown = await as(admin)(
      'GET',
      '/api/job?viewAsId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('still deletes through the first URL, view-as as a path segment, left out of the document', async () => {
    const job = await createJob(owner, jobPayload({ info: { title: 'Old URL' } }));
    await as(owner)('PUT', '/api/job', {
      jobs: [{ ...job, archivedAt: clock.now().toISOString() }],
    });
    const deleted = await as(admin)('DELETE', `/api/job/${job._id}/${owner.user._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await as(owner)('GET', `/api/job/${job._id}`)).statusCode).toBe(404);
  });
});
