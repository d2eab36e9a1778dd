import type { InsightsFunnel, Job } from '@candid/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from './factories';
import { createInterviewJob } from './interview-helpers';
import { accountWith, callAs } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

type Rows<T> = { rows: T[] };
/** The kept "started" count of each department of the test. */
interface Started {
  engineering: number;
  sales: number;
  stranger: number;
}

/**
 * insight_department_days (migrations 0045–0046): the funnel's figures per department and day,
 * kept by the applicant triggers (in the department each job is in) and by triggers on jobs (a
 * job moving department or out of one, a job deleted). After every kind of change, through the
 * API and behind its back, each kept table must equal the figures computed from the applicants
 * themselves (insight_contributions over the raw rows), and the department's funnel must be the
 * sum of its jobs' funnels.
 */
describe.each(testDbKinds('both'))('department insights kept by triggers (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let stranger: SignedUp;
  let engineering: string;
  let sales: string;
  let strangerDepartment: string;
  /** Jobs by label: A and B in engineering, C in sales, D in none, S the stranger's. */
  const job: Record<'A' | 'B' | 'C' | 'D' | 'S', Job> = {} as Record<
    'A' | 'B' | 'C' | 'D' | 'S',
    Job
  >;

  const orgIds = () => [owner.user.companyId!, stranger.user.companyId!];

  async function addDepartment(account: SignedUp, name: string): Promise<string> {
    const reply = await callAs(t.app, account)('POST', '/api/department', { name });
    expect(reply.statusCode, reply.body).toBe(201);
    return (reply.json() as { _id: string })._id;
  }

  async function putJob(account: SignedUp, saved: Job, change: Partial<Job>): Promise<Job> {
    const reply = await callAs(t.app, account)('PUT', '/api/job', {
      jobs: [{ ...saved, ...change }],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json() as { jobs: Job[] }).jobs[0]!;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999 });
    stranger = await accountWith(t.app, { perm: 999 });
    engineering = await addDepartment(owner, 'Engineering');
    sales = await addDepartment(owner, 'Sales');
    strangerDepartment = await addDepartment(stranger, 'Engineering');
    const place = { A: engineering, B: engineering, C: sales, D: null, S: strangerDepartment };
    for (const label of ['A', 'B', 'C', 'D', 'S'] as const) {
      const account = label === 'S' ? stranger : owner;
      const created = await createInterviewJob(t.app, account, ['text', 'text']);
      job[label] = await putJob(account, created, { departmentId: place[label] });
    }
  });
  afterAll(() => t.close());

  /** The raw figures (insight_contributions of every applicant) keyed like a kept table. */
  const realOf = (key: 'department' | 'job' | 'org') => {
    const column =
      key === 'department' ? sql`j.department_id` : key === 'job' ? sql`a.job_id` : sql`a.org_id`;
    return sql`select ${column} as k, c.day, c.metric, count(*)::int as n
      from applicants a join jobs j on j.id = a.job_id
        cross join lateral insight_contributions(a) as c
      where a.org_id in (${sql.join(orgIds(), sql`, `)})
        and ${key === 'department' ? sql`j.department_id is not null` : sql`true`}
      group by 1, 2, 3`;
  };
  const keptOf = (key: 'department' | 'job' | 'org') =>
    key === 'department'
      ? sql`select department_id as k, day, metric, n from insight_department_days
          where n <> 0 and department_id in (select id from departments
            where org_id in (${sql.join(orgIds(), sql`, `)}))`
      : key === 'job'
        ? sql`select job_id as k, day, metric, n from insight_job_days
            where n <> 0 and job_id in (select id from jobs
              where org_id in (${sql.join(orgIds(), sql`, `)}))`
        : sql`select org_id as k, day, metric, n from insight_org_days
            where n <> 0 and org_id in (${sql.join(orgIds(), sql`, `)})`;

  /**
   * Every kept table (departments, and the job and organisation tables whose writer the
   * department triggers share) against the raw figures; then the kept "started" count of each
   * department of the test, for the test's own expectations.
   */
  async function expectKeptTrue(): Promise<Started> {
    for (const key of ['department', 'job', 'org'] as const) {
      const result = (await t.app.db.execute(sql`
        select coalesce(r.k, k.k)::text as "key", coalesce(r.day, k.day)::text as "day",
          coalesce(r.metric, k.metric) as "metric", r.n as "real", k.n as "kept"
        from (${realOf(key)}) as r
          full join (${keptOf(key)}) as k on k.k = r.k and k.day = r.day and k.metric = r.metric
        where r.n is distinct from k.n
        order by 1, 2, 3`)) as unknown as Rows<Record<string, unknown>>;
      expect(result.rows, `${key} rows that differ from the applicants`).toEqual([]);
    }
    const started = (await t.app.db.execute(sql`
      select department_id as "id", sum(n)::int as "n" from insight_department_days
      where metric = 4 and department_id in (${sql.join(
        [engineering, sales, strangerDepartment],
        sql`, `,
      )})
      group by 1`)) as unknown as Rows<{ id: string; n: number }>;
    const byId = new Map(started.rows.map((row) => [row.id, row.n]));
    return {
      engineering: byId.get(engineering) ?? 0,
      sales: byId.get(sales) ?? 0,
      stranger: byId.get(strangerDepartment) ?? 0,
    };
  }

  async function funnelCounts(account: SignedUp, scope: string): Promise<number[]> {
    const reply = await callAs(t.app, account)(
      'GET',
      `/api/insights/funnel?${scope}&from=2026-01-01&to=2026-01-31&interval=week`,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const funnel = reply.json() as InsightsFunnel;
    return [
      ...funnel.steps.map((step) => step.count),
      ...funnel.series.flatMap((row) => [row.started, row.submitted, row.reviewed]),
    ];
  }
  const sum = (lists: number[][]) => lists[0]!.map((_, i) => lists.reduce((s, l) => s + l[i]!, 0));

  it('follows applicants written in bulk, updated and moved between jobs', async () => {
    // One statement for all five jobs and both organisations: twelve applicants a job, of
    // which two never start, one is a preview, some submit and some quit after an answer.
    const rows = sql.join(
      (['A', 'B', 'C', 'D', 'S'] as const).map(
        (label) =>
          sql`(${label === 'S' ? stranger.user.companyId! : owner.user.companyId!}::uuid,
            ${job[label]._id}::uuid, ${label})`,
      ),
      sql`, `,
    );
    await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name, sent_at, opened_at, started_at,
        submitted_at, quited_at, device, browser, answer_map, is_preview)
      select o.org_id, o.job_id, o.label || n, case when n % 3 = 0 then x.t - interval '1 day' end,
        case when n % 5 <> 0 then x.t end, case when n % 5 <> 0 then x.t end,
        case when n % 5 in (1, 2) then x.t + n * interval '3 minutes' end,
        case when n % 5 = 3 then x.t + interval '4 minutes' end,
        (array['desktop', 'mobile', 'tablet'])[1 + n % 3],
        (array['chrome', 'safari', 'firefox', 'edge'])[1 + n % 4],
        case when n % 5 = 3 then '{"q1": {"txt": "one"}}'::jsonb else '{}'::jsonb end,
        n = 11
      from (values ${rows}) as o(org_id, job_id, label), generate_series(1, 12) as n,
        lateral (select timestamptz '2026-01-05 09:00Z' + n * interval '9 hours' as t) as x`);
    // Nine of each job's twelve start (not 5 and 10, which never open; not 11, the preview).
    expect(await expectKeptTrue()).toEqual({ engineering: 18, sales: 9, stranger: 9 });

    // Behind the API's back: submissions, a quitter's further answer, the preview made real,
    // status changes (reviewed and decided by the status trigger) and moves between jobs of
    // different departments, and an update that changes nothing counted.
    await t.app.db.execute(sql`update applicants set submitted_at = started_at + interval '1 hour'
      where f_name in ('A4', 'B4', 'C4', 'D4')`);
    await t.app.db.execute(sql`update applicants
      set answer_map = '{"q1": {"txt": "one"}, "q2": {"txt": "two"}}'::jsonb where f_name = 'A3'`);
    await t.app.db.execute(sql`update applicants set is_preview = false where f_name = 'C11'`);
    await t.app.db.execute(sql`update applicants set status = case when f_name like '%1' then 7
        else 3 end, updated_at = timestamptz '2026-01-09 10:00Z'
      where f_name in ('A1', 'A2', 'B1', 'C1', 'C2', 'D1', 'S1')`);
    await t.app.db.execute(sql`update applicants set job_id = case left(f_name, 1)
        when 'D' then ${job.A._id}::uuid else ${job.C._id}::uuid end
      where f_name in ('D6', 'D7', 'A8')`);
    await t.app.db.execute(sql`update applicants set f_name = f_name || '!', is_read = true
      where f_name = 'B9'`);
    // Engineering: +2 from D, −1 to sales; sales: +1 from A, +1 the former preview.
    expect(await expectKeptTrue()).toEqual({ engineering: 19, sales: 11, stranger: 9 });

    // Through the API: a status change.
    const [a6] = (
      (await t.app.db.execute(
        sql`select id from applicants where f_name = 'A6'`,
      )) as unknown as Rows<{ id: string }>
    ).rows;
    const status = await callAs(t.app, owner)('PUT', '/api/job/applicant', {
      applicants: [{ id: a6!.id, status: 1 }],
    });
    expect(status.statusCode, status.body).toBe(200);
    await expectKeptTrue();
    // The department's funnel is the sum of its jobs' funnels.
    expect(await funnelCounts(owner, `departmentId=${engineering}`)).toEqual(
      sum([
        await funnelCounts(owner, `jobId=${job.A._id}`),
        await funnelCounts(owner, `jobId=${job.B._id}`),
      ]),
    );
  });

  it('moves a job’s figures when the job changes department or leaves one', async () => {
    const before = await expectKeptTrue();
    const figuresOf = async (label: 'A' | 'B' | 'D') => {
      const result = (await t.app.db.execute(sql`select count(*)::int as "n" from applicants
        where job_id = ${job[label]._id} and started_at is not null and not is_preview`)) as unknown as Rows<{
        n: number;
      }>;
      return result.rows[0]!.n;
    };
    const [a, b, d] = [await figuresOf('A'), await figuresOf('B'), await figuresOf('D')];
    // Through the API: A from engineering to sales.
    job.A = await putJob(owner, job.A, { departmentId: sales });
    expect(await expectKeptTrue()).toEqual({
      ...before,
      engineering: before.engineering - a,
      sales: before.sales + a,
    });
    // Behind its back, in one statement: B out of engineering, D into it; and a statement that
    // moves nothing (titles only).
    await t.app.db.execute(sql`update jobs set department_id = case id
        when ${job.B._id}::uuid then null else ${engineering}::uuid end
      where id in (${job.B._id}, ${job.D._id})`);
    await t.app.db.execute(sql`update jobs set title = title || '!'
      where org_id = ${owner.user.companyId!}`);
    expect(await expectKeptTrue()).toEqual({
      ...before,
      engineering: before.engineering - a - b + d,
      sales: before.sales + a,
    });
    // Back again through the API: B into sales (from none), so engineering holds D alone.
    job.B = await putJob(owner, job.B, { departmentId: sales });
    expect(await expectKeptTrue()).toEqual({
      ...before,
      engineering: d,
      sales: before.sales + a + b,
    });
    expect(await funnelCounts(owner, `departmentId=${engineering}`)).toEqual(
      await funnelCounts(owner, `jobId=${job.D._id}`),
    );
  });

  it('takes deleted applicants and deleted jobs out of their department', async () => {
    // Applicants of several jobs and both organisations in one statement.
    await t.app.db.execute(sql`delete from applicants where f_name like '_2' or f_name = 'S3'`);
    const before = await expectKeptTrue();
    // Through the API: C archived, then deleted with its applicants.
    const started = (label: 'C') =>
      t.app.db.execute(sql`select count(*)::int as "n" from applicants
        where job_id = ${job[label]._id} and started_at is not null and not is_preview`);
    const cStarted = ((await started('C')) as unknown as Rows<{ n: number }>).rows[0]!.n;
    expect(cStarted).toBeGreaterThan(0);
    job.C = await putJob(owner, job.C, { archivedAt: new Date().toISOString() });
    const removed = await callAs(t.app, owner)('DELETE', `/api/job/${job.C._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await expectKeptTrue()).toEqual({ ...before, sales: before.sales - cStarted });
    // Behind its back: D (in engineering) deleted, its applicants cascading.
    await t.app.db.execute(sql`delete from jobs where id = ${job.D._id}`);
    expect(await expectKeptTrue()).toEqual({
      ...before,
      sales: before.sales - cStarted,
      engineering: 0,
    });
  });

  it('goes with a deleted department and a deleted organisation', async () => {
    const before = await expectKeptTrue();
    // Sales (holding A and B) deleted through the API: its rows go, its jobs stay without one.
    const removed = await callAs(t.app, owner)('DELETE', `/api/department/${sales}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const left = async (id: string) =>
      (
        (await t.app.db.execute(
          sql`select count(*)::int as "n" from insight_department_days where department_id = ${id}`,
        )) as unknown as Rows<{ n: number }>
      ).rows[0]!.n;
    expect(await left(sales)).toBe(0);
    expect(await expectKeptTrue()).toEqual({ ...before, sales: 0 });
    // A job joining a department again brings its figures along.
    job.A = await putJob(owner, job.A, { departmentId: engineering });
    expect((await expectKeptTrue()).engineering).toBeGreaterThan(0);

    // The other organisation deleted: its jobs first (their owners' rows hold them), then it.
    const orgId = stranger.user.companyId!;
    await t.app.db.execute(sql`delete from jobs where org_id = ${orgId}`);
    await t.app.db.execute(sql`delete from organizations where id = ${orgId}`);
    expect(await left(strangerDepartment)).toBe(0);
    await expectKeptTrue();
  });
});
