import { LIST_COUNT_CAP, SEARCH_COUNT_CAP, type Job, type JobListResponse } from '@candid/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicants, jobs } from '../src/db/schema';
import type { SignedUp } from './factories';
import { accountWith, jobPayload } from './jobs-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { jobsSuite } from './jobs-suite';

describe.each(testDbKinds('both'))('jobs on %s: the overview', (kind) => {
  const suite = jobsSuite(kind);
  const { clock, as, createJob, activitiesOf } = suite;
  let t: TestApp;
  let stranger: SignedUp;
  beforeAll(() => {
    ({ t, stranger } = suite.state);
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
        // Ann: submitted, unopened (new, to review); Ben: opened, no status (to review);
        // Cat: opened and given a status; Dan: not submitted; the preview is not counted.
        { ...base, fName: 'Ann', lName: 'A', createdAt: at(1), submittedAt: at(1) },
        {
          ...base,
          fName: 'Ben',
          lName: 'B',
          createdAt: at(2),
          imgKey: 'org/x/images/ben.png',
          submittedAt: at(2),
          isRead: true,
        },
        {
          ...base,
          fName: 'Cat',
          lName: '',
          createdAt: at(3),
          submittedAt: at(3),
          isRead: true,
          status: 3,
        },
        { ...base, fName: 'Dan', lName: 'D', createdAt: at(4) },
        { ...base, fName: 'Preview', createdAt: at(5), isPreview: true, submittedAt: at(5) },
        { ...base, fName: 'Gone', createdAt: at(6), archivedAt: at(7) },
      ]);
      const {
        jobs: [listed],
      } = (await as(lister)('GET', '/api/job?itemsPerPage=1')).json() as JobListResponse;
      expect(listed!.applicantSummary).toEqual({
        applicantCount: 4,
        newCount: 1,
        toReviewCount: 2,
        avatars: [
          { img: null, username: 'Dan D' },
          { img: null, username: 'Cat' },
          { img: '/api/files/org/x/images/ben.png', username: 'Ben B' },
        ],
      });
      const one = (await as(lister)('GET', `/api/job/${job!._id}`)).json() as Job;
      expect(one.applicantSummary).toMatchObject({
        applicantCount: 4,
        newCount: 1,
        toReviewCount: 2,
      });
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
});
