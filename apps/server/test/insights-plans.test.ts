import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from './factories';
import { accountWith, callAs } from './jobs-helpers';
import { recordApp, restorePg, planOf, readsOf } from './statement-plans';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * The funnel (`GET insights/funnel`) stays index-bound: each read of a kept aggregate is
 * EXPLAINed with sequential scans switched off and must read the primary key of its scope's own
 * table (a department reads insight_department_days, never its jobs' job-day rows), and nothing
 * reads the applicants or the jobs. Speed is measured elsewhere (docs/performance.md).
 */
describe.each(testDbKinds('both'))('the insights funnel is index-bound (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let departmentId: string;
  let jobId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    recordApp(t.app, kind);
    owner = await accountWith(t.app, { perm: 999 });
    const orgId = owner.user.companyId!;
    // 4 departments of 20 jobs, 10 applicants a job spread over a year.
    await t.app.db.execute(sql`insert into departments (org_id, name)
      select ${orgId}, 'Department ' || n from generate_series(1, 4) as n`);
    await t.app.db.execute(sql`insert into jobs (org_id, owner_id, department_id, title)
      select ${orgId}, ${owner.user._id}, d.id, 'Job ' || n
      from generate_series(1, 20) as n, departments d where d.org_id = ${orgId}`);
    await t.app.db.execute(sql`insert into applicants (org_id, job_id, f_name, opened_at,
        started_at, submitted_at, device, browser)
      select j.org_id, j.id, 'Candidate ' || g, x.t, x.t, x.t + g * interval '2 minutes',
        (array['desktop', 'mobile'])[1 + g % 2], (array['chrome', 'safari'])[1 + g % 2]
      from jobs j, generate_series(1, 10) as g,
        lateral (select timestamptz '2025-01-01 09:00Z' + (g * 36 + length(j.title)) * interval '1 day'
          as t) as x
      where j.org_id = ${orgId}`);
    const [department] = (
      (await t.app.db.execute(sql`select id from departments
        where org_id = ${orgId} order by name limit 1`)) as unknown as { rows: { id: string }[] }
    ).rows;
    departmentId = department!.id;
    const [job] = (
      (await t.app.db.execute(sql`select id from jobs where department_id = ${departmentId}
        limit 1`)) as unknown as { rows: { id: string }[] }
    ).rows;
    jobId = job!.id;
    for (const table of [
      'insight_org_days',
      'insight_department_days',
      'insight_job_days',
      'jobs',
      'applicants',
    ]) {
      await t.app.db.execute(sql.raw(`analyze ${table}`));
    }
  }, 240_000);

  afterAll(async () => {
    if (kind === 'postgres') restorePg();
    await t?.close();
  });

  it.each([
    ['organization', '', 'insight_org_days'],
    ['department', 'departmentId', 'insight_department_days'],
    ['job', 'jobId', 'insight_job_days'],
  ])('the %s funnel reads its own table by its primary key', async (_scope, param, table) => {
    const scope = param === 'departmentId' ? departmentId : jobId;
    for (const range of [
      'from=2025-01-01&to=2025-12-31&interval=week',
      'from=2025-03-01&to=2025-03-31&interval=day',
    ]) {
      const url = `/api/insights/funnel?${param ? `${param}=${scope}&` : ''}${range}`;
      const reads = (await readsOf(() => callAs(t.app, owner)('GET', url), url)).filter(
        (statement) => /"insight_\w+_days"/.test(statement.text),
      );
      // The totals and the series: two reads, both of the scope's own table.
      expect(reads, url).toHaveLength(2);
      for (const statement of reads) {
        expect(statement.text, url).toContain(`"${table}"`);
        const plan = await planOf(t.app.db, statement);
        expect(plan, `${url}\n${statement.text}\n${plan}`).toMatch(
          new RegExp(`(Index (Only )?Scan using|Bitmap Index Scan on) ${table}_\\w+_pk\\b`),
        );
        expect(plan, `${url}\n${plan}`).not.toMatch(/Seq Scan|\bon (applicants|jobs)\b/);
      }
    }
  });
});
