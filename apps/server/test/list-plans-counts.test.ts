import {
  defaultQuestion,
  LIST_COUNT_CAP,
  makeRandomId,
  SEARCH_COUNT_CAP,
  type ApplicantListItem,
  type ApplicantListResponse,
  type JobListResponse,
} from '@candid/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from './factories';
import type { recruiter } from './review-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { listPlansSuite } from './list-plans-suite';

/**
 * The list calls stay index-bound: every statement a list or count call runs is
 * EXPLAINed with sequential scans switched off, and a plan that still reads applicants or jobs
 * sequentially (no index can serve the query) fails. Also: keyset pages, capped counts and the
 * statement timeout. Speed itself is measured in bench/lists.mjs, not here.
 */

describe.each(testDbKinds('both'))(
  'list calls are index-bound (%s): keyset pages and capped counts',
  (kind) => {
    const suite = listPlansSuite(kind);
    let t: TestApp;
    let owner: SignedUp;
    let as: ReturnType<typeof recruiter>;
    let jobId: string;
    beforeAll(() => {
      ({ t, owner, as, jobId } = suite.state);
    });

    it('keyset pages list the same rows, in the same order, as numbered pages', async () => {
      for (const sort of [
        'timestamp.submitted:desc',
        'info.fName:asc',
        'status:desc',
        'rating:desc',
        'rating:asc',
        'score:desc',
        'score:asc',
      ]) {
        const numbered: string[] = [];
        for (let currPage = 1; ; currPage += 1) {
          const body = (
            await as('GET', `/api/job/applicant?itemsPerPage=100&currPage=${currPage}&sort=${sort}`)
          ).json() as ApplicantListResponse;
          numbered.push(...body.applicants.map((item: ApplicantListItem) => item.id));
          if (currPage >= body.pageCount) break;
        }
        const scrolled: string[] = [];
        let cursor: string | null | undefined;
        do {
          const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
          const response = await as(
            'GET',
            `/api/job/applicant?itemsPerPage=100&sort=${sort}${query}`,
          );
          expect(response.statusCode, response.body).toBe(200);
          const body = response.json() as ApplicantListResponse;
          scrolled.push(...body.applicants.map((item) => item.id));
          cursor = body.nextCursor;
        } while (cursor);
        expect(scrolled.length).toBe(570);
        expect(scrolled).toEqual(numbered);
      }
      // A cursor of another sort, or no cursor at all, is a clear 400.
      const page = (await as('GET', '/api/job/applicant?itemsPerPage=5')).json() as {
        nextCursor: string;
      };
      for (const bad of [
        `${page.nextCursor}&sort=status:asc`,
        'not-a-cursor',
        Buffer.from('{"s":"timestamp.submitted:desc","v":null,"c":"x","i":"y"}').toString(
          'base64url',
        ),
      ]) {
        const response = await as('GET', `/api/job/applicant?cursor=${bad}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().key).toBe('VALIDATION_ERR');
      }
    });

    it('stops counting at the cap and says so', async () => {
      const orgId = owner.user.companyId!;
      const below = (await as('GET', '/api/job/applicantCount')).json();
      expect(below).toEqual({
        filteredApplicantCount: 570,
        totalApplicantCount: 570,
        filteredApplicantCountCapped: false,
        totalApplicantCountCapped: false,
      });
      await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name, opened_at)
      select ${orgId}, ${jobId}, 'Bulk', now() - n * interval '1 minute'
      from generate_series(1, ${LIST_COUNT_CAP}) as n`);
      expect((await as('GET', '/api/job/applicantCount')).json()).toEqual({
        filteredApplicantCount: LIST_COUNT_CAP,
        totalApplicantCount: LIST_COUNT_CAP,
        filteredApplicantCountCapped: true,
        totalApplicantCountCapped: true,
      });
      const list = (await as('GET', '/api/job/applicant?itemsPerPage=50')).json();
      expect(list).toMatchObject({
        filteredApplicantCount: LIST_COUNT_CAP,
        filteredApplicantCountCapped: true,
        pageCount: LIST_COUNT_CAP / 50,
      });
      // A text search stops counting sooner (its matches are read from the table), and its
      // page then walks the list index, in the list's order.
      expect((await as('GET', '/api/job/applicantCount?txt=bulk')).json()).toMatchObject({
        filteredApplicantCount: SEARCH_COUNT_CAP,
        filteredApplicantCountCapped: true,
      });
      const searched = (
        await as('GET', '/api/job/applicant?itemsPerPage=5&txt=bulk')
      ).json() as ApplicantListResponse;
      expect(searched).toMatchObject({
        filteredApplicantCount: SEARCH_COUNT_CAP,
        filteredApplicantCountCapped: true,
        pageCount: SEARCH_COUNT_CAP / 5,
      });
      expect(searched.applicants.map((item) => item.info.fName)).toEqual(Array(5).fill('Bulk'));
      // Unsubmitted, created in one statement: the default sort's ties fall to the id, descending.
      const ids = searched.applicants.map((item) => item.id);
      expect([...ids].sort().reverse()).toEqual(ids);
      // The archive view and a search keep their exact counts.
      expect((await as('GET', '/api/job/applicantCount?showArchived=true')).json()).toMatchObject({
        filteredApplicantCount: 30,
        filteredApplicantCountCapped: false,
      });
      await t.app.db.execute(sql`delete from applicants where f_name = 'Bulk'`);
      // A filter past its cap is not counted again for a while: the rows above went behind the
      // review module's back (as another server process's change would), so the list still says
      // "10,000+"...
      const remembered = (await as('GET', '/api/job/applicant?itemsPerPage=50')).json();
      expect(remembered).toMatchObject({
        filteredApplicantCount: LIST_COUNT_CAP,
        filteredApplicantCountCapped: true,
      });
      expect((await as('GET', '/api/job/applicantCount')).json()).toMatchObject({
        filteredApplicantCountCapped: true,
      });
      // ...until a change through the review module, which forgets the organisation's counts.
      const [first] = (remembered as ApplicantListResponse).applicants;
      const read = await as('PUT', '/api/job/applicant', {
        applicants: [{ id: first!.id, isRead: true }],
      });
      expect(read.statusCode, read.body).toBe(200);
      expect((await as('GET', '/api/job/applicant?itemsPerPage=50')).json()).toMatchObject({
        filteredApplicantCount: 570,
        filteredApplicantCountCapped: false,
      });
      expect((await as('GET', '/api/job/applicantCount')).json()).toEqual(below);
      const jobs = (await as('GET', '/api/job')).json() as JobListResponse;
      expect(jobs).toMatchObject({ filteredJobCount: 40, filteredJobCountCapped: false });
    }, 60_000);

    it('counts an archive view exactly (job_counts), a filter up to the cap, remembered past it until a change', async () => {
      const orgId = owner.user.companyId!;
      const seeded = ((await as('GET', '/api/job/jobCount')).json() as { jobCount: number })
        .jobCount;
      // The seeded jobs have no department, like the bulk ones: "none" matches all of them.
      expect((await as('GET', '/api/job/jobCount?departmentId=none')).json()).toEqual({
        jobCount: seeded,
        jobCountCapped: false,
      });
      await t.app.db.execute(sql`
      insert into jobs (org_id, owner_id, title, location, created_at)
      select ${orgId}, ${owner.user._id}, 'Bulk role ' || n, 'Remote', now() - interval '1 year'
      from generate_series(1, ${LIST_COUNT_CAP}) as n`);
      // The whole view: exact past the cap (one row of job_counts, kept by the triggers).
      const all = seeded + LIST_COUNT_CAP;
      expect((await as('GET', '/api/job/jobCount')).json()).toEqual({
        jobCount: all,
        jobCountCapped: false,
      });
      expect((await as('GET', '/api/job?itemsPerPage=10')).json()).toMatchObject({
        filteredJobCount: all,
        filteredJobCountCapped: false,
        totalJobCount: all,
        totalJobCountCapped: false,
        pageCount: Math.ceil(all / 10),
      });
      // A filter counts the list index and stops at the cap.
      const capped = { jobCount: LIST_COUNT_CAP, jobCountCapped: true };
      expect((await as('GET', '/api/job/jobCount?departmentId=none')).json()).toEqual(capped);
      expect((await as('GET', '/api/job?itemsPerPage=10&departmentId=none')).json()).toMatchObject({
        filteredJobCount: LIST_COUNT_CAP,
        filteredJobCountCapped: true,
        totalJobCount: all,
        totalJobCountCapped: false,
        pageCount: LIST_COUNT_CAP / 10,
      });
      // Removed behind the jobs module's back (as another process's change would be): the view's
      // count follows at once (the triggers), the filter's past the cap is remembered...
      await t.app.db.execute(sql`delete from jobs where title like 'Bulk role %'`);
      expect((await as('GET', '/api/job/jobCount')).json()).toEqual({
        jobCount: seeded,
        jobCountCapped: false,
      });
      expect((await as('GET', '/api/job/jobCount?departmentId=none')).json()).toEqual(capped);
      const remembered = (
        await as('GET', '/api/job?itemsPerPage=10&departmentId=none')
      ).json() as JobListResponse;
      expect(remembered).toMatchObject({ filteredJobCountCapped: true, totalJobCount: seeded });
      // ...until a change through the jobs module (here: archiving a job) forgets it.
      // (The seeded jobs have no questions; a save needs one.)
      const job = { ...remembered.jobs[0]!, quests: [defaultQuestion(makeRandomId())] };
      const archived = await as('PUT', '/api/job', {
        jobs: [{ ...job, archivedAt: new Date().toISOString() }],
      });
      expect(archived.statusCode, archived.body).toBe(200);
      const left = { jobCount: seeded - 1, jobCountCapped: false };
      expect((await as('GET', '/api/job/jobCount')).json()).toEqual(left);
      expect((await as('GET', '/api/job/jobCount?departmentId=none')).json()).toEqual(left);
      expect((await as('GET', '/api/job?itemsPerPage=10&departmentId=none')).json()).toMatchObject({
        filteredJobCount: seeded - 1,
        filteredJobCountCapped: false,
        pageCount: Math.ceil((seeded - 1) / 10),
      });
      const restored = await as('PUT', '/api/job', { jobs: [{ ...job, archivedAt: null }] });
      expect(restored.statusCode, restored.body).toBe(200);
    }, 60_000);
  },
);
