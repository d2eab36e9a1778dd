import {
  jobListQuerySchema,
  jobListResponseSchema,
  templateListQuerySchema,
  templateListResponseSchema,
} from '@candid/domain';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { listReplySerializer } from '../src/lib/list-reply-serializer';
import { listJobs } from '../src/modules/jobs/jobs.list';
import { listTemplates } from '../src/modules/templates/templates.service';
import { createAccount, type SignedUp } from './factories';
import { recruiter } from './review-helpers';
import type { TestApp } from './test-app';
import { recorder } from './statement-plans';
import { testDbKinds } from './test-db';
import { listPlansSuite } from './list-plans-suite';

/**
 * The list calls stay index-bound: every statement a list or count call runs is
 * EXPLAINed with sequential scans switched off, and a plan that still reads applicants or jobs
 * sequentially (no index can serve the query) fails. Also: keyset pages, capped counts and the
 * statement timeout. Speed itself is measured in bench/lists.mjs, not here.
 */

describe.each(testDbKinds('both'))(
  'list calls are index-bound (%s): lists, serializers and generic plans',
  (kind) => {
    const suite = listPlansSuite(kind);
    const { statementsOf, planOf, LISTS, EXPECTED_INDEX } = suite;
    let t: TestApp;
    let owner: SignedUp;
    beforeAll(() => {
      ({ t, owner } = suite.state);
    });

    it.each(LISTS)('%s reads applicants and jobs through indexes only', async (url) => {
      const statements = await statementsOf(url);
      expect(statements.length).toBeGreaterThan(0);
      const plans: string[] = [];
      for (const statement of statements) {
        const plan = await planOf(statement);
        plans.push(plan);
        expect(plan, `${statement.text}\n${plan}`).not.toMatch(/Seq Scan on (applicants|jobs)\b/);
      }
      const expected = EXPECTED_INDEX[url];
      if (expected) expect(plans.join('\n')).toContain(expected);
    });

    it('writes the job and template overviews as the zod serializer does (fast serializer)', async () => {
      const orgId = owner.user.companyId!;
      const replies: [unknown, unknown][] = [
        [jobListResponseSchema, await listJobs(t.app.db, { orgId }, jobListQuerySchema.parse({}))],
        [
          jobListResponseSchema,
          await listJobs(t.app.db, { orgId }, jobListQuerySchema.parse({ txt: 'nurse' })),
        ],
        [
          templateListResponseSchema,
          await listTemplates(t.app.db, orgId, templateListQuerySchema.parse({})),
        ],
      ];
      expect((replies[0]![1] as { jobs: unknown[] }).jobs.length).toBeGreaterThan(0);
      for (const [schema, reply] of replies) {
        const route = { schema, method: 'GET', url: '/api/job' };
        const fast = listReplySerializer(route)(reply);
        const zod = zodSerializerCompiler(route as never)(reply) as string;
        expect(JSON.parse(fast)).toEqual(JSON.parse(zod));
      }
    });

    it.skipIf(kind !== 'postgres')(
      'list statements write their limits and caps as constants, so PostgreSQL keeps one generic plan',
      async () => {
        const pool = (t.app.db as unknown as { $client: pg.Pool }).$client;
        let checked = 0;
        for (const url of [
          '/api/job/applicant',
          '/api/job/applicant?statuses=3',
          '/api/job/applicant?daysAgo=7&incomplete=false',
          '/api/job/applicant?sort=rating:desc&currPage=3&itemsPerPage=10',
          '/api/job/applicantCount?statuses=1,2',
          // An applicant search walks the list index first whatever its text (matchesCtes).
          '/api/job/applicant?txt=dav',
          '/api/job/applicant?txt=haifa&statuses=1,2,3',
          '/api/job/applicantCount?txt=cohen&daysAgo=31',
          '/api/job',
          '/api/job?showArchived=true',
          '/api/job/jobCount',
        ]) {
          const statements = (await statementsOf(url)).filter((statement) =>
            /"(applicants|jobs|job_counts)"/.test(statement.text),
          );
          expect(statements.length, url).toBeGreaterThan(0);
          for (const statement of statements) {
            // Sent as a named statement: prepared once per connection, then run on its plan.
            expect(statement.name, `${url}\n${statement.text}`).toMatch(/^(list_|auth_)/);
            // `limit $2` would plan for a tenth of the table: PostgreSQL would never keep the
            // generic plan and would plan the statement again on every request.
            expect(statement.text, url).not.toMatch(/\blimit\s+\$\d+/i);
            // A deep page's offset stays a parameter (one statement for every page number).
            if (!/currPage=([2-9]|\d\d)/.test(url)) {
              expect(statement.text, url).not.toMatch(/\boffset\s+\$\d+/i);
            }
            // Run as the list pool runs it (a named statement) six times on one connection: from
            // the sixth, PostgreSQL takes the generic plan when it is no dearer than planning.
            const client = await pool.connect();
            try {
              checked += 1;
              const name = `plan_check_${checked}`;
              for (let run = 0; run < 6; run += 1) {
                await client.query({ name, text: statement.text, values: statement.values });
              }
              const { rows } = await client.query<{ generic_plans: string }>(
                'select generic_plans from pg_prepared_statements where name = $1',
                [name],
              );
              expect(Number(rows[0]?.generic_plans), `${url}\n${statement.text}`).toBeGreaterThan(
                0,
              );
            } finally {
              client.release();
            }
          }
        }
      },
    );

    it.skipIf(kind !== 'postgres')(
      'a job search is planned for its text every time (an unnamed statement)',
      async () => {
        for (const url of ['/api/job?txt=developer', '/api/job/jobCount?txt=remote']) {
          const searches = (await statementsOf(url)).filter((statement) =>
            / ilike /i.test(statement.text),
          );
          expect(searches.length, url).toBeGreaterThan(0);
          for (const statement of searches) expect(statement.name, url).toBeUndefined();
        }
        // The page's rows (with their owners and applicant summaries) are read by id on a kept
        // plan: planning them with each search cost more than running them.
        const rows = (await statementsOf('/api/job?txt=developer')).filter((statement) =>
          /json_build_object/.test(statement.text),
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.text).not.toMatch(/ ilike /i);
        expect(rows[0]!.name).toMatch(/^list_/);
      },
    );

    it('the admin activity list and its export read activities through indexes only', async () => {
      const admin = await createAccount(t.app, { role: 'admin' });
      await t.app.db.execute(sql`
      insert into activities (type, target, user_id, org_id, description, date)
      select 'update', 'job', ${owner.user._id}, ${owner.user.companyId}, 'n' || n,
        now() - n * interval '1 minute'
      from generate_series(1, 2000) as n`);
      await t.app.db.execute(sql`analyze activities`);
      const asAdmin = recruiter(t.app, admin);
      for (const url of [
        '/api/activity',
        `/api/activity?userId=${owner.user._id}`,
        `/api/activity?userId=${owner.user._id}&fromDate=2020-01-01&toDate=2099-12-31`,
        '/api/activity?fromDate=2020-01-01&currPage=3',
        `/api/activity/export?userId=${owner.user._id}`,
      ]) {
        recorder.statements = [];
        const response = await asAdmin('GET', url);
        const statements = recorder.statements.filter((statement) =>
          /^\s*(select|with)\b/i.test(statement.text),
        );
        recorder.statements = null;
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        const reads = statements.filter((statement) => /"activities"/.test(statement.text));
        expect(reads.length, url).toBeGreaterThan(0);
        const plans: string[] = [];
        for (const statement of reads) {
          const plan = await planOf(statement);
          plans.push(plan);
          expect(plan, `${url}\n${statement.text}\n${plan}`).not.toMatch(
            /Seq Scan on activities\b/,
          );
        }
        // The page itself (oldest first, by user) is read in date order from its index.
        expect(plans.join('\n'), url).toMatch(/activities_(user_)?date_idx/);
      }
    });

    it('the admin lists write their limits into the statement, as the other lists do', async () => {
      // On the list pool's generic plans, `limit $1` is planned for a tenth of the table: the
      // activity overview's page 1 sorted all 1 M activities in the bench (269 ms, 1.2 since).
      const admin = await createAccount(t.app, { role: 'admin' });
      const asAdmin = recruiter(t.app, admin);
      for (const url of [
        '/api/activity',
        `/api/activity?userId=${owner.user._id}`,
        '/api/record',
        '/api/record?levels=error',
        '/api/record?txt=timeout',
        '/api/user/query',
        '/api/user/query?sort=interviewCount:desc',
      ]) {
        recorder.statements = [];
        const response = await asAdmin('GET', url);
        const statements = recorder.statements;
        recorder.statements = null;
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        const lists = statements.filter((statement) =>
          /"(activities|log_records|user_applicant_counts)"|\bfrom "users" u\b/.test(
            statement.text,
          ),
        );
        expect(lists.length, url).toBeGreaterThan(0);
        for (const statement of lists)
          expect(statement.text, `${url}\n${statement.text}`).not.toMatch(
            /\b(limit|offset)\s+\$\d+/i,
          );
      }
    });
  },
);
