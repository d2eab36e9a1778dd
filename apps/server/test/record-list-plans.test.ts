import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './factories';
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
 * The admin record overview stays index-bound: every statement `GET record` runs for
 * each filter is EXPLAINed with sequential scans switched off, and a plan that still reads
 * log_records sequentially (no index can serve the filter or the sort) fails. The filters
 * whose index is their own name it too, so a plan that walks the whole list index instead
 * (no sequential scan, but linear all the same) fails as well.
 */
describe.each(testDbKinds('both'))('the record overview is index-bound (%s)', (kind) => {
  let t: TestApp;
  let asAdmin: ReturnType<typeof recruiter>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    recordApp(t.app, kind);
    asAdmin = recruiter(t.app, await createAccount(t.app, { role: 'admin' }));
    // 4,000 records over 400 days, newest last: levels, sources, status codes (418 rare),
    // messages (one in 1,000 about a quota), recruiters and candidates (one rare address).
    await t.app.db.execute(sql`
      insert into log_records (timestamp, level, message, source, trace_id, status_code, meta)
      select now() - (4000 - n) * interval '10 minutes',
        (array['error','error','warn','info','http','debug'])[1 + n % 6],
        case when n % 1000 = 7 then 'Storage quota exceeded ' || n
          when n % 3 = 0 then 'Upload failed: network error ' || n
          else 'slow network: ' || n || ' ms' end,
        case when n % 3 = 0 then 'backend' else 'frontend' end,
        't-' || n,
        case when n % 1000 = 5 then 418 when n % 2 = 0 then 500 end,
        case when n % 4 = 0 then jsonb_build_object('applicant', jsonb_build_object(
            'id', 'app-' || n, 'info', jsonb_build_object('fName', 'Sara', 'lName', 'Dahan',
            'email', 'sara' || n || '@mail.test')))
          else jsonb_build_object('user', jsonb_build_object('_id', 'u-' || n % 50,
            'fName', (array['Yael','Omer','Dana'])[1 + n % 3], 'lName', 'Cohen',
            'email', case when n = 1234 then 'rare.person@unique.test' else 'r' || n % 50 || '@acme.test' end,
            'companyName', 'Acme ' || n % 7)) end
      from generate_series(1, 4000) as n`);
    await t.app.db.execute(sql`analyze log_records`);
  }, 60_000);

  afterAll(async () => {
    if (kind === 'postgres') restorePg();
    await t?.close();
  });

  const planOf = (statement: Statement) => planStatement(t.app.db, statement);

  /**
   * Each filter; the index its plans must read, where one is the filter's own; and whether its
   * page is read in order from a list index (a Limit right over the index scan, no sort of the
   * matches: the filters that are not text searches, whose matches can be any number).
   */
  const CALLS: [string, { index?: RegExp; ordered?: boolean }][] = [
    ['/api/record', { index: /log_records_timestamp_id_idx/, ordered: true }],
    ['/api/record?currPage=30', { index: /log_records_timestamp_id_idx/, ordered: true }],
    ['/api/record?limit=50&skip=1500', { index: /log_records_timestamp_id_idx/, ordered: true }],
    ['/api/record?source=backend', { index: /log_records_source_timestamp_idx/, ordered: true }],
    ['/api/record?traceID=t-77', { index: /log_records_trace_idx/ }],
    ['/api/record?fromDate=2020-01-01&toDate=2099-12-31', { ordered: true }],
    ['/api/record?statusCode=418', { index: /log_records_status_timestamp_idx/, ordered: true }],
    ['/api/record?statusCode=500', { index: /log_records_status_timestamp_idx/, ordered: true }],
    ['/api/record?levels=debug', { index: /log_records_level_timestamp_idx/, ordered: true }],
    ['/api/record?levels=warn,info', { ordered: true }],
    ['/api/record?txt=quota', { index: /log_records_message_trgm_idx/ }],
    ['/api/record?txt=failed', { index: /log_records_message_trgm_idx/ }],
    ['/api/record?txt=failed&exclude=true', { ordered: true }],
    ['/api/record?userTxt=rare.person%40unique', { index: /log_records_user_text_trgm_idx/ }],
    ['/api/record?userTxt=yael%20cohen', { index: /log_records_user_text_trgm_idx/ }],
    ['/api/record?userTxt=sara4', { index: /log_records_user_text_trgm_idx/ }],
    ['/api/record?userTxt=acme&levels=error&source=frontend&currPage=2', {}],
    ['/api/record?txt=quota&statusCode=418&fromDate=2020-01-01', {}],
  ];
  const ORDERED_PAGE =
    /Limit[^\n]*\n\s*->\s+Index (Only )?Scan using log_records_(timestamp_id|source_timestamp|level_timestamp|status_timestamp)_idx/;

  it.each(CALLS)('%s reads log_records through indexes only', async (url, expected) => {
    const statements = await readsOf(() => asAdmin('GET', url), url);
    const reads = statements.filter((statement) => /"log_records"/.test(statement.text));
    expect(reads.length, url).toBeGreaterThan(0);
    const plans: string[] = [];
    for (const statement of reads) {
      const plan = await planOf(statement);
      plans.push(plan);
      expect(plan, `${url}\n${statement.text}\n${plan}`).not.toMatch(/Seq Scan on log_records\b/);
    }
    if (expected.index) expect(plans.join('\n'), url).toMatch(expected.index);
    if (expected.ordered) expect(plans.join('\n'), url).toMatch(ORDERED_PAGE);
  });
});
