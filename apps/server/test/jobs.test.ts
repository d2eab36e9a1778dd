import {
  LIST_COUNT_CAP,
  PLANS,
  SEARCH_COUNT_CAP,
  VALIDATION_KEYS,
  type Job,
  type JobListResponse,
} from '@candid/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, applicants, jobs, users } from '../src/db/schema';
import type { SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith, callAs, issueMessages, jobPayload, questionPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

describe.each(testDbKinds())('jobs on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  let owner: SignedUp;
  let colleague: SignedUp;
  let stranger: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_PER_MINUTE: '100000' }, undefined, {
      now: clock.now,
    });
    owner = await accountWith(t.app, { fName: 'Rina' });
    colleague = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Omer' });
    stranger = await accountWith(t.app, { fName: 'Eve' });
    admin = await accountWith(t.app, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const as = (account: SignedUp | null) => callAs(t.app, account);

  async function createJob(account: SignedUp, job = jobPayload()): Promise<Job> {
    clock.advance(1000);
    const response = await as(account)('POST', '/api/job', { job });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Job;
  }

  async function jobCount(): Promise<number> {
    const [row] = await t.app.db.select({ value: sql<number>`count(*)` }).from(jobs);
    return Number(row?.value ?? 0);
  }

  async function activitiesOf(jobId: string) {
    const rows = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.target, 'job'), sql`${activities.meta}->>'jobId' = ${jobId}`));
    return rows.map((row) => ({ type: row.type, userId: row.userId, meta: row.meta }));
  }

  it('requires a login for every recruiter call', async () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/job'],
      ['GET', '/api/job/jobCount'],
      ['GET', `/api/job/${someId}`],
      ['POST', '/api/job'],
      ['PUT', '/api/job'],
      ['DELETE', `/api/job/${someId}`],
      ['POST', `/api/job/${someId}/clone`],
    ] as const) {
      const response = await as(null)(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ key: 'LOGIN_REQUIRED_ERR' });
    }
  });

  it('creates a job with the spec defaults, stable question ids and sanitised HTML', async () => {
    const job = await createJob(
      owner,
      jobPayload({
        info: {
          title: '   ',
          location: ' Haifa ',
          desc: '<p onclick="steal()">Hello <strong>team</strong><script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a> <a href="https://example.com">good</a>',
        },
        company: { name: '' },
        applicants: [{ id: 'x' }],
        owner: { _id: stranger.user._id, fName: 'Eve' },
        quests: [
          questionPayload('video', {
            txt: '  ',
            desc: '<h2 style="color:red;text-align:center">Q</h2><iframe src="https://evil"></iframe><p>ok</p>',
          }),
          questionPayload('video', { id: 'keepme', timeLimit: undefined }),
        ],
      }),
    );
    expect(job.info.title).toBe('Untitled job');
    expect(job.info.location).toBe('Haifa');
    expect(job.company.name).toBe('company');
    expect(job.quests[0]!.txt).toBe('question');
    expect(job.quests[0]!.id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(job.quests[1]!.id).toBe('keepme');
    expect(job.quests[1]!.timeLimit).toBe(5);
    expect(job.owner).toMatchObject({ _id: owner.user._id, fName: 'Rina' });
    expect(job.applicants).toEqual([]);
    expect(job.applicantSummary).toEqual({ avatars: [], applicantCount: 0 });
    expect(job.archivedAt).toBeNull();
    expect(Math.abs(Date.parse(job.createdAt) - clock.now().getTime())).toBeLessThan(5000);

    const stored = (await as(owner)('GET', `/api/job/${job._id}`)).json() as Job;
    for (const html of [stored.info.desc, stored.quests[0]!.desc]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img|color:/i);
    }
    expect(stored.info.desc).toContain('<strong>team</strong>');
    expect(stored.info.desc).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good</a>',
    );
    expect(stored.quests[0]!.desc).toBe('<h2 style="text-align:center">Q</h2><p>ok</p>');
    expect(await activitiesOf(job._id)).toEqual([
      { type: 'create', userId: owner.user._id, meta: { jobId: job._id } },
    ]);
  });

  it('keeps the given question ids but replaces repeated ones', async () => {
    const job = await createJob(
      owner,
      jobPayload({
        quests: [
          questionPayload('video', { id: 'same' }),
          questionPayload('video', { id: 'same' }),
        ],
      }),
    );
    expect(job.quests[0]!.id).toBe('same');
    expect(job.quests[1]!.id).not.toBe('same');
    expect(job.quests[1]!.id).toMatch(/^[A-Za-z0-9]{6}$/);
  });

  it('rejects invalid jobs with 400 and the domain message key, writing nothing', async () => {
    const before = await jobCount();
    const cases: [Record<string, unknown>, string][] = [
      [
        jobPayload({ rule: { isOneTry: false }, quests: [questionPayload('screen')] }),
        VALIDATION_KEYS.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES,
      ],
      [jobPayload({ quests: [] }), VALIDATION_KEYS.QUESTIONS_REQUIRED],
      [
        jobPayload({ quests: [questionPayload('video', { timeLimit: 31 })] }),
        VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE,
      ],
      [
        jobPayload({
          quests: [
            questionPayload('video', {
              ansRule: { ...(questionPayload('video').ansRule as object), isTxtAns: true },
            }),
          ],
        }),
        VALIDATION_KEYS.ANSWER_TYPE_REQUIRED,
      ],
      [
        jobPayload({
          quests: [questionPayload('multipleChoice', { opts: [{ txt: 'Only', isCorrect: true }] })],
        }),
        VALIDATION_KEYS.OPTIONS_REQUIRED,
      ],
    ];
    for (const [job, key] of cases) {
      const response = await as(owner)('POST', '/api/job', { job });
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toMatchObject({ key: 'VALIDATION_ERR' });
      expect(issueMessages(response)).toContain(key);
    }
    const unsafeCover = await as(owner)('POST', '/api/job', {
      job: jobPayload({ info: { coverUrl: 'javascript:alert(1)' } }),
    });
    expect(unsafeCover.statusCode).toBe(400);
    const missingInfo = await as(owner)('POST', '/api/job', { job: { quests: [] } });
    expect(missingInfo.statusCode).toBe(400);
    expect(await jobCount()).toBe(before);
  });

  it('accepts screen recording with one try and fills empty option texts', async () => {
    const job = await createJob(
      owner,
      jobPayload({
        quests: [
          questionPayload('screen'),
          questionPayload('multipleChoice', {
            opts: [
              { txt: '', isCorrect: false },
              { txt: 'Yes', isCorrect: true },
            ],
          }),
        ],
      }),
    );
    expect(job.quests[0]!.ansRule.isScreenAns).toBe(true);
    expect(job.quests[1]!.opts).toEqual([
      { txt: 'Option 1', isCorrect: false },
      { txt: 'Yes', isCorrect: true },
    ]);
  });

  it("gates answer types by the owner's plan (403), honouring feature grants", async () => {
    const starter = await accountWith(t.app, { perm: PLANS.STARTER });
    for (const type of ['text', 'screen', 'image', 'code', 'multipleChoice'] as const) {
      const response = await as(starter)('POST', '/api/job', {
        job: jobPayload({ quests: [questionPayload('video'), questionPayload(type)] }),
      });
      expect(response.statusCode, type).toBe(403);
      expect(response.json()).toMatchObject({ key: 'FORBIDDEN_ERR' });
    }
    const video = await createJob(starter);
    expect(video.quests[0]!.ansRule.isVidAns).toBe(true);

    const professional = await accountWith(t.app, { perm: PLANS.PROFESSIONAL });
    await createJob(professional, jobPayload({ quests: [questionPayload('screen')] }));

    const granted = await accountWith(t.app, {
      perm: PLANS.STARTER,
      advancedPrm: { TEXT_ANSWER: true },
    });
    const text = await createJob(granted, jobPayload({ quests: [questionPayload('text')] }));
    expect(text.quests[0]!.ansRule.isTxtAns).toBe(true);
    const code = await as(granted)('POST', '/api/job', {
      job: jobPayload({ quests: [questionPayload('code')] }),
    });
    expect(code.statusCode).toBe(403);
  });

  it('gates only new answer-type choices on update, so a downgraded owner keeps their jobs', async () => {
    const account = await accountWith(t.app, { perm: PLANS.ENTERPRISE });
    const job = await createJob(
      account,
      jobPayload({ quests: [questionPayload('text'), questionPayload('video')] }),
    );
    await t.app.db.execute(sql`update users set perm = 0 where id = ${account.user._id}`);

    const retitled = await as(account)('PUT', '/api/job', {
      jobs: [{ ...job, info: { ...job.info, title: 'Renamed' } }],
    });
    expect(retitled.statusCode, retitled.body).toBe(200);

    const changed = await as(account)('PUT', '/api/job', {
      jobs: [
        {
          ...job,
          quests: [job.quests[0], { ...job.quests[1], ansRule: questionPayload('code').ansRule }],
        },
      ],
    });
    expect(changed.statusCode).toBe(403);
    const added = await as(account)('PUT', '/api/job', {
      jobs: [{ ...job, quests: [...job.quests, questionPayload('text')] }],
    });
    expect(added.statusCode).toBe(403);
    const stored = (await as(account)('GET', `/api/job/${job._id}`)).json() as Job;
    expect(stored.info.title).toBe('Renamed');
    expect(stored.quests).toHaveLength(2);
  });

  describe('the job overview', () => {
    let lister: SignedUp;

    beforeAll(async () => {
      lister = await accountWith(t.app);
      for (let i = 1; i <= 32; i += 1) {
        const location = i % 4 === 0 ? 'Haifa' : 'Tel Aviv';
        await createJob(
          lister,
          jobPayload({
            info: {
              title: `Job ${String(i).padStart(2, '0')}${i === 7 ? ' 100%_off' : ''}`,
              location,
            },
          }),
        );
      }
    });

    it('pages 30 jobs at a time, newest first, with counts', async () => {
      const first = (await as(lister)('GET', '/api/job')).json() as JobListResponse;
      expect(first.jobs).toHaveLength(30);
      expect(first).toMatchObject({ pageCount: 2, filteredJobCount: 32, totalJobCount: 32 });
      expect(first.jobs[0]!.info.title).toBe('Job 32');
      expect(first.jobs.every((job) => job.owner._id === lister.user._id)).toBe(true);
      const dates = first.jobs.map((job) => job.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);

      const second = (await as(lister)('GET', '/api/job?currPage=2')).json() as JobListResponse;
      expect(second.jobs.map((job) => job.info.title)).toEqual(['Job 02', 'Job 01']);

      const small = (
        await as(lister)('GET', '/api/job?itemsPerPage=5&currPage=3')
      ).json() as JobListResponse;
      expect(small.pageCount).toBe(7);
      expect(small.jobs.map((job) => job.info.title)).toEqual([
        'Job 22',
        'Job 21',
        'Job 20',
        'Job 19',
        'Job 18',
      ]);
    });

    it('searches title and location, trimmed and case-insensitive, with literal wildcards', async () => {
      const haifa = (
        await as(lister)('GET', '/api/job?txt=%20%20hAIFA%20')
      ).json() as JobListResponse;
      expect(haifa).toMatchObject({ filteredJobCount: 8, totalJobCount: 32, pageCount: 1 });
      expect(haifa.jobs.every((job) => job.info.location === 'Haifa')).toBe(true);

      const byTitle = (await as(lister)('GET', '/api/job?txt=job%2003')).json() as JobListResponse;
      expect(byTitle.jobs.map((job) => job.info.title)).toEqual(['Job 03']);

      const percent = (await as(lister)('GET', '/api/job?txt=100%25_')).json() as JobListResponse;
      expect(percent.jobs.map((job) => job.info.title)).toEqual(['Job 07 100%_off']);
      const noMatch = (
        await as(lister)('GET', '/api/job?txt=%25%25%25x')
      ).json() as JobListResponse;
      expect(noMatch).toMatchObject({
        jobs: [],
        filteredJobCount: 0,
        totalJobCount: 32,
        pageCount: 0,
      });

      const count = await as(lister)('GET', '/api/job/jobCount?txt=haifa');
      expect(count.json()).toEqual({ jobCount: 8, jobCountCapped: false });
    });

    it('counts a search up to SEARCH_COUNT_CAP ("200+") and still pages past it', async () => {
      const many = await accountWith(t.app);
      const orgId = many.user.companyId!;
      const total = SEARCH_COUNT_CAP + 50;
      await t.app.db.execute(sql`
        insert into jobs (org_id, owner_id, title, location, created_at)
        select ${orgId}, ${many.user._id}, 'Developer ' || n, 'Remote',
          now() - n * interval '1 minute'
        from generate_series(1, ${total}) as n`);
      const capped = (
        await as(many)('GET', '/api/job?txt=developer&itemsPerPage=30')
      ).json() as JobListResponse;
      expect(capped).toMatchObject({
        filteredJobCount: SEARCH_COUNT_CAP,
        filteredJobCountCapped: true,
        totalJobCount: total,
        totalJobCountCapped: false,
        pageCount: Math.ceil(SEARCH_COUNT_CAP / 30),
      });
      expect(capped.jobs[0]!.info.title).toBe('Developer 1');
      expect((await as(many)('GET', '/api/job/jobCount?txt=developer')).json()).toEqual({
        jobCount: SEARCH_COUNT_CAP,
        jobCountCapped: true,
      });
      // Pages past the count's reach still answer (infinite scroll goes on while pages are full).
      const last = (
        await as(many)('GET', '/api/job?txt=developer&itemsPerPage=30&currPage=9')
      ).json() as JobListResponse;
      expect(last.jobs.map((job) => job.info.title)).toEqual(
        Array.from({ length: total - 240 }, (_, index) => `Developer ${241 + index}`),
      );
      expect(last).toMatchObject({
        filteredJobCount: SEARCH_COUNT_CAP,
        filteredJobCountCapped: true,
      });
      // Under the cap: exact.
      const fewer = (
        await as(many)('GET', '/api/job?txt=developer%2012')
      ).json() as JobListResponse;
      expect(fewer).toMatchObject({ filteredJobCount: 11, filteredJobCountCapped: false });
    });

    it('sorts by title or location when asked, and rejects unknown sorts', async () => {
      const byTitle = (
        await as(lister)('GET', '/api/job?sort=title:asc&itemsPerPage=3')
      ).json() as JobListResponse;
      expect(byTitle.jobs.map((job) => job.info.title)).toEqual(['Job 01', 'Job 02', 'Job 03']);
      const byLocation = (
        await as(lister)('GET', '/api/job?sort=location&itemsPerPage=1')
      ).json() as JobListResponse;
      expect(byLocation.jobs[0]!.info.location).toBe('Haifa');
      expect((await as(lister)('GET', '/api/job?sort=owner:desc')).statusCode).toBe(400);
      expect((await as(lister)('GET', '/api/job?itemsPerPage=1000')).statusCode).toBe(400);
    });

    it('shows archived jobs only in the archive view, and counts adjust', async () => {
      const { jobs: page } = (
        await as(lister)('GET', '/api/job?itemsPerPage=2')
      ).json() as JobListResponse;
      const archived = await as(lister)('PUT', '/api/job', {
        jobs: page.map((job) => ({ ...job, archivedAt: new Date(0).toISOString() })),
      });
      expect(archived.statusCode, archived.body).toBe(200);
      const saved = (archived.json() as { jobs: Job[] }).jobs;
      // The server stamps its own time, not the client's.
      for (const job of saved) {
        expect(Math.abs(Date.parse(job.archivedAt!) - clock.now().getTime())).toBeLessThan(5000);
      }

      const active = (await as(lister)('GET', '/api/job')).json() as JobListResponse;
      expect(active).toMatchObject({ filteredJobCount: 30, totalJobCount: 30, pageCount: 1 });
      const archive = (
        await as(lister)('GET', '/api/job?showArchived=true')
      ).json() as JobListResponse;
      expect(archive.jobs.map((job) => job._id).sort()).toEqual(page.map((job) => job._id).sort());
      expect((await as(lister)('GET', '/api/job/jobCount?showArchived=true')).json()).toEqual({
        jobCount: 2,
        jobCountCapped: false,
      });

      const restored = await as(lister)('PUT', '/api/job', {
        jobs: [{ ...page[0], archivedAt: null }],
      });
      expect(restored.statusCode).toBe(200);
      expect((await as(lister)('GET', '/api/job/jobCount')).json()).toEqual({
        jobCount: 31,
        jobCountCapped: false,
      });
      expect((await activitiesOf(page[0]!._id)).map((a) => a.type)).toEqual([
        'create',
        'archive',
        'restore',
      ]);
    });

    it('summarises applicants: count without previews or archived ones, the latest three avatars', async () => {
      const {
        jobs: [job],
      } = (await as(lister)('GET', '/api/job?itemsPerPage=1')).json() as JobListResponse;
      const base = { orgId: lister.user.companyId!, jobId: job!._id };
      const at = (minutes: number) => new Date(Date.UTC(2024, 0, 1, 0, minutes));
      await t.app.db.insert(applicants).values([
        { ...base, fName: 'Ann', lName: 'A', createdAt: at(1) },
        { ...base, fName: 'Ben', lName: 'B', createdAt: at(2), imgKey: 'org/x/images/ben.png' },
        { ...base, fName: 'Cat', lName: '', createdAt: at(3) },
        { ...base, fName: 'Dan', lName: 'D', createdAt: at(4) },
        { ...base, fName: 'Preview', createdAt: at(5), isPreview: true },
        { ...base, fName: 'Gone', createdAt: at(6), archivedAt: at(7) },
      ]);
      const {
        jobs: [listed],
      } = (await as(lister)('GET', '/api/job?itemsPerPage=1')).json() as JobListResponse;
      expect(listed!.applicantSummary).toEqual({
        applicantCount: 4,
        avatars: [
          { img: null, username: 'Dan D' },
          { img: null, username: 'Cat' },
          { img: '/api/files/org/x/images/ben.png', username: 'Ben B' },
        ],
      });
      const one = (await as(lister)('GET', `/api/job/${job!._id}`)).json() as Job;
      expect(one.applicantSummary.applicantCount).toBe(4);
      // A job with more applicants than LIST_COUNT_CAP: counted exactly (job_applicant_counts).
      await t.app.db.execute(sql`
        insert into applicants (org_id, job_id, f_name, created_at)
        select ${base.orgId}, ${base.jobId}, 'Bulk', '2023-01-01'::timestamptz
        from generate_series(1, ${LIST_COUNT_CAP}) as n`);
      const {
        jobs: [crowded],
      } = (await as(lister)('GET', '/api/job?itemsPerPage=1')).json() as JobListResponse;
      expect(crowded!.applicantSummary.applicantCount).toBe(LIST_COUNT_CAP + 4);
      expect(crowded!.applicantSummary.avatars.map((avatar) => avatar.username)).toEqual([
        'Dan D',
        'Cat',
        'Ben B',
      ]);
      await t.app.db.execute(
        sql`delete from applicants where job_id = ${base.jobId} and f_name = 'Bulk'`,
      );
    });

    it('serves the list by the partial (org, createdAt) index of the archive view (EXPLAIN)', async () => {
      const orgId = stranger.user.companyId!;
      await t.app.db.execute(sql`
        insert into jobs (org_id, owner_id, title, created_at)
        select ${orgId}, ${stranger.user._id}, 'Bulk ' || n, now() - n * interval '1 minute'
        from generate_series(1, 3000) as n`);
      try {
        await t.app.db.execute(sql`analyze jobs`);
        // The organisation with 3,000 jobs: page 1 must come off the ordered index, not from
        // sorting them all (a small organisation may be sorted, which costs nothing; the
        // department index, which orders only within a department, must not win here).
        const result = (await t.app.db.execute(sql`
          explain select * from jobs
          where org_id = ${orgId} and archived_at is null
          order by created_at desc nulls last, id desc nulls last limit 30`)) as unknown as {
          rows: Record<string, string>[];
        };
        const plan = result.rows.map((row) => Object.values(row)[0]).join('\n');
        expect(plan).toContain('jobs_org_active_created_idx');
        expect(plan).not.toMatch(/Seq Scan|Sort/);
      } finally {
        await t.app.db.delete(jobs).where(eq(jobs.orgId, orgId));
      }
    });
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
    // A non-admin's viewAsId is ignored rather than honoured.
    expect(
      (await asStranger('GET', `/api/job/${job._id}?viewAsId=${owner.user._id}`)).statusCode,
    ).toBe(404);
    expect((await asStranger('DELETE', `/api/job/${job._id}/${owner.user._id}`)).statusCode).toBe(
      404,
    );

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
    expect(copy.applicantSummary).toEqual({ avatars: [], applicantCount: 0 });
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

  it('gives candidates the public job without correct answers, and 404s archived jobs', async () => {
    const job = await createJob(
      owner,
      jobPayload({
        info: { title: 'Public role', coverUrl: '/api/covers/ocean-waves.svg' },
        company: { name: 'Acme', logoUrl: 'https://cdn.example.com/logo.png' },
        quests: [questionPayload('video'), questionPayload('multipleChoice')],
      }),
    );
    const response = await as(null)('GET', `/api/job/${job._id}/public`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      '_id',
      'closesAt',
      'company',
      'info',
      'isClosed',
      'quests',
      'rule',
    ]);
    expect(body).toMatchObject({
      _id: job._id,
      info: { title: 'Public role', coverUrl: '/api/covers/ocean-waves.svg' },
      company: { name: 'Acme', logoUrl: 'https://cdn.example.com/logo.png' },
      rule: job.rule,
    });
    expect(response.body).not.toContain('isCorrect');
    expect((body.quests as { opts?: unknown }[])[1]!.opts).toEqual([
      { txt: 'Right' },
      { txt: 'Wrong' },
    ]);

    await as(owner)('PUT', '/api/job', {
      jobs: [{ ...job, archivedAt: clock.now().toISOString() }],
    });
    for (const id of [job._id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await as(null)('GET', `/api/job/${id}/public`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ key: 'INTERVIEW_NOT_AVAILABLE_ERR' });
    }
  });

  it('stores an optional thinking time per question (off by default) and gives it to candidates', async () => {
    const job = await createJob(
      owner,
      jobPayload({
        quests: [questionPayload('video', { thinkTimeSec: 30 }), questionPayload('video')],
      }),
    );
    expect(job.quests[0]!.thinkTimeSec).toBe(30);
    expect(job.quests[1]!.thinkTimeSec ?? null).toBeNull();
    const [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, job._id));
    expect(row!.quests[1]).not.toHaveProperty('thinkTimeSec');
    const pub = await as(null)('GET', `/api/job/${job._id}/public`);
    expect((pub.json() as Job).quests[0]!.thinkTimeSec).toBe(30);

    // Turned off with 0; an impossible value is a 400 that changes nothing.
    const off = await as(owner)('PUT', '/api/job', {
      jobs: [{ ...job, quests: [{ ...job.quests[0], thinkTimeSec: 0 }, job.quests[1]] }],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as { jobs: Job[] }).jobs[0]!.quests[0]!.thinkTimeSec ?? null).toBeNull();
    for (const thinkTimeSec of [-1, 601, 'soon']) {
      const bad = await as(owner)('PUT', '/api/job', {
        jobs: [{ ...job, quests: [{ ...job.quests[0], thinkTimeSec }, job.quests[1]] }],
      });
      expect(bad.statusCode, String(thinkTimeSec)).toBe(400);
      expect(issueMessages(bad)).toContain(VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE);
    }
    const [after] = await t.app.db.select().from(jobs).where(eq(jobs.id, job._id));
    expect(after!.quests[0]).not.toHaveProperty('thinkTimeSec');
  });

  it('keeps the practice question setting, off unless asked, and tells candidates', async () => {
    const plain = await createJob(owner, jobPayload());
    expect(plain.rule.hasPractice).toBe(false);
    const practising = await createJob(
      owner,
      jobPayload({ rule: { isCvRequired: false, isOneTry: false, hasPractice: true } }),
    );
    expect(practising.rule.hasPractice).toBe(true);
    const pub = await as(null)('GET', `/api/job/${practising._id}/public`);
    expect(pub.json().rule).toEqual({ isCvRequired: false, isOneTry: false, hasPractice: true });

    const off = await as(owner)('PUT', '/api/job', {
      jobs: [{ ...practising, rule: { ...practising.rule, hasPractice: false } }],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().jobs[0].rule.hasPractice).toBe(false);
    const bad = await as(owner)('PUT', '/api/job', {
      jobs: [{ ...practising, rule: { ...practising.rule, hasPractice: 'yes' } }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it("fills a saved job's blanks in the language of the account it is saved for", async () => {
    const hebrew = await accountWith(t.app, { fName: 'Noa' });
    await t.app.db.update(users).set({ language: 'he' }).where(eq(users.id, hebrew.user._id));
    const blank = jobPayload({
      info: { title: '  ' },
      company: { name: '' },
      quests: [questionPayload('video', { txt: ' ' })],
    });
    const created = await createJob(hebrew, blank);
    expect([created.info.title, created.company.name, created.quests[0]!.txt]).toEqual([
      'משרה ללא שם',
      'חברה',
      'שאלה',
    ]);

    // An autosave that clears the title again, through PUT, in Hebrew too.
    const saved = await as(hebrew)('PUT', '/api/job', {
      jobs: [{ ...created, info: { ...created.info, title: '' } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().jobs[0].info.title).toBe('משרה ללא שם');

    // An English account keeps the spec's English texts.
    const english = await createJob(owner, blank);
    expect(english.info.title).toBe('Untitled job');
  });

  it("keeps the first job's company name on a profile without one (asked once), and only then", async () => {
    const newcomer = await accountWith(t.app, { fName: 'Nadav' });
    await t.app.db.update(users).set({ companyName: '' }).where(eq(users.id, newcomer.user._id));
    const companyOf = async () =>
      (await t.app.db.select().from(users).where(eq(users.id, newcomer.user._id)))[0]!.companyName;

    // The blank fallback ("company", "חברה") is not a name to remember.
    await createJob(newcomer, jobPayload({ company: { name: '   ' } }));
    expect(await companyOf()).toBe('');
    await createJob(newcomer, jobPayload({ company: { name: 'חברה' } }));
    expect(await companyOf()).toBe('');

    await createJob(newcomer, jobPayload({ company: { name: ' Globex ' } }));
    expect(await companyOf()).toBe('Globex');
    await createJob(newcomer, jobPayload({ company: { name: 'Initech' } }));
    expect(await companyOf()).toBe('Globex');
  });

  it('follows the first job while its company name is still being typed (autosave), never a name set elsewhere', async () => {
    const newcomer = await accountWith(t.app, { fName: 'Tal' });
    await t.app.db.update(users).set({ companyName: '' }).where(eq(users.id, newcomer.user._id));
    const companyOf = async () =>
      (await t.app.db.select().from(users).where(eq(users.id, newcomer.user._id)))[0]!.companyName;
    const rename = async (job: Job, name: string) => {
      const response = await as(newcomer)('PUT', '/api/job', {
        jobs: [{ ...job, company: { ...job.company, name } }],
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { jobs: Job[] }).jobs[0]!;
    };

    // Autosave created the job after "Ac"; the recruiter then finished typing.
    let first = await createJob(newcomer, jobPayload({ company: { name: 'Ac' } }));
    expect(await companyOf()).toBe('Ac');
    first = await rename(first, 'Acme');
    expect(await companyOf()).toBe('Acme');
    first = await rename(first, 'Acme Ltd');
    expect(await companyOf()).toBe('Acme Ltd');

    // Another job's company, or a name the recruiter set on the profile, is not followed.
    const second = await createJob(newcomer, jobPayload({ company: { name: 'Acme Ltd' } }));
    await t.app.db
      .update(users)
      .set({ companyName: 'Acme Group' })
      .where(eq(users.id, newcomer.user._id));
    await rename(first, 'Other');
    await rename(second, 'Another');
    expect(await companyOf()).toBe('Acme Group');
  });

  it('documents every job route in the OpenAPI document', async () => {
    const response = await as(null)('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/job',
      '/api/job/jobCount',
      '/api/job/{id}',
      '/api/job/{id}/public',
      '/api/job/{id}/clone',
      '/api/job/{id}/{viewAsId}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
