import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createAccount, type SignedUp } from './factories';
import { recruiter } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import {
  recordApp,
  restorePg,
  type Statement,
  planOf as planStatement,
  readsOf,
} from './statement-plans';
import type { TestDbKind } from './test-db';

/**
 * The set-up the list plan files share (list-plans.test.ts, list-plans-search.test.ts,
 * list-plans-counts.test.ts): one app whose list statements are recorded, an owner with 40 jobs
 * and 600 applicants analysed, and the lists every plan check walks. Call it inside the file's
 * describe; `state` is filled before the file's own beforeAll hooks run.
 */
export function listPlansSuite(kind: TestDbKind) {
  let t: TestApp;
  let owner: SignedUp;
  let as: ReturnType<typeof recruiter>;
  let jobId: string;

  beforeAll(async () => {
    // Past a hundred list requests a minute: no rate limit in the way.
    t = await createTestApp(kind, {
      LIST_STATEMENT_TIMEOUT_MS: '200',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    recordApp(t.app, kind);
    owner = await createAccount(t.app, { perm: 999 });
    as = recruiter(t.app, owner);
    const orgId = owner.user.companyId!;
    // 40 jobs and 600 applicants: submitted, incomplete, opened only, archived, several days.
    await t.app.db.execute(sql`
      insert into jobs (org_id, owner_id, title, location, created_at)
      select ${orgId}, ${owner.user._id},
        (array['Backend Developer','Nurse','Data Analyst','Teacher'])[1 + n % 4] || ' ' || n,
        (array['Haifa','Remote','London'])[1 + n % 3], now() - n * interval '1 day'
      from generate_series(1, 40) as n`);
    await t.app.db.execute(sql`
      insert into applicants (org_id, job_id, f_name, l_name, email, phone, hometown, status,
        opened_at, submitted_at, quited_at, created_at, archived_at)
      select ${orgId}, j.id,
        (array['David','Noa','Emma','Liam','Dana'])[1 + n % 5],
        (array['Cohen','Levi','Smith','Brown'])[1 + n % 4],
        'person' || n || '@example.com', '+972540000' || lpad(n::text, 3, '0'),
        (array['Haifa','Tel Aviv','London',''])[1 + n % 4],
        case when n % 10 >= 3 then n % 8 else 0 end,
        now() - n * interval '3 hours',
        case when n % 10 >= 3 and n % 20 <> 19 then now() - n * interval '3 hours' + interval '20 minutes' end,
        case when n % 10 < 3 then now() - n * interval '3 hours' + interval '5 minutes' end,
        now() - n * interval '3 hours',
        case when n % 20 = 0 then now() end
      from generate_series(1, 600) as n
      join (select id, row_number() over (order by id) as k from jobs where org_id = ${orgId}) j
        on j.k = 1 + n % 40`);
    // About two thirds rated (averages 1.00–5.00 in quarter steps), the rest not.
    await t.app.db.execute(sql`
      update applicants set rating_avg = 1 + (abs(hashtext(id::text)) % 17) * 0.25,
        rating_count = 1 + abs(hashtext(id::text)) % 3
      where org_id = ${orgId} and abs(hashtext(id::text)) % 3 <> 0`);
    // About half scored (0–100 in steps of 10), a tenth of those knocked out.
    await t.app.db.execute(sql`
      update applicants set score = (abs(hashtext(id::text || 's')) % 11) * 10,
        knocked_out = abs(hashtext(id::text || 'k')) % 10 = 0
      where org_id = ${orgId} and abs(hashtext(id::text || 's')) % 2 = 0`);
    await t.app.db.execute(sql`analyze applicants`);
    await t.app.db.execute(sql`analyze jobs`);
    const [job] = (
      (await t.app.db.execute(
        sql`select id from jobs where org_id = ${orgId} order by created_at desc limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    jobId = job!.id;
  }, 60_000);

  afterAll(async () => {
    if (kind === 'postgres') restorePg();
    await t?.close();
  });

  /** The reads one request ran, after checking that it answered 200. */
  const statementsOf = (url: string) => readsOf(() => as('GET', url), url);

  const planOf = (statement: Statement) => planStatement(t.app.db, statement);

  const LISTS = [
    '/api/job/applicant',
    '/api/job/applicant?currPage=5&itemsPerPage=10',
    '/api/job/applicant?statuses=3',
    '/api/job/applicant?statuses=2,5,6',
    '/api/job/applicant?daysAgo=7',
    '/api/job/applicant?incomplete=true',
    '/api/job/applicant?incomplete=false',
    '/api/job/applicant?showArchived=true',
    '/api/job/applicant?txt=dav',
    '/api/job/applicant?txt=haifa&statuses=1,2,3',
    '/api/job/applicant?txt=nurse',
    '/api/job/applicant?txt=dav&currPage=3&itemsPerPage=10',
    '/api/job/applicant?txt=noa&showArchived=true',
    // Sort by rating either way, "rated ≥ N" and "not rated yet", with other filters.
    '/api/job/applicant?sort=rating:desc',
    '/api/job/applicant?sort=rating:asc',
    '/api/job/applicant?sort=rating:desc&currPage=3&itemsPerPage=10',
    '/api/job/applicant?rating=4',
    '/api/job/applicant?rating=none',
    '/api/job/applicant?sort=rating:desc&rating=3&statuses=1,2,3',
    '/api/job/applicant?txt=dav&sort=rating:desc',
    // Sort by score either way, "score ≥ N", knocked out only or hidden.
    '/api/job/applicant?sort=score:desc',
    '/api/job/applicant?sort=score:asc',
    '/api/job/applicant?sort=score:desc&currPage=3&itemsPerPage=10',
    '/api/job/applicant?minScore=70',
    '/api/job/applicant?knockedOut=true',
    '/api/job/applicant?knockedOut=false&sort=score:desc',
    '/api/job/applicant?sort=score:desc&minScore=50&statuses=1,2,3',
    '/api/job/applicant?txt=dav&sort=score:desc',
    '/api/job/applicantCount?minScore=70',
    '/api/job/applicantCount?knockedOut=true',
    '/api/job/applicantCount',
    '/api/job/applicantCount?rating=4',
    '/api/job/applicantCount?rating=none',
    '/api/job/applicantCount?txt=cohen&daysAgo=31',
    '/api/job',
    '/api/job?currPage=2&itemsPerPage=10',
    '/api/job?txt=developer',
    '/api/job?showArchived=true',
    '/api/job/jobCount',
    '/api/job/jobCount?txt=remote',
    // Departments: jobs without one, and one department's.
    '/api/job?departmentId=none',
    '/api/job?departmentId=00000000-0000-4000-8000-000000000000',
    '/api/job/jobCount?departmentId=none',
    '/api/template',
  ];

  /** Indexes some plans must name, so the check above cannot pass on a plan it misread. */
  const EXPECTED_INDEX: Record<string, string> = {
    '/api/job/applicant': 'applicants_org_active_sort_idx',
    '/api/job/applicant?incomplete=true': 'applicants_org_active_incomplete_idx',
    '/api/job/applicant?sort=rating:desc': 'applicants_org_active_rating_desc_idx',
    '/api/job/applicant?sort=rating:asc': 'applicants_org_active_rating_asc_idx',
    '/api/job/applicant?sort=score:desc': 'applicants_org_active_score_idx',
    '/api/job/applicant?sort=score:asc': 'applicants_org_active_score_asc_idx',
    '/api/job/applicant?knockedOut=true': 'applicants_org_active_knocked_out_idx',
    '/api/job/applicantCount?rating=4': 'applicants_org_active_rating_',
    '/api/job': 'jobs_org_active_created_idx',
  };

  return {
    state: {
      get t() {
        return t;
      },
      get owner() {
        return owner;
      },
      get as() {
        return as;
      },
      get jobId() {
        return jobId;
      },
    },
    statementsOf,
    planOf,
    LISTS,
    EXPECTED_INDEX,
  };
}
