import { LIST_COUNT_CAP, type Job, type JobListResponse } from '@candid/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from './factories';
import { accountWith, callAs, jobPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * job_counts (migration 0027): how many jobs each organisation has in each archive view, kept
 * by statement-level triggers on jobs. The job overview and `GET job/jobCount` read the whole
 * view's count there, so it must equal a real count after every way jobs are written: the API's
 * create, clone, archive, restore and delete, and statements behind its back that touch many
 * rows and several organisations at once.
 */
describe.each(testDbKinds('both'))('job counts kept by triggers (%s)', (kind) => {
  let t: TestApp;
  let first: SignedUp;
  let second: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    first = await accountWith(t.app, { perm: 999 });
    second = await accountWith(t.app, { perm: 999 });
  });
  afterAll(() => t.close());

  /** job_counts next to a count of the jobs themselves, per organisation of the test. */
  async function expectCountsTrue(): Promise<{ active: number; archived: number }[]> {
    const orgIds = [first.user.companyId!, second.user.companyId!];
    const result = (await t.app.db.execute(sql`
      select o.id as "orgId",
        coalesce(c.active, 0) as "active", coalesce(c.archived, 0) as "archived",
        (select count(*) from jobs j where j.org_id = o.id and j.archived_at is null)::int
          as "realActive",
        (select count(*) from jobs j where j.org_id = o.id and j.archived_at is not null)::int
          as "realArchived"
      from organizations o left join job_counts c on c.org_id = o.id
      where o.id in (${sql.join(orgIds, sql`, `)})
      order by o.id = ${orgIds[0]} desc`)) as unknown as {
      rows: {
        active: number;
        archived: number;
        realActive: number;
        realArchived: number;
      }[];
    };
    for (const row of result.rows) {
      expect({ active: row.active, archived: row.archived }).toEqual({
        active: row.realActive,
        archived: row.realArchived,
      });
    }
    return result.rows.map(({ active, archived }) => ({ active, archived }));
  }

  async function jobCount(account: SignedUp, showArchived = false) {
    const reply = await callAs(t.app, account)(
      'GET',
      `/api/job/jobCount?showArchived=${showArchived}`,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as { jobCount: number; jobCountCapped: boolean };
  }

  it('follows every way jobs are written, through the API and behind its back', async () => {
    const as = callAs(t.app, first);
    expect(await jobCount(first)).toEqual({ jobCount: 0, jobCountCapped: false });

    // The API: create two, clone one, archive one, restore it, archive and delete another.
    const created: Job[] = [];
    for (const title of ['Nurse', 'Chef']) {
      const reply = await as('POST', '/api/job', { job: jobPayload({ info: { title } }) });
      expect(reply.statusCode, reply.body).toBe(201);
      created.push(reply.json() as Job);
    }
    expect((await as('POST', `/api/job/${created[0]!._id}/clone`, {})).statusCode).toBe(201);
    expect(await expectCountsTrue()).toEqual([
      { active: 3, archived: 0 },
      { active: 0, archived: 0 },
    ]);
    const archive = (job: Job, archivedAt: string | null) =>
      as('PUT', '/api/job', { jobs: [{ ...job, archivedAt }] });
    expect((await archive(created[0]!, new Date().toISOString())).statusCode).toBe(200);
    expect(await jobCount(first)).toEqual({ jobCount: 2, jobCountCapped: false });
    expect(await jobCount(first, true)).toEqual({ jobCount: 1, jobCountCapped: false });
    expect((await archive(created[0]!, null)).statusCode).toBe(200);
    expect((await archive(created[1]!, new Date().toISOString())).statusCode).toBe(200);
    expect((await as('DELETE', `/api/job/${created[1]!._id}`)).statusCode).toBe(200);
    expect(await expectCountsTrue()).toEqual([
      { active: 2, archived: 0 },
      { active: 0, archived: 0 },
    ]);

    // Behind its back: one statement inserting past the cap for both organisations...
    const owners = sql`(values (${first.user.companyId}::uuid, ${first.user._id}::uuid),
      (${second.user.companyId}::uuid, ${second.user._id}::uuid)) as o(org_id, owner_id)`;
    await t.app.db.execute(sql`
      insert into jobs (org_id, owner_id, title, archived_at)
      select o.org_id, o.owner_id, 'Bulk ' || n, case when n % 4 = 0 then now() end
      from generate_series(1, ${LIST_COUNT_CAP + 20}) as n, ${owners}`);
    const bulkArchived = Math.floor((LIST_COUNT_CAP + 20) / 4);
    const bulkActive = LIST_COUNT_CAP + 20 - bulkArchived;
    expect(await expectCountsTrue()).toEqual([
      { active: 2 + bulkActive, archived: bulkArchived },
      { active: bulkActive, archived: bulkArchived },
    ]);
    // The view's count is exact past the cap (a filter's would say "10,000+").
    expect(await jobCount(second)).toEqual({ jobCount: bulkActive, jobCountCapped: false });
    // ...one archiving some and restoring others in both (and one changing only titles)...
    await t.app.db.execute(sql`
      update jobs set archived_at = case when archived_at is null then now() end
      where title like 'Bulk %' and right(title, 1) in ('0', '1')`);
    await t.app.db.execute(sql`update jobs set title = title || '!' where title like 'Bulk 9%'`);
    const afterUpdate = await expectCountsTrue();
    expect(afterUpdate[0]!.active + afterUpdate[0]!.archived).toBe(2 + LIST_COUNT_CAP + 20);
    // ...and one deleting from both.
    await t.app.db.execute(sql`delete from jobs where title like 'Bulk 1%'`);
    await expectCountsTrue();
    await t.app.db.execute(sql`delete from jobs where title like 'Bulk %'`);
    expect(await expectCountsTrue()).toEqual([
      { active: 2, archived: 0 },
      { active: 0, archived: 0 },
    ]);
    expect(await jobCount(first)).toEqual({ jobCount: 2, jobCountCapped: false });
  }, 60_000);

  it('goes with its organisation: deleting one with jobs leaves no row and fails nothing', async () => {
    const orgId = second.user.companyId!;
    await t.app.db.execute(sql`
      insert into jobs (org_id, owner_id, title)
      select ${orgId}, ${second.user._id}, 'Gone ' || n from generate_series(1, 5) as n`);
    await expectCountsTrue();
    // The account's user rows reference the organisation and own the jobs: remove them in order.
    await t.app.db.execute(sql`delete from jobs where org_id = ${orgId}`);
    await t.app.db.execute(sql`delete from organizations where id = ${orgId}`);
    const left = (await t.app.db.execute(
      sql`select count(*)::int as n from job_counts where org_id = ${orgId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
  });
});

/**
 * job_applicant_counts (migration 0029): each job's applicants that its recruiters' list shows
 * (not archived, not a preview), the job card's count. Statement-level triggers for inserts and
 * deletions, a row-level one for the updates that change what is counted.
 */
describe.each(testDbKinds('both'))('job applicant counts kept by triggers (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  const jobIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999 });
    for (const title of ['Nurse', 'Chef']) {
      const reply = await callAs(t.app, owner)('POST', '/api/job', {
        job: jobPayload({ info: { title } }),
      });
      expect(reply.statusCode, reply.body).toBe(201);
      jobIds.push((reply.json() as Job)._id);
    }
  });
  afterAll(() => t.close());

  /** job_applicant_counts next to a count of the applicants themselves, per job of the test. */
  async function expectCountsTrue(): Promise<number[]> {
    const result = (await t.app.db.execute(sql`
      select coalesce(c.visible, 0) as "visible",
        (select count(*) from applicants a where a.job_id = j.id
          and a.archived_at is null and not a.is_preview)::int as "real"
      from jobs j left join job_applicant_counts c on c.job_id = j.id
      where j.id in (${sql.join(jobIds, sql`, `)})
      order by j.id = ${jobIds[0]} desc`)) as unknown as {
      rows: { visible: number; real: number }[];
    };
    for (const row of result.rows) expect(row.visible).toBe(row.real);
    return result.rows.map((row) => row.visible);
  }

  /** The applicant count on each job's card, as the jobs page shows it. */
  async function cardCounts(): Promise<number[]> {
    const reply = await callAs(t.app, owner)('GET', '/api/job?itemsPerPage=30');
    const { jobs } = reply.json() as JobListResponse;
    return jobIds.map((id) => jobs.find((job) => job._id === id)!.applicantSummary.applicantCount);
  }

  it('follows inserts, archive and restore, previews, moves and deletions', async () => {
    const [first, second] = jobIds as [string, string];
    const orgId = owner.user.companyId!;
    // One statement for both jobs: 30 and 12, of which 3 archived and 2 previews left out.
    await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name, archived_at, is_preview)
      select ${orgId}, case when n <= 30 then ${first}::uuid else ${second}::uuid end,
        'Person ' || n, case when n in (1, 2, 31) then now() end, n in (3, 32)
      from generate_series(1, 42) as n`);
    expect(await expectCountsTrue()).toEqual([27, 10]);
    expect(await cardCounts()).toEqual([27, 10]);

    // Archive three through the API and restore one of them.
    const as = callAs(t.app, owner);
    // Three counted ones (the list shows the preview too, and the rows share one creation time).
    const counted = (await t.app.db.execute(sql`
      select id from applicants
      where job_id = ${first} and archived_at is null and not is_preview
      order by f_name limit 3`)) as unknown as { rows: { id: string }[] };
    const ids = counted.rows.map((row) => row.id);
    const archive = await as('PUT', '/api/job/applicant', {
      applicants: ids.map((id) => ({ id, archivedAt: new Date().toISOString() })),
    });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(await expectCountsTrue()).toEqual([24, 10]);
    const restore = await as('PUT', '/api/job/applicant', {
      applicants: [{ id: ids[0], archivedAt: null }],
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await cardCounts()).toEqual([25, 10]);

    // Behind the API's back: a preview made real, archived rows restored, rows moved between
    // jobs, and updates that change nothing counted (they fire nothing).
    await t.app.db.execute(
      sql`update applicants set is_preview = false where job_id = ${first} and is_preview`,
    );
    await t.app.db.execute(sql`update applicants set archived_at = null
      where job_id = ${second} and archived_at is not null`);
    await t.app.db.execute(sql`update applicants set job_id = ${second}
      where job_id = ${first} and f_name in ('Person 10', 'Person 11', 'Person 1')`);
    await t.app.db.execute(sql`update applicants set f_name = f_name || '!', is_read = true
      where job_id = ${second}`);
    const moved = await expectCountsTrue();
    // The preview made real (+1) and the restored (+1); three moved, of which some archived.
    expect(moved[0]! + moved[1]!).toBe(25 + 10 + 2);
    expect(moved[1]).toBeGreaterThan(11);
    expect(await cardCounts()).toEqual(moved);

    // Deletions: some rows of both in one statement, then a whole job (its row goes with it).
    await t.app.db.execute(sql`delete from applicants where f_name like 'Person 2%'`);
    await expectCountsTrue();
    await t.app.db.execute(sql`delete from applicants where job_id = ${first}`);
    expect((await expectCountsTrue())[0]).toBe(0);
    await t.app.db.execute(sql`delete from jobs where id = ${second}`);
    const left = (await t.app.db.execute(
      sql`select count(*)::int as n from job_applicant_counts where job_id = ${second}`,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
  });
});
