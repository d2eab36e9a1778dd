import type { Job, JobListResponse } from '@candid/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from './factories';
import { accountWith, callAs, jobPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

interface Progress {
  visible: number;
  unread: number;
  unreviewed: number;
}

/**
 * The job card's "N new" (submitted, not yet opened: is_read false) and "N to review"
 * (submitted, status 0), kept in job_applicant_counts by triggers (migrations 0040, 0041) so the
 * jobs list reads them off one row per card. They must equal a real count after every way
 * applicants change: the API's status, read and archive changes, and statements behind its
 * back (bulk inserts, submitting, moving, deleting).
 */
describe.each(testDbKinds('both'))('job cards: new and to-review counts (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let other: SignedUp;
  const jobIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999 });
    other = await accountWith(t.app, { perm: 999 });
    for (const title of ['Nurse', 'Chef']) {
      const reply = await callAs(t.app, owner)('POST', '/api/job', {
        job: jobPayload({ info: { title } }),
      });
      expect(reply.statusCode, reply.body).toBe(201);
      jobIds.push((reply.json() as Job)._id);
    }
  });
  afterAll(() => t.close());

  /** The kept counts next to real counts of the applicants, per job of the test. */
  async function expectCountsTrue(): Promise<Progress[]> {
    const result = (await t.app.db.execute(sql`
      select coalesce(c.visible, 0) as "visible", coalesce(c.unread, 0) as "unread",
        coalesce(c.unreviewed, 0) as "unreviewed",
        (select count(*) from applicants a where a.job_id = j.id
          and a.archived_at is null and not a.is_preview)::int as "realVisible",
        (select count(*) from applicants a where a.job_id = j.id
          and a.archived_at is null and not a.is_preview
          and a.submitted_at is not null and not a.is_read)::int as "realUnread",
        (select count(*) from applicants a where a.job_id = j.id
          and a.archived_at is null and not a.is_preview
          and a.submitted_at is not null and a.status = 0)::int as "realUnreviewed"
      from jobs j left join job_applicant_counts c on c.job_id = j.id
      where j.id in (${sql.join(jobIds, sql`, `)})
      order by j.id = ${jobIds[0]} desc`)) as unknown as {
      rows: (Progress & { realVisible: number; realUnread: number; realUnreviewed: number })[];
    };
    return result.rows.map((row) => {
      const kept = { visible: row.visible, unread: row.unread, unreviewed: row.unreviewed };
      expect(kept).toEqual({
        visible: row.realVisible,
        unread: row.realUnread,
        unreviewed: row.realUnreviewed,
      });
      return kept;
    });
  }

  /** What each job's card says, as the jobs page gets it: [applicants, new, to review]. */
  async function cards(account: SignedUp = owner): Promise<number[][]> {
    const reply = await callAs(t.app, account)('GET', '/api/job?itemsPerPage=30');
    expect(reply.statusCode, reply.body).toBe(200);
    const { jobs } = reply.json() as JobListResponse;
    return jobIds.map((id) => {
      const summary = jobs.find((job) => job._id === id)!.applicantSummary;
      return [summary.applicantCount, summary.newCount, summary.toReviewCount];
    });
  }

  /** Ids of the first job's submitted, counted applicants, by name. */
  async function submittedIds(jobId: string): Promise<string[]> {
    const result = (await t.app.db.execute(sql`
      select id from applicants where job_id = ${jobId} and archived_at is null
        and not is_preview and submitted_at is not null
      order by f_name`)) as unknown as { rows: { id: string }[] };
    return result.rows.map((row) => row.id);
  }

  it('counts new and unreviewed applicants through every change', async () => {
    const [first, second] = jobIds as [string, string];
    const orgId = owner.user.companyId!;
    expect(await cards()).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);

    // One statement for both jobs, 20 and 10 people: n ≤ 12 submitted (of the first job's),
    // 21–25 submitted (the second's); 1, 2 read; 3 with a status; 4 archived; 5 a preview.
    await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name, submitted_at, is_read, status,
        archived_at, is_preview)
      select ${orgId}, case when n <= 20 then ${first}::uuid else ${second}::uuid end,
        'Person ' || lpad(n::text, 2, '0'),
        case when n <= 12 or n between 21 and 25 then now() end,
        n in (1, 2), case when n = 3 then 3 else 0 end,
        case when n = 4 then now() end, n = 5
      from generate_series(1, 30) as n`);
    // First job: 18 counted; submitted and counted 1–3, 6–12 (10): unread 8, unreviewed 9.
    expect(await expectCountsTrue()).toEqual([
      { visible: 18, unread: 8, unreviewed: 9 },
      { visible: 10, unread: 5, unreviewed: 5 },
    ]);
    expect(await cards()).toEqual([
      [18, 8, 9],
      [10, 5, 5],
    ]);
    // Another organisation's recruiter sees none of these jobs.
    const foreign = await callAs(t.app, other)('GET', '/api/job?itemsPerPage=30');
    expect((foreign.json() as JobListResponse).jobs).toEqual([]);

    // Through the API: the recruiter opens two and sets a status on three (one of them
    // opened), then sets one back to "needs evaluation"; read flags set on a read one change
    // nothing.
    const as = callAs(t.app, owner);
    const ids = await submittedIds(first);
    const unreadIds = ids.slice(3, 5);
    const opened = await as('PUT', '/api/job/applicant', {
      applicants: unreadIds.map((id) => ({ id, isRead: true })),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const statuses = await as('PUT', '/api/job/applicant', {
      applicants: [ids[3], ids[5], ids[6]].map((id) => ({ id, status: 2 })),
    });
    expect(statuses.statusCode, statuses.body).toBe(200);
    expect(await cards()).toEqual([
      [18, 6, 6],
      [10, 5, 5],
    ]);
    const back = await as('PUT', '/api/job/applicant', {
      applicants: [
        { id: ids[5], status: 0 },
        { id: ids[0], isRead: true },
      ],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await cards()).toEqual([
      [18, 6, 7],
      [10, 5, 5],
    ]);
    // Marked unread again from the overview's menu: new again.
    const unread = await as('PUT', '/api/job/applicant', {
      applicants: [{ id: ids[3], isRead: false }],
    });
    expect(unread.statusCode, unread.body).toBe(200);
    expect((await cards())[0]).toEqual([18, 7, 7]);

    // Archiving a new one takes it out of all three; restoring puts it back.
    const archive = await as('PUT', '/api/job/applicant', {
      applicants: [{ id: ids[9], archivedAt: new Date().toISOString() }],
    });
    expect(archive.statusCode, archive.body).toBe(200);
    expect((await cards())[0]).toEqual([17, 6, 6]);
    const restore = await as('PUT', '/api/job/applicant', {
      applicants: [{ id: ids[9], archivedAt: null }],
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect((await cards())[0]).toEqual([18, 7, 7]);

    // Behind the API's back: interviews submitted, the preview made real, rows moved between
    // jobs, and updates of what is not counted (they fire nothing).
    await t.app.db.execute(sql`update applicants set submitted_at = now()
      where job_id = ${first} and submitted_at is null and f_name in ('Person 13', 'Person 14')`);
    await t.app.db.execute(
      sql`update applicants set is_preview = false, submitted_at = now() where is_preview`,
    );
    await t.app.db.execute(sql`update applicants set job_id = ${second}
      where job_id = ${first} and f_name in ('Person 06', 'Person 07', 'Person 15')`);
    await t.app.db.execute(sql`update applicants set hometown = 'Haifa', rating_count = 1
      where job_id = ${second}`);
    const moved = await expectCountsTrue();
    expect(moved.map((row) => row.visible)).toEqual([16, 13]);
    expect(await cards()).toEqual(moved.map((row) => [row.visible, row.unread, row.unreviewed]));

    // Deletions of rows of both jobs in one statement, then every row of one.
    await t.app.db.execute(sql`delete from applicants where f_name like 'Person 1%'`);
    await expectCountsTrue();
    await t.app.db.execute(sql`delete from applicants where job_id = ${second}`);
    expect((await expectCountsTrue())[1]).toEqual({ visible: 0, unread: 0, unreviewed: 0 });
  });
});
