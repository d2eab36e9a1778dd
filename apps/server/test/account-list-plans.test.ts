import { ACCOUNT_SORT_FIELDS } from '@candid/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type SignedUp } from './factories';
import { recruiter } from './review-helpers';
import {
  recordApp,
  restorePg,
  type Statement,
  planOf as planStatement,
  readsOf,
} from './statement-plans';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * The admin account overview (`GET user/query`) stays index-bound: every statement of
 * every sort (both directions), a search and a deep page is EXPLAINed with sequential scans
 * switched off; a plan that still reads users, jobs, applicants or the kept counts sequentially
 * fails, and each sort must walk its own index. Speed is measured elsewhere (docs/performance.md).
 */

/** The index each sort's page walks (the users schema and user_applicant_counts). */
const SORT_INDEXES: Record<(typeof ACCOUNT_SORT_FIELDS)[number], { asc: string; desc: string }> = {
  fName: { asc: 'users_f_name_idx', desc: 'users_f_name_idx' },
  lName: { asc: 'users_l_name_idx', desc: 'users_l_name_idx' },
  email: { asc: 'users_email_key', desc: 'users_email_key' },
  lastLogin: { asc: 'users_last_login_asc_idx', desc: 'users_last_login_desc_idx' },
  interviewCount: {
    asc: 'user_applicant_counts_sort_idx',
    desc: 'user_applicant_counts_sort_idx',
  },
  perm: { asc: 'users_perm_idx', desc: 'users_perm_idx' },
  role: { asc: 'users_role_idx', desc: 'users_role_idx' },
  companyName: { asc: 'users_company_name_idx', desc: 'users_company_name_idx' },
};

describe.each(testDbKinds('both'))('the account overview is index-bound (%s)', (kind) => {
  let t: TestApp;
  let as: ReturnType<typeof recruiter>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    recordApp(t.app, kind);
    const admin: SignedUp = await createAccount(t.app, { role: 'admin' });
    as = recruiter(t.app, admin);
    // 3,000 users in 300 organisations, most logged in; one recruiter owning 200 jobs with
    // 4,000 applicants, and 300 others with one job and a few applicants each.
    await t.app.db.execute(sql`
      insert into organizations (name) select 'Org ' || n from generate_series(1, 300) as n`);
    await t.app.db.execute(sql`
      insert into users (org_id, f_name, l_name, email, company_name, role, perm, last_login)
      select o.id, (array['David','Noa','Emma','Liam','Dana'])[1 + n % 5] || n,
        (array['Cohen','Levi','Smith','Brown'])[1 + n % 4] || n,
        'member' || n || '@example.com', 'Company ' || (n % 50),
        case when n % 500 = 0 then 'admin' else 'user' end, (array[0,1,2,3,999])[1 + n % 5],
        case when n % 9 <> 0 then now() - n * interval '1 hour' end
      from generate_series(1, 3000) as n
      join (select id, row_number() over (order by id) as k from organizations
        where name like 'Org %') o on o.k = 1 + n % 300`);
    await t.app.db.execute(sql`
      insert into jobs (org_id, owner_id, title)
      select u.org_id, u.id, 'Job ' || n
      from generate_series(1, 200) as n, (select id, org_id from users where email = 'member1@example.com') u`);
    await t.app.db.execute(sql`
      insert into jobs (org_id, owner_id, title)
      select org_id, id, 'Small job' from users where email like 'member%0@example.com'`);
    await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name)
      select j.org_id, j.id, 'Applicant ' || g
      from jobs j, generate_series(1, 20) as g
      where j.title like 'Job %' or g <= length(j.id::text) % 7`);
    for (const table of ['users', 'jobs', 'applicants', 'user_applicant_counts']) {
      await t.app.db.execute(sql.raw(`analyze ${table}`));
    }
  }, 120_000);

  afterAll(async () => {
    if (kind === 'postgres') restorePg();
    await t?.close();
  });

  /** The reads one request ran, after checking that it answered 200. */
  const statementsOf = (url: string) => readsOf(() => as('GET', url), url);

  const planOf = (statement: Statement) => planStatement(t.app.db, statement);

  /** The plans of the request's statements that read the account tables. */
  async function plansOf(url: string): Promise<string> {
    const reads = (await statementsOf(url)).filter((statement) =>
      /"users"|"user_applicant_counts"/.test(statement.text),
    );
    const plans: string[] = [];
    for (const statement of reads) {
      const plan = await planOf(statement);
      expect(plan, `${url}\n${statement.text}\n${plan}`).not.toMatch(
        /Seq Scan on (users|jobs|applicants|user_applicant_counts)\b/,
      );
      plans.push(plan);
    }
    // One statement for the list: page, counts and rows together (besides the auth lookup).
    expect(
      reads.filter((statement) => /"user_applicant_counts"/.test(statement.text)).length,
      url,
    ).toBe(1);
    return plans.join('\n');
  }

  it.each(ACCOUNT_SORT_FIELDS.flatMap((field) => [`${field}:asc`, `${field}:desc`]))(
    'sort %s: a page and a deep page walk the sort index',
    async (sort) => {
      const [field, order] = sort.split(':') as [keyof typeof SORT_INDEXES, 'asc' | 'desc'];
      const index = SORT_INDEXES[field][order];
      for (const url of [
        `/api/user/query?sort=${sort}`,
        `/api/user/query?sort=${sort}&currPage=60&itemsPerPage=30`,
      ]) {
        const plan = await plansOf(url);
        expect(plan, `${url}\n${plan}`).toMatch(
          new RegExp(`Index (Only )?Scan (Backward )?using ${index}\\b`),
        );
        // Nothing counts applicants: interviews are read from the kept counts.
        expect(plan, `${url}\n${plan}`).not.toMatch(/\bon (applicants|jobs)\b/);
        // The page is the index's order: a sort only ever orders a page's 30 rows.
        for (const [, rows] of plan.matchAll(/\bSort {2}\(cost=\S+ rows=(\d+)/g)) {
          expect(Number(rows), `${url}\n${plan}`).toBeLessThanOrEqual(30);
        }
      }
    },
  );

  it('a search reads the trigram index of the search text', async () => {
    for (const url of [
      '/api/user/query?txt=member1234',
      '/api/user/query?txt=MEMBER1234%40example&sort=interviewCount:desc',
      '/api/user/query?txt=cohen12&sort=lastLogin:asc&currPage=2&itemsPerPage=5',
    ]) {
      const plan = await plansOf(url);
      expect(plan, `${url}\n${plan}`).toContain('users_search_trgm_idx');
    }
  });
});
