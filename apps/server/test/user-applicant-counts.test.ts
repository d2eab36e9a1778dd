import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, signUp, type SignedUp } from './factories';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * user_applicant_counts (migration 0031): how many applicants the jobs each user owns have, the
 * admin account list's interviewCount and its sort. Kept by triggers, so it must equal a plain
 * count after every way applicants and jobs are written: bulk inserts for several owners,
 * deletions, a job's deletion (its applicants go by cascade), an applicant moved to another
 * owner's job, a job handed to another owner when its owner's account is deleted, and a new user.
 */
describe.each(testDbKinds('both'))('interview counts kept by triggers (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedUp;
  let boss: SignedUp;
  let member: SignedUp;
  let other: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createAccount(t.app, { role: 'admin' });
    boss = await signUp(t.app, { fName: 'Boss' });
    member = await createAccount(t.app, { orgId: boss.user.companyId!, fName: 'Mem' });
    other = await signUp(t.app, { fName: 'Other' });
  });
  afterAll(() => t.close());

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /** Every user's kept count next to a plain count; returns the kept ones by user id. */
  async function expectCountsTrue(): Promise<Map<string, number>> {
    const found = await rows<{ id: string; kept: number | null; real: number }>(sql`
      select u.id, c.applicants as "kept",
        (select count(*) from applicants a join jobs j on j.id = a.job_id
          where j.owner_id = u.id)::int as "real"
      from users u left join user_applicant_counts c on c.user_id = u.id order by u.id`);
    for (const row of found)
      expect({ id: row.id, count: row.kept }).toEqual({ id: row.id, count: row.real });
    const orphans = await rows<{ n: number }>(sql`
      select count(*)::int as n from user_applicant_counts c
      where not exists (select 1 from users u where u.id = c.user_id)`);
    expect(orphans[0]!.n).toBe(0);
    return new Map(found.map((row) => [row.id, row.real]));
  }

  async function addJobs(owner: SignedUp, titles: string[]): Promise<string[]> {
    const made = await rows<{ id: string }>(sql`
      insert into jobs (org_id, owner_id, title)
      select ${owner.user.companyId}, ${owner.user._id}, title
      from unnest(${sql.param(titles)}::text[]) as title returning id`);
    return made.map((row) => row.id);
  }

  it('follows inserts, deletions, moves, a deleted job and a deleted owner', async () => {
    const start = await expectCountsTrue();
    expect(start.get(boss.user._id)).toBe(0);

    const [bossJob, bossJob2] = await addJobs(boss, ['Nurse', 'Chef']);
    const [memberJob] = await addJobs(member, ['Driver']);
    const [otherJob] = await addJobs(other, ['Pilot']);
    // One statement inserting for three owners in two organisations, previews and archived too.
    await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name, is_preview, archived_at)
      select j.org_id, j.id, 'Bulk ' || n, n % 7 = 0, case when n % 5 = 0 then now() end
      from generate_series(1, 40) as n
      join jobs j on j.id = (array[${bossJob}, ${bossJob2}, ${memberJob}, ${otherJob}]::uuid[])[1 + n % 4]`);
    let counts = await expectCountsTrue();
    expect(counts.get(boss.user._id)).toBe(20);
    expect(counts.get(member.user._id)).toBe(10);
    expect(counts.get(other.user._id)).toBe(10);

    // Deletions spanning owners, then an applicant moved to another owner's job (and one moved
    // between two jobs of the same owner, which changes nothing).
    await t.app.db.execute(
      sql`delete from applicants where f_name in ('Bulk 1', 'Bulk 2', 'Bulk 3')`,
    );
    await t.app.db.execute(sql`
      update applicants set job_id = ${memberJob} where f_name in ('Bulk 4', 'Bulk 8')`);
    await t.app.db.execute(
      sql`update applicants set job_id = ${bossJob2} where f_name = 'Bulk 12'`,
    );
    counts = await expectCountsTrue();
    expect(counts.get(boss.user._id)).toBe(17);
    expect(counts.get(member.user._id)).toBe(11);

    // A job deleted: its applicants go with it.
    await t.app.db.execute(sql`delete from jobs where id = ${bossJob2}`);
    counts = await expectCountsTrue();
    expect(counts.get(boss.user._id)).toBe(7);

    // The member's account deleted through the API: their job goes to the boss.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${member.user._id}`,
      headers: bearer(admin.accessToken),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    counts = await expectCountsTrue();
    expect(counts.has(member.user._id)).toBe(false);
    expect(counts.get(boss.user._id)).toBe(18);

    // A new user starts at 0, and the list shows the kept count.
    const fresh = await createAccount(t.app, { fName: 'Fresh' });
    counts = await expectCountsTrue();
    expect(counts.get(fresh.user._id)).toBe(0);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/user/query?sort=interviewCount:desc&itemsPerPage=2',
      headers: bearer(admin.accessToken),
    });
    expect(listed.json().accounts).toMatchObject([
      { _id: boss.user._id, interviewCount: 18 },
      { _id: other.user._id, interviewCount: 9 },
    ]);
  });

  it('goes with the organisation when its last member is deleted, and fails nothing', async () => {
    const solo = await signUp(t.app, { fName: 'Solo' });
    const [job] = await addJobs(solo, ['Solo job']);
    await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name)
      select ${solo.user.companyId}, ${job}, 'Solo ' || n from generate_series(1, 5) as n`);
    expect((await expectCountsTrue()).get(solo.user._id)).toBe(5);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${solo.user._id}`,
      headers: bearer(admin.accessToken),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await expectCountsTrue()).has(solo.user._id)).toBe(false);
  });
});
