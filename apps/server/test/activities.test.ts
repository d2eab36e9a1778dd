import type { ActivityListResponse, Job } from '@candid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordActivity } from '../src/modules/activities/activities.service';
import { bearer, createAccount, signUp, type SignedUp } from './factories';
import { createInterviewJob, startInterview } from './interview-helpers';
import { jobPayload, questionPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

describe.each(testDbKinds())('activities on %s', (kind) => {
  let t: TestApp;
  let admin: SignedUp;
  let recruiter: SignedUp;
  let other: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await createAccount(t.app, { role: 'admin', fName: 'Ada' });
    recruiter = await signUp(t.app, { fName: 'Rina', lName: 'Katz', companyName: 'Acme' });
    other = await signUp(t.app, { fName: 'Omer', lName: 'Bar' });
  });
  afterAll(() => t?.close());

  const call = (
    who: SignedUp | string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who === null ? {} : bearer(typeof who === 'string' ? who : who.accessToken),
      ...(payload ? { payload } : {}),
    });
  const list = async (query: string): Promise<ActivityListResponse> => {
    const response = await call(admin, 'GET', `/api/activity${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ActivityListResponse;
  };

  it('is for admins only: a recruiter 403, a candidate and a visitor 401', async () => {
    const job = await createInterviewJob(t.app, recruiter);
    const started = await startInterview(t.app, job._id);
    expect((await call(recruiter, 'GET', '/api/activity')).statusCode).toBe(403);
    expect((await call(started.candidateToken, 'GET', '/api/activity')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/activity')).statusCode).toBe(401);
    expect((await call(recruiter, 'GET', '/api/activity/export')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/activity/export')).statusCode).toBe(401);
    // The candidate's start is a guest's activity.
    const started_ = (await list(`?fromDate=2000-01-01`)).activities.find(
      (activity) => activity.type === 'start' && activity.meta.applicantId === started.applicant.id,
    );
    expect(started_?.user).toBe('guest');
  });

  it('refuses a malformed filter with 400', async () => {
    for (const query of [
      '?userId=abc',
      '?fromDate=yesterday',
      '?currPage=0',
      '?itemsPerPage=9999',
    ]) {
      const response = await call(admin, 'GET', `/api/activity${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('lists oldest first, 50 per page, filtered by user and dates', async () => {
    const user = await signUp(t.app, { fName: 'Filter', lName: 'Person' });
    for (let day = 1; day <= 55; day += 1) {
      await recordActivity(t.app.db, {
        type: 'update',
        target: 'job',
        userId: user.user._id,
        orgId: user.user.companyId ?? null,
        desc: `day ${day}`,
        date: new Date(Date.UTC(2020, 0, day, 12)),
      });
    }
    const first = await list(`?userId=${user.user._id}&toDate=2020-12-31`);
    expect(first.totalActivityCount).toBe(55);
    expect(first.activities).toHaveLength(50);
    expect(first.activities[0]).toMatchObject({
      desc: 'day 1',
      user: { _id: user.user._id, fName: 'Filter', lName: 'Person' },
    });
    const dates = first.activities.map((activity) => activity.date);
    expect([...dates].sort()).toEqual(dates);
    const second = await list(`?userId=${user.user._id}&toDate=2020-12-31&currPage=2`);
    expect(second.activities.map((activity) => activity.desc)).toEqual([
      'day 51',
      'day 52',
      'day 53',
      'day 54',
      'day 55',
    ]);
    // The spec's limit and skip (GET activity?limit&skip&filters).
    const bySkip = await list(`?userId=${user.user._id}&toDate=2020-12-31&limit=10&skip=20`);
    expect(bySkip.activities.map((activity) => activity.desc)).toEqual(
      Array.from({ length: 10 }, (_, index) => `day ${21 + index}`),
    );
    // toDate names a whole day; fromDate its start.
    const window = await list(`?userId=${user.user._id}&fromDate=2020-01-10&toDate=2020-01-12`);
    expect(window.activities.map((activity) => activity.desc)).toEqual([
      'day 10',
      'day 11',
      'day 12',
    ]);
    expect((await list(`?userId=${other.user._id}&toDate=2020-12-31`)).totalActivityCount).toBe(0);
  });

  it("records what an admin does while viewing as an account under the admin's name, with viewAsId", async () => {
    const viewAsId = recruiter.user._id;
    const since = new Date().toISOString();
    // Create a job, update it, save a template, archive and delete the job: all as the recruiter.
    const created = await call(admin, 'POST', '/api/job', {
      job: jobPayload({ info: { title: 'Seen as Rina' } }),
      viewAsId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const job = created.json() as Job;
    expect(job.owner._id).toBe(viewAsId);
    const archived = await call(admin, 'PUT', '/api/job', {
      jobs: [{ ...job, archivedAt: new Date().toISOString() }],
      viewAsId,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const template = await call(admin, 'POST', `/api/template?viewAsId=${viewAsId}`, {
      title: 'Rina template',
      quests: [questionPayload('video', { timeLimit: 2 })],
    });
    expect(template.statusCode, template.body).toBe(201);
    const deleted = await call(admin, 'DELETE', `/api/job/${job._id}?viewAsId=${viewAsId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const mine = await list(`?userId=${admin.user._id}&fromDate=${encodeURIComponent(since)}`);
    const seen = mine.activities.map((activity) => `${activity.type} ${activity.target}`);
    expect(seen).toEqual(
      expect.arrayContaining(['create job', 'archive job', 'create template', 'remove job']),
    );
    for (const activity of mine.activities) {
      expect(activity.user).toMatchObject({ _id: admin.user._id, fName: 'Ada' });
      expect(activity.meta).toMatchObject({ viewAsId });
      expect(activity.viewAs).toMatchObject({ _id: viewAsId, fName: 'Rina', lName: 'Katz' });
    }
    // Nothing of it is written under the recruiter's own name.
    const theirs = await list(`?userId=${viewAsId}&fromDate=${encodeURIComponent(since)}`);
    expect(theirs.activities).toEqual([]);
  });

  // The account is its organisation's last member: deleting it deletes the organisation, and
  // the audit trail of what was done to it must survive that.
  it('writes one activity per account change: create, edit, password, delete (user, User Password)', async () => {
    const since = new Date().toISOString();
    const created = await call(admin, 'POST', '/api/user', {
      fName: 'Audit',
      lName: 'Me',
      email: 'audit-me@example.com',
      perm: 999,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { _id: string })._id;
    expect((await call(admin, 'PUT', '/api/user', { user: { _id: id, perm: 3 } })).statusCode).toBe(
      200,
    );
    expect(
      (
        await call(admin, 'PUT', `/api/user/password/${id}`, {
          newPassword: 'Newpass123',
          userId: id,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(admin, 'DELETE', `/api/user/${id}`)).statusCode).toBe(200);
    const log = await list(`?userId=${admin.user._id}&fromDate=${encodeURIComponent(since)}`);
    expect(
      log.activities.map((activity) => [activity.type, activity.target, activity.desc]),
    ).toEqual([
      ['create', 'user', 'Audit Me <audit-me@example.com>'],
      ['update', 'user', 'Audit Me <audit-me@example.com>'],
      ['update', 'User Password', 'Audit Me <audit-me@example.com>'],
      ['remove', 'user', 'Audit Me <audit-me@example.com>'],
    ]);
  });

  it('records a logout of the caller, and nothing for an anonymous logout', async () => {
    const leaver = await signUp(t.app, { fName: 'Leave' });
    const since = new Date().toISOString();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(leaver.accessToken),
      payload: { refreshToken: leaver.refreshToken },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await call(null, 'POST', '/api/auth/logout', {})).statusCode).toBe(200);
    const log = await list(`?userId=${leaver.user._id}&fromDate=${encodeURIComponent(since)}`);
    expect(log.activities.map((activity) => `${activity.type} ${activity.target}`)).toEqual([
      'logout user',
    ]);
  });

  it('a recruiter sending viewAsId of someone else is refused, and nothing is done or logged', async () => {
    const since = new Date().toISOString();
    const refused = await call(recruiter, 'POST', '/api/job', {
      job: jobPayload({ info: { title: 'Mine' } }),
      viewAsId: other.user._id,
    });
    expect(refused.json()).toMatchObject({ status: 403, key: 'VIEW_AS_FORBIDDEN_ERR' });
    const theirs = await list(
      `?userId=${recruiter.user._id}&fromDate=${encodeURIComponent(since)}`,
    );
    expect(theirs.activities).toHaveLength(0);
    // Naming themselves is no view-as: done and logged without it.
    const created = await call(recruiter, 'POST', '/api/job', {
      job: jobPayload({ info: { title: 'Mine' } }),
      viewAsId: recruiter.user._id,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as Job).owner._id).toBe(recruiter.user._id);
    const logged = await list(
      `?userId=${recruiter.user._id}&fromDate=${encodeURIComponent(since)}`,
    );
    expect(logged.activities).toHaveLength(1);
    expect(logged.activities[0]!.meta).not.toHaveProperty('viewAsId');
    expect(logged.activities[0]).not.toHaveProperty('viewAs');
  });

  it('exports the filtered list as CSV, oldest first, with quoting and formula guards', async () => {
    const user = await signUp(t.app, { fName: 'Csv', lName: 'שלום' });
    const rows: [string, number][] = [
      ['plain', 1],
      ['with, comma and "quotes"', 2],
      ['=cmd|calc', 3],
      ['two\nlines', 4],
    ];
    for (const [desc, day] of rows) {
      await recordActivity(t.app.db, {
        type: 'create',
        target: 'applicant',
        userId: user.user._id,
        orgId: null,
        desc,
        meta: { applicantId: 'a1' },
        date: new Date(Date.UTC(2021, 1, day)),
      });
    }
    const response = await call(
      admin,
      'GET',
      `/api/activity/export?userId=${user.user._id}&fromDate=2021-02-02&toDate=2021-12-31`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="activity-/);
    const text = response.body.replace(/^\uFEFF/, '');
    expect(text).toBe(
      [
        'date,type,target,description,userId,userName,userEmail,viewAsId,viewAsName,meta',
        `2021-02-02T00:00:00.000Z,create,applicant,"with, comma and ""quotes""",${user.user._id},Csv שלום,${user.email},,,"{""applicantId"":""a1""}"`,
        `2021-02-03T00:00:00.000Z,create,applicant,'=cmd|calc,${user.user._id},Csv שלום,${user.email},,,"{""applicantId"":""a1""}"`,
        `2021-02-04T00:00:00.000Z,create,applicant,"two\nlines",${user.user._id},Csv שלום,${user.email},,,"{""applicantId"":""a1""}"`,
        '',
      ].join('\r\n'),
    );
  });

  it('exports more rows than one batch without losing or repeating any', async () => {
    const user = await signUp(t.app, { fName: 'Many' });
    const day = new Date(Date.UTC(2019, 5, 1));
    for (let i = 0; i < 1_203; i += 1) {
      // Many share a timestamp, so the keyset cursor must break ties by id.
      await recordActivity(t.app.db, {
        type: 'update',
        target: 'job',
        userId: user.user._id,
        orgId: null,
        desc: `n${i}`,
        date: new Date(day.getTime() + Math.floor(i / 7) * 1000),
      });
    }
    const response = await call(
      admin,
      'GET',
      `/api/activity/export?userId=${user.user._id}&toDate=2019-12-31`,
    );
    expect(response.statusCode).toBe(200);
    const lines = response.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(1_203);
    const descs = new Set(lines.map((line) => line.split(',')[3]));
    expect(descs.size).toBe(1_203);
  }, 60_000);
});
