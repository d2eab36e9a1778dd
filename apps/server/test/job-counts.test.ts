import { LIST_COUNT_CAP, type Job } from '@candid/domain';
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
describe.each(testDbKinds())('job counts kept by triggers (%s)', (kind) => {
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
